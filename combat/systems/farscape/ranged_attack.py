"""One Farscape ranged attack roll against one target: how the target defends, whether it hits, and the wound.

The defence, in order of precedence:
* ``warning``: a minion's first shot of the fight is rolled against the range DL and harms nobody [ours];
* ``melee``: a target engaged in a melee is hit Unopposed, the range DL raised by the target's Agility [ours];
  a miss by exactly one hits the first other combatant in that melee (success level 0) [ours];
* ``minion``: minions never dodge: Unopposed against their Agility (less wounds), the success level counted from
  it, and the result must also reach the range DL [seed], unaware or frozen too (not once unconscious, out or
  Incapacitated) [seed];
* ``unaware``: option aware=no, or a frozen, unconscious or incapacitated target: Unopposed against the range DL;
* ``none``: the target's player chose to take it (no dodge): Unopposed against the range DL (see choices.py);
* ``dodge``: Opposed against the target's element dodge (a free Agility dodge is rolled after the attacker's
  dice when none was declared [ours]); the result must also reach the range DL.
Dice order: the attacker's 4dF, then any free dodge, then any Willpower roll the wound forces.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from combat.dice import DiceSource
from combat.fudge import TraitRoll, roll_trait
from combat.model import Combatant, Encounter
from combat.systems.farscape.damage import Damage, damage
from combat.systems.farscape.engagement import engaged_with
from combat.systems.farscape.harm import Harm, apply_wound, penalty, trait
from combat.systems.farscape.ranged_common import Modifier, armour_for, can_defend, is_minion, total
from combat.systems.farscape.ranged_dodge import DodgeUse, use_dodge
from combat.systems.farscape.stun_clock import acts_later
from combat.systems.farscape.tables import FarscapeTables
from combat.systems.farscape.wounds import Health

__all__ = ["Attack", "DamageProfile", "Defence", "Firing", "fire_at", "melee_partners", "strike"]

Defence = Literal["warning", "melee", "unaware", "minion", "none", "dodge"]


@dataclass(frozen=True)
class DamageProfile:
    """What a hit does before armour: Damage Rating, type, quality, Strength (muscle weapons) and extra bonus."""

    rating: int
    damage_type: str
    quality: int = 0
    strength: int | None = None
    bonus: int = 0
    stun: bool = False


@dataclass(frozen=True)
class Firing:
    """What every attack roll of one action shares: the skill, modifiers, range DL, location and flags."""

    actor: str
    skill: str
    level: int
    modifiers: tuple[Modifier, ...]
    range: int
    thrown: int
    profile: DamageProfile
    location: str = "torso"
    aware: bool = True
    melee: tuple[str, ...] | None = None
    no_melee: bool = False
    warning: bool = False
    taken: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Attack:
    """One attack roll at one target: the defence met, the margin, who was struck and the wound."""

    target: str
    shot: int
    roll: TraitRoll
    modifiers: tuple[Modifier, ...]
    defence: Defence
    dodge: DodgeUse | None
    difficulty: int
    minimum: int
    margin: int
    hit: bool
    struck: str | None
    damage: Damage | None
    harm: Harm | None


def _fighting(combatant: Combatant) -> bool:
    """Tell whether a combatant is still in a melee: not unconscious, out or Incapacitated (frozen still is)."""
    health: Health = combatant.health
    return not (combatant.has("unconscious") or combatant.has("out") or health.incapacitated)


def melee_partners(encounter: Encounter, target: Combatant, named: tuple[str, ...] | None, actor: str) -> tuple[
    str, ...
] | None:
    """Return who else is in the target's melee (None: not in one) [ours].

    The option's names come first, then everyone the target is engaged with, then whoever is engaged with the
    target; ``named == ()`` means option melee=yes, ``None`` that the option was not given. Partners who are
    frozen still count; those unconscious, out, Incapacitated or removed do not, and a target taken out is in no
    melee himself: he is no longer "engaged in an armed or unarmed fight" [seed]. A target engaged with the shooter
    alone is in a melee too ("fires at another character currently engaged in an armed or unarmed fight" [seed]
    names no one else), with nobody else in it: the shot is Unopposed against his Agility, a miss by one hits no one.
    """
    if not _fighting(target):
        return None
    # Every engagement still running counts, each foe's, not only his latest foe's (an exchange engages the two
    # for the rest of that element and the whole next one, §4.6).
    found = [*(named or ()), *engaged_with(target)]
    found += [other.id for other in encounter.combatants if target.id in engaged_with(other)]
    # [ours] Only those still in the fight count: a partner taken out (or removed) has left the melee.
    present = {c.id: c for c in encounter.combatants}
    partners = tuple(
        dict.fromkeys(p for p in found if p not in (target.id, actor) and p in present and _fighting(present[p]))
    )
    if named is None and not partners and actor not in found:
        return None
    return partners


def defence_of(firing: Firing, target: Combatant, partners: tuple[str, ...] | None) -> tuple[Defence, int]:
    """Pick how the target defends, and the Difficulty Level of an Unopposed roll (the range DL if Opposed)."""
    if firing.warning:
        return "warning", firing.range
    if partners is not None:
        return "melee", firing.range + trait(target, "agility")
    if is_minion(target) and _fighting(target):
        # [seed] "All attacks are effectively Unopposed, using the appropriate trait ... as the difficulty": unaware
        # or frozen, a minion is shot at against his Agility as in melee (melee_strikes), and the success level is
        # counted from it; the range DL is still the minimum result, as for any aware target [seed]. His wounds
        # lower it as they lower his diceless defence in melee [ours].
        return "minion", trait(target, "agility") + penalty(target)
    if not firing.aware or not can_defend(target):
        return "unaware", firing.range
    if target.id in firing.taken:
        return "none", firing.range
    return "dodge", firing.range


def strike(
    victim: Combatant, tables: FarscapeTables, profile: DamageProfile, success: int, location: str, dice: DiceSource,
    later: bool = False,
) -> tuple[Combatant, Damage, Harm | None]:
    """Work out the damage against the victim's armour and mark the wound (none when it is 0 or less).

    ``later``: the victim still acts later in this element (stun_clock.py).
    """
    armour_class, rating = armour_for(victim, tables, location)
    value = damage(
        rating=profile.rating,
        success=success,
        damage_type=profile.damage_type,
        strength=profile.strength,
        quality=profile.quality,
        armour_class=armour_class,
        armour_rating=rating,
        bonus=profile.bonus,
    )
    if value.value <= 0:
        return victim, value, None
    victim, harm = apply_wound(victim, "stun" if profile.stun else "lethal", value.value, dice, later)
    return victim, value, harm


def fire_at(
    encounter: Encounter, tables: FarscapeTables, firing: Firing, target_id: str, shot: int, recoil: int,
    dice: DiceSource,
) -> tuple[Encounter, Attack]:
    """Roll one attack at one target and apply its wound."""
    target = encounter.get(target_id)
    mods = (*firing.modifiers, Modifier("recoil", recoil)) if recoil else firing.modifiers
    partners = None if firing.no_melee else melee_partners(encounter, target, firing.melee, firing.actor)
    defence, difficulty = defence_of(firing, target, partners)
    roll = roll_trait(dice, firing.skill, firing.level, total(mods))
    use = None
    if defence == "dodge":
        target, use = use_dodge(target, firing.thrown, dice)
        encounter = encounter.put(target)
        margin = roll.result - use.value
        hit = margin >= 1 and roll.result >= firing.range
    else:
        margin = roll.result - difficulty
        hit = margin >= 0 and defence != "warning" and (defence != "minion" or roll.result >= firing.range)
    struck, success = (target.id, margin) if hit else (None, 0)
    location = firing.location
    if not hit and defence == "melee" and margin == -1 and partners:
        struck, location = partners[0], "torso"
    wound: Damage | None = None
    harm: Harm | None = None
    if struck is not None:
        victim, wound, harm = strike(encounter.get(struck), tables, firing.profile, success, location, dice,
                                     acts_later(encounter, struck))
        encounter = encounter.put(victim)
    attack = Attack(
        target.id, shot, roll, mods, defence, use, difficulty, firing.range, margin, hit, struck, wound, harm
    )
    return encounter, attack
