"""What every Farscape attack shares: trait levels, current penalties and applying a wound to a combatant."""

from __future__ import annotations

from combat.dice import DiceSource
from combat.frozen import frozen, replace
from combat.fudge import Check, check
from combat.model import Combatant, Condition
from combat.systems.farscape.sheet import SPEC
from combat.systems.farscape.wounds import Health, Kind, WoundMark, mark, stun_condition, stun_penalty

__all__ = ["SAME_MOMENT", "Harm", "acts_at_same_moment", "apply_wound", "penalty", "trait", "wound_penalty"]

# A partner of the actor's Initiative slot wounded by the actor's move before acting himself: his own action this
# element comes "at the same time" [seed], so it keeps his earlier penalties (the value adds back what the wounds
# took) and he acts even if they took him out. See moment.py.
SAME_MOMENT = "same moment"


def acts_at_same_moment(combatant: Combatant) -> bool:
    """Tell whether the combatant still acts this element although a partner's move took him out (moment.py)."""
    return combatant.has(SAME_MOMENT) and not combatant.has("frozen")

# Willpower difficulty to stay conscious on newly reaching these levels [seed: "in most cases"; Fray always rolls].
# Very Stunned is left out: "In some cases the character may have to make a Good Willpower roll" [seed], the exception.
_KNOCKOUT_DL = {("lethal", "Very Hurt"): 1, ("lethal", "Incapacitated"): 2}


def trait(combatant: Combatant, name: str) -> int:
    """Return a combatant's level in a trait."""
    return SPEC.level(combatant.sheet, name)


def wound_penalty(combatant: Combatant) -> int:
    """Return the penalty the wounds give now: lethal wounds plus the stun penalty still in force."""
    health: Health = combatant.health
    return health.lethal_penalty + stun_penalty(combatant.condition("stun"))


def penalty(combatant: Combatant) -> int:
    """Return the current penalty to actions: the wounds', less any taken at the same moment as his own action."""
    moment = combatant.condition(SAME_MOMENT)
    return wound_penalty(combatant) + (moment.value if moment is not None else 0)


@frozen
class Harm:
    """A wound marked on a combatant, the Willpower roll it forced, and whether they are now out."""

    target: str
    wound: WoundMark
    willpower: Check | None
    unconscious: bool
    out: bool


def _worse_stun(current: Condition | None, new: Condition | None) -> Condition | None:
    """Keep the harsher stun penalty in force now; of two equal ones, the one that lasts longer."""
    if new is None or current is None:
        return new or current
    if (stun_penalty(new), -(new.elements or 0)) <= (stun_penalty(current), -(current.elements or 0)):
        return new
    return current


def apply_wound(
    combatant: Combatant, kind: Kind, damage: int, dice: DiceSource, later: bool = False
) -> tuple[Combatant, Harm]:
    """Mark ``damage`` on the combatant's track, set stun penalties and roll Willpower against blacking out.

    ``later``: he still acts later in this element, so a stun's elements count from that action (stun_clock.py).
    """
    health, wound = mark(combatant.health, kind, damage)
    updated = replace(combatant, health=health)
    if kind == "stun" and wound.marked is not None:
        stun = _worse_stun(updated.condition("stun"), stun_condition(wound.marked, later))
        if stun is not None:
            updated = updated.with_condition(stun)
    roll = None
    difficulty = _KNOCKOUT_DL.get((kind, wound.marked or ""))
    if difficulty is not None and wound.before != wound.after and not updated.has("unconscious"):
        roll = check(dice, "willpower", trait(updated, "willpower"), difficulty)
        if not roll.success:
            updated = updated.with_condition(Condition("unconscious"))
    if health.knocked_out and not updated.has("unconscious"):
        updated = updated.with_condition(Condition("unconscious"))
    out = updated.has("unconscious") or health.incapacitated
    return updated, Harm(combatant.id, wound, roll, updated.has("unconscious"), out)
