"""When a stun penalty's elements are counted from: the victim's next action, if he is still to act this element.

[seed] "Dazed: -1 penalty to all actions for one element"; "Very Stunned: -2 penalty for two elements, then down to
-1 for the element after that". A stun is kept as a condition counted in elements (``wounds.stun_condition``): the
rest of the element it was taken in and N more, which is N elements of the victim's actions when he has acted this
element already. A victim still to act this element (a later place in the order, or an action held) would so take
it on N + 1 actions: his penalty counts from that action instead, the element he is hit in being the first of the
N. A partner of the actor's own moment acts as he was (moment.py), so his counts from the next element, as for
those who have acted.
"""

from __future__ import annotations

from combat.errors import UnknownName
from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.system import ActionOutcome

__all__ = ["STUN", "from_next_action"]

STUN = "stun"


def _to_act(encounter: Encounter) -> set[str]:
    """Return who still acts later this element: a later place in the order, or an action held."""
    return {a for slot in encounter.turns.queue[1:] for a in slot.waiting} | set(encounter.turns.held)


def _counted(was: Combatant, now: Combatant) -> Combatant | None:
    """Return the victim with his new stun one element shorter, or None when the move set him no new stun."""
    stun = now.condition(STUN)
    if stun is None or stun is was.condition(STUN) or not stun.elements or stun.elements < 2:
        return None
    return now.with_condition(replace(stun, elements=stun.elements - 1))


def from_next_action(before: Encounter, outcome: ActionOutcome) -> ActionOutcome:
    """Count each new stun of a victim still to act this element from his action (one element fewer to run)."""
    after = outcome.encounter
    counted: list[Combatant] = []
    for victim in _to_act(before):
        try:
            was, now = before.get(victim), after.get(victim)
        except UnknownName:
            continue
        shorter = None if was is now else _counted(was, now)
        if shorter is not None:
            counted.append(shorter)
    return replace(outcome, encounter=after.put(*counted)) if counted else outcome
