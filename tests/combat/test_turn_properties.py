"""Properties of the turn model over random entries, phases and abilities to act."""

from collections import Counter
from dataclasses import dataclass
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from combat.errors import CannotAct
from combat.turns import (
    Advance,
    InitiativeEntry,
    Phase,
    TurnState,
    advance,
    finish,
    hold,
    release,
    settle,
    start_round,
)

NAMES = ("aeryn", "bobo", "crais", "dargo", "eve", "finn", "gus")
PHASE_NAMES = ("move", "charge", "action")


@dataclass(frozen=True)
class Fight:
    phases: tuple[Phase, ...]
    entries: tuple[InitiativeEntry, ...]
    unable: frozenset[tuple[str, str]]

    def can_act(self, combatant: str, phase: str) -> bool:
        return (combatant, phase) not in self.unable

    def expected(self) -> Counter[tuple[str, str, tuple[int, ...]]]:
        """Every (actor, phase, key) that should get a turn: one per count per phase, able actors only."""
        return Counter(
            (e.combatant, p.name, e.key(c))
            for e in self.entries
            for p in self.phases
            if (not e.phases or p.name in e.phases) and self.can_act(e.combatant, p.name)
            for c in e.counts
        )

    def expected_slots(self) -> list[tuple[str, tuple[int, ...]]]:
        """The (phase, key) moments with anyone able to act, in the order the round should visit them."""
        keys = {(phase, key) for _, phase, key in self.expected()}
        index = {p.name: i for i, p in enumerate(self.phases)}
        ascending = {p.name: p.ascending for p in self.phases}
        ordered: list[tuple[str, tuple[int, ...]]] = []
        for phase in sorted(index, key=index.__getitem__):
            mine = sorted((k for p, k in keys if p == phase), reverse=not ascending[phase])
            ordered.extend((phase, k) for k in mine)
        return ordered


@st.composite
def fights(draw: st.DrawFn) -> Fight:
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=6, unique=True))
    phase_names = draw(st.lists(st.sampled_from(PHASE_NAMES), min_size=1, max_size=3, unique=True))
    phases = tuple(Phase(n, draw(st.booleans())) for n in phase_names)
    entries = tuple(
        InitiativeEntry(
            name,
            tuple(sorted(draw(st.sets(st.integers(-3, 20), max_size=3)), reverse=True)),
            # Tiebreaks of mixed lengths too: a newcomer may come without the roll-off the others made.
            tuple(draw(st.lists(st.integers(0, 2), max_size=2))),
            tuple(draw(st.lists(st.sampled_from(phase_names), max_size=2, unique=True))),
        )
        for name in names
    )
    pairs = [(n, p) for n in names for p in phase_names]
    unable = draw(st.sets(st.sampled_from(pairs))) if pairs else set()
    return Fight(phases, entries, frozenset(unable))


def begin(fight: Fight) -> Advance:
    return start_round(TurnState(fight.phases), fight.entries, fight.can_act)


@given(fights())
def test_a_round_gives_every_able_actor_each_slot_once(fight):
    moved = begin(fight)
    visited: Counter[tuple[str, str, tuple[int, ...]]] = Counter()
    while moved.state.current is not None:
        slot = moved.state.current
        assert slot.waiting, "a current slot always has someone waiting"
        actor = slot.waiting[0]
        assert fight.can_act(actor, slot.phase)
        visited[(actor, slot.phase, slot.key)] += 1
        moved = finish(moved.state, actor, fight.can_act)
    assert visited == fight.expected()
    assert moved.round_over
    assert moved.state.round == 1


@given(fights())
def test_slots_come_in_phase_order_and_key_order(fight):
    moved = begin(fight)
    order: list[tuple[str, tuple[int, ...]]] = []
    while moved.state.current is not None:
        order.append((moved.state.phase, moved.state.current.key))
        moved = advance(moved.state, fight.can_act)
    assert order == fight.expected_slots()
    index = {p.name: i for i, p in enumerate(fight.phases)}
    for (p1, k1), (p2, k2) in pairwise(order):
        assert index[p1] <= index[p2]
        if p1 == p2:
            ascending = fight.phases[index[p1]].ascending
            assert k1 < k2 if ascending else k1 > k2


