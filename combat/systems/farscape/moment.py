"""Acting at the same time: partners of one Initiative slot each act as they were, whatever the other did first.

[seed] "Characters with the same Initiative compare their Agility; again, the highest acts first and so on. A tie
here means they act at the same time." Fray gives such partners one shared turn, in which each acts when his
player types; so that the first to type does not act "before" the other, a partner who has not acted yet and is
wounded by another partner's move (a shot, a grenade, a charge, or a blow at a minion, who does not roll) still
acts this element as he was: the wound's new penalties leave his rolls alone until he has acted, and if it took
him out he still gets that action. The wound itself is marked at once, and counts from his action on.

[ours] A fighter who rolled in the exchange that hurt him struck his blow at that same moment (blows at equal
Initiative land together): that blow was his part, and nothing is kept for him. The mark lasts until he has acted,
at most to the end of the element.
"""

from __future__ import annotations

from combat.errors import UnknownName
from combat.frozen import replace
from combat.model import Combatant, Condition, Encounter
from combat.system import ActionOutcome, Intent
from combat.systems.farscape.harm import SAME_MOMENT, wound_penalty
from combat.systems.farscape.melee_results import ExchangeResult
from combat.systems.farscape.strain import able

__all__ = ["at_same_moment"]


def _rolled(result: object) -> frozenset[str]:
    """Return who rolled in the move: the fighters of an exchange who struck their blow at that moment."""
    if isinstance(result, ExchangeResult):
        return frozenset(side.combatant for side in result.sides if side.roll is not None)
    return frozenset()


def _kept(was: Combatant, now: Combatant) -> Combatant | None:
    """Return the partner marked to act as he was, or None when the move changed nothing he acts with."""
    taken = wound_penalty(was) - wound_penalty(now)
    down = able(was) and not able(now)
    if taken <= 0 and not down:
        return None
    mark = now.condition(SAME_MOMENT)
    value = (mark.value if mark is not None else 0) + max(taken, 0)
    return now.with_condition(Condition(SAME_MOMENT, value=value, elements=1))


def at_same_moment(before: Encounter, intent: Intent, outcome: ActionOutcome) -> ActionOutcome:
    """Mark the actor's slot partners his move wounded, and end the actor's own mark once he has acted."""
    slot = before.turns.current
    if outcome.ask is not None or slot is None or intent.actor not in slot.waiting or not outcome.ends_turn:
        return outcome
    after = outcome.encounter
    rolled = _rolled(outcome.result)
    marked: list[Combatant] = []
    for partner in slot.waiting:
        if partner == intent.actor or partner in rolled:
            continue
        try:
            was, now = before.get(partner), after.get(partner)
        except UnknownName:
            continue
        kept = None if was is now else _kept(was, now)  # the move left him alone: nothing to keep
        if kept is not None:
            marked.append(kept)
    try:
        actor = after.get(intent.actor)
    except UnknownName:
        actor = None
    done = actor is not None and actor.has(SAME_MOMENT)
    if not marked and not done:
        return outcome
    if done and actor is not None:
        marked.append(actor.without(SAME_MOMENT))
    result = outcome.result
    names = tuple(c.id for c in marked if c.id != intent.actor)
    if names and hasattr(result, "same_moment"):
        result = replace(result, same_moment=names)
    return replace(outcome, encounter=after.put(*marked), result=result)
