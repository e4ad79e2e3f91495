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


def test_a_held_action_gets_the_last_call_before_the_round_ends():
    # The seed's Example 2: Bob waits, sees his friend (the last to act) run the bandit through, then acts.
    state = hold(begin(), "morgan", everyone).state
    state = finish(state, "duncan", everyone).state
    called = finish(state, "warin", everyone)
    assert not called.round_over and called.lapsed == ()
    assert called.state.current.last_call and called.state.is_turn_of("morgan") and called.state.held == ()
    assert release(called.state, "morgan") == called.state  # releasing now changes nothing: it is his turn
    with pytest.raises(CannotAct, match="round is ending"):
        hold(called.state, "morgan", everyone)
    end = finish(called.state, "morgan", everyone)
    assert end.round_over and end.lapsed == () and end.state.held == ()


def test_holding_with_nobody_after_gives_the_last_call_at_once():
    state = finish(finish(begin(), "morgan", everyone).state, "duncan", everyone).state
    moved = hold(state, "warin", everyone)
    assert not moved.round_over and moved.state.current.last_call and moved.state.is_turn_of("warin")


def test_passing_the_last_call_lapses_the_held_action():
    state = hold(begin(), "morgan", everyone).state
    state = advance(state, everyone).state
    called = advance(state, everyone)
    assert not called.round_over and called.state.is_turn_of("morgan")
    end = advance(called.state, everyone)
    assert end.round_over and end.lapsed == ("morgan",)
    with pytest.raises(CannotAct):
        release(end.state, "morgan")


def test_a_holder_who_can_no_longer_act_lets_the_action_lapse_at_the_last_call():
    state = hold(begin(), "morgan", everyone).state
    state = finish(state, "duncan", everyone).state
    end = finish(state, "warin", lambda c, _phase: c != "morgan")
    assert end.round_over and end.skipped == () and end.lapsed == ("morgan",)


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
    state = advance(finish(finish(state, "duncan", everyone).state, "warin", everyone).state, everyone).state
    nxt: Advance = start_round(state, ROUND, everyone)
    assert nxt.state.held == ()
    assert nxt.state.current.actors == ("morgan",)
