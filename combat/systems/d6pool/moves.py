"""The d6 pool moves besides the attack: full defence (dodge or block), standing up, escaping, letting go, retreat."""

from __future__ import annotations

from collections.abc import Callable

from combat.dice import DiceSource
from combat.errors import CannotAct
from combat.intent import Intent
from combat.model import Condition, Encounter
from combat.options import OptionSpec
from combat.system import ActionOutcome, MoveSpec
from combat.systems.d6pool.initiative import able
from combat.systems.d6pool.model import DEFENDING, HELD, PRONE, RETREATED, RoundState
from combat.systems.d6pool.results import Moved
from combat.systems.d6pool.spend import release_holds, strength_contest
from combat.systems.d6pool.tables import D6Tables

__all__ = ["MOVES", "RESOLVERS"]

_FULL = "no attacks this round, may retreat; defends with one die more (and his skill, except against a shot)"
MOVES: tuple[MoveSpec, ...] = (
    MoveSpec("attack", "Attack: melee, ranged or psionic by the weapon or power used.",
             (OptionSpec("weapon", "The weapon or power (one you carry; default: the one ready).",
                         source="weapons"),)),
    MoveSpec("dodge", f"Full defence, dodging: declared before the round's first attack; {_FULL}.",
             targets=0, reaction=True),
    MoveSpec("block", f"Full defence, blocking: declared before the round's first attack; {_FULL}.",
             targets=0, reaction=True),
    MoveSpec("stand", "Get up after being knocked down or thrown (an action).", targets=0),
    MoveSpec("escape", "Break a hold: your Strength dice must beat the holder's (an action).", targets=0),
    MoveSpec("letgo", "Let go of whoever you hold (any time).", targets=0, reaction=True),
    MoveSpec("retreat", "Leave the fight while on full defence (an action).", targets=0),
)

Resolver = Callable[[Encounter, Intent, D6Tables, DiceSource], ActionOutcome]


def _full_defence(encounter: Encounter, intent: Intent, tables: D6Tables, dice: DiceSource) -> ActionOutcome:
    """Declare full defence for the round: only before anyone has rolled an attack this round."""
    actor = encounter.get(intent.actor)
    state = encounter.state if isinstance(encounter.state, RoundState) else RoundState()
    if not able(actor):
        raise CannotAct(f"{actor.name} cannot act this round.")
    if actor.has(DEFENDING):
        raise CannotAct(f"{actor.name} is already on full defence this round.")
    if state.attacked:
        raise CannotAct("Full defence is declared at the start of the round, before any attack is rolled; "
                        "an attack has been rolled this round.")
    if _had_a_turn(encounter, actor.id):
        raise CannotAct(f"Full defence is declared at the start of the round; {actor.name} has had a turn this "
                        "round already.")
    defending = actor.with_condition(Condition(DEFENDING, elements=1, source=intent.move))
    return ActionOutcome(encounter.put(defending), Moved(actor.id, intent.move))


def _had_a_turn(encounter: Encounter, combatant: str) -> bool:
    """Tell whether one of the combatant's counts has passed this round (he acted, or let it go)."""
    entry = next((e for e in encounter.turns.order if e.combatant == combatant), None)
    return entry is not None and len(encounter.turns.to_come(combatant)) < len(entry.counts)


def _stand(encounter: Encounter, intent: Intent, tables: D6Tables, dice: DiceSource) -> ActionOutcome:
    actor = encounter.get(intent.actor)
    if not actor.has(PRONE):
        raise CannotAct(f"{actor.name} is not down on the ground.")
    return ActionOutcome(encounter.put(actor.without(PRONE)), Moved(actor.id, "stand"))


def _escape(encounter: Encounter, intent: Intent, tables: D6Tables, dice: DiceSource) -> ActionOutcome:
    actor = encounter.get(intent.actor)
    held = actor.condition(HELD)
    if held is None or held.source is None:
        raise CannotAct(f"{actor.name} is not held.")
    contest = strength_contest(actor, encounter.get(held.source), tables, dice)
    after = encounter.put(actor.without(HELD)) if contest.won else encounter
    return ActionOutcome(after, Moved(actor.id, "escape", contest=contest, other=held.source))


def _let_go(encounter: Encounter, intent: Intent, tables: D6Tables, dice: DiceSource) -> ActionOutcome:
    actor = encounter.get(intent.actor)
    after, freed = release_holds(encounter, actor.id)
    if not freed:
        raise CannotAct(f"{actor.name} is holding nobody.")
    return ActionOutcome(after, Moved(actor.id, "letgo", other=freed[0]))


def _retreat(encounter: Encounter, intent: Intent, tables: D6Tables, dice: DiceSource) -> ActionOutcome:
    actor = encounter.get(intent.actor)
    if not actor.has(DEFENDING):
        raise CannotAct(f"{actor.name} may retreat only on full defence (declared at the start of a round).")
    if actor.has(HELD):
        raise CannotAct(f"{actor.name} is held: break free first (/act move:escape).")
    after, _ = release_holds(encounter.put(actor.with_condition(Condition(RETREATED))), actor.id)
    return ActionOutcome(after, Moved(actor.id, "retreat"))


RESOLVERS: dict[str, Resolver] = {
    "dodge": _full_defence, "block": _full_defence, "stand": _stand, "escape": _escape, "letgo": _let_go,
    "retreat": _retreat,
}
