"""The turn model in a Farscape-like fight: one phase, static Speed keys, Agility tiebreak, simultaneous ties."""

import pytest

from combat.errors import CannotAct
from combat.turns import (
    SINGLE_PHASE,
    Advance,
    InitiativeEntry,
    TurnState,
    advance,
    finish,
    join,
    remove,
    reschedule,
    settle,
    start_round,
)


def everyone(_combatant: str, _phase: str) -> bool:
    return True


def entry(name: str, speed: int, agility: int) -> InitiativeEntry:
    """Farscape: Initiative = Speed (no dice), ties to the higher Agility."""
    return InitiativeEntry(name, (speed,), (agility,))


FIGHT = (entry("crichton", 1, 1), entry("aeryn", 2, 2), entry("rygel", -1, 0), entry("dargo", 1, 2))


def begin(entries=FIGHT, can_act=everyone) -> Advance:
    return start_round(TurnState(SINGLE_PHASE), entries, can_act)


def walk(state: TurnState, can_act=everyone) -> tuple[list[tuple[str, ...]], Advance]:
    """Finish every waiting actor slot by slot until the round ends; return the actors of each slot."""
    seen: list[tuple[str, ...]] = []
    moved = Advance(state)
    while moved.state.current is not None:
        slot = moved.state.current
        seen.append(slot.actors)
        for actor in slot.waiting:
            moved = finish(moved.state, actor, can_act)
    return seen, moved


def test_highest_speed_first_then_higher_agility():
    seen, end = walk(begin().state)
    assert seen == [("aeryn",), ("dargo",), ("crichton",), ("rygel",)]
    assert end.round_over
    assert end.state.round == 1


def test_first_slot_is_current_after_start():
    started = begin()
    assert started.state.round == 1
    assert started.state.phase == "action"
    assert started.state.current.key == (2, 2)
    assert started.state.current.count == 2
    assert started.state.is_turn_of("aeryn")
    assert not started.state.is_turn_of("dargo")
    assert not started.round_over


def test_exact_ties_share_a_slot_and_both_must_finish():
    entries = (entry("aeryn", 1, 2), entry("dargo", 1, 2), entry("rygel", 0, 0))
    state = begin(entries).state
    assert state.current.actors == ("aeryn", "dargo")
    assert state.is_turn_of("aeryn")
    assert state.is_turn_of("dargo")

    after_dargo = finish(state, "dargo", everyone)
    assert after_dargo.state.current.actors == ("aeryn", "dargo")
    assert after_dargo.state.current.waiting == ("aeryn",)
    assert not after_dargo.state.is_turn_of("dargo")
    with pytest.raises(CannotAct):
        finish(after_dargo.state, "dargo", everyone)

    after_both = finish(after_dargo.state, "aeryn", everyone)
    assert after_both.state.current.actors == ("rygel",)


def test_frozen_combatants_are_skipped_at_round_start():
    frozen = {"aeryn"}
    started = begin(can_act=lambda c, _p: c not in frozen)
    assert started.skipped == (("aeryn", "action"),)
    assert started.state.current.actors == ("dargo",)


def test_frozen_is_checked_when_the_slot_comes_up():
    frozen: set[str] = set()
    can_act = lambda c, _p: c not in frozen  # noqa: E731
    state = begin(can_act=can_act).state
    frozen.add("crichton")  # surprised while Aeryn acts
    moved = finish(state, "aeryn", can_act)
    assert moved.state.current.actors == ("dargo",)
    moved = finish(moved.state, "dargo", can_act)
    assert moved.skipped == (("crichton", "action"),)
    assert moved.state.current.actors == ("rygel",)


