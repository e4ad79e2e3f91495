"""The turn model shared by every system: rounds, phases, slots in order, holds, newcomers and skips.

A round is a sequence of phases (one for most systems; Fallout has move, charge, action). The rule system
ranks the combatants each round with ``InitiativeEntry`` values; every count of an entry becomes one slot in
each phase it takes part in. Slots are ordered by (count, tiebreak), highest first, or lowest first in an
ascending phase. Entries with exactly equal keys share one slot and act together.

Whoever still holds an action when the last slot of its phase ends (the round's last, in a round of one phase) gets
a last call: one more slot there, where they act on what they saw (or pass, and the action lapses) before the
phase or round ends.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from combat.errors import CannotAct
from combat.frozen import frozen, kept, replace

__all__ = [
    "SINGLE_PHASE",
    "Advance",
    "InitiativeEntry",
    "Phase",
    "Slot",
    "TurnState",
    "advance",
    "finish",
    "hold",
    "join",
    "jump",
    "release",
    "remove",
    "reschedule",
    "schedule",
    "settle",
    "start_round",
]

CanAct = Callable[[str, str], bool]


@dataclass(frozen=True)
class Phase:
    """One phase of a round; an ascending phase runs from the lowest key up."""

    name: str
    ascending: bool = False


SINGLE_PHASE: tuple[Phase, ...] = (Phase("action"),)


@frozen
class InitiativeEntry:
    """One combatant's place this round: a slot per count, in the named phases (all when empty)."""

    combatant: str
    counts: tuple[int, ...]
    tiebreak: tuple[int, ...] = ()
    phases: tuple[str, ...] = ()

    def key(self, count: int) -> tuple[int, ...]:
        """Return the sort key of the slot at ``count``."""
        return (count, *self.tiebreak)


@frozen
class Slot:
    """A moment in the round when one or more combatants act together."""

    phase: str
    key: tuple[int, ...]
    actors: tuple[str, ...]
    done: frozenset[str] = frozenset()
    interrupt: bool = False
    last_call: bool = False  # the round's end, for those still holding an action

    @property
    def count(self) -> int:
        """Return the initiative count of this slot."""
        return self.key[0]

    @property
    def waiting(self) -> tuple[str, ...]:
        """Return the actors of this slot who have not acted yet."""
        return self._waiting

    @kept.on("actors", "done")
    def _waiting(self) -> tuple[str, ...]:
        """Work out ``waiting`` once (kept while the actors and who is done stay: JSON skips it)."""
        return tuple([a for a in self.actors if a not in self.done])


@frozen
class TurnState:
    """Where the fight is: the round number and the slots still to come (the first is current)."""

    phases: tuple[Phase, ...] = SINGLE_PHASE
    round: int = 0
    queue: tuple[Slot, ...] = ()
    held: tuple[str, ...] = ()
    order: tuple[InitiativeEntry, ...] = ()

    @property
    def current(self) -> Slot | None:
        """Return the slot now acting, or None between rounds."""
        return self.queue[0] if self.queue else None

    @property
    def phase(self) -> str | None:
        """Return the name of the current phase, or None between rounds."""
        return self.queue[0].phase if self.queue else None

    def to_come(self, combatant: str) -> tuple[int, ...]:
        """Return the counts at which ``combatant`` still acts this round, the current slot included."""
        return tuple([s.count for s in self.queue if combatant in s.waiting])

    @property
    def holders(self) -> tuple[str, ...]:
        """Return who holds an action: those waiting to release it, and those at its last call now."""
        call = self.current.waiting if self.current is not None and self.current.last_call else ()
        return (*self.held, *call)

    def is_turn_of(self, combatant: str) -> bool:
        """Tell whether ``combatant`` may act now."""
        slot = self.current
        return slot is not None and combatant in slot.waiting


@frozen
class Advance:
    """What moving on did: slots passed over, held actions that lapsed, and whether the round ended."""

    state: TurnState
    skipped: tuple[tuple[str, str], ...] = ()
    lapsed: tuple[str, ...] = ()
    round_over: bool = False


