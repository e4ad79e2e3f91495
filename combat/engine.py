"""Drive any rule system through the turn model: begin, act, advance, hold, join and remove."""

from __future__ import annotations

from dataclasses import dataclass, replace

from combat import turns
from combat.dice import DiceSource
from combat.errors import CannotAct, NotYourTurn, RulesError
from combat.model import Combatant, Encounter
from combat.system import ActionOutcome, Intent, RoundStart, RuleSystem
from combat.turns import Advance

__all__ = ["Step", "TurnChange", "act", "add", "add_group", "begin", "hold", "next_turn", "release", "remove"]


@dataclass(frozen=True, slots=True)
class TurnChange:
    """How the turn moved: who was skipped, whose held action lapsed, which rounds ended and began."""

    skipped: tuple[tuple[str, str], ...] = ()
    lapsed: tuple[str, ...] = ()
    ended_round: int | None = None
    started: RoundStart | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """The encounter after a command, the rules' result (if any) and how the turn moved."""

    encounter: Encounter
    result: object | None
    change: TurnChange


def _can_act(system: RuleSystem, encounter: Encounter) -> turns.CanAct:
    def check(combatant_id: str, phase: str) -> bool:
        return system.can_act(encounter.get(combatant_id), phase)

    return check


def _new_round(system: RuleSystem, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, Advance, RoundStart]:
    encounter, started = system.start_round(encounter, dice)
    entries = system.initiative(encounter, dice)
    moved = turns.start_round(encounter.turns, entries, _can_act(system, encounter))
    return replace(encounter, turns=moved.state), moved, started


def _follow(
    system: RuleSystem, encounter: Encounter, moved: Advance, dice: DiceSource, limit: int = 3
) -> tuple[Encounter, TurnChange]:
    """Apply a turn movement, starting new rounds while a round ends with nobody able to act."""
    encounter = replace(encounter, turns=moved.state)
    change = TurnChange(skipped=moved.skipped, lapsed=moved.lapsed)
    while moved.round_over and limit > 0:
        limit -= 1
        ended = encounter.turns.round
        encounter, moved, started = _new_round(system, encounter, dice)
        change = TurnChange(
            skipped=change.skipped + moved.skipped,
            lapsed=change.lapsed,
            ended_round=change.ended_round or ended,
            started=started,
        )
    return encounter, change


def begin(system: RuleSystem, encounter: Encounter, dice: DiceSource) -> Step:
    """Start round one."""
    if encounter.turns.round:
        raise RulesError("The fight has already begun.")
    if not encounter.combatants:
        raise RulesError("Add some combatants before beginning.")
    encounter, moved, started = _new_round(system, encounter, dice)
    encounter, change = _follow(system, encounter, moved, dice)
    return Step(encounter, None, replace(change, started=change.started or started))


def next_turn(system: RuleSystem, encounter: Encounter, dice: DiceSource) -> Step:
    """End the current slot (whoever has not acted passes) and move on."""
    _require_started(encounter)
    moved = turns.advance(encounter.turns, _can_act(system, encounter))
    encounter, change = _follow(system, encounter, moved, dice)
    return Step(encounter, None, change)


def act(system: RuleSystem, encounter: Encounter, intent: Intent, dice: DiceSource) -> Step:
    """Resolve an intent; a non-reaction move must be the actor's turn and uses it up."""
    _require_started(encounter)
    actor = encounter.get(intent.actor)
    spec = next((m for m in system.moves() if m.name == intent.move), None)
    if spec is None:
        names = ", ".join(m.name for m in system.moves())
        raise CannotAct(f"{system.title} has no move '{intent.move}'; it has {names}.")
    if not spec.reaction and not encounter.turns.is_turn_of(actor.id):
        current = encounter.turns.current
        raise NotYourTurn(actor.name, encounter.names(current.waiting if current else ()))
    outcome: ActionOutcome = system.act(encounter, intent, dice)
    encounter = outcome.encounter
    if spec.reaction or not outcome.ends_turn or not encounter.turns.is_turn_of(actor.id):
        moved = turns.settle(encounter.turns, _can_act(system, encounter))
    else:
        moved = turns.finish(encounter.turns, actor.id, _can_act(system, encounter))
    encounter, change = _follow(system, encounter, moved, dice)
    return Step(encounter, outcome.result, change)


def hold(system: RuleSystem, encounter: Encounter, combatant_id: str, dice: DiceSource) -> Step:
    """Hold the combatant's action to act later in the round."""
    _require_started(encounter)
    moved = turns.hold(encounter.turns, combatant_id, _can_act(system, encounter))
    encounter, change = _follow(system, encounter, moved, dice)
    return Step(encounter, None, change)


def release(system: RuleSystem, encounter: Encounter, combatant_id: str) -> Encounter:
    """Let a holding combatant act now, interrupting the current turn."""
    return replace(encounter, turns=turns.release(encounter.turns, combatant_id, _can_act(system, encounter)))


def add(system: RuleSystem, encounter: Encounter, combatant: Combatant, dice: DiceSource) -> Encounter:
    """Add a combatant; mid-fight they join the order where their place has not yet passed."""
    return add_group(system, encounter, (combatant,), dice)


def add_group(
    system: RuleSystem, encounter: Encounter, combatants: tuple[Combatant, ...], dice: DiceSource
) -> Encounter:
    """Add several combatants at once; mid-fight the system ranks them together as newcomers."""
    taken = {c.id for c in encounter.combatants}
    for combatant in combatants:
        if combatant.id in taken:
            raise RulesError(f"There is already a combatant called {combatant.name}.")
        taken.add(combatant.id)
    encounter = encounter.put(*combatants)
    if not encounter.turns.round:
        return encounter
    state = encounter.turns
    for entry in system.newcomers(encounter, tuple(c.id for c in combatants), dice):
        state = turns.join(state, entry)
    return replace(encounter, turns=state)


def remove(system: RuleSystem, encounter: Encounter, combatant_id: str, dice: DiceSource) -> Step:
    """Take a combatant out of the encounter."""
    encounter.get(combatant_id)
    moved = turns.remove(encounter.turns, combatant_id, _can_act(system, encounter))
    encounter = encounter.drop(combatant_id)
    encounter, change = _follow(system, encounter, moved, dice)
    return Step(encounter, None, change)


def _require_started(encounter: Encounter) -> None:
    if not encounter.turns.round:
        raise RulesError("The fight has not begun yet; the GM starts it with begin.")
