"""Drive any rule system through the turn model: begin, act, advance, hold, release, join, remove and GM tools.

Every function returns a ``Step``: the encounter after it, the rules' result (if any) and how the turn moved. When
the turn passes to new combatants, the system's ``turn_start`` hook runs for them. A round that begins with nobody
able to act still passes as one round of its own: the next command ends it (its timed conditions tick, and its
summary says nothing happened), so rounds never jump.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat import turns
from combat.dice import DiceSource
from combat.errors import CannotAct, NotYourTurn, RulesError
from combat.frozen import frozen, replace
from combat.intent import Asked
from combat.lookups import PerList
from combat.model import Combatant, Encounter
from combat.options import OptionValue
from combat.system import ActionOutcome, Intent, MoveSpec, RoundStart, RuleSystem, TurnStart
from combat.turns import Advance

__all__ = [
    "Step",
    "TurnChange",
    "act",
    "add",
    "add_group",
    "begin",
    "conclude",
    "hold",
    "move_spec",
    "next_turn",
    "release",
    "remove",
    "use_tool",
]


@frozen
class TurnChange:
    """How the turn moved: who was skipped, whose held action lapsed, which round ended and began, whose turn began.

    ``round_end`` is what the system's ``end_round`` hook did as the round ended (None: nothing). ``skipped`` is who
    was passed over before a round ended (or in a round that goes on), ``skipped_new`` who was in the round that began.
    ``passed`` is who had the turn that was ended by passing it (``next_turn``), those who had not acted in it.
    """

    skipped: tuple[tuple[str, str], ...] = ()
    skipped_new: tuple[tuple[str, str], ...] = ()
    lapsed: tuple[str, ...] = ()
    ended_round: int | None = None
    started: RoundStart | None = None
    turn_starts: tuple[TurnStart, ...] = ()
    round_end: Any = None
    passed: tuple[str, ...] = ()


@frozen
class Step:
    """The encounter after a command, the rules' result (if any), how the turn moved, and a paused intent's context.

    ``context`` is set only when ``result`` is ``Asked``: the system's record of where the resolution stopped.
    """

    encounter: Encounter
    result: object | None = None
    change: TurnChange = TurnChange()
    context: Any = None


def _can_act(system: RuleSystem, encounter: Encounter) -> turns.CanAct:
    def check(combatant_id: str, phase: str) -> bool:
        return system.can_act(encounter.get(combatant_id), phase)

    return check


def _slot_mark(state: turns.TurnState) -> tuple[object, ...] | None:
    """Name the current turn (round, place in the queue, slot) so a change of turn can be noticed."""
    slot = state.current
    if slot is None:
        return None
    return state.round, len(state.queue), slot.phase, slot.key, slot.interrupt, slot.last_call


def _new_round(system: RuleSystem, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, Advance, RoundStart]:
    encounter, started = system.start_round(encounter, dice)
    entries = system.initiative(encounter, dice)
    moved = turns.start_round(encounter.turns, entries, _can_act(system, encounter))
    return replace(encounter, turns=moved.state), moved, started


def _follow(system: RuleSystem, before: Encounter, moved: Advance, dice: DiceSource) -> tuple[Encounter, TurnChange]:
    """Apply a turn movement: end this round (the system's hook) and start the next, then the new turn's hook."""
    encounter = replace(before, turns=moved.state)
    change = TurnChange(skipped=moved.skipped, lapsed=moved.lapsed)
    if moved.round_over:
        ended = encounter.turns.round
        encounter, closing = system.end_round(encounter, dice)
        encounter, moved, started = _new_round(system, encounter, dice)
        change = replace(change, skipped_new=moved.skipped, ended_round=ended, started=started, round_end=closing)
    return _turn_starts(system, _slot_mark(before.turns), encounter, dice, change)


def _turn_starts(
    system: RuleSystem, mark: tuple[object, ...] | None, encounter: Encounter, dice: DiceSource, change: TurnChange
) -> tuple[Encounter, TurnChange]:
    """Run the system's turn-start hook for each new turn; a hook that takes someone out moves the turn on.

    ``encounter``'s turn order comes settled, as every turn movement leaves it (``turns.start_round``, ``advance``,
    ``finish``, ``settle``): after a hook that changed nothing there is no one to pass over, so the loop stops there.
    """
    for _ in range(len(encounter.turns.queue) + 1):
        current = encounter.turns.current
        if current is None or _slot_mark(encounter.turns) == mark:
            break
        mark = _slot_mark(encounter.turns)
        started, result = system.turn_start(encounter, current.waiting, dice)
        if result is not None:
            change = replace(change, turn_starts=(*change.turn_starts, TurnStart(current.waiting, result)))
        if started is encounter:  # the hook changed nothing: the turn was settled as it moved, nobody to pass over
            break
        encounter = started
        settled = turns.settle(encounter.turns, _can_act(system, encounter))
        if settled.state is not encounter.turns:  # as a rule everyone at the front can act: nothing moves
            encounter = replace(encounter, turns=settled.state)
        if settled.skipped or settled.lapsed:
            change = _passed_over(change, settled)
        if settled.round_over:
            break  # the round ends on the next command, like a round nobody can act in
    return encounter, change


def _passed_over(change: TurnChange, settled: Advance) -> TurnChange:
    """Add who a turn-start hook left passed over (in the new round, when one began) and whose hold lapsed."""
    if change.started is not None:
        return replace(change, skipped_new=change.skipped_new + settled.skipped, lapsed=change.lapsed + settled.lapsed)
    return replace(change, skipped=change.skipped + settled.skipped, lapsed=change.lapsed + settled.lapsed)


def begin(system: RuleSystem, encounter: Encounter, dice: DiceSource) -> Step:
    """Start round one."""
    if encounter.turns.round:
        raise RulesError("The fight has already begun.")
    if not encounter.combatants:
        raise RulesError("Add some combatants before beginning.")
    started, moved, round_start = _new_round(system, encounter, dice)
    change = TurnChange(skipped_new=moved.skipped, started=round_start)
    started, change = _turn_starts(system, None, started, dice, change)
    return Step(started, None, change)


def next_turn(system: RuleSystem, encounter: Encounter, dice: DiceSource) -> Step:
    """End the current slot (whoever has not acted passes) and move on."""
    _require_started(encounter)
    current = encounter.turns.current
    moved = turns.advance(encounter.turns, _can_act(system, encounter))
    after, change = _follow(system, encounter, moved, dice)
    if current is not None and current.waiting:
        change = replace(change, passed=current.waiting)
    return Step(after, None, change)


def _by_name(moves: tuple[MoveSpec, ...]) -> dict[str, MoveSpec]:
    return {m.name: m for m in reversed(moves)}  # the first of a name wins, as a search in order would find


# A system's moves by name, per list of them (each system's moves are a constant).
_moves_by_name: PerList[MoveSpec, dict[str, MoveSpec]] = PerList(_by_name)


def move_spec(system: RuleSystem, name: str) -> MoveSpec:
    """Return the system's move called ``name``, or refuse naming the moves it has."""
    spec = _moves_by_name(system.moves()).get(name)
    if spec is None:
        names = ", ".join(m.name for m in system.moves())
        raise CannotAct(f"{system.title} has no move '{name}'; it has {names}.")
    return spec


