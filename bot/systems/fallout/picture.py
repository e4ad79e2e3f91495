"""The battle map as a PNG, drawn with Pillow.

The hex grid with names, walls and terrain; combatants by side with name, facing and stance; whose turn it is; and
optionally someone's range bands or the cone of an attack being considered. Hex names sit at the top of each hex and
combatants' names at the bottom, on a light label, so that neither hides the other; a legend in the header names the
sides, the walls and terrain on the map, and the range bands when they are drawn.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping
from functools import cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from combat.errors import InvalidInput
from combat.model import Combatant, Encounter
from combat.options import OptionChoice, OptionSpec, OptionValue
from combat.systems.fallout.aim import BANDS
from combat.systems.fallout.hexgrid import DIRECTIONS, Hex, axis_towards, cone, distance, parse_hex
from combat.systems.fallout.state import Field, field_of, fighter
from combat.systems.fallout.tables import FalloutTables

__all__ = ["PICTURE_OPTIONS", "RADIUS", "SIDE_COLOURS", "centre_px", "draw", "legend", "side_colours", "size_px",
           "state_word"]

RADIUS = 32
MARGIN = 24
HEADER = 62
SQRT3 = math.sqrt(3)
FLOOR = (222, 210, 180)
GRID = (120, 110, 90)
WALL = (60, 60, 66)
TERRAIN = {"smoke": (200, 200, 200), "heavy-smoke": (150, 150, 150), "dim": (160, 170, 200), "dark": (80, 90, 130),
           "water": (120, 170, 230), "climb": (180, 150, 110)}
SIDE_COLOURS = ((40, 90, 200), (200, 40, 40), (40, 150, 60), (150, 60, 170), (210, 130, 20), (20, 150, 160))
BAND_COLOURS = ((60, 170, 60, 90), (230, 220, 40, 90), (240, 150, 30, 90), (220, 60, 40, 90), (140, 60, 170, 90))
LABEL = (255, 255, 255, 200)
DEAD = (130, 130, 130)
TERRAIN_NAMES = {"smoke": "smoke", "heavy-smoke": "heavy smoke", "dim": "dim", "dark": "dark", "water": "water",
                 "climb": "climb"}
CONE = (255, 80, 0, 110)
TURN = (255, 215, 0)

PICTURE_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("ranges", "Draw this combatant's range bands (their weapon in hand).", "combatant"),
    OptionSpec("cone", "Draw the cone of this combatant's attack being considered (with at:).", "combatant"),
    OptionSpec("at", "Where the cone points: a hex like C4."),
    OptionSpec("angle", "narrow (30°) or wide (60°) cone.", "choice", (OptionChoice("narrow"), OptionChoice("wide"))),
    OptionSpec("bias", "Which side takes hexes cut exactly in half.", "choice",
               (OptionChoice("left"), OptionChoice("right"))),
)


def size_px(field: Field) -> tuple[int, int]:
    """Return the picture's width and height for a map."""
    width = 2 * MARGIN + int(1.5 * RADIUS * (field.columns - 1) + 2 * RADIUS)
    height = HEADER + 2 * MARGIN + int(SQRT3 * RADIUS * (field.rows + 0.5))
    return width, height


def centre_px(place: Hex) -> tuple[float, float]:
    """Return the pixel centre of a hex."""
    x = MARGIN + RADIUS + 1.5 * RADIUS * place.col
    y = HEADER + MARGIN + SQRT3 * RADIUS * (place.row + 0.5 * (place.col & 1)) + SQRT3 * RADIUS / 2
    return x, y


def _corners(place: Hex, shrink: float = 0.0) -> list[tuple[float, float]]:
    x, y = centre_px(place)
    r = RADIUS - shrink
    return [(x + r * math.cos(math.radians(60 * i)), y + r * math.sin(math.radians(60 * i))) for i in range(6)]


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=size)
    except (OSError, TypeError):  # Pillow without FreeType
        return ImageFont.load_default()


@cache
def _tables() -> FalloutTables | None:
    from bot.tables import load_system_tables

    try:
        tables = load_system_tables("fallout")
    except Exception:  # the picture still draws without range bands
        return None
    return tables if isinstance(tables, FalloutTables) else None


