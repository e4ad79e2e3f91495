"""Running over to another foe (the seed's Example 2): the round's action, and in place to fight him next round.

"Bob then spends his action to run over to the next target, and is in place the next round rather than having to
spend that round running" [seed]. Running is an active action: a power kept up needs its Meditation check [seed:
"Any active actions (actual fighting, running, yelling commands) require a Meditation check"].
"""

from __future__ import annotations

from combat.dice import DiceSource
from combat.errors import CannotAct, InvalidInput
from combat.model import Encounter
from combat.system import ActionOutcome, Intent
from combat.systems.deryni.gear import legs_free
from combat.systems.deryni.powers import meditate
from combat.systems.deryni.results import Ran
from combat.systems.deryni.state import fighter, put_fighter

__all__ = ["run_to"]


def run_to(encounter: Encounter, intent: Intent, dice: DiceSource) -> ActionOutcome:
    """Spend the round's action running to a foe: from the next round he is the runner's foe (and his, if free)."""
    actor = encounter.get(intent.actor)
    if len(intent.targets) != 1 or intent.targets[0] == actor.id:
        raise InvalidInput(f"{actor.name} cannot run over to themself: name one foe.")
    target = encounter.get(intent.targets[0])
    if target.side == actor.side:
        raise CannotAct(f"{target.name} is on {actor.name}'s side: run over to a foe.")
    if target.health.dead:
        raise CannotAct(f"{target.name} is dead.")
    if not legs_free(actor):
        raise CannotAct(f"{actor.name}'s leg is useless: no running.")
    encounter = put_fighter(encounter, actor.id, foe=target.id, paired=None)
    ids = {c.id for c in encounter.combatants if not c.health.out}
    if fighter(target).foe not in ids:
        encounter = put_fighter(encounter, target.id, foe=actor.id)
    encounter, checked = meditate(encounter, (actor.id,), dice)
    return ActionOutcome(encounter, Ran(actor.id, target.id, target.name, checked))
