"""Explosives thrown at a combatant or lobbed at a hex: scatter on a miss, full damage in the hex, half around it.

A throw needs line of sight, nobody standing in between [ours], and beats 15 like any attack; a lob needs none, has
half the range, takes -4 and needs 10 (a hex has no Evasion) [ours]. A miss scatters [ours]: a d6 for the direction
(1 north, then clockwise) and one hex per full 5 missed (at least 1), stopping before a wall or the map's edge.
Everyone within the blast radius with no wall between them and the centre is hit: full damage in the centre hex,
half further out [ours], one damage roll each, nearest first. Critical points scatter by d6 into the six 60° cones
around the centre [seed]: each goes to the nearest victim in its cone as critical damage [ours] (none there: no
effect [seed]). The centre hex lies in no cone (a hex is inside when more than half of it is [seed]).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from combat.dice import DiceSource, roll, roll_d
from combat.errors import InvalidInput
from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.options import OptionValue
from combat.systems.fallout.aim import look, require_distance
from combat.systems.fallout.board import placed, sight
from combat.systems.fallout.checks import VERY_EASY, modifiers, roll_check
from combat.systems.fallout.crits import crit_dice
from combat.systems.fallout.harm import damage_hit, deal, harm_of
from combat.systems.fallout.hexgrid import DIRECTIONS, Hex, distance, in_cone, neighbour, parse_hex
from combat.systems.fallout.results import Attack, Blast, Crit, Hit, Scatter
from combat.systems.fallout.state import field_of, fighter
from combat.systems.fallout.strike import needed_against
from combat.systems.fallout.tables import FalloutTables, Weapon

__all__ = ["explode", "scatter"]


def _bearing_axis(direction: str) -> float:
    bearing = math.radians(60 * DIRECTIONS.index(direction))
    return math.atan2(-math.cos(bearing), math.sin(bearing))


def scatter(encounter: Encounter, start: Hex, missed_by: int, dice: DiceSource) -> Scatter:
    """Scatter from ``start``: d6 direction, a hex per full 5 missed (at least one), stopped by walls and edges."""
    die = roll_d(dice, 1, 6).total
    direction = DIRECTIONS[die - 1]
    hexes = max(1, missed_by // 5)
    field = field_of(encounter)
    here = start
    for _ in range(hexes):
        step = neighbour(here, direction)
        if not field.on_map(step) or field.wall(step):
            break
        here = step
    return Scatter(die, direction, hexes, here.name)


def _victims(encounter: Encounter, centre: Hex, radius: int) -> list[tuple[Combatant, int]]:
    field = field_of(encounter)
    caught = [(c, distance(centre, h), h.name) for c, h in placed(encounter)
              if not c.health.dead and distance(centre, h) <= radius and sight(field, centre, h) is not None]
    return [(c, d) for c, d, _ in sorted(caught, key=lambda x: (x[1], x[2]))]


def _blast_crits(encounter: Encounter, centre: Hex, victims: list[tuple[Combatant, int]], points: int,
                 weapon: Weapon, dice: DiceSource) -> tuple[Encounter, list[Crit]]:
    crits: list[Crit] = []
    count, sides = crit_dice(weapon.damage)
    for _ in range(points):
        direction = DIRECTIONS[roll_d(dice, 1, 6).total - 1]
        axis = _bearing_axis(direction)
        # [seed] "inside" a cone is more than half of a hex: the centre hex, a sixth in each, is in none of them
        inside = [c for c, _ in victims if in_cone(centre, axis, 60, fighter(c).place() or centre)]
        if not inside:
            crits.append(Crit("", f"scatter {direction}", (), 0))
            continue
        faces = roll_d(dice, count, sides).faces
        encounter = deal(encounter, inside[0].id, sum(faces))
        crits.append(Crit(inside[0].id, "damage", faces, sum(faces)))
    return encounter, crits


def explode(encounter: Encounter, tables: FalloutTables, dice: DiceSource, actor: Combatant, weapon: Weapon,
            mode: str, target: Combatant | None, options: Mapping[str, OptionValue], gm: int) -> tuple[
        Encounter, Attack]:
    """Throw (at a combatant) or lob (at a hex) an explosive; roll, scatter on a miss, and blast."""
    if options.get("crits"):
        raise InvalidInput("An explosion's critical points are critical damage, each scattered by a d6 to whoever "
                           "it finds: leave crits: out.")
    at = options.get("at")
    aim = fighter(target).place() if target is not None else parse_hex(at) if isinstance(at, str) else None
    if aim is None:
        raise InvalidInput("Say where it goes: a target on the map, or a hex with at:C4.")
    if aim == fighter(actor).place():
        raise InvalidInput(f"{actor.name} stands on {aim.name}: aim it at another hex.")
    seen = look(encounter, actor, aim, options, need_sight=mode != "lob", shot=mode == "throw")
    require_distance(seen)
    mods = modifiers(encounter, tables, actor, weapon, mode, target if mode != "lob" else None, seen, options, gm)
    needed = needed_against(target, mode) if target is not None and mode != "lob" else VERY_EASY
    check = roll_check(dice, actor, mode, target.id if target is not None else None, mods, needed)
    miss = None if check.hit else scatter(encounter, aim, needed - check.total, dice)
    centre = parse_hex(miss.landed) if miss is not None else aim
    before = encounter
    victims = _victims(encounter, centre, weapon.blast)
    spec = weapon.dice()
    hits: list[Hit] = []
    for victim, far in victims:
        faces = roll(dice, replace(spec, modifier=0)).faces
        hit = damage_hit(tables, victim, faces, spec.modifier, weapon.damage_type, 1 if far == 0 else 2)
        hits.append(hit)
        encounter = deal(encounter, victim.id, hit.damage, hit.fatigue)
    encounter, crits = _blast_crits(encounter, centre, victims, check.points, weapon, dice)
    harms = tuple(harm_of(before, encounter, v.id) for v, _ in victims)
    blast = Blast(centre.name, tuple((v.id, d) for v, d in victims), miss)
    return encounter, Attack(actor.id, mode, weapon.key, (check,), tuple(hits), tuple(crits), harms=harms,
                             blast=blast)