def _wrong_phase(system: RuleSystem, spec: MoveSpec, phase: str | None) -> str:
    """Say which phase the move belongs to, and which moves the phase now under way offers."""
    now = [m.name for m in system.moves() if not m.reaction and (not m.phases or phase in m.phases)]
    offered = f" The {phase} phase offers {', '.join(now)}." if now and phase else ""
    return f"{spec.name} is made in the {' or '.join(spec.phases)} phase, not now.{offered}"


def act(system: RuleSystem, encounter: Encounter, intent: Intent, dice: DiceSource) -> Step:
    """Resolve an intent; a non-reaction move must be the actor's turn and uses it up."""
    _require_started(encounter)
    actor = encounter.get(intent.actor)
    spec = move_spec(system, intent.move)
    if not spec.reaction and not encounter.turns.is_turn_of(actor.id):
        current = encounter.turns.current
        raise NotYourTurn(actor.name, encounter.names(current.waiting if current else ()))
    if spec.phases and encounter.turns.phase not in spec.phases:
        raise CannotAct(_wrong_phase(system, spec, encounter.turns.phase))
    return conclude(system, encounter, intent, system.act(encounter, intent, dice), dice)


def conclude(system: RuleSystem, before: Encounter, intent: Intent, outcome: ActionOutcome, dice: DiceSource) -> Step:
    """Finish a resolved intent: move the turn on (or pause it when the outcome asks a choice after the dice)."""
    encounter = outcome.encounter
    if outcome.ask is not None:
        return Step(encounter, Asked(intent, outcome.ask, outcome.result), TurnChange(), outcome.context)
    reaction = move_spec(system, intent.move).reaction
    if reaction or not outcome.ends_turn or not encounter.turns.is_turn_of(intent.actor):
        moved = turns.settle(encounter.turns, _can_act(system, encounter))
    else:
        moved = turns.finish(encounter.turns, intent.actor, _can_act(system, encounter))
    after, change = _follow(system, encounter, moved, dice)
    return Step(after, outcome.result, change)