def side_colours(encounter: Encounter) -> dict[str, tuple[int, int, int]]:
    """Return each side's colour, sides in the order they first appear."""
    sides = list(dict.fromkeys(c.side for c in encounter.combatants))
    return {side: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, side in enumerate(sides)}


def _board(canvas: ImageDraw.ImageDraw, field: Field) -> None:
    small = _font(10)
    for col in range(field.columns):
        for row in range(field.rows):
            place = Hex(col, row)
            fill = WALL if field.wall(place) else TERRAIN.get(field.terrain_at(place) or "", FLOOR)
            canvas.polygon(_corners(place), fill=fill, outline=GRID)
            x, y = centre_px(place)
            canvas.text((x, y - RADIUS * 0.74), place.name, fill=(90, 80, 60) if fill != WALL else (200, 200, 200),
                        font=small, anchor="mm")


def _overlay(image: Image.Image, hexes: list[tuple[Hex, tuple[int, int, int, int]]]) -> Image.Image:
    layer = Image.new("RGBA", image.size, (0, 0, 0, 0))
    canvas = ImageDraw.Draw(layer)
    for place, colour in hexes:
        canvas.polygon(_corners(place, 1), fill=colour)
    return Image.alpha_composite(image, layer)


def _ranges(encounter: Encounter, field: Field, who: Combatant) -> list[tuple[Hex, tuple[int, int, int, int]]]:
    source = fighter(who).place()
    tables = _tables()
    hands = fighter(who).hands
    if source is None or tables is None or not hands or hands[0] not in tables.weapons:
        return []
    reach = tables.weapon(hands[0]).range
    tinted = []
    for col in range(field.columns):
        for row in range(field.rows):
            place = Hex(col, row)
            far = distance(source, place)
            band = next((i for i in range(len(BANDS)) if far <= reach * (i + 1)), None)
            if band is not None and place != source and not field.wall(place):
                tinted.append((place, BAND_COLOURS[band]))
    return tinted


def _cone(encounter: Encounter, field: Field, who: Combatant, options: Mapping[str, OptionValue]) -> list[
        tuple[Hex, tuple[int, int, int, int]]]:
    source, at = fighter(who).place(), options.get("at")
    if not isinstance(at, str):
        raise InvalidInput("Say where the cone points: cone:<name> at:<hex>.")
    if source is None:
        raise InvalidInput(f"{who.name} is not on the map, so there is no cone to draw: the GM places them first.")
    angle = 60 if options.get("angle") == "wide" else 30
    bias = str(options.get("bias", "left"))
    board = [Hex(c, r) for c in range(field.columns) for r in range(field.rows)]
    reach = field.columns + field.rows
    inside = cone(source, axis_towards(source, parse_hex(at)), angle, reach, bias, board)
    return [(h, CONE) for h in inside if not field.wall(h)]


def state_word(combatant: Combatant) -> str:
    """Return what keeps a combatant from acting, if anything: dead, out, stunned."""
    vitals = combatant.health
    if vitals.dead:
        return "dead"
    if vitals.passed_out or fighter(combatant).knocked_out:
        return "out"
    return "stunned" if vitals.stun > 0 else ""


def _combatant(canvas: ImageDraw.ImageDraw, combatant: Combatant, colour: tuple[int, int, int], current: bool) -> None:
    """Draw a token: a disc in the side's colour (grey when dead), a tick for the facing, the stance's letter."""
    state = fighter(combatant)
    place = state.place()
    if place is None:
        return
    x, y = centre_px(place)
    r = {"stand": 12, "crouch": 10, "prone": 8}[state.stance]
    squash = 0.55 if state.stance == "prone" else 1.0
    if current:
        canvas.ellipse((x - r - 4, y - r * squash - 4, x + r + 4, y + r * squash + 4), outline=TURN, width=3)
    fill = DEAD if combatant.health.dead else colour
    canvas.ellipse((x - r, y - r * squash, x + r, y + r * squash), fill=fill, outline=(20, 20, 20), width=2)
    bearing = math.radians(60 * DIRECTIONS.index(state.facing))
    reach = (r * squash if state.facing in ("n", "s") else r) + 6
    tip = (x + reach * math.sin(bearing), y - reach * math.cos(bearing))
    canvas.line((x + r * 0.4 * math.sin(bearing), y - r * 0.4 * math.cos(bearing), *tip), fill=(20, 20, 20), width=3)
    letter = {"stand": "S", "crouch": "C", "prone": "P"}[state.stance]
    canvas.text((x, y), letter, fill=(255, 255, 255), font=_font(10), anchor="mm")


