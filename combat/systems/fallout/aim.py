"""What an attack roll adds up: the skill, range band by size and stance, visibility, proximity, and the rest.

Range, visibility and proximity come from the map when both ends are on it; the options ``distance``,
``visibility`` and ``proximity`` say them for a table playing without a map (and override the map).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from combat.errors import CannotAct, InvalidInput
from combat.model import Combatant, Encounter
from combat.options import OptionValue
from combat.systems.fallout.board import placed, shot_line, sight, visibility_penalty
from combat.systems.fallout.hexgrid import Hex, distance
from combat.systems.fallout.sheet import SIZES
from combat.systems.fallout.state import STANCES, field_of, fighter

__all__ = ["BANDS", "BLOCKABLE", "PARTS", "VISIBILITY", "Sight", "band", "look", "proximity", "size_factor"]

# Effective distance factor (x2, to stay in whole numbers) per size: great ½, large 1, small 2, tiny 3, minute 4.
_FACTOR2 = {"great": 1, "large": 2, "small": 4, "tiny": 6, "minute": 8}
BANDS = (("point blank", 0), ("close", -2), ("medium", -4), ("far", -6), ("maximum", -8))
VISIBILITY = {"clear": 0, "partial": -4, "moderate": -8, "heavy": -16, "complete": -20}
PARTS = {"torso": "small", "left-leg": "small", "right-leg": "small", "left-arm": "tiny", "right-arm": "tiny",
         "head": "tiny", "left-eye": "minute", "right-eye": "minute", "groin": "minute"}
_TERRAIN_WORD = {4: "partial", 8: "moderate"}
# Modes a combatant standing in between blocks: firearm single shots and bursts [seed] (a double is "identical to
# single shot", a sweep's targets the same [seed]), and throws and beans, which travel in a straight line [ours].
BLOCKABLE = frozenset({"single", "double", "burst", "sweep", "throw", "bean"})


@dataclass(frozen=True)
class Sight:
    """How the attacker sees the target: distance in hexes, the clear line (if known) and the visibility."""

    distance: int | None
    path: tuple[Hex, ...] | None
    visibility: str
    cover: str | None = None


def size_factor(target: Combatant | None, part: str | None) -> int:
    """Return twice the effective-distance factor: the part's size, else the body's, one smaller per stance step.

    A called part stands in for the target's size, and a crouching or prone target is one or two sizes smaller
    [seed], so a crouching man's head (tiny) counts as minute.
    """
    if target is None and part is None:
        return _FACTOR2["large"]
    steps = STANCES.index(fighter(target).stance) if target is not None else 0
    body = PARTS[part] if part is not None else (target.sheet.tier if target is not None else None) or "large"
    return _FACTOR2[SIZES[min(len(SIZES) - 1, SIZES.index(body) + steps)]]


def band(reach: int, hexes: int, factor2: int, *, half: bool = False) -> tuple[str, int]:
    """Return the range band and its penalty for ``hexes`` at Point Blank ``reach``; beyond Maximum is refused.

    ``half`` halves the reach, exactly (a lob: "half the range that the item normally uses" [seed]: 1.5 for 3).
    """
    scale = 2 if half else 1
    for multiple, (name, penalty) in enumerate(BANDS, 1):
        if hexes * factor2 * scale <= 2 * reach * multiple:
            return name, penalty
    raise CannotAct(f"That is beyond maximum range ({5 * reach / scale:g} hexes for a human-sized target).")


def _eyes(actor: Combatant) -> str:
    """Return what eye wounds leave; a double whammy needs the same status on both eyes [seed]."""
    state = fighter(actor)
    levels = [state.injury("left-eye"), state.injury("right-eye")]
    if levels.count("break") == 2:
        return "complete"
    if "break" in levels or levels.count("maim") == 2:
        return "moderate"
    return "partial" if "maim" in levels else "clear"


def _worse(a: str, b: str) -> str:
    return a if VISIBILITY[a] <= VISIBILITY[b] else b


def _line(encounter: Encounter, source: Hex, target: Hex, shot: bool) -> tuple[Hex, ...] | None:
    """Return the line from ``source`` to ``target``; for a ``shot``, refuse one with somebody in the way [seed]."""
    if not shot:
        return sight(field_of(encounter), source, target)
    path, blocker = shot_line(encounter, source, target)
    if path is None and blocker is not None:
        who, place = blocker
        raise CannotAct(f"{who.name} stands in the way on {place.name}: no clear shot or throw from {source.name} "
                        f"to {target.name}.")
    return path


def look(encounter: Encounter, actor: Combatant, target: Hex | None, options: Mapping[str, OptionValue],
         need_sight: bool = True, shot: bool = False) -> Sight:
    """Measure distance, line of sight and visibility to a hex (options override or stand in for the map).

    ``shot``: a shot or throw, refused when a combatant stands strictly between the two [seed].
    """
    given_distance = options.get("range")
    given_visibility = options.get("visibility")
    source = fighter(actor).place()
    hexes: int | None = given_distance if isinstance(given_distance, int) else None
    path = None
    visibility, cover = "clear", None
    if source is not None and target is not None:
        hexes = distance(source, target) if hexes is None else hexes
        path = _line(encounter, source, target, shot)
        if path is None and need_sight:
            raise CannotAct(f"There is no line of sight from {source.name} to {target.name}.")
        if path is not None:
            penalty, cover = visibility_penalty(field_of(encounter), path)
            visibility = _TERRAIN_WORD.get(penalty, "clear")
    if isinstance(given_visibility, str):
        visibility, cover = given_visibility, None
    return Sight(hexes, path, _worse(visibility, _eyes(actor)), cover)


def require_distance(seen: Sight) -> int:
    """Return the distance, or refuse when neither the map nor the options give it."""
    if seen.distance is None:
        raise InvalidInput("Put both on the map (the GM's place tool) or say how far it is: range:<hexes>.")
    return seen.distance


def proximity(encounter: Encounter, actor: Combatant, options: Mapping[str, OptionValue]) -> bool:
    """Tell whether an unstunned enemy is within one hex of the attacker (the option overrides).

    "when an enemy is standing within one hex of them and is not stunned" [seed]: standing there, in any stance (a
    crouching or prone enemy at one's side still presses); the dead, unconscious and knocked out do not [ours].
    """
    given = options.get("proximity")
    if isinstance(given, bool):
        return given
    source = fighter(actor).place()
    if source is None:
        return False
    for other, where in placed(encounter):
        vitals = other.health
        state = fighter(other)
        down = vitals.dead or vitals.passed_out or vitals.stun > 0 or state.knocked_out
        if other.side != actor.side and not down and distance(source, where) <= 1:
            return True
    return False
