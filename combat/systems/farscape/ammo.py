"""Farscape ammunition and reloading: magazines tracked as conditions, and a reload that takes the element.

[ours] Rounds are tracked only for weapons with a magazine, as ``Condition("ammo:<weapon key>", value=rounds
left)``; a weapon without that condition is full. Two weapons of the same key share one count.
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.dice import DiceSource
from combat.errors import CannotAct, RulesError
from combat.fudge import Check
from combat.model import Combatant, Condition, Encounter
from combat.system import ActionOutcome, Intent
from combat.systems.farscape.ranged_common import carried_weapon, key_option, require_able
from combat.systems.farscape.ranged_dodge import DODGE, act_while_dodging
from combat.systems.farscape.strain import strain_to_act
from combat.systems.farscape.tables import FarscapeTables, Weapon

__all__ = ["Reload", "ammo_condition", "resolve_reload", "rounds_left", "spend"]


def ammo_condition(weapon: Weapon) -> str:
    """Return the name of the condition counting a weapon's rounds."""
    return f"ammo:{weapon.key}"


def rounds_left(combatant: Combatant, weapon: Weapon) -> int | None:
    """Return the rounds left in a weapon's magazine, or None when its ammunition is not tracked."""
    if weapon.magazine == 0:
        return None
    held = combatant.condition(ammo_condition(weapon))
    return weapon.magazine if held is None else held.value


def spend(combatant: Combatant, weapon: Weapon, rounds: int) -> Combatant:
    """Take ``rounds`` out of the weapon's magazine; refuse when there are not enough."""
    left = rounds_left(combatant, weapon)
    if left is None:
        return combatant
    if left == 0:
        raise CannotAct(f"{combatant.name}'s {weapon.name} is empty; reload it first.")
    if left < rounds:
        raise CannotAct(f"{combatant.name}'s {weapon.name} has only {left} rounds left, not {rounds}.")
    return combatant.with_condition(Condition(ammo_condition(weapon), value=left - rounds))


@dataclass(frozen=True)
class Reload:
    """A weapon reloaded; ``dodge`` is the element's dodge after the −1 when the reloader was dodging."""

    actor: str
    weapon: str
    rounds: int
    dodge: int | None
    strain: Check | None = None  # an Incapacitated reloader's Great Willpower roll to act (strain.py)


def _to_reload(actor: Combatant, tables: FarscapeTables, key: str | None) -> Weapon:
    """Return the named weapon, or the first carried weapon with a magazine that is not full."""
    if key is not None:
        weapon = carried_weapon(actor, tables, key)
        if weapon.magazine == 0:
            raise RulesError(f"A {weapon.name} has no magazine to reload.")
        return weapon
    loaded = [tables.weapons[k] for k in actor.sheet.weapons if k in tables.weapons]
    magazines = [w for w in loaded if w.magazine > 0]
    for weapon in magazines:
        if rounds_left(actor, weapon) != weapon.magazine:
            return weapon
    if magazines:
        return magazines[0]
    raise RulesError(f"{actor.name} carries nothing that needs reloading.")


def resolve_reload(encounter: Encounter, intent: Intent, tables: FarscapeTables, dice: DiceSource) -> ActionOutcome:
    """Reload a weapon: it takes the element, and a dodge this element is one level lower."""
    actor = encounter.get(intent.actor)
    require_able(actor)
    weapon = _to_reload(actor, tables, key_option(intent.options, "weapon"))
    if rounds_left(actor, weapon) == weapon.magazine:
        raise RulesError(f"{actor.name}'s {weapon.name} is already fully loaded.")
    strain, spent = strain_to_act(encounter, actor, intent.move, (), dice)
    if spent is not None:
        return spent
    actor, _, _ = act_while_dodging(actor, "dodge")
    actor = actor.with_condition(Condition(ammo_condition(weapon), value=weapon.magazine))
    dodge = actor.condition(DODGE)
    result = Reload(actor.id, weapon.key, weapon.magazine, dodge.value if dodge else None, strain)
    return ActionOutcome(encounter.put(actor), result, ends_turn=True)