@given(fights(), st.data())
def test_finish_and_advance_never_lose_or_duplicate_a_slot(fight, data):
    moved = begin(fight)
    slots: list[tuple[str, tuple[int, ...]]] = []
    done: Counter[tuple[str, str, tuple[int, ...]]] = Counter()
    passed: Counter[tuple[str, str, tuple[int, ...]]] = Counter()
    length = None
    while moved.state.current is not None:
        slot = moved.state.current
        if len(moved.state.queue) != length:  # a new slot came up (the queue only shrinks in a round)
            length = len(moved.state.queue)
            slots.append((slot.phase, slot.key))
        if data.draw(st.booleans(), label="finish (else advance)"):
            actor = data.draw(st.sampled_from(slot.waiting), label="who finishes")
            done[(actor, slot.phase, slot.key)] += 1
            moved = finish(moved.state, actor, fight.can_act)
        else:
            passed.update((a, slot.phase, slot.key) for a in slot.waiting)
            moved = advance(moved.state, fight.can_act)
    assert slots == fight.expected_slots()
    assert done + passed == fight.expected()
    assert not (set(done) & set(passed))


@given(fights(), st.data())
@settings(max_examples=200)
def test_holds_and_releases_account_for_every_turn(fight, data):
    moved = begin(fight)
    acted = passed = lapsed = 0
    while moved.state.current is not None:
        state = moved.state
        slot = state.current
        choice = data.draw(st.sampled_from(["finish", "advance", "hold", "release"]), label="choice")
        if choice == "hold" and slot.last_call:
            with pytest.raises(CannotAct, match="round is ending"):
                hold(state, slot.waiting[0], fight.can_act)
            continue
        if choice == "hold" and any(a not in state.held for a in slot.waiting):
            actor = data.draw(st.sampled_from([a for a in slot.waiting if a not in state.held]), label="holder")
            moved = hold(state, actor, fight.can_act)
            assert actor in moved.state.held or actor in moved.lapsed or moved.state.is_turn_of(actor)
        elif choice == "release" and state.held:
            actor = data.draw(st.sampled_from(state.held), label="released")
            if not fight.can_act(actor, slot.phase):
                with pytest.raises(CannotAct):
                    release(state, actor, fight.can_act)
                continue
            moved = Advance(release(state, actor, fight.can_act))
            assert moved.state.is_turn_of(actor)
            assert moved.state.queue[1:] == state.queue
        elif choice == "advance":
            passed += 0 if slot.last_call else len(slot.waiting)  # passing the last call is a lapse
            moved = advance(state, fight.can_act)
        else:
            acted += 1
            moved = finish(state, data.draw(st.sampled_from(slot.waiting), label="who"), fight.can_act)
        lapsed += len(moved.lapsed)
    assert acted + passed + lapsed == sum(fight.expected().values())
    assert moved.state.held == ()


@given(fights(), st.data())
def test_nobody_unable_is_left_waiting_after_settle(fight, data):
    knocked_out: set[str] = set()
    names = [e.combatant for e in fight.entries]

    def can_act(combatant: str, phase: str) -> bool:
        return combatant not in knocked_out and fight.can_act(combatant, phase)

    moved = start_round(TurnState(fight.phases), fight.entries, can_act)
    while moved.state.current is not None:
        if data.draw(st.booleans(), label="knock someone out"):
            knocked_out.add(data.draw(st.sampled_from(names), label="victim"))
            moved = settle(moved.state, can_act)
        slot = moved.state.current
        if slot is None:
            break
        assert all(can_act(a, slot.phase) for a in slot.waiting)
        moved = finish(moved.state, slot.waiting[0], can_act)
    assert moved.round_over
