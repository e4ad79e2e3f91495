"""Straining while Incapacitated: a GM-granted Great Willpower roll to act, at the -3 of the wound.

The seed: an Incapacitated character can do little but speak and crawl; "in some cases" a more complex action
is possible on a Great Willpower roll, and it has a -3 penalty.

[ours] "In some cases" is the GM's call: the GM grants it with the ``strain`` condition (``allow_strain``). Only
a conscious Incapacitated combatant holding it gets a place in the turn order; everyone else Incapacitated is
skipped. [seed] "More complex actions" names no kind of action, so on his turn he may fight hand to hand, shoot
or throw, throw a grenade, set off a charge or reload: before the move he rolls Willpower against Great; a
failure spends the element with nothing done, a success lets the move go ahead. The seed's -3 is the
Incapacitated wound penalty, already applied to every roll as "wounds", so no second -3 is added. The Willpower
roll itself is not lowered by wounds, like the rolls against blacking out. The grant lasts until the GM
withdraws it or the combatant is healed above Incapacitated.
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.dice import DiceSource
from combat.fudge import Check, check
from combat.model import Combatant, Condition, Encounter
from combat.system import ActionOutcome
from combat.systems.farscape.harm import SAME_MOMENT, trait
from combat.systems.farscape.wounds import Health

__all__ = ["STRAIN", "STRAIN_DIFFICULTY", "StrainResult", "able", "allow_strain", "can_strain", "roll_strain",
           "strain_to_act", "straining"]

STRAIN = "strain"
STRAIN_DIFFICULTY = 2  # Great
_UNABLE = ("frozen", "unconscious", "out")


@dataclass(frozen=True)
class StrainResult:
    """An Incapacitated fighter's failed Great Willpower roll: the element is spent and nothing happens."""

    actor: str
    move: str
    targets: tuple[str, ...]
    willpower: Check


def straining(combatant: Combatant) -> bool:
    """Tell whether the combatant is Incapacitated and must strain (roll Willpower) to act."""
    health: Health = combatant.health
    return health.incapacitated


def can_strain(combatant: Combatant) -> bool:
    """Tell whether an Incapacitated combatant may try to act: granted, conscious, not frozen, not Near Death."""
    health: Health = combatant.health
    awake = not combatant.has_any(*_UNABLE) and not health.knocked_out
    return health.incapacitated and awake and combatant.has(STRAIN)


def able(combatant: Combatant) -> bool:
    """Tell whether the combatant can act by his state: not frozen, unconscious or out; Incapacitated only to strain."""
    blocked = combatant.has_any("frozen", "unconscious", "out")
    health: Health = combatant.health
    return not blocked and (not health.incapacitated or can_strain(combatant))


def roll_strain(dice: DiceSource, combatant: Combatant) -> Check:
    """Roll the combatant's Willpower against Great to act while Incapacitated."""
    return check(dice, "willpower", trait(combatant, "willpower"), STRAIN_DIFFICULTY)


def allow_strain(encounter: Encounter, combatant_id: str, allowed: bool = True) -> Encounter:
    """Grant (or withdraw) a combatant the GM's leave to strain while Incapacitated."""
    combatant = encounter.get(combatant_id)
    changed = combatant.with_condition(Condition(STRAIN)) if allowed else combatant.without(STRAIN)
    return encounter.put(changed)


def strain_to_act(
    encounter: Encounter, actor: Combatant, move: str, targets: tuple[str, ...], dice: DiceSource
) -> tuple[Check | None, ActionOutcome | None]:
    """Roll a straining actor's Great Willpower before his move: the roll, and the spent element on a failure.

    An actor felled by a partner of his Initiative acts as he was, at the same moment: he rolls nothing (moment.py).
    """
    if not straining(actor) or actor.has(SAME_MOMENT):
        return None, None
    roll = roll_strain(dice, actor)
    if roll.success:
        return roll, None
    return roll, ActionOutcome(encounter, StrainResult(actor.id, move, targets, roll))
