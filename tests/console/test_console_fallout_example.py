"""The Fallout example fight through `fray console --script`: movement, a charge, a burst, a spray into a cone, a
called shot, a grenade and overwatch, to the end of the fight, with the map pictures written to files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from console_kit import REPO, exports, fray, summary_rounds

pytestmark = pytest.mark.slow  # fray console in a subprocess

EXAMPLE = REPO / "examples" / "fallout-junktown.fray"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    maps = tmp_path_factory.mktemp("fallout-maps")
    done = fray(":memory:", "--strict", "--maps", str(maps), "--script", str(EXAMPLE))
    assert done.returncode == 0, f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    assert "Traceback" not in done.stderr
    return done.stdout, maps


def test_every_line_runs_and_the_fight_ends(played: tuple[str, Path]) -> None:
    output, _ = played
    assert not [line for line in output.splitlines() if line.startswith("✗")]
    assert output.rstrip().endswith("Encounter 'Junktown gate' ended.")
    assert summary_rounds(output) == [1, 2, 3]


def test_the_fight_has_every_kind_of_move_the_issue_asks_for(played: tuple[str, Path]) -> None:
    output, _ = played
    for expected in ("Raider 2 moves E4 → E5 → E6", "Max charges E9 → E8 → E7", "Vera fires a burst",
                     "Doc sprays (sawed-off shotgun, spray)", "Vera shoots (10mm smg, single) at the head",
                     "Raider 1's head is broken", "Ike throws (frag grenade, throw)", "Explodes on H2",
                     "Overwatch! Raider gunner shoots", "Vera: Knockdown", "Max: Stun"):
        assert expected in output, expected
    # The broken head's blackout as round 3 begins is in round 2's summary, posted at that moment.
    assert "As round 3 begins: Raider 1: blacks out (broken head)" in output


def test_the_export_shows_the_raiders_dead_and_the_wastelanders_standing(played: tuple[str, Path]) -> None:
    output, _ = played
    (export,) = exports(output)
    data = json.loads(export)
    people = {c["name"]: c for c in data["combatants"]}
    assert data["system"] == "fallout" and data["round"] == 3
    assert all(people[n]["status"] == ["dead"] for n in ("Raider 1", "Raider 2", "Raider gunner"))
    assert all(people[n]["hp"] > 0 for n in ("Vera", "Max", "Doc", "Ike"))
    assert people["Vera"]["hp"] == 40 - 8 - 7 and people["Raider 1"]["injuries"] == {"head": "break"}


def test_the_maps_are_written_as_png_files_and_named_in_the_output(played: tuple[str, Path]) -> None:
    output, maps = played
    files = sorted(maps.iterdir())
    assert [f.name for f in files] == ["map-table-round1-1.png", "map-table-round3-2.png"]
    assert all(f.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") for f in files)
    assert f"The map of 'Junktown gate' is in {files[0].resolve()}" in output