def _phase_index(phases: Sequence[Phase], name: str) -> int:
    return next(i for i, p in enumerate(phases) if p.name == name)


def _position(phases: Sequence[Phase], slot: Slot) -> tuple[int, tuple[float, ...]]:
    """Return a key that sorts slots in the order they happen in the round."""
    index = _phase_index(phases, slot.phase)
    if phases[index].ascending:
        return index, slot.key
    # Negate, ending with a sentinel so that (5, 0) still comes before (5,) highest-first.
    return index, (*(-k for k in slot.key), math.inf)


def schedule(phases: Sequence[Phase], entries: Iterable[InitiativeEntry]) -> tuple[Slot, ...]:
    """Build the round's slots from the entries, grouping equal keys into one shared slot."""
    groups: dict[tuple[str, tuple[int, ...]], list[str]] = {}
    for entry in entries:
        for phase in phases:
            if entry.phases and phase.name not in entry.phases:
                continue
            for count in entry.counts:
                actors = groups.setdefault((phase.name, entry.key(count)), [])
                if entry.combatant not in actors:
                    actors.append(entry.combatant)
    slots = [Slot(phase, key, tuple(actors)) for (phase, key), actors in groups.items()]
    return tuple(sorted(slots, key=lambda s: _position(phases, s)))


def _settle(state: TurnState, can_act: CanAct) -> tuple[TurnState, tuple[tuple[str, str], ...]]:
    """Drop from the front every actor who cannot act, and every slot left with nobody."""
    queue = list(state.queue)
    skipped: list[tuple[str, str]] = []
    while queue:
        slot = queue[0]
        able = tuple([a for a in slot.actors if a in slot.done or can_act(a, slot.phase)])
        skipped.extend([(a, slot.phase) for a in slot.actors if a not in able])
        if not slot.done.issuperset(able):
            if able != slot.actors:
                queue[0] = replace(slot, actors=able)
            break
        queue.pop(0)
    if not skipped and len(queue) == len(state.queue):
        return state, ()  # everyone at the front can act: nothing changes
    return replace(state, queue=tuple(queue)), tuple(skipped)


def start_round(state: TurnState, entries: Iterable[InitiativeEntry], can_act: CanAct) -> Advance:
    """Begin the next round with this round's initiative entries."""
    ordered = tuple(entries)
    fresh = replace(state, round=state.round + 1, queue=schedule(state.phases, ordered), held=(), order=ordered)
    settled, skipped = _settle(fresh, can_act)
    return Advance(settled, skipped=skipped, round_over=not settled.queue)


def _settled(state: TurnState, can_act: CanAct, ending: Slot) -> Advance:
    """Settle the front of the queue; at the end of a phase give holders a last call; with nothing left, end the round.

    ``ending`` is the slot that just ended (or was emptied): the last call takes its phase and place. A hold lasts
    only as long as its phase (a held move is no action), so holders are called whenever the next slot is another
    phase's, or there is none.
    """
    settled, skipped = _settle(state, can_act)
    if settled.held and (not settled.queue or settled.queue[0].phase != ending.phase):
        return _last_call(settled, can_act, ending, skipped)
    return Advance(settled, skipped=skipped, round_over=not settled.queue)


def _last_call(state: TurnState, can_act: CanAct, ending: Slot, skipped: tuple[tuple[str, str], ...]) -> Advance:
    """Put the holders' last call before the rest of the round; one who can no longer act lets the action lapse."""
    able = tuple([a for a in state.held if can_act(a, ending.phase)])
    lapsed = tuple([a for a in state.held if a not in able])
    if able:
        call = Slot(ending.phase, ending.key, able, interrupt=True, last_call=True)
        return Advance(replace(state, queue=(call, *state.queue), held=()), skipped=skipped, lapsed=lapsed)
    return Advance(replace(state, held=()), skipped=skipped, lapsed=lapsed, round_over=not state.queue)


def settle(state: TurnState, can_act: CanAct) -> Advance:
    """Skip whoever at the front can no longer act (knocked out mid-slot); move on if nobody is left."""
    if not state.queue:
        return Advance(state)
    return _settled(state, can_act, state.queue[0])


