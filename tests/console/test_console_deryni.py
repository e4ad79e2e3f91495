"""The Deryni example fight end to end through `fray console --script` in a subprocess.

Two against two with a hold, a shield block, a disarm, a knock-out, an all-out defence, Death Tests (one bought
with FUDGE points after the roll) and the end-of-round Consciousness Tests in the round summary; it runs to its
end with no failed line, and its export says how everyone ended.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from console_kit import REPO, Run, fray, summary_rounds

pytestmark = pytest.mark.slow  # fray console in a subprocess

EXAMPLE = REPO / "examples" / "deryni-duel.fray"


@pytest.fixture(scope="module")
def duel(tmp_path_factory: pytest.TempPathFactory) -> Run:
    db = str(tmp_path_factory.mktemp("deryni") / "duel.sqlite3")
    done = fray(db, "--strict", "--script", str(EXAMPLE))
    assert done.returncode == 0, f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    assert "Traceback" not in done.stderr
    return Run(done)


def test_the_duel_runs_to_its_end_without_a_failed_line(duel: Run) -> None:
    lines = duel.output.splitlines()
    assert not [line for line in lines if line.startswith("✗")]
    assert lines[-1] == "Encounter 'Rhemuth yard' ended."
    assert summary_rounds(duel.output) == [1, 2, 3, 4]


def test_the_duel_shows_each_rule_it_promises(duel: Run) -> None:
    out = duel.output
    # The roll-offs settling the ties, every die shown.
    assert "Roll-off at Great (+2), Initiative + 2dF: Morgan [+ +] → Superb+1 (+4); Sir Ewan [▢ ▢] → Great (+2)" in out
    # A hold, and the release that interrupts before Rogier.
    assert "Morgan holds their action; /encounter release acts with it later this round." in out
    # The defence asked before any die, then a shield block (ties go to the defender).
    assert "Sir Ewan attacks Morgan: no dice yet, Morgan's player chooses first" in out
    assert "Morgan blocks with their kite shield: Shield Good (+1), dice [+ +] +2 → Superb (+3)" in out
    # The disarm: skill against skill, then Strength against Strength; the greatsword falls, and is picked up.
    assert "Duncan: Greatsword Great (+2), dice [+ +] +2, disarm -2 → Great (+2)" in out
    assert "Rogier's greatsword falls to the floor" in out and "Rogier picks up their greatsword" in out
    # The knock-out, pulled with a Good Strength check.
    assert "Pulling the blow: Strength Good (+1), dice [+ ▢ ▢ ▢] +1 → Great (+2) against Good (+1): succeeds" in out
    assert "Critical wound: Sir Ewan is knocked out (no Death Test for a knock-out)" in out
    # The all-out defence: +1 now, and +1 Initiative and attack the next round.
    assert "Rogier parries with their greatsword (all-out defence): Greatsword Good (+1), dice [▢ ▢] 0, " \
           "all-out defence +1 → Great (+2)" in out
    assert "Rogier: Greatsword Good (+1), dice [▢ ▢] 0, all-out bonus +1 → Great (+2)" in out
    # Death Tests: one failed and bought with 2 FUDGE points after the roll, one passed.
    assert "Death Test for Duncan's Very Hurt wound: Damage Capacity Fair (0), dice [+ − ▢ ▢] 0 → Fair (0) " \
           "against Good (+1): fails" in out
    assert "Duncan spends 2 FUDGE points after the failed Death Test for the Very Hurt wound, and lives" in out
    assert "Death Test for Rogier's Critical wound: Damage Capacity Fair (0), dice [+ + + ▢] +3 → Superb (+3) " \
           "against Superb (+3): passes" in out


def test_the_round_summary_reports_the_consciousness_tests(duel: Run) -> None:
    lines = duel.output.splitlines()
    start = lines.index("Round 3 summary")
    summary = lines[start:lines.index("— Round 4 begins —")]
    assert "Rogier: Consciousness Test (falls unconscious)" in summary
    assert "Duncan: Consciousness Test (stays conscious)" in summary
    assert "Duncan: Death Test (passed with 2 FUDGE points)" in summary
    assert "Down: Rogier" in summary
    end = lines.index("End of round 3")
    assert lines[end + 1].startswith("Consciousness Test, Rogier (3 wound points, Mediocre (-1)): Stamina Fair (0)")


def test_the_export_says_how_everyone_ended(duel: Run) -> None:
    (text,) = duel.exports
    export = json.loads(text)
    assert export["system"] == "deryni" and export["round"] == 4
    people = {c["name"]: c for c in export["combatants"]}
    assert people["Sir Ewan"]["status"] == ["knocked out"] and people["Sir Ewan"]["wounds"] == ["Critical"]
    assert people["Rogier"]["unconscious"] and people["Rogier"]["wounds"] == ["Critical"]
    assert people["Duncan"]["wounds"] == ["Hurt"] and people["Duncan"]["fudge_points"] == 1
    assert people["Morgan"]["wounds"] == [] and people["Morgan"]["fudge_points"] == 3


def test_the_example_names_its_own_command_line() -> None:
    assert "fray console --db :memory: --seed 2 --script examples/deryni-duel.fray" in EXAMPLE.read_text("utf-8")
    assert Path(EXAMPLE).is_file()


def test_a_death_test_waiting_for_fudge_points_survives_a_restart(duel: Run, tmp_path: Path) -> None:
    # Stop the fight while Duncan's player is asked about his Death Test; a new process answers it.
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    cut = lines.index("@carol /encounter react choice:roll") - 1
    assert lines[cut].startswith("!dice")
    db = str(tmp_path / "restart.sqlite3")
    parts = []
    for name, chunk in (("before", lines[:cut]), ("after", lines[cut:])):
        script = tmp_path / f"{name}.fray"
        script.write_text("\n".join(chunk) + "\n", encoding="utf-8")
        done = fray(db, "--strict", "--script", str(script))
        assert done.returncode == 0, done.stdout[-2000:]
        parts.append(done.stdout)
    assert parts[0].rstrip().endswith("(default Roll the Death Test)")
    assert parts[0] + parts[1] == duel.output
