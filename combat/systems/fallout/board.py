"""Questions asked of the battle map: who stands where, line of sight, clear shots, visibility, clear paths."""

from __future__ import annotations

import itertools

from combat.model import Combatant, Encounter
from combat.systems.fallout.hexgrid import Hex, distance, lines
from combat.systems.fallout.state import TERRAIN, Field, field_of, fighter

__all__ = ["blocked_path", "in_the_way", "occupant", "placed", "shot_line", "sight", "visibility_penalty"]


def placed(encounter: Encounter) -> list[tuple[Combatant, Hex]]:
    """Return every combatant on the map with their hex."""
    found = []
    for combatant in encounter.combatants:
        place = fighter(combatant).place()
        if place is not None:
            found.append((combatant, place))
    return found


def occupant(encounter: Encounter, place: Hex, *, alive_only: bool = True) -> Combatant | None:
    """Return the (living) combatant on ``place``, if any."""
    for combatant, where in placed(encounter):
        if where == place and not (alive_only and combatant.health.dead):
            return combatant
    return None


def _clear(field: Field, path: tuple[Hex, ...]) -> bool:
    return not any(field.wall(h) for h in path[1:-1])


def sight(field: Field, source: Hex, target: Hex) -> tuple[Hex, ...] | None:
    """Return the clear line from ``source`` to ``target`` (None when walls block both sides of it).

    Along an edge the shooter gets the benefit: of two clear sides, the one less obscured.
    """
    clear = [path for path in lines(source, target) if _clear(field, path)]
    return _least_obscured(field, clear)


def _least_obscured(field: Field, paths: list[tuple[Hex, ...]]) -> tuple[Hex, ...] | None:
    """Return the path with the least obscuring terrain on it (the first of equals), or None when there is none."""
    return min(paths, key=lambda path: visibility_penalty(field, path)[0], default=None)


def in_the_way(encounter: Encounter, path: tuple[Hex, ...]) -> tuple[Combatant, Hex] | None:
    """Return the first living combatant on a hex strictly between the ends of ``path``, and that hex."""
    for place in path[1:-1]:
        other = occupant(encounter, place)
        if other is not None:
            return other, place
    return None


def shot_line(encounter: Encounter, source: Hex, target: Hex) -> tuple[tuple[Hex, ...] | None,
                                                                        tuple[Combatant, Hex] | None]:
    """Return a line clear of walls and of the living, else who stands in the way.

    Along an edge, of two clear sides the less obscured. Both are None when walls block every side: there is no line
    of sight at all.
    """
    field = field_of(encounter)
    blocker = None
    free = []
    for path in lines(source, target):
        if not _clear(field, path):
            continue
        found = in_the_way(encounter, path)
        if found is None:
            free.append(path)
        blocker = blocker or found
    line = _least_obscured(field, free)
    return (line, None) if line is not None else (None, blocker)


def visibility_penalty(field: Field, path: tuple[Hex, ...]) -> tuple[int, str | None]:
    """Return the worst obscuring terrain on the line (the shooter's hex excluded) and its penalty."""
    worst, kind = 0, None
    for place in path[1:]:
        cover = field.cover(place)
        if cover is not None and TERRAIN[cover] > worst:
            worst, kind = TERRAIN[cover], cover
    return worst, kind


def blocked_path(encounter: Encounter, mover: str, path: tuple[Hex, ...]) -> str | None:
    """Say what stops a move along ``path`` (a wall, the map's edge, someone standing there), or None."""
    field = field_of(encounter)
    for step in path[1:]:
        if not field.on_map(step):
            return f"{step.name} is off the map"
        if field.wall(step):
            return f"{step.name} is a wall"
        other = occupant(encounter, step)
        if other is not None and other.id != mover:
            return f"{other.name} stands on {step.name}"
    for a, b in itertools.pairwise(path):
        if distance(a, b) != 1:
            return f"{b.name} is not next to {a.name}"
    return None
