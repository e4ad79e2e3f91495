"""The GM's tools: the board's size, walls and obscuring terrain, placing combatants, and treating wounds.

Treating a maim or break is a Medic check (Mechanics for robots) [seed]: 2d10 + skill total + modifier against
Average (20) for a maim, Hard (25) for a break [ours]; success removes it. Like every skill check it takes -4 when
the healer is winded, and a maimed or broken head costs 2 from PE (Medic, Mechanics) [seed].
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from combat.dice import DiceSource, roll_d
from combat.errors import CannotAct, InvalidInput
from combat.frozen import replace
from combat.model import Encounter
from combat.options import OptionChoice, OptionSpec, OptionValue
from combat.system import ActionOutcome, ToolSpec
from combat.systems.fallout.aim import PARTS
from combat.systems.fallout.board import occupant
from combat.systems.fallout.hexgrid import DIRECTIONS, parse_hex
from combat.systems.fallout.sheet import skill_total
from combat.systems.fallout.state import GROUND, STANCES, TERRAIN, field_of, fighter, with_fighter

__all__ = ["TOOLS", "Board", "Marked", "Placed", "Treated", "use"]


def _choices(*keys: str) -> tuple[OptionChoice, ...]:
    return tuple(OptionChoice(k) for k in keys)


PART_ALIASES = (("arm", "right-arm"), ("leg", "right-leg"), ("eye", "right-eye"), ("eyes", "right-eye"))
_HEXES = OptionSpec("hexes", 'Hexes, comma-separated: "C4, C5, D5".', required=True)
TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec("board", "Set the battle map's size in hexes (2 m a hex).", (
        OptionSpec("columns", "Columns, lettered from A.", "number", low=4, high=26, required=True),
        OptionSpec("rows", "Rows, numbered from 1.", "number", low=4, high=30, required=True))),
    ToolSpec("wall", "Mark hexes as walls (they block moves and sight), or clear them.", (
        _HEXES, OptionSpec("clear", "yes clears the walls instead.", "flag"))),
    ToolSpec("terrain", "Mark hexes of smoke, dim, heavy smoke or dark (sight), water or a climb; or clear them.", (
        _HEXES, OptionSpec("kind", "smoke or dim (-4), heavy-smoke or dark (-8), water (swim 2), climb (1), none.",
                           "choice", _choices(*TERRAIN, *GROUND, "none"), required=True))),
    ToolSpec("place", "Put a combatant on a hex, facing a way, in a stance.", (
        OptionSpec("target", "Who.", "combatant", required=True),
        OptionSpec("hex", "Where: a hex like C4.", required=True),
        OptionSpec("facing", "Which way they face.", "choice", _choices(*DIRECTIONS)),
        OptionSpec("stance", "Standing, crouching or prone.", "choice", _choices(*STANCES)))),
    ToolSpec("treat", "Fix a maim or break with Medic (Mechanics for robots): Average for a maim, Hard for a break.", (
        OptionSpec("target", "Who is treated.", "combatant", required=True),
        OptionSpec("part", "Which body part.", "choice", _choices(*PARTS), aliases=PART_ALIASES, required=True),
        OptionSpec("healer", "Who treats them (the target by default).", "combatant"),
        OptionSpec("skill", "medic (living) or mechanics (robots).", "choice", _choices("medic", "mechanics")),
        OptionSpec("modifier", "Tools or circumstances.", "number", low=-20, high=20))),
)


@dataclass(frozen=True)
class Board:
    """The map's new size."""

    columns: int
    rows: int


@dataclass(frozen=True)
class Marked:
    """Hexes marked as walls or terrain (``kind`` none: cleared)."""

    hexes: tuple[str, ...]
    kind: str


@dataclass(frozen=True)
class Placed:
    """A combatant put on the map."""

    target: str
    hex: str
    facing: str
    stance: str


@dataclass(frozen=True)
class Treated:
    """A Medic or Mechanics check on a maim or break, and whether it was removed."""

    healer: str
    target: str
    part: str
    level: str
    skill: str
    dice: tuple[int, int]
    total: int
    needed: int
    skill_total: int = 0
    modifiers: tuple[tuple[str, int], ...] = ()

    @property
    def fixed(self) -> bool:
        """Tell whether the wound is gone."""
        return self.total >= self.needed