def use_tool(
    system: RuleSystem, encounter: Encounter, tool: str, options: Mapping[str, OptionValue], dice: DiceSource
) -> Step:
    """Use one of the GM's tools; in a running round, whoever it leaves unable to act is passed over."""
    outcome = system.use_tool(encounter, tool, options, dice)
    after = outcome.encounter
    if not after.turns.round:
        return Step(after, outcome.result)
    moved = turns.settle(after.turns, _can_act(system, after))
    after, change = _follow(system, after, moved, dice)
    return Step(after, outcome.result, change)


def hold(system: RuleSystem, encounter: Encounter, combatant_id: str, dice: DiceSource) -> Step:
    """Hold the combatant's action to act later in the round."""
    _require_started(encounter)
    moved = turns.hold(encounter.turns, combatant_id, _can_act(system, encounter))
    system.check_hold(encounter, combatant_id)
    after, change = _follow(system, encounter, moved, dice)
    return Step(after, None, change)


def release(system: RuleSystem, encounter: Encounter, combatant_id: str, dice: DiceSource) -> Step:
    """Let a holding combatant act now, interrupting the current turn."""
    state = turns.release(encounter.turns, combatant_id, _can_act(system, encounter))
    after, change = _turn_starts(system, _slot_mark(encounter.turns), replace(encounter, turns=state), dice,
                                 TurnChange())
    return Step(after, None, change)


def add(system: RuleSystem, encounter: Encounter, combatant: Combatant, dice: DiceSource) -> Step:
    """Add a combatant; mid-fight they join the order where their place has not yet passed."""
    return add_group(system, encounter, (combatant,), dice)


def add_group(system: RuleSystem, encounter: Encounter, combatants: tuple[Combatant, ...], dice: DiceSource) -> Step:
    """Add several combatants at once; mid-fight the system ranks them together as newcomers."""
    taken = {c.id for c in encounter.combatants}
    for combatant in combatants:
        if combatant.id in taken:
            raise RulesError(f"There is already a combatant called {combatant.name}.")
        taken.add(combatant.id)
    grown = encounter.put(*combatants)
    if not grown.turns.round:
        return Step(grown)
    state = grown.turns
    joined = system.newcomers(grown, tuple(c.id for c in combatants), dice)
    for entry in joined.entries:
        state = turns.join(state, entry)
    return Step(replace(grown, turns=state), joined.result)


def remove(system: RuleSystem, encounter: Encounter, combatant_id: str, dice: DiceSource) -> Step:
    """Take a combatant out of the encounter."""
    encounter.get(combatant_id)
    moved = turns.remove(encounter.turns, combatant_id, _can_act(system, encounter))
    after, change = _follow(system, system.left(encounter.drop(combatant_id), combatant_id), moved, dice)
    return Step(after, None, change)


def _require_started(encounter: Encounter) -> None:
    if not encounter.turns.round:
        raise RulesError("The fight has not begun yet; the GM starts it with begin.")
