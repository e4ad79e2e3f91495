"""Getting back on one's feet after a sweep.

[ours] A knocked-down fighter is ``prone`` (-1 to melee offence and defence) for the rest of the element he fell in
and the whole next one, then up again by himself. He may instead spend an element's action to stand at once:
the ``stand`` move ends ``prone`` and takes the element (no exchange, no other action). A fighter pinned in a
lock must break free first; an Incapacitated one can only crawl, so he cannot stand even when straining.
"""

from __future__ import annotations

from combat.errors import CannotAct, RulesError
from combat.model import Encounter
from combat.system import ActionOutcome, Intent
from combat.systems.farscape.grapple import PINNED
from combat.systems.farscape.melee_hits import PRONE
from combat.systems.farscape.melee_results import StandResult
from combat.systems.farscape.wounds import Health

__all__ = ["resolve_stand"]

_UNABLE = ("frozen", "unconscious", "out")


def resolve_stand(encounter: Encounter, intent: Intent) -> ActionOutcome:
    """Stand up from prone; it takes the element."""
    actor = encounter.get(intent.actor)
    health: Health = actor.health
    if any(actor.has(n) for n in _UNABLE) or health.incapacitated:
        raise CannotAct(f"{actor.name} is in no state to get up.")
    prone = actor.condition(PRONE)
    if prone is None:
        raise RulesError(f"{actor.name} is already on their feet.")
    if actor.has(PINNED):
        raise RulesError(f"{actor.name} is pinned in a lock; break free (escape) before standing.")
    return ActionOutcome(encounter.put(actor.without(PRONE)), StandResult(actor.id, prone), ends_turn=True)