def advance(state: TurnState, can_act: CanAct) -> Advance:
    """End the current slot and move to the next one that has someone able to act."""
    if not state.queue:
        return Advance(replace(state, held=()), lapsed=state.held, round_over=True)
    ending = state.queue[0]
    moved = _settled(replace(state, queue=state.queue[1:]), can_act, ending)
    if ending.last_call and ending.waiting:  # passing the last call: whoever did not act lets the action lapse
        return replace(moved, lapsed=(*ending.waiting, *moved.lapsed))
    return moved


def finish(state: TurnState, combatant: str, can_act: CanAct) -> Advance:
    """Record that ``combatant`` acted; move on when everyone in the slot has (or can no longer act)."""
    slot = state.current
    if slot is None or combatant not in slot.waiting:
        raise CannotAct("That combatant has no action waiting right now.")
    if slot.waiting == (combatant,) and not slot.last_call:
        return advance(state, can_act)  # the last of the slot to act: marked done, it would only be dropped
    marked = replace(slot, done=slot.done | {combatant})
    return _settled(replace(state, queue=(marked, *state.queue[1:])), can_act, marked)


def hold(state: TurnState, combatant: str, can_act: CanAct) -> Advance:
    """Take ``combatant`` out of the current slot to act later this round."""
    slot = state.current
    if slot is None or combatant not in slot.waiting:
        raise CannotAct("Only a combatant whose turn it is can hold their action.")
    if combatant in state.held:
        raise CannotAct("That combatant is already holding an action.")
    if slot.last_call:
        raise CannotAct("The round is ending: act now with the held action, or pass and let it lapse.")
    remaining = replace(slot, actors=tuple(a for a in slot.actors if a != combatant))
    return _settled(replace(state, queue=(remaining, *state.queue[1:]), held=(*state.held, combatant)), can_act,
                    remaining)


def release(state: TurnState, combatant: str, can_act: CanAct | None = None) -> TurnState:
    """Let a held combatant act now, before whoever's turn it is (if they still can in this phase).

    At the round's last call the holder's turn has already come: releasing there changes nothing.
    """
    slot = state.current
    if slot is not None and slot.last_call and combatant in slot.waiting:
        return state
    if combatant not in state.held:
        raise CannotAct("That combatant is not holding an action.")
    if slot is None:
        raise CannotAct("There is no round under way to act in.")
    if can_act is not None and not can_act(combatant, slot.phase):
        raise CannotAct(f"That combatant cannot act in the {slot.phase} phase now.")
    held = tuple(h for h in state.held if h != combatant)
    return replace(state, queue=(_interrupting(slot, combatant), *state.queue), held=held)


def jump(state: TurnState, combatant: str) -> TurnState:
    """Let ``combatant`` act now, before whoever's turn it is, with his next action of this phase (it moves up).

    Nothing changes when he has no action still to come in this phase, or shares the current slot already.
    """
    slot = state.current
    if slot is None or combatant in slot.actors:
        return state
    later = next((i for i, s in enumerate(state.queue) if i and s.phase == slot.phase and combatant in s.waiting),
                 None)
    if later is None:
        return state
    queue = list(state.queue)
    rest = tuple(a for a in queue[later].actors if a != combatant)
    if rest:
        queue[later] = replace(queue[later], actors=rest)
    else:
        del queue[later]
    return replace(state, queue=(_interrupting(slot, combatant), *queue))


def _interrupting(current: Slot, combatant: str) -> Slot:
    """Return a slot for ``combatant`` alone, acting now, before whoever's turn it is in ``current``."""
    return Slot(current.phase, current.key, (combatant,), interrupt=True)


