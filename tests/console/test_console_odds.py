"""/odds on the local table: the chances printed line by line, the chart written as a PNG file next to the maps,
the map's range and terrain read as the attack reads them, and the same as JSON with exact fractions."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from console_kit import fray, json_objects
from PIL import Image

SCRIPT = (
    '@gm /encounter start system:fallout name:"Junktown"',
    '@gm /encounter add name:Vera owner:@carol side:vault stats:"agility=6, firearms=6" weapon:"10mm smg"',
    "@gm /encounter add template:raider",
    "@gm /encounter gm tool:place target:Vera hex:C6 facing:n",
    "@gm /encounter gm tool:place target:Raider hex:C2",
    "!dice 9 1",
    "@gm /encounter begin",
    "@carol /odds target:Raider mode:burst",
    '@gm /encounter gm tool:terrain hexes:"C4" kind:smoke',
    "@carol /odds target:Raider",
)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], Path]:
    maps = tmp_path_factory.mktemp("odds-charts")
    done = fray(":memory:", "--strict", "--maps", str(maps), stdin="\n".join(SCRIPT) + "\n")
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.splitlines(), maps


def test_the_odds_are_printed_with_every_modifier_from_the_map(played: tuple[list[str], Path]) -> None:
    lines, _ = played
    first = lines.index("Odds: Vera → Raider (attack). Nothing is rolled.")
    assert lines[first + 1] == "Vera attack (needs 15): 2d10 + firearms +12; accuracy -1 (modifiers -1)"
    assert lines[first + 2].startswith("Vera damage (a burst of 6: round 1 at the total, 2 at -5, the rest at -10)")
    assert "• Dead (0 HP or less): 27.9%" in lines[first:]
    # The smoke on the line between them counts, as it would for the attack.
    second = lines.index("Odds: Vera → Raider (attack). Nothing is rolled.", first + 1)
    assert lines[second + 1] == ("Vera attack (needs 15): 2d10 + firearms +12; accuracy -1, partial visibility -4 "
                                 "(modifiers -5)")
    assert "Hits: 79.0%" in lines[second:]


def test_each_chart_is_written_to_a_png_file_named_in_the_output(played: tuple[list[str], Path]) -> None:
    lines, maps = played
    files = sorted(maps.iterdir())
    assert [f.name for f in files] == ["odds-table-round1-1.png", "odds-table-round1-2.png"]
    assert f"The chart is in {files[0].resolve()}" in lines
    assert Image.open(files[1]).format == "PNG"


def test_json_gives_the_exact_fractions(tmp_path: Path) -> None:
    done = fray(":memory:", "--json", "--strict", "--maps", str(tmp_path), stdin="\n".join(SCRIPT) + "\n")
    answer = json_objects(done.stdout)[-1]
    body = answer["body"]
    assert body["kind"] == "OddsShown" and body["picture"] is None and body["file"].endswith(".png")
    chances = {b["key"]: Fraction(b["chance"]) for b in body["odds"]["bands"]}
    assert sum(chances.values()) == 1 and chances["miss"] == Fraction(21, 100)
