"""The Deryni moves with no opponent: an all-out defence declared on one's turn, and picking up a dropped item."""

from __future__ import annotations

from combat.dice import DiceSource
from combat.errors import CannotAct
from combat.model import Encounter
from combat.options import same_name
from combat.system import ActionOutcome, Intent
from combat.systems.deryni.defence import all_out_refusal
from combat.systems.deryni.gear import SHIELD, item_name
from combat.systems.deryni.powers import meditate
from combat.systems.deryni.results import AllOut, PickedUp
from combat.systems.deryni.state import fighter, put_fighter
from combat.systems.deryni.tables import DeryniTables

__all__ = ["all_out", "pick_up"]


def all_out(encounter: Encounter, intent: Intent) -> ActionOutcome:
    """Give the round's action to an all-out defence: two defences without penalty this round."""
    actor = encounter.get(intent.actor)
    refused = all_out_refusal(encounter, actor)
    if refused:
        raise CannotAct(f"{refused}.")
    return ActionOutcome(put_fighter(encounter, actor.id, all_out=True), AllOut(actor.id))


def pick_up(encounter: Encounter, intent: Intent, tables: DeryniTables, dice: DiceSource) -> ActionOutcome:
    """Pick up an item of one's own from the floor (the round's action); a weapon goes back in hand."""
    actor = encounter.get(intent.actor)
    state = fighter(actor)
    if not state.dropped:
        raise CannotAct(f"{actor.name} has nothing on the floor to pick up.")
    wanted = intent.options.get("item")
    item = state.dropped[0]
    if isinstance(wanted, str):
        named = [d for d in state.dropped if same_name(wanted, d) or same_name(wanted, item_name(actor, tables, d))]
        if not named:
            raise CannotAct(f"{actor.name} has no '{wanted}' on the floor; there is {', '.join(state.dropped)}.")
        item = named[0]
    dropped = list(state.dropped)
    dropped.remove(item)
    wielding = state.wielding if item == SHIELD else item
    encounter = put_fighter(encounter, actor.id, dropped=tuple(dropped), wielding=wielding)
    encounter, checked = meditate(encounter, (actor.id,), dice)
    return ActionOutcome(encounter, PickedUp(actor.id, item, item_name(actor, tables, item), checked))
