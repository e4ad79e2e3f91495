"""When a stun penalty's elements are counted from: the victim's next action, if he is still to act this element.

[seed] "Dazed: -1 penalty to all actions for one element"; "Very Stunned: -2 penalty for two elements, then down to
-1 for the element after that". A stun is kept as a condition counted in elements (``wounds.stun_condition``): the
rest of the element it was taken in and N more, which is N elements of the victim's actions when he has acted this
element already (or never will: frozen, unconscious). A victim still to act this element (a later place in the
order, or an action held) would so take it on N + 1 actions: his penalty counts from that action instead, the
element he is hit in being the first of the N, even if he then lets his turn pass. A partner of the striker's own
moment acts as he was (moment.py), so his counts from the next element, as for those who have acted.
"""

from __future__ import annotations

from combat.model import Encounter
from combat.systems.farscape.strain import able

__all__ = ["acts_later"]


def acts_later(encounter: Encounter, victim: str) -> bool:
    """Tell whether the victim still acts later this element: a later place in the order, or an action held."""
    turns = encounter.turns
    later = victim in turns.held or any(victim in slot.waiting for slot in turns.queue[1:])
    return later and able(encounter.get(victim))