def test_a_partner_knocked_out_mid_slot_is_skipped():
    # Simultaneous action: Aeryn acts first and knocks D'Argo out; the shared slot must not wait for him.
    out: set[str] = set()
    can_act = lambda c, _p: c not in out  # noqa: E731
    state = begin((entry("aeryn", 1, 2), entry("dargo", 1, 2), entry("rygel", 0, 0)), can_act).state
    out.add("dargo")
    moved = finish(state, "aeryn", can_act)
    assert moved.skipped == (("dargo", "action"),)
    assert moved.state.current.actors == ("rygel",)


def test_settle_skips_a_current_actor_who_can_no_longer_act():
    out: set[str] = set()
    can_act = lambda c, _p: c not in out  # noqa: E731
    state = begin(can_act=can_act).state
    assert settle(state, can_act).state == state
    out.add("aeryn")  # knocked out by a reaction during her own turn
    moved = settle(state, can_act)
    assert moved.skipped == (("aeryn", "action"),)
    assert moved.state.current.actors == ("dargo",)


def test_nobody_able_to_act_ends_the_round_at_once():
    started = begin(can_act=lambda _c, _p: False)
    assert started.round_over
    assert started.state.current is None
    assert started.skipped == (("aeryn", "action"), ("dargo", "action"), ("crichton", "action"), ("rygel", "action"))


def test_the_next_round_keeps_counting():
    _, end = walk(begin().state)
    second = start_round(end.state, FIGHT, everyone)
    assert second.state.round == 2
    assert second.state.current.actors == ("aeryn",)


def test_advance_passes_everyone_still_waiting():
    entries = (entry("aeryn", 1, 2), entry("dargo", 1, 2), entry("rygel", 0, 0))
    state = finish(begin(entries).state, "aeryn", everyone).state
    moved = advance(state, everyone)
    assert moved.state.current.actors == ("rygel",)
    assert not moved.round_over
    assert advance(moved.state, everyone).round_over


def test_advance_between_rounds_reports_round_over():
    assert advance(TurnState(), everyone).round_over


def test_finish_out_of_turn_is_refused():
    with pytest.raises(CannotAct):
        finish(begin().state, "rygel", everyone)
    with pytest.raises(CannotAct):
        finish(TurnState(), "rygel", everyone)


def test_newcomer_whose_place_is_still_to_come_acts_this_round():
    state = finish(begin().state, "aeryn", everyone).state  # dargo (1, 2) is current
    joined = join(state, entry("chiana", 1, 1))  # ties crichton exactly: they act together
    seen, _ = walk(joined)
    assert seen == [("dargo",), ("crichton", "chiana"), ("rygel",)]
    assert joined.order[-1].combatant == "chiana"


def test_newcomer_between_two_slots_is_inserted_in_order():
    state = finish(begin().state, "aeryn", everyone).state
    seen, _ = walk(join(state, entry("stark", 0, 3)))
    assert seen == [("dargo",), ("crichton",), ("stark",), ("rygel",)]


def test_newcomer_whose_place_has_passed_waits_for_next_round():
    state = finish(begin().state, "aeryn", everyone).state
    joined = join(state, entry("scorpius", 3, 0))
    seen, end = walk(joined)
    assert "scorpius" not in {a for actors in seen for a in actors}
    assert joined.order[-1] == entry("scorpius", 3, 0)
    assert end.round_over


def test_newcomer_on_the_current_key_acts_in_it_with_the_others():
    # [seed] "A tie here means they act at the same time": a newcomer exactly tied with the slot under way acts in it.
    state = finish(begin().state, "aeryn", everyone).state
    joined = join(state, entry("jool", 1, 2))
    assert joined.current.waiting == ("dargo", "jool")
    seen, _ = walk(joined)
    assert seen == [("dargo", "jool"), ("crichton",), ("rygel",)]


