"""The odds as text and as a bar chart: exact percentages, every roll and modifier, bars to scale."""

from __future__ import annotations

import io
from fractions import Fraction

from PIL import Image

from bot.render.odds import odds_lines, percent
from bot.render.odds_chart import AXIS, BAR, EFFECT_COLOUR, HEADER, ROW, SEVERITY_COLOURS, WIDTH, bar_box, draw
from bot.services.replies import OddsShown
from combat.odds import Band, Effect, Odds, RollShown

NAMES = {"a": "Aeryn", "t": "Trooper @1"}
ODDS = Odds(
    "a", "t", "attack",
    (RollShown("a", "attack", "4dF", "energy weapons", 1, (("accuracy", 1), ("wounds", -2))),
     RollShown("t", "dodge", "4dF", "agility", 0)),
    (Band("miss", "Miss", Fraction(1, 2)), Band("scratch", "Scratch", Fraction(1, 4), True, 1),
     Band("out", "Incapacitated", Fraction(1, 4), True, 4)),
    (Effect("Trooper @1 knocked out", Fraction(1, 3000)),),
    ("The target's player may take it instead of dodging.",),
)


def test_percentages_are_exact_to_a_tenth_and_never_round_to_a_false_0_or_100() -> None:
    assert percent(Fraction(0)) == "0%" and percent(Fraction(1)) == "100%"
    assert percent(Fraction(3, 8)) == "37.5%" and percent(Fraction(1, 3)) == "33.3%"
    assert percent(Fraction(1, 3000)) == "<0.1%" and percent(1 - Fraction(1, 3000)) == ">99.9%"
    assert percent(Fraction(1, 81)) == "1.2%"


def test_the_text_names_every_roll_modifier_band_effect_and_note() -> None:
    lines = odds_lines(OddsShown(ODDS, file="/tmp/odds.png"), NAMES)
    assert lines == [
        "Odds: Aeryn → Trooper @\u200b1 (attack). Nothing is rolled.",
        "Aeryn attack: 4dF + energy weapons +1; accuracy +1, wounds -2 (modifiers -1)",
        "Trooper @\u200b1 dodge: 4dF + agility +0",
        "Hits: 50.0%",
        "• Miss: 50.0%",
        "• Scratch: 25.0%",
        "• Incapacitated: 25.0%",
        "Also: Trooper @\u200b1 knocked out: <0.1%",
        "Note: The target's player may take it instead of dodging.",
        "The chart is in /tmp/odds.png",
    ]


def test_the_chart_draws_one_bar_per_band_to_scale_coloured_by_severity() -> None:
    picture = Image.open(io.BytesIO(draw(ODDS, NAMES)))
    assert picture.format == "PNG" and picture.width == WIDTH
    assert picture.height == HEADER + 3 * ROW + 24 + ROW + AXIS + 16
    for row, (band, half) in enumerate(zip(ODDS.bands, (BAR // 2, BAR // 4, BAR // 4), strict=True)):
        x0, top, x1, bottom = bar_box(HEADER + row * ROW, band.chance, 20)
        assert x1 - x0 == half
        middle = (top + bottom) // 2
        assert picture.getpixel((x0 + 1, middle)) == SEVERITY_COLOURS[band.severity]
        assert picture.getpixel((x1 + 2, middle)) != SEVERITY_COLOURS[band.severity]
    # A chance too small for a pixel still shows one: never a false nothing.
    x0, top, x1, bottom = bar_box(HEADER + 3 * ROW + 24, Fraction(1, 3000), 10)
    assert x1 - x0 == 1 and picture.getpixel((x0, (top + bottom) // 2)) == EFFECT_COLOUR
