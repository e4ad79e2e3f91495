"""The d6 pool example fight end to end through `fray console --script` in a subprocess."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from console_kit import REPO, Run, exports, run_script, summary_rounds

pytestmark = pytest.mark.slow  # fray console in a subprocess

EXAMPLE = REPO / "examples" / "d6pool-rooftop.fray"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Run:
    scratch: Path = tmp_path_factory.mktemp("d6pool")
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    return Run(run_script(scratch, "d6pool", lines, str(scratch / "d6pool.sqlite3"), "--strict"))


def test_the_example_runs_to_its_end_without_a_failed_line(played: Run) -> None:
    assert not [line for line in played.output.splitlines() if line.startswith("✗")]
    assert played.output.rstrip().splitlines()[-1].startswith("Encounter 'Rooftop' ended")


def test_every_round_has_its_summary_in_order(played: Run) -> None:
    assert summary_rounds(played.output) == [1, 2, 3]  # the last one as the encounter ends
    assert json.loads(exports(played.output)[0])["round"] == 3


def test_one_side_acts_three_times_a_round(played: Run) -> None:
    assert "Megaman's Initiative: Agility 4 + d6 [6] +3 powers = 13 → acts at 13, 7, 1" in played.output
    assert "• Megaman (bob) [heroes] init +13 (counts 13, 7, 1; to come: 1): ready" in played.output
    # The summary's next order says each count, as someone acts more than once a round.
    assert ("Order for round 2: Megaman (12), Badguy (11), Swordsman (10), Megaman (6), Badguy (5), Swordsman (4), "
            "Megaman (0)") in played.output


def test_full_defence_a_stun_and_a_knock_out_that_wakes(played: Run) -> None:
    out = played.output
    assert "Thug goes on full defence (dodge) for the round: no attacks, +1 defence die" in out
    assert "vs full defence (dodge) Agility 4d6 [4, 5, 3, 2] +1 clubs = 15" in out
    assert ("Stun save: Badguy's Stamina 3d6 [2, 1, 3]: 0 successes vs PF 3 3d6 [4, 2, 2]: 1 success → stunned: "
            "loses the rest of this round's actions") in out
    assert "Badguy cannot act and is passed over." in out
    assert "→ knocked out" in out and "Megaman → Thug: hit, -2 HTK, knocked out\n" in out  # 'out' said once
    assert "Waking: Thug's Stamina 3d6 [2, 2, 1]: 0 successes vs PF 3 3d6 [4, 1, 1]: 1 success → stays out" in out
    assert "Waking: Thug's Stamina 3d6 [5, 4, 1]: 2 successes vs PF 2 2d6 [6, 1]: 1 success → wakes up" in out
    # Round 2's summary, posted as round 3 begins, tells the waking (round 1's: staying out is no news).
    assert "Down: Badguy\nAs round 3 begins: Thug: wakes up\n" in out and "As round 2 begins" not in out


def test_the_export_shows_htk(played: Run) -> None:
    export = json.loads(exports(played.output)[0])
    htk = {c["name"]: (c["htk"], c["htk_total"]) for c in export["combatants"]}
    assert htk == {"Megaman": (9, 9), "Swordsman": (9, 9), "Badguy": (-1, 7), "Thug": (-2, 3)}