def _name(image: Image.Image, combatant: Combatant) -> Image.Image:
    """Write the combatant's name (and what keeps them from acting) under the token, on a light label."""
    place = fighter(combatant).place()
    if place is None:
        return image
    x, y = centre_px(place)
    word = state_word(combatant)
    text = combatant.name[:18] + (f" ({word})" if word else "")
    layer = Image.new("RGBA", image.size, (0, 0, 0, 0))
    canvas = ImageDraw.Draw(layer)
    font = _font(10)
    left, top, right, bottom = canvas.textbbox((x, y + RADIUS * 0.7), text, font=font, anchor="mm")
    canvas.rounded_rectangle((left - 2, top - 1, right + 2, bottom + 1), radius=3, fill=LABEL)
    canvas.text((x, y + RADIUS * 0.7), text, fill=(10, 10, 10), font=font, anchor="mm")
    return Image.alpha_composite(image, layer)


def legend(field: Field, ranges: bool) -> list[tuple[tuple[int, int, int], str]]:
    """Return the legend's swatches: walls and the terrain on the map, and the range bands when drawn."""
    items: list[tuple[tuple[int, int, int], str]] = [(WALL, "wall")] if field.walls else []
    kinds = dict.fromkeys(kind for _, kind in field.terrain)
    items += [(TERRAIN[kind], TERRAIN_NAMES[kind]) for kind in kinds if kind in TERRAIN]
    if ranges:
        items += [((r, g, b), name) for (r, g, b, _), (name, _) in zip(BAND_COLOURS, BANDS, strict=True)]
    return items


def _header(canvas: ImageDraw.ImageDraw, encounter: Encounter, colours: dict[str, tuple[int, int, int]],
            ranges: bool) -> None:
    """Write the round, phase and whose turn; the sides' colours; the map's legend."""
    turns = encounter.turns
    current = turns.current
    who = ", ".join(encounter.get(c).name for c in current.waiting) if current else ""
    line = f"Round {turns.round}" + (f" · {turns.phase} phase · turn: {who}" if current else "")
    canvas.text((MARGIN, 8), line, fill=(20, 20, 20), font=_font(14))
    x = MARGIN
    for side, colour in colours.items():
        canvas.ellipse((x, 28, x + 10, 38), fill=colour)
        canvas.text((x + 14, 33), side, fill=(20, 20, 20), font=_font(10), anchor="lm")
        x += 24 + int(canvas.textlength(side, font=_font(10)))
    x = MARGIN
    for swatch, name in legend(field_of(encounter), ranges):
        canvas.rectangle((x, 44, x + 10, 54), fill=swatch, outline=GRID)
        canvas.text((x + 14, 49), name, fill=(20, 20, 20), font=_font(10), anchor="lm")
        x += 24 + int(canvas.textlength(name, font=_font(10)))


def draw(encounter: Encounter, options: Mapping[str, Any]) -> bytes:
    """Draw the map with its combatants (and the range bands or cone asked for) and return PNG bytes."""
    field = field_of(encounter)
    image = Image.new("RGBA", size_px(field), (250, 248, 240, 255))
    _board(ImageDraw.Draw(image), field)
    ranges, considered = options.get("ranges"), options.get("cone")
    if isinstance(ranges, str):
        image = _overlay(image, _ranges(encounter, field, encounter.get(ranges)))
    if isinstance(considered, str):
        image = _overlay(image, _cone(encounter, field, encounter.get(considered), options))
    canvas = ImageDraw.Draw(image)
    colours = side_colours(encounter)
    current = encounter.turns.current
    for combatant in encounter.combatants:
        acting = current is not None and combatant.id in current.waiting
        _combatant(canvas, combatant, colours[combatant.side], acting)
    for combatant in encounter.combatants:
        image = _name(image, combatant)
    _header(ImageDraw.Draw(image), encounter, colours, isinstance(ranges, str))
    out = io.BytesIO()
    image.convert("RGB").save(out, format="PNG")
    return out.getvalue()
