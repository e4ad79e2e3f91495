"""Lobbing equipment to an ally: "to get the item into a specified hex" [seed], "to toss equipment to allies".

A lob of anything but an explosive is rolled as any lob [seed]: Melee, half the item's range, -4; it needs 10, as
a hex has no Evasion [ours]. A miss scatters like a grenade [ours]. An ally standing on the hex where it lands,
able to act and with free hands enough for it, catches it in hand with what is loaded in it; else it falls there
and is out of the fight, since Fray keeps no items on the map [ours]. It has no critical points: it does no harm.
"""

from __future__ import annotations

from collections.abc import Mapping

from combat.dice import DiceSource
from combat.errors import InvalidInput
from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.options import OptionValue
from combat.systems.fallout.aim import look, require_distance
from combat.systems.fallout.blast import scatter
from combat.systems.fallout.board import occupant
from combat.systems.fallout.checks import VERY_EASY, modifiers, roll_check
from combat.systems.fallout.hexgrid import parse_hex
from combat.systems.fallout.kit import carried, free_hands
from combat.systems.fallout.results import Attack, Landed
from combat.systems.fallout.state import fighter, with_fighter
from combat.systems.fallout.tables import FalloutTables, Weapon

__all__ = ["toss"]


def _catcher(encounter: Encounter, tables: FalloutTables, actor: Combatant, weapon: Weapon,
             where: str) -> Combatant | None:
    """Return the ally on ``where`` who can catch the item: able to act, with free hands enough [ours]."""
    other = occupant(encounter, parse_hex(where))
    if other is None or other.id == actor.id or other.side != actor.side:
        return None
    vitals = other.health
    if vitals.passed_out or vitals.stun > 0 or fighter(other).knocked_out:
        return None
    return other if free_hands(tables, fighter(other)) >= weapon.hands else None


def _hand_over(encounter: Encounter, actor: Combatant, weapon: Weapon, catcher: Combatant | None) -> Encounter:
    """Take the item out of the thrower's hand and kit; into the catcher's, loaded as it was (if anyone caught it)."""
    mine = fighter(actor)
    loaded = mine.loaded(weapon.key)
    hands = list(mine.hands)
    hands.remove(weapon.key)
    mine = replace(mine, hands=tuple(hands), spent=(*mine.spent, weapon.key))
    if loaded and carried(actor, weapon.key) <= 1:
        mine = mine.with_ammo(weapon.key, 0)
    encounter = encounter.put(with_fighter(actor, mine))
    if catcher is None:
        return encounter
    theirs = fighter(catcher)
    theirs = replace(theirs, hands=(*theirs.hands, weapon.key))
    if loaded and carried(catcher, weapon.key) == 0:
        theirs = theirs.with_ammo(weapon.key, loaded)
    sheet = replace(catcher.sheet, weapons=(*catcher.sheet.weapons, weapon.key))
    return encounter.put(replace(with_fighter(catcher, theirs), sheet=sheet))


def toss(encounter: Encounter, tables: FalloutTables, dice: DiceSource, actor: Combatant, weapon: Weapon,
         options: Mapping[str, OptionValue], gm: int) -> tuple[Encounter, Attack]:
    """Lob an item in hand at a hex: half range, -4, 10 to land it; a miss scatters; an ally there catches it."""
    at = options.get("at")
    if not isinstance(at, str):
        raise InvalidInput("Say where it goes: at:<hex> (an ally's hex to hand it over).")
    aim = parse_hex(at)
    seen = look(encounter, actor, aim, options, need_sight=False)
    require_distance(seen)
    mods = modifiers(encounter, tables, actor, weapon, "lob", None, seen, options, gm)
    check = roll_check(dice, actor, "lob", None, mods, VERY_EASY)
    miss = None if check.hit else scatter(encounter, aim, VERY_EASY - check.total, dice)
    where = miss.landed if miss is not None else aim.name
    catcher = _catcher(encounter, tables, actor, weapon, where)
    encounter = _hand_over(encounter, actor, weapon, catcher)
    landed = Landed(weapon.key, where, catcher.id if catcher is not None else None, miss)
    return encounter, Attack(actor.id, "toss", weapon.key, (check,), landed=landed)
