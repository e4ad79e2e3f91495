"""'Dodge or Take it?' on the local table: a shot at a player's character waits for @player /encounter react."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_kit import error_lines, json_objects, run_script

pytestmark = pytest.mark.slow  # runs `fray console` in subprocesses

SETUP = [
    '@gm /encounter start system:farscape name:"Throne room"',
    '@gm /encounter add name:Scorpius side:foes tier:antagonist weapon:"pulse pistol" '
    'stats:"Speed=Superb, Energy Weapons=Great"',
    '@gm /encounter add name:Aeryn owner:@carol side:crew tier:protagonist weapon:"pulse rifle" '
    'stats:"Agility=Great, Speed=Good, Energy Weapons=Great"',
    "@gm /encounter begin",
]
FIGHT = [
    *SETUP,
    '@gm /attack target:Aeryn',  # 5: declared, waiting for carol
    "@carol /attack target:Scorpius",  # 6: refused: the fight waits for her answer
    "@bob /encounter react choice:take",  # 7: refused: not bob's to answer
    "@carol /encounter react choice:maybe",  # 8: refused: not a choice
    "!dice - - - -",  # 9: Scorpius's shot
    "@carol /encounter react choice:take",  # 10: resolved, no dodge rolled
    "@carol /encounter react choice:dodge",  # 11: refused: nothing waits any more
]


def test_a_player_answers_on_the_local_table(tmp_path: Path) -> None:
    done = run_script(tmp_path, "react", FIGHT, ":memory:")
    out = done.stdout
    assert "Scorpius shoots at Aeryn: no dice yet, Aeryn's player chooses first" in out
    assert "Dodge or Take it?\nAnswer with /encounter react choice:dodge or choice:take; " \
           "without an answer in time: Dodge" in out
    assert "Waiting for Aeryn's player: Dodge or Take it (default Dodge)" in out
    assert "Aeryn: Take it" in out
    assert "Aeryn takes it (no dodge): unopposed against the range DL Fair (0)" in out
    errors = error_lines(out)
    assert sorted(errors) == [6, 7, 8, 11]
    assert errors[6].startswith("Waiting for Aeryn to choose: Dodge or Take it")
    assert errors[7] == "Only Aeryn's player or the GM can choose for Aeryn."
    assert "Choose dodge or take" in errors[8]
    assert errors[11] == "Nothing is waiting for a choice."


def test_the_json_output_carries_the_declaration_and_the_answer(tmp_path: Path) -> None:
    lines = [*SETUP, "@gm /attack target:Aeryn", "!dice - - - - 0 0 0 0", "@carol /encounter react choice:dodge"]
    objects = json_objects(run_script(tmp_path, "react-json", lines, ":memory:", "--json", "--strict").stdout)
    declared, answered = objects[-3], objects[-1]
    assert declared["command"] == "attack" and declared["turn"] == ["Scorpius"]
    assert declared["result"]["reaction"]["combatant"] == "aeryn"
    assert declared["result"]["reaction"]["default"] == "dodge"
    assert "deadline" not in declared["result"]  # the printed result never depends on the clock
    assert answered["command"] == "encounter react" and answered["answer"]["choice"] == "dodge"
    assert answered["result"]["attacks"][0]["defence"] == "dodge"
    assert answered["turn"] == ["Aeryn"]


def test_with_no_time_to_answer_the_next_line_takes_the_default_first(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("REACTION_SECONDS", "0")
    lines = [*SETUP, "@gm /attack target:Aeryn", "!dice - - - - 0 0 0 0 + + + +", "@carol /attack target:Scorpius"]
    text = run_script(tmp_path, "lapse", lines, ":memory:", "--strict").stdout
    assert "Time ran out for Aeryn's player: Dodge (the default)" in text
    assert text.index("Time ran out") < text.index("Aeryn fires pulse rifle at Scorpius")
    objects = json_objects(run_script(tmp_path, "lapse-json", lines, ":memory:", "--json", "--strict").stdout)
    answer = objects[-1]
    assert answer["command"] == "attack" and answer["result"]["actor"] == "aeryn"
    assert answer["settled"]["answer"]["choice"] == "dodge"
    assert answer["settled"]["result"]["attacks"][0]["defence"] == "dodge"