def reschedule(state: TurnState, entries: Iterable[InitiativeEntry]) -> TurnState:
    """Re-rank the rest of the round; passed slots are dropped and nobody gains slots they have already had."""
    ordered = tuple(entries)
    if not state.queue:
        return replace(state, order=ordered)
    lead = 0
    while lead < len(state.queue) - 1 and state.queue[lead].interrupt:
        lead += 1
    kept, to_come = state.queue[: lead + 1], state.queue[lead + 1 :]
    here = _position(state.phases, kept[-1])
    later = [s for s in schedule(state.phases, ordered) if _position(state.phases, s) > here]
    budget = {
        (e.combatant, phase): _planned(e, phase) - _had(state.order, to_come, e.combatant, phase)
        for e in ordered
        for phase in (p.name for p in state.phases)
    }
    trimmed: list[Slot] = []
    for slot in reversed(later):  # the latest slots are the ones still owed
        actors = tuple(a for a in slot.actors if _spend(budget, (a, slot.phase)))
        if actors:
            trimmed.append(replace(slot, actors=actors))
    return replace(state, queue=(*kept, *reversed(trimmed)), order=ordered)


def _planned(entry: InitiativeEntry | None, phase: str) -> int:
    """Count the slots ``entry`` gives in ``phase``."""
    if entry is None or (entry.phases and phase not in entry.phases):
        return 0
    return len(entry.counts)


def _had(order: Sequence[InitiativeEntry], to_come: Sequence[Slot], combatant: str, phase: str) -> int:
    """Count the combatant's slots in ``phase`` that have come this round (the current one included)."""
    entry = next((e for e in order if e.combatant == combatant), None)
    remaining = sum(1 for s in to_come if s.phase == phase and combatant in s.actors)
    return max(0, _planned(entry, phase) - remaining)


def _spend(budget: dict[tuple[str, str], int], key: tuple[str, str]) -> bool:
    """Use one slot of the budget, telling whether there was one."""
    if budget.get(key, 0) <= 0:
        return False
    budget[key] -= 1
    return True


def join(state: TurnState, entry: InitiativeEntry) -> TurnState:
    """Add a newcomer, or give one in the order a new place; they act this round only where it has not yet passed.

    A place equal to the current slot's is the moment under way: the newcomer acts in it with the others (equal
    places act together), unless it is an interruption or the round's last call for held actions. One given a new
    place (a new tiebreak) leaves the slots still to come and takes his new ones; if he is in the moment under way,
    it stands for his new slot at the same phase and count.
    """
    others = tuple(e for e in state.order if e.combatant != entry.combatant)
    if state.current is None:
        return replace(state, order=(*others, entry))
    here = _position(state.phases, state.current)
    later = (replace(s, actors=tuple(a for a in s.actors if a != entry.combatant)) for s in state.queue[1:])
    queue = [state.queue[0], *(s for s in later if s.actors)]
    now = queue[0] if entry.combatant in queue[0].actors else None
    for new in schedule(state.phases, (entry,)):
        if now is not None and (new.phase, new.count) == (now.phase, now.count):
            continue  # acting in the moment under way already
        where = _position(state.phases, new)
        if where == here and not queue[0].interrupt and not queue[0].last_call:
            queue[0] = replace(queue[0], actors=(*queue[0].actors, entry.combatant))
            continue
        if where <= here:
            continue
        for i, slot in enumerate(queue):
            if i and _position(state.phases, slot) == where and not slot.interrupt:
                queue[i] = replace(slot, actors=(*slot.actors, entry.combatant))
                break
            if i and _position(state.phases, slot) > where:
                queue.insert(i, new)
                break
        else:
            queue.append(new)
    return replace(state, queue=tuple(queue), order=(*others, entry))


def remove(state: TurnState, combatant: str, can_act: CanAct) -> Advance:
    """Take a combatant out of the fight entirely; if they were acting, the turn moves on."""
    current = state.current
    slots = (replace(s, actors=tuple(a for a in s.actors if a != combatant)) for s in state.queue)
    state = replace(
        state,
        queue=tuple(s for s in slots if s.actors),
        held=tuple(h for h in state.held if h != combatant),
        order=tuple(e for e in state.order if e.combatant != combatant),
    )
    if current is None or combatant not in current.waiting:
        return Advance(state)
    return _settled(state, can_act, current)
