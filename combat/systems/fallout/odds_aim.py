"""A Fallout attack on one target as it stands before the dice, read exactly as ``strike_one`` reads it.

The weapon and mode in hand, reach, sight and range from the map or the options, the ammunition loaded, an
overload's charges, every modifier of the roll, the number needed and the critical points spent beforehand.
Nothing is spent, turned or rolled.
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.errors import CannotAct
from combat.model import Combatant, Encounter
from combat.system import Intent
from combat.systems.fallout.actions import one_target, option_value, squared_up
from combat.systems.fallout.checks import modifiers
from combat.systems.fallout.crits import preset
from combat.systems.fallout.kit import choose_weapon
from combat.systems.fallout.state import fighter
from combat.systems.fallout.strike import needed_against, take_ammo
from combat.systems.fallout.tables import FalloutTables, Weapon

__all__ = ["Aim", "aim"]

_NOT_COUNTED = {"spray": "a spray's cone", "sweep": "a sweep's targets", "lob": "a lob at a hex"}


@dataclass(frozen=True)
class Aim:
    """An attack on one target as it stands before the dice: the weapon and mode, every modifier, what it needs."""

    actor: Combatant
    target: Combatant
    weapon: Weapon
    mode: str
    modifiers: tuple[tuple[str, int], ...]
    needed: int
    rounds: int
    charges: int
    spent: tuple[str, ...] | None


def aim(encounter: Encounter, intent: Intent, tables: FalloutTables) -> Aim:
    """Read the attack as ``strike_one`` does: the weapon in hand, reach, sight and range, ammunition, modifiers."""
    if intent.move != "attack":
        raise CannotAct(f"Fallout works out odds for /attack on one target, not {intent.move}.")
    actor = encounter.get(intent.actor)
    weapon, mode = choose_weapon(tables, actor, option_value(intent, "mode"), option_value(intent, "weapon"))
    if mode in _NOT_COUNTED or (weapon.blast and mode in ("throw", "lob")) or option_value(intent, "offhand"):
        what = _NOT_COUNTED.get(mode) or ("an explosion" if weapon.blast else "two weapons at once")
        raise CannotAct(f"Odds are worked out for one attack on one target; not for {what}.")
    target = one_target(encounter, intent)
    actor, seen = squared_up(encounter, actor, target, mode, intent.options)
    mods = modifiers(encounter, tables, actor, weapon, mode, target, seen, intent.options, intent.modifier)
    rounds = 0
    if weapon.magazine and mode in ("single", "double", "burst"):
        _, rounds, _ = take_ammo(encounter, actor, weapon, {"double": 2, "burst": weapon.burst}.get(mode, 1))
    charges = 1 + (fighter(actor).overloaded if mode == "single" else 0)
    allowed = ("damage", *weapon.crits) if mode not in ("disarm", "trip") else ()
    return Aim(actor, target, weapon, mode, tuple(mods), needed_against(target, mode), rounds, charges,
               preset(intent.options.get("crits"), allowed))
