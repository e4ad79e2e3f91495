"""A hostile GM's odd but plausible lines at the local table: each refusal is one clear line and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_kit import error_lines, run_script

pytestmark = pytest.mark.slow  # runs `fray console` in subprocesses

SETUP = [
    '@gm /encounter start system:farscape name:"Review"',
    '@gm /encounter add name:Aeryn owner:@carol side:crew weapon:"pulse rifle"'
    ' stats:"Agility=Great, Speed=Great, Energy Weapons=Great"',
    '@gm /encounter add name:Crichton owner:@bob side:crew stats:"Agility=Good" weapon:"pulse pistol"',
    '@gm /encounter add template:"peacekeeper commando" count:2',
]


def _run(scratch: Path, name: str, lines: list[str]) -> tuple[list[str], dict[int, str]]:
    done = run_script(scratch, name, [*SETUP, *lines], ":memory:")
    return done.stdout.splitlines(), error_lines(done.stdout)


def test_a_refused_attack_leaves_every_queued_face_in_the_queue(scratch: Path) -> None:
    lines = [
        "@gm /encounter begin",
        "!dice + + + + 9",  # the attack takes four faces, then the 9 cannot come up on the dodge's dF
        '@carol /attack target:"Peacekeeper commando 1"',
        "@carol /roll dice:4dF",
        "@carol /roll dice:d10",
    ]
    out, errors = _run(scratch, "queue-kept", lines)
    assert list(errors) == [7] and "left as it was" in errors[7]
    assert "4dF: [+ + + +] = 4" in out  # the four faces the refused attack had taken are back
    assert "1d10: [9] = 9" in out


def test_acting_before_the_fight_begins_says_so(scratch: Path) -> None:
    lines = ['@bob /attack target:"Peacekeeper commando 1"', "@bob /encounter hold"]
    _, errors = _run(scratch, "not-begun", lines)
    assert sorted(errors) == [5, 6]
    for message in errors.values():
        assert "has not begun" in message and "nobody" not in message


def test_removing_and_deleting_say_what_they_did(scratch: Path) -> None:
    lines = [
        "@gm /encounter remove target:Crichton",
        '@bob /character create name:"John Crichton" system:farscape',
        '@bob /character delete name:"John Crichton"',
    ]
    out, errors = _run(scratch, "said", lines)
    assert not errors
    assert "Removed Crichton." in out
    assert "Deleted John Crichton." in out


def test_a_grenade_is_named_once(scratch: Path) -> None:
    lines = [
        "@gm /encounter begin",
        '@carol /act move:grenade grenade:"frag grenade" target:"Peacekeeper commando 1"',
    ]
    out, errors = _run(scratch, "grenade-name", lines)
    assert not errors
    assert "Aeryn throws a frag grenade" in out
    assert not any("grenade grenade" in line for line in out)


def test_a_trait_given_twice_is_refused_and_adds_nobody(scratch: Path) -> None:
    lines = ['@gm /encounter add name:Rygel stats:"Agility=Good, agility=Poor"', "@gm /encounter status"]
    out, errors = _run(scratch, "twice", lines)
    assert list(errors) == [5] and "twice" in errors[5] and "Agility" in errors[5]
    assert not any(line.startswith("• Rygel") for line in out)


def test_a_kick_with_a_gun_in_hand_is_refused_not_fired(scratch: Path) -> None:
    lines = [
        "@gm /encounter begin",
        "@gm /encounter export",
        '@carol /attack target:"Peacekeeper commando 1" move:kick',
        "@gm /encounter export",
    ]
    done = run_script(scratch, "kick-gun", [*SETUP, *lines], ":memory:")
    errors = error_lines(done.stdout)
    assert list(errors) == [7] and "weapon:none" in errors[7]
    assert "fires" not in done.stdout
