"""The turn model in a Deryni-like round: fixed Agility order, roll-off tiebreaks, hold and release."""

import pytest

from combat.errors import CannotAct
from combat.turns import (
    SINGLE_PHASE,
    Advance,
    InitiativeEntry,
    TurnState,
    advance,
    finish,
    hold,
    release,
    remove,
    start_round,
)


def everyone(_combatant: str, _phase: str) -> bool:
    return True


def entry(name: str, initiative: int, rolloff: int = 0) -> InitiativeEntry:
    """Deryni: Initiative = Agility (+1 for skill, +1 longer weapon); ties settled by a roll-off."""
    return InitiativeEntry(name, (initiative,), (rolloff,))


ROUND = (entry("morgan", 3), entry("duncan", 2), entry("warin", 1))


def begin(entries=ROUND, can_act=everyone) -> TurnState:
    return start_round(TurnState(SINGLE_PHASE), entries, can_act).state


def test_roll_off_settles_ties():
    state = begin((entry("morgan", 2, -1), entry("duncan", 2, 1)))
    assert state.current.actors == ("duncan",)
    assert finish(state, "duncan", everyone).state.current.actors == ("morgan",)


def test_holding_leaves_the_current_slot():
    moved = hold(begin(), "morgan", everyone)
    assert moved.state.held == ("morgan",)
    assert moved.state.current.actors == ("duncan",)
    assert not moved.state.is_turn_of("morgan")


def test_release_interrupts_before_whoever_is_current():
    state = hold(begin(), "morgan", everyone).state
    state = finish(state, "duncan", everyone).state  # warin is current
    interrupted = release(state, "morgan")
    assert interrupted.current.actors == ("morgan",)
    assert interrupted.current.interrupt
    assert interrupted.current.key == state.current.key
    assert interrupted.held == ()
    assert interrupted.is_turn_of("morgan")
    assert not interrupted.is_turn_of("warin")

    back = finish(interrupted, "morgan", everyone)
    assert back.state.current.actors == ("warin",)
    assert back.state.current.waiting == ("warin",)
    assert not back.round_over


def test_release_before_the_next_actor_has_started():
    state = hold(begin(), "morgan", everyone).state
    order = [state.current.actors]
    state = release(state, "morgan")
    while state.current is not None:
        order.append(state.current.actors)
        state = finish(state, state.current.waiting[0], everyone).state
    assert order == [("duncan",), ("morgan",), ("duncan",), ("warin",)]


def test_held_actions_lapse_at_round_end():
    state = hold(begin(), "morgan", everyone).state
    state = finish(state, "duncan", everyone).state
    end = finish(state, "warin", everyone)
    assert end.round_over
    assert end.lapsed == ("morgan",)
    assert end.state.held == ()
    with pytest.raises(CannotAct):
        release(end.state, "morgan")


def test_holding_with_nobody_after_lapses_at_once():
    state = finish(finish(begin(), "morgan", everyone).state, "duncan", everyone).state
    moved = hold(state, "warin", everyone)
    assert moved.round_over
    assert moved.lapsed == ("warin",)


def test_advance_past_the_last_slot_lapses_holds():
    state = hold(begin(), "morgan", everyone).state
    state = advance(state, everyone).state
    end = advance(state, everyone)
    assert end.round_over
    assert end.lapsed == ("morgan",)


def test_holding_out_of_turn_or_twice_is_refused():
    state = begin()
    with pytest.raises(CannotAct, match="whose turn"):
        hold(state, "warin", everyone)
    held = release(hold(state, "morgan", everyone).state, "morgan")
    assert held.is_turn_of("morgan")
    with pytest.raises(CannotAct, match="not holding"):
        release(held, "morgan")


def test_cannot_hold_while_already_holding():
    state = begin((InitiativeEntry("morgan", (3, 1)), entry("duncan", 2)))
    state = hold(state, "morgan", everyone).state
    state = finish(state, "duncan", everyone).state  # morgan's second slot comes up while he still holds
    with pytest.raises(CannotAct, match="already holding"):
        hold(state, "morgan", everyone)


def test_release_between_rounds_is_refused():
    state = TurnState(SINGLE_PHASE, round=1, held=("morgan",))
    with pytest.raises(CannotAct, match="no round"):
        release(state, "morgan")


def test_holding_from_a_shared_slot_leaves_the_partner():
    state = begin((entry("morgan", 2), entry("duncan", 2), entry("warin", 1)))
    moved = hold(state, "morgan", everyone)
    assert moved.state.current.actors == ("duncan",)
    assert moved.state.current.waiting == ("duncan",)


def test_a_holder_released_can_be_removed_and_the_turn_goes_back():
    state = release(hold(begin(), "morgan", everyone).state, "morgan")
    moved = remove(state, "morgan", everyone)
    assert moved.state.current.actors == ("duncan",)
    assert moved.state.held == ()


def test_removing_a_holder_clears_the_hold():
    state = hold(begin(), "morgan", everyone).state
    moved = remove(state, "morgan", everyone)
    assert moved.state.held == ()
    assert moved.state.current.actors == ("duncan",)


def test_dodge_lowers_initiative_next_round():
    # A dodge costs -1 Initiative next round: the system hands start_round new entries.
    first = begin()
    second = start_round(first, (entry("morgan", 3 - 1 - 1), entry("duncan", 2), entry("warin", 1)), everyone)
    assert second.state.round == 2
    assert second.state.current.actors == ("duncan",)


def test_the_round_after_a_lapse_starts_clean():
    state = hold(begin(), "morgan", everyone).state
    state = finish(finish(state, "duncan", everyone).state, "warin", everyone).state
    nxt: Advance = start_round(state, ROUND, everyone)
    assert nxt.state.held == ()
    assert nxt.state.current.actors == ("morgan",)
