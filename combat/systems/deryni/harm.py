"""A blow that lands (section 4.3): the damage value, the armour, the wound, and what a special attack makes of it.

Damage = relative degree + Strength + weapon (+1 sharp, -1 bare body); an attack result that does not beat the
armour's difficulty adds the armour's (negative) modifier. A called shot's Critical wound disables the limb; a
Mortal one severs it and is recorded as Critical. A knock-out blow that does a Critical wound (or worse, with the
Strength check to pull it made) knocks the target out: recorded as Critical, with no Death Test [ours] unless he was
injured already ("If the opponent is already injured, he may die anyways" [seed]: the Critical wound's test). A Mortal
wound is Near Death: unconscious at once.
"""

from __future__ import annotations

from combat.dice import DiceSource
from combat.frozen import replace
from combat.intent import Reaction
from combat.model import Combatant, Encounter
from combat.systems.deryni import death
from combat.systems.deryni.health import CRITICAL, MORTAL, Wound, level_for_damage
from combat.systems.deryni.results import Damage, Harm, Pause
from combat.systems.deryni.rolls import Check, Rolled
from combat.systems.deryni.sheet import SPEC
from combat.systems.deryni.tables import DeryniTables, Weapon

__all__ = ["PULL_DIFFICULTY", "damage", "land"]

PULL_DIFFICULTY = 1  # a Good Strength check pulls a knock-out blow [seed]


def damage(attack: Rolled, margin: int, attacker: Combatant, weapon: Weapon, target: Combatant,
           tables: DeryniTables) -> Damage:
    """Work out the damage value of a blow with relative degree ``margin``."""
    strength = SPEC.level(attacker.sheet, "strength")
    edge = 1 if weapon.sharp else -1 if weapon.body else 0
    armour = tables.armour.get(target.sheet.armour or "")
    if armour is None:
        return Damage(margin, strength, edge)
    beaten = attack.result > armour.difficulty
    return Damage(margin, strength, edge, armour.name, armour.difficulty, beaten, 0 if beaten else armour.modifier)


def recorded_wound(rolled: int, special: str | None, location: str | None, pull: Check | None) -> tuple[int, str | None,
                                                                                                   bool]:
    """Return the wound recorded, what happened to a called shot's limb, and whether a knock-out blow took."""
    if special == "knockout" and (rolled == CRITICAL or (rolled == MORTAL and pull is not None and pull.success)):
        return CRITICAL, None, True
    if location is not None and rolled == MORTAL:
        return CRITICAL, "severed", False
    if location is not None and rolled == CRITICAL:
        return CRITICAL, "disabled", False
    return rolled, None, False


def _hurt(target: Combatant, level: int, location: str | None, limb: str | None, knocked_out: bool) -> Combatant:
    health = target.health.wounded(Wound(level, location=location))
    if limb == "disabled" and location is not None:
        health = replace(health, disabled=(*health.disabled, location))
    if limb == "severed" and location is not None:
        health = replace(health, severed=(*health.severed, location))
    if knocked_out or level == MORTAL:
        health = replace(health, unconscious=True, knocked_out=knocked_out or health.knocked_out)
    return replace(target, health=health)


def land(encounter: Encounter, target_id: str, value: Damage, dice: DiceSource, *, special: str | None = None,
         location: str | None = None, pull: Check | None = None,
         checks: tuple[str, ...] = ()) -> tuple[Encounter, Harm, Reaction | None, Pause | None]:
    """Record the wound a blow does and start its Death Test (which may wait for a FUDGE-point choice)."""
    rolled = level_for_damage(value.total)
    level, limb, knocked_out = recorded_wound(rolled, special, location, pull)
    injured = bool(encounter.get(target_id).health.wounds)  # "If the opponent is already injured, he may die" [seed]
    encounter = encounter.put(_hurt(encounter.get(target_id), level, location, limb, knocked_out))
    test = None
    ask = None
    pause = None
    if not knocked_out or injured:
        encounter, test, ask, pause = death.begin(encounter, target_id, level, dice, checks)
    harm = Harm(target_id, value, rolled, level, location, limb, knocked_out, pull,
                knocked_out or level == MORTAL, test, ask is not None)
    return encounter, harm, ask, pause