def _hexes(text: OptionValue | None) -> tuple[str, ...]:
    """Read hexes separated by commas or spaces: 'D6, D7' or 'D6 D7'."""
    names = tuple(parse_hex(h).name for h in str(text).replace(",", " ").split())
    if not names:
        raise InvalidInput("Name at least one hex, like hexes:C4.")
    return names


def _board(encounter: Encounter, options: Mapping[str, OptionValue]) -> ActionOutcome:
    columns, rows = int(str(options["columns"])), int(str(options["rows"]))
    field = replace(field_of(encounter), columns=columns, rows=rows)
    return ActionOutcome(replace(encounter, state=field), Board(columns, rows))


def _wall(encounter: Encounter, options: Mapping[str, OptionValue]) -> ActionOutcome:
    hexes = _hexes(options.get("hexes"))
    field = field_of(encounter)
    if options.get("clear") is True:
        walls = tuple(h for h in field.walls if h not in hexes)
        return ActionOutcome(replace(encounter, state=replace(field, walls=walls)), Marked(hexes, "none"))
    for name in hexes:
        if occupant(encounter, parse_hex(name)) is not None:
            raise CannotAct(f"Someone stands on {name}; move them before building a wall there.")
    walls = tuple(dict.fromkeys((*field.walls, *hexes)))
    return ActionOutcome(replace(encounter, state=replace(field, walls=walls)), Marked(hexes, "wall"))


def _terrain(encounter: Encounter, options: Mapping[str, OptionValue]) -> ActionOutcome:
    hexes = _hexes(options.get("hexes"))
    kind = str(options.get("kind"))
    field = field_of(encounter)
    kept = tuple((h, k) for h, k in field.terrain if h not in hexes)
    added = () if kind == "none" else tuple((h, kind) for h in hexes)
    return ActionOutcome(replace(encounter, state=replace(field, terrain=kept + added)), Marked(hexes, kind))


def _place(encounter: Encounter, options: Mapping[str, OptionValue]) -> ActionOutcome:
    target = encounter.get(str(options["target"]))
    where = parse_hex(str(options["hex"]))
    field = field_of(encounter)
    if not field.on_map(where) or field.wall(where):
        raise CannotAct(f"{where.name} is off the map or a wall.")
    other = occupant(encounter, where)
    if other is not None and other.id != target.id:
        raise CannotAct(f"{other.name} already stands on {where.name}.")
    state = fighter(target)
    facing = str(options.get("facing", state.facing))
    stance = str(options.get("stance", state.stance))
    changed = replace(state, hex=where.name, facing=facing, stance=stance)
    return ActionOutcome(encounter.put(with_fighter(target, changed)), Placed(target.id, where.name, facing, stance))


def _treat(encounter: Encounter, options: Mapping[str, OptionValue], dice: DiceSource) -> ActionOutcome:
    target = encounter.get(str(options["target"]))
    healer = encounter.get(str(options.get("healer", target.id)))
    part = str(options["part"])
    state = fighter(target)
    level = state.injury(part)
    if level is None:
        raise CannotAct(f"{target.name}'s {part} is not maimed or broken.")
    skill = str(options.get("skill", "medic"))
    modifier = options.get("modifier", 0)
    mods = [("winded", -4 if healer.health.winded else 0), ("modifier", modifier if isinstance(modifier, int) else 0)]
    kept = tuple((name, value) for name, value in mods if value)
    faces = roll_d(dice, 2, 10).faces
    skill_level = skill_total(healer.sheet, skill, fighter(healer).injury("head") is not None)
    total = sum(faces) + skill_level + sum(v for _, v in kept)
    result = Treated(healer.id, target.id, part, level, skill, (faces[0], faces[1]), total,
                     20 if level == "maim" else 25, skill_level, kept)
    if result.fixed:
        healed = replace(state, injuries=tuple(i for i in state.injuries if i.part != part))
        encounter = encounter.put(with_fighter(target, healed))
    return ActionOutcome(encounter, result)


def use(encounter: Encounter, tool: str, options: Mapping[str, OptionValue], dice: DiceSource) -> ActionOutcome:
    """Run the GM tool ``tool`` with its parsed options."""
    if tool == "board":
        return _board(encounter, options)
    if tool == "wall":
        return _wall(encounter, options)
    if tool == "terrain":
        return _terrain(encounter, options)
    if tool == "place":
        return _place(encounter, options)
    if tool == "treat":
        return _treat(encounter, options, dice)
    raise InvalidInput(f"Fallout has no GM tool '{tool}'; it has {', '.join(t.name for t in TOOLS)}.")
