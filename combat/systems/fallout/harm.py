"""Damage and its effects: DT per hit, death at 0 HP, passing out, maims and breaks, knockback, knockdown, stun.

Armour turns half of the damage its DT stops into fatigue [ours].
"""

from __future__ import annotations

from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.systems.fallout.board import occupant
from combat.systems.fallout.hexgrid import Hex, direction_between, distance, neighbour
from combat.systems.fallout.results import Harm, Hit, Injured, Pushed
from combat.systems.fallout.state import STANCES, Injury, Vitals, field_of, fighter, with_fighter
from combat.systems.fallout.tables import FalloutTables

__all__ = ["PAIRS", "damage_hit", "deal", "drop_stances", "harm_of", "injure", "knock_back", "threshold"]

PAIRS = {"left-eye": "right-eye", "right-eye": "left-eye", "left-leg": "right-leg", "right-leg": "left-leg"}


def threshold(tables: FalloutTables, combatant: Combatant, damage_type: str) -> int:
    """Return the combatant's DT against ``damage_type`` (0 without armour)."""
    armour = tables.armour.get(combatant.sheet.armour or "")
    return armour.dt.get(damage_type, 0) if armour is not None else 0  # type: ignore[call-overload]


def damage_hit(tables: FalloutTables, target: Combatant, faces: tuple[int, ...], bonus: int, damage_type: str,
               divisor: int = 1, label: str = "") -> Hit:
    """Work out one hit: the roll (divided for a spray), minus DT; half of what DT stops becomes fatigue [ours]."""
    rolled = max(0, (sum(faces) + bonus) // divisor)
    dt = threshold(tables, target, damage_type)
    return Hit(target.id, faces, bonus, dt, max(0, rolled - dt), min(rolled, dt) // 2, divisor, label)


def deal(encounter: Encounter, target_id: str, hp: int, fatigue: int = 0, stun: int = 0) -> Encounter:
    """Take HP, add fatigue and stun; a broken torso turns damage into fatigue too; fall when dead or out."""
    target = encounter.get(target_id)
    state = fighter(target)
    if state.injury("torso") == "break":
        fatigue += hp
    vitals: Vitals = target.health
    after = replace(vitals, hp=vitals.hp - hp, fatigue=vitals.fatigue + fatigue, stun=vitals.stun + stun).settled()
    fallen = after.dead or after.passed_out
    changed = replace(target, health=after)
    if fallen and state.stance != "prone":
        changed = with_fighter(changed, replace(state, stance="prone"))
    return encounter.put(changed)


def harm_of(before: Encounter, after: Encounter, target_id: str) -> Harm:
    """Describe what ``target_id`` is left with, and whether they just died, passed out or fell."""
    old, new = before.get(target_id), after.get(target_id)
    vitals: Vitals = new.health
    was: Vitals = old.health
    fell = fighter(old).stance != "prone" and fighter(new).stance == "prone"
    return Harm(target_id, vitals.hp, vitals.fatigue, vitals.stun, vitals.dead and not was.dead,
                vitals.passed_out and not was.passed_out and not vitals.dead, vitals.winded, fell)


def drop_stances(encounter: Encounter, target_id: str, count: int) -> Encounter:
    """Drop the target ``count`` stances (stand → crouch → prone)."""
    target = encounter.get(target_id)
    state = fighter(target)
    index = min(len(STANCES) - 1, STANCES.index(state.stance) + count)
    return encounter.put(with_fighter(target, replace(state, stance=STANCES[index])))


def knock_back(encounter: Encounter, source: Hex, target_id: str, hexes: int) -> tuple[Encounter, Pushed | None]:
    """Drive a standing target ``hexes`` away from ``source``, stopping at walls, the edge and other combatants."""
    target = encounter.get(target_id)
    state = fighter(target)
    start = state.place()
    if start is None or state.stance != "stand" or hexes <= 0:
        return encounter, None
    field = field_of(encounter)
    way = direction_between(source, start)
    here = start
    for _ in range(hexes):
        step = neighbour(here, way)
        if not field.on_map(step) or field.wall(step) or occupant(encounter, step) is not None:
            break
        here = step
    moved = encounter.put(with_fighter(target, replace(state, hex=here.name)))
    return moved, Pushed(target_id, start.name, here.name, distance(start, here))


def injure(encounter: Encounter, target_id: str, part: str, damage: int) -> tuple[Encounter, Injured]:
    """Maim (damage under 10% of max HP, none past DT included [seed]) or break (10% or more) a body part.

    A torso newly broken takes the attack's damage as fatigue too [seed].
    """
    damage = max(0, damage)
    target = encounter.get(target_id)
    vitals: Vitals = target.health
    state = fighter(target)
    level = "break" if damage * 10 >= vitals.max_hp else "maim"
    old = next((i for i in state.injuries if i.part == part), None)
    if old is not None and old.level == "break":
        level = "break"
    bleed = (old.bleed if old else 0) + (damage // 10 if part == "torso" else 0)
    injuries = (*(i for i in state.injuries if i.part != part), Injury(part, level, bleed))
    changed = replace(state, injuries=injuries)
    whammy = part in PAIRS and changed.injury(PAIRS[part]) is not None
    prone = (part == "groin" and level == "break") or (
        whammy and part.endswith("leg") and level == "break" and changed.injury(PAIRS[part]) == "break")
    if prone:
        changed = replace(changed, stance="prone")
    encounter = encounter.put(with_fighter(target, changed))
    if part == "torso" and level == "break" and (old is None or old.level != "break"):
        # "Any damage inflicted on the target is also applied as fatigue" [seed]: the breaking blow's own too.
        encounter = deal(encounter, target_id, 0, fatigue=damage)
    return encounter, Injured(target_id, part, level, whammy)
