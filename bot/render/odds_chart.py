"""The exact chances of a move as a small bar chart (a PNG drawn with Pillow), from the ``Odds`` data alone.

One bar per outcome band, coloured by how bad it is for the target (grey: nothing happens, then yellow, orange,
red and dark red: out of the fight), each with its label and its percentage; then the effects that may come on top
as thin blue bars. Bars are drawn to scale against 100%, with faint lines at every quarter, labelled below. No rule
system is known here.
"""

from __future__ import annotations

import io
from fractions import Fraction

from PIL import Image, ImageDraw, ImageFont

from bot.render.names import Names
from bot.render.odds import percent
from combat.odds import Odds

__all__ = ["AXIS", "BAR", "SEVERITY_COLOURS", "WIDTH", "bar_box", "draw"]

WIDTH = 720
MARGIN = 16
LABEL = 290  # the column of band labels
BAR = 330  # the length of a 100% bar
ROW = 30
HEADER = 58
SEVERITY_COLOURS = ((160, 160, 160), (236, 196, 64), (238, 140, 44), (214, 64, 44), (122, 24, 44))
EFFECT_COLOUR = (70, 120, 200)
_INK = (24, 24, 24)
_GRID = (228, 228, 228)

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def _font(size: int) -> Font:
    try:
        return ImageFont.load_default(size=size)
    except (TypeError, OSError):  # pragma: no cover - a Pillow built without FreeType
        return ImageFont.load_default()


# Characters the built-in font lacks, written with ones it has.
_PLAIN = str.maketrans({"−": "-", "–": "-", "—": "-", "→": "->", "≥": ">=", "≤": "<="})


def _fit(text: str, limit: int) -> str:
    text = text.translate(_PLAIN)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def bar_box(row_top: int, chance: Fraction, thick: int) -> tuple[int, int, int, int]:
    """Return the box of a bar for ``chance`` in the row starting at ``row_top`` (a non-zero chance shows 1 px)."""
    x0 = MARGIN + LABEL
    length = round(BAR * chance)
    if chance and length == 0:
        length = 1
    top = row_top + (ROW - thick) // 2
    return x0, top, x0 + length, top + thick


AXIS = 16  # the percentages under the quarter lines


def _height(odds: Odds) -> int:
    effects = len(odds.effects)
    return HEADER + ROW * len(odds.bands) + (24 + ROW * effects if effects else 0) + AXIS + MARGIN


def draw(odds: Odds, names: Names) -> bytes:
    """Draw the bands and effects of ``odds`` as a PNG bar chart; ``names`` are the combatants' display names."""
    height = _height(odds)
    image = Image.new("RGB", (WIDTH, height), (255, 255, 255))
    canvas = ImageDraw.Draw(image)
    actor, target = names.get(odds.actor, odds.actor), names.get(odds.target, odds.target)
    canvas.text((MARGIN, 10), _fit(f"{actor} vs {target} ({odds.move})", 70), fill=_INK, font=_font(16))
    canvas.text((MARGIN, 34), f"Hits: {percent(odds.hit)} (exact chances; nothing rolled)", fill=_INK,
                font=_font(12))
    bottom = height - MARGIN - AXIS
    for quarter in range(5):
        x = MARGIN + LABEL + BAR * quarter // 4
        canvas.line((x, HEADER - 4, x, bottom), fill=_GRID, width=1)
        canvas.text((x, bottom + 8), f"{25 * quarter}%", fill=(120, 120, 120), font=_font(10), anchor="mm")
    label_font, value_font = _font(13), _font(12)
    top = HEADER
    for band in odds.bands:
        canvas.text((MARGIN, top + ROW // 2), _fit(band.label, 38), fill=_INK, font=label_font, anchor="lm")
        box = bar_box(top, band.chance, 20)
        canvas.rectangle(box, fill=SEVERITY_COLOURS[band.severity])
        canvas.text((box[2] + 6, top + ROW // 2), percent(band.chance), fill=_INK, font=value_font, anchor="lm")
        top += ROW
    if odds.effects:
        canvas.text((MARGIN, top + 12), "Also possible:", fill=_INK, font=label_font, anchor="lm")
        top += 24
        for effect in odds.effects:
            canvas.text((MARGIN, top + ROW // 2), _fit(effect.label, 38), fill=_INK, font=label_font, anchor="lm")
            box = bar_box(top, effect.chance, 10)
            canvas.rectangle(box, fill=EFFECT_COLOUR)
            canvas.text((box[2] + 6, top + ROW // 2), percent(effect.chance), fill=_INK, font=value_font,
                        anchor="lm")
            top += ROW
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