def test_joining_again_moves_a_combatant_s_place_still_to_come_and_never_doubles_it():
    state = finish(begin().state, "aeryn", everyone).state  # dargo (1, 2) is current
    placed = join(state, entry("stark", 0, 3))
    moved = join(placed, entry("stark", 1, 1))  # his place moves up beside crichton
    seen, _ = walk(moved)
    assert seen == [("dargo",), ("crichton", "stark"), ("rygel",)]
    assert [e.combatant for e in moved.order].count("stark") == 1
    kept = join(placed, entry("dargo", 1, 0))  # a new tiebreak: the moment under way stands for it, no second turn
    seen, _ = walk(kept)
    assert seen == [("dargo",), ("crichton",), ("stark",), ("rygel",)]


def test_newcomer_between_rounds_only_joins_the_order():
    _, end = walk(begin().state)
    joined = join(end.state, entry("jool", 5, 5))
    assert joined.queue == ()
    assert joined.order[-1].combatant == "jool"


def test_removing_the_current_actor_advances():
    moved = remove(begin().state, "aeryn", everyone)
    assert moved.state.current.actors == ("dargo",)
    assert all(e.combatant != "aeryn" for e in moved.state.order)


def test_removing_one_of_a_shared_slot_leaves_the_other_acting():
    entries = (entry("aeryn", 1, 2), entry("dargo", 1, 2), entry("rygel", 0, 0))
    moved = remove(begin(entries).state, "aeryn", everyone)
    assert moved.state.current.actors == ("dargo",)
    assert moved.state.current.waiting == ("dargo",)


def test_removing_the_last_waiting_partner_moves_on():
    entries = (entry("aeryn", 1, 2), entry("dargo", 1, 2), entry("rygel", 0, 0))
    state = finish(begin(entries).state, "aeryn", everyone).state
    moved = remove(state, "dargo", everyone)
    assert moved.state.current.actors == ("rygel",)


def test_removing_someone_later_drops_their_slot_only():
    moved = remove(begin().state, "crichton", everyone)
    assert moved.state.current.actors == ("aeryn",)
    seen, _ = walk(moved.state)
    assert seen == [("aeryn",), ("dargo",), ("rygel",)]


def test_removing_the_last_actor_ends_the_round():
    state = begin((entry("aeryn", 1, 2),)).state
    moved = remove(state, "aeryn", everyone)
    assert moved.round_over
    assert moved.state.queue == ()


def test_rescheduling_after_a_wound_moves_a_waiting_fighter_later():
    # Initiative is recomputed when wound penalties change: Crichton is wounded to Speed -2 before his turn.
    wounded_crichton = (entry("crichton", -2, 1), entry("aeryn", 2, 2), entry("rygel", -1, 0), entry("dargo", 1, 2))
    seen, _ = walk(reschedule(begin().state, wounded_crichton))
    assert seen == [("aeryn",), ("dargo",), ("rygel",), ("crichton",)]


def test_a_fighter_wounded_during_his_own_turn_still_acts_once():
    state = finish(finish(begin().state, "aeryn", everyone).state, "dargo", everyone).state  # crichton is current
    wounded_crichton = (entry("crichton", -2, 1), entry("aeryn", 2, 2), entry("rygel", -1, 0), entry("dargo", 1, 2))
    seen, _ = walk(reschedule(state, wounded_crichton))
    assert seen == [("crichton",), ("rygel",)]


def test_rescheduling_never_gives_a_second_action_in_the_round():
    state = finish(begin().state, "aeryn", everyone).state  # dargo is current, aeryn has acted
    slower = (entry("crichton", 1, 1), entry("aeryn", -3, 2), entry("rygel", -1, 0), entry("dargo", -2, 2))
    seen, _ = walk(reschedule(state, slower))
    assert seen == [("dargo",), ("crichton",), ("rygel",)]


def test_rescheduling_a_fighter_who_has_not_acted_yet():
    state = begin().state  # aeryn is current
    rygel_faster = (entry("crichton", 1, 1), entry("aeryn", 2, 2), entry("rygel", 1, 3), entry("dargo", 1, 2))
    seen, _ = walk(reschedule(state, rygel_faster))
    assert seen == [("aeryn",), ("rygel",), ("dargo",), ("crichton",)]
