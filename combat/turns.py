"""The turn model shared by every system: rounds, phases, slots in order, holds, newcomers and skips.

A round is a sequence of phases (one for most systems; Fallout has move, charge, action). The rule system
ranks the combatants each round with ``InitiativeEntry`` values; every count of an entry becomes one slot in
each phase it takes part in. Slots are ordered by (count, tiebreak), highest first, or lowest first in an
ascending phase. Entries with exactly equal keys share one slot and act together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from combat.errors import CannotAct

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
    "release",
    "remove",
    "reschedule",
    "schedule",
    "start_round",
]

CanAct = Callable[[str, str], bool]


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of a round; an ascending phase runs from the lowest key up."""

    name: str
    ascending: bool = False


SINGLE_PHASE: tuple[Phase, ...] = (Phase("action"),)


@dataclass(frozen=True, slots=True)
class InitiativeEntry:
    """One combatant's place this round: a slot per count, in the named phases (all when empty)."""

    combatant: str
    counts: tuple[int, ...]
    tiebreak: tuple[int, ...] = ()
    phases: tuple[str, ...] = ()

    def key(self, count: int) -> tuple[int, ...]:
        """Return the sort key of the slot at ``count``."""
        return (count, *self.tiebreak)


@dataclass(frozen=True, slots=True)
class Slot:
    """A moment in the round when one or more combatants act together."""

    phase: str
    key: tuple[int, ...]
    actors: tuple[str, ...]
    done: frozenset[str] = frozenset()
    interrupt: bool = False

    @property
    def count(self) -> int:
        """Return the initiative count of this slot."""
        return self.key[0]

    @property
    def waiting(self) -> tuple[str, ...]:
        """Return the actors of this slot who have not acted yet."""
        return tuple(a for a in self.actors if a not in self.done)


@dataclass(frozen=True, slots=True)
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

    def is_turn_of(self, combatant: str) -> bool:
        """Tell whether ``combatant`` may act now."""
        return self.current is not None and combatant in self.current.waiting


@dataclass(frozen=True, slots=True)
class Advance:
    """What moving on did: slots passed over, held actions that lapsed, and whether the round ended."""

    state: TurnState
    skipped: tuple[tuple[str, str], ...] = ()
    lapsed: tuple[str, ...] = ()
    round_over: bool = False


def _phase_index(phases: Sequence[Phase], name: str) -> int:
    return next(i for i, p in enumerate(phases) if p.name == name)


def _position(phases: Sequence[Phase], slot: Slot) -> tuple[int, tuple[int, ...]]:
    """Return a key that sorts slots in the order they happen in the round."""
    index = _phase_index(phases, slot.phase)
    oriented = slot.key if phases[index].ascending else tuple(-k for k in slot.key)
    return index, oriented


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
        able = tuple(a for a in slot.actors if a in slot.done or can_act(a, slot.phase))
        skipped.extend((a, slot.phase) for a in slot.actors if a not in able)
        if any(a not in slot.done for a in able):
            queue[0] = replace(slot, actors=able)
            break
        queue.pop(0)
    return replace(state, queue=tuple(queue)), tuple(skipped)


def start_round(
    state: TurnState, entries: Iterable[InitiativeEntry], can_act: CanAct
) -> Advance:
    """Begin the next round with this round's initiative entries."""
    ordered = tuple(entries)
    fresh = replace(state, round=state.round + 1, queue=schedule(state.phases, ordered), held=(), order=ordered)
    settled, skipped = _settle(fresh, can_act)
    return Advance(settled, skipped=skipped, round_over=not settled.queue)


def advance(state: TurnState, can_act: CanAct) -> Advance:
    """End the current slot and move to the next one that has someone able to act."""
    if not state.queue:
        return Advance(state, round_over=True)
    settled, skipped = _settle(replace(state, queue=state.queue[1:]), can_act)
    if settled.queue:
        return Advance(settled, skipped=skipped)
    return Advance(replace(settled, held=()), skipped=skipped, lapsed=state.held, round_over=True)


def finish(state: TurnState, combatant: str, can_act: CanAct) -> Advance:
    """Record that ``combatant`` acted; move on when everyone in the slot has."""
    slot = state.current
    if slot is None or combatant not in slot.waiting:
        raise CannotAct("That combatant has no action waiting right now.")
    marked = replace(slot, done=slot.done | {combatant})
    state = replace(state, queue=(marked, *state.queue[1:]))
    if marked.waiting:
        return Advance(state)
    return advance(state, can_act)


def hold(state: TurnState, combatant: str, can_act: CanAct) -> Advance:
    """Take ``combatant`` out of the current slot to act later this round."""
    slot = state.current
    if slot is None or combatant not in slot.waiting:
        raise CannotAct("Only a combatant whose turn it is can hold their action.")
    if combatant in state.held:
        raise CannotAct("That combatant is already holding an action.")
    remaining = tuple(a for a in slot.actors if a != combatant)
    state = replace(state, held=(*state.held, combatant))
    if any(a not in slot.done for a in remaining):
        return Advance(replace(state, queue=(replace(slot, actors=remaining), *state.queue[1:])))
    return advance(replace(state, queue=(replace(slot, actors=remaining), *state.queue[1:])), can_act)


def release(state: TurnState, combatant: str) -> TurnState:
    """Let a held combatant act now, before whoever's turn it is."""
    if combatant not in state.held:
        raise CannotAct("That combatant is not holding an action.")
    slot = state.current
    if slot is None:
        raise CannotAct("There is no round under way to act in.")
    jump = Slot(slot.phase, slot.key, (combatant,), interrupt=True)
    held = tuple(h for h in state.held if h != combatant)
    return replace(state, queue=(jump, *state.queue), held=held)


def reschedule(state: TurnState, entries: Iterable[InitiativeEntry]) -> TurnState:
    """Re-rank the rest of the round; slots whose moment has passed are dropped."""
    ordered = tuple(entries)
    if not state.queue:
        return replace(state, order=ordered)
    lead = 0
    while lead < len(state.queue) - 1 and state.queue[lead].interrupt:
        lead += 1
    kept = state.queue[: lead + 1]
    here = _position(state.phases, kept[-1])
    later = tuple(s for s in schedule(state.phases, ordered) if _position(state.phases, s) > here)
    return replace(state, queue=(*kept, *later), order=ordered)


def join(state: TurnState, entry: InitiativeEntry) -> TurnState:
    """Add a newcomer; they act this round only where their place has not yet passed."""
    others = tuple(e for e in state.order if e.combatant != entry.combatant)
    if state.current is None:
        return replace(state, order=(*others, entry))
    here = _position(state.phases, state.current)
    queue = list(state.queue)
    for new in schedule(state.phases, (entry,)):
        where = _position(state.phases, new)
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
    """Take a combatant out of the fight entirely."""
    current = state.current
    slots = [replace(s, actors=tuple(a for a in s.actors if a != combatant)) for s in state.queue]
    state = replace(
        state,
        queue=tuple(s for s in slots if s.actors),
        held=tuple(h for h in state.held if h != combatant),
        order=tuple(e for e in state.order if e.combatant != combatant),
    )
    if current is None or combatant not in current.waiting or slots[0].waiting:
        return Advance(state)
    if slots[0].actors:
        return advance(state, can_act)
    settled, skipped = _settle(state, can_act)
    if settled.queue:
        return Advance(settled, skipped=skipped)
    return Advance(replace(settled, held=()), skipped=skipped, lapsed=state.held, round_over=True)
