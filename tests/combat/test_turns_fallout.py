"""The turn model in a Fallout "Simple" round: move (lowest first), charge and action (highest first)."""

from combat.turns import Advance, InitiativeEntry, Phase, TurnState, finish, join, reschedule, start_round

PHASES = (Phase("move", ascending=True), Phase("charge"), Phase("action"))


def everyone(_combatant: str, _phase: str) -> bool:
    return True


def entry(name: str, sequence: int, tiebreak: int = 0, phases: tuple[str, ...] = ()) -> InitiativeEntry:
    """Fallout: d10 + Combat Sequence once per fight; ties re-rolled with d10 (the tiebreak)."""
    return InitiativeEntry(name, (sequence,), (tiebreak,), phases)


FIGHT = (entry("vault", 15), entry("raider", 12), entry("ghoul", 7))


def begin(entries=FIGHT, can_act=everyone) -> TurnState:
    return start_round(TurnState(PHASES), entries, can_act).state


def walk(state: TurnState, can_act=everyone) -> tuple[list[tuple[str, tuple[str, ...]]], Advance]:
    seen: list[tuple[str, tuple[str, ...]]] = []
    moved = Advance(state)
    while moved.state.current is not None:
        slot = moved.state.current
        seen.append((slot.phase, slot.actors))
        for actor in slot.waiting:
            moved = finish(moved.state, actor, can_act)
    return seen, moved


def test_move_lowest_first_then_charge_and_action_highest_first():
    seen, end = walk(begin())
    assert seen == [
        ("move", ("ghoul",)),
        ("move", ("raider",)),
        ("move", ("vault",)),
        ("charge", ("vault",)),
        ("charge", ("raider",)),
        ("charge", ("ghoul",)),
        ("action", ("vault",)),
        ("action", ("raider",)),
        ("action", ("ghoul",)),
    ]
    assert end.round_over


def test_the_current_phase_is_reported():
    state = begin()
    assert state.phase == "move"
    assert state.is_turn_of("ghoul")


def test_tied_sequence_rerolled_with_d10():
    seen, _ = walk(begin((entry("vault", 12, 3), entry("raider", 12, 8))))
    assert seen == [
        ("move", ("vault",)),
        ("move", ("raider",)),
        ("charge", ("raider",)),
        ("charge", ("vault",)),
        ("action", ("raider",)),
        ("action", ("vault",)),
    ]


def test_a_runner_gets_no_charge_or_action():
    ran = (entry("vault", 15), entry("raider", 12, phases=("move",)), entry("ghoul", 7))
    seen, _ = walk(begin(ran))
    assert ("move", ("raider",)) in seen
    assert [s for s in seen if "raider" in s[1]] == [("move", ("raider",))]
    assert [p for p, _ in seen] == ["move"] * 3 + ["charge"] * 2 + ["action"] * 2


def test_running_declared_mid_round_drops_the_rest():
    state = begin()
    state = finish(state, "ghoul", everyone).state  # the raider is about to move
    ran = reschedule(state, (entry("vault", 15), entry("raider", 12, phases=("move",)), entry("ghoul", 7)))
    seen, _ = walk(ran)
    assert [s for s in seen if "raider" in s[1]] == [("move", ("raider",))]
    assert ("move", ("ghoul",)) not in seen
    assert seen[-1] == ("action", ("ghoul",))


def test_unconscious_skipped_in_every_phase():
    out = {"raider"}
    seen, _ = walk(begin(can_act=lambda c, _p: c not in out), lambda c, _p: c not in out)
    assert all("raider" not in actors for _, actors in seen)
    assert len(seen) == 6


def test_skip_one_phase_only():
    # An evader forgoes charge and action: the system may say so through can_act per phase.
    can_act = lambda c, p: not (c == "vault" and p != "move")  # noqa: E731
    state = begin(can_act=can_act)
    state = finish(state, "ghoul", can_act).state
    state = finish(state, "raider", can_act).state
    into_charge = finish(state, "vault", can_act)
    assert into_charge.skipped == (("vault", "charge"),)
    assert into_charge.state.current.actors == ("raider",)
    state = finish(into_charge.state, "raider", can_act).state
    into_action = finish(state, "ghoul", can_act)
    assert into_action.skipped == (("vault", "action"),)
    assert (into_action.state.phase, into_action.state.current.actors) == ("action", ("raider",))


def test_newcomer_appended_at_the_end_acts_in_later_phases():
    # Newcomers go at the end (lowest sequence): in the move phase their place (first) has passed.
    state = finish(begin(), "ghoul", everyone).state  # the raider is moving
    joined = join(state, entry("mutant", 6))
    seen, _ = walk(joined)
    assert [s for s in seen if "mutant" in s[1]] == [("charge", ("mutant",)), ("action", ("mutant",))]
    assert seen[:2] == [("move", ("raider",)), ("move", ("vault",))]


def test_newcomer_during_the_action_phase_waits_for_next_round():
    state = begin()
    while state.phase != "action":
        state = finish(state, state.current.waiting[0], everyone).state
    seen, _ = walk(join(state, entry("mutant", 6)))
    assert [s for s in seen if "mutant" in s[1]] == [("action", ("mutant",))]
    state = finish(state, "vault", everyone).state
    state = finish(state, "raider", everyone).state
    late = join(state, entry("mutant", 6))  # ghoul (7) is acting; 6 comes after
    assert [s.actors for s in late.queue] == [("ghoul",), ("mutant",)]


def test_several_newcomers_roll_among_themselves():
    state = finish(begin(), "ghoul", everyone).state
    state = join(state, entry("mutant", 6, 2))
    state = join(state, entry("dog", 6, 9))
    seen, _ = walk(state)
    assert seen[-2:] == [("action", ("dog",)), ("action", ("mutant",))]


def test_the_order_is_resorted_each_round():
    _, end = walk(begin())
    second = start_round(end.state, (entry("vault", 15), entry("raider", 16), entry("ghoul", 7)), everyone)
    seen, _ = walk(second.state)
    assert second.state.round == 2
    assert seen[:3] == [("move", ("ghoul",)), ("move", ("vault",)), ("move", ("raider",))]
    assert seen[3] == ("charge", ("raider",))


def test_a_hold_lasts_its_phase_a_held_move_is_no_action():
    import pytest

    from combat.errors import CannotAct
    from combat.turns import advance, hold, release

    state = hold(begin(), "ghoul", everyone).state  # the ghoul holds his move
    state = finish(finish(state, "raider", everyone).state, "vault", everyone).state
    assert state.current.phase == "move" and state.current.last_call and state.is_turn_of("ghoul")
    passed = advance(state, everyone)  # he lets it go: the move lapses, the charge phase begins
    assert passed.lapsed == ("ghoul",) and passed.state.current.phase == "charge" and passed.state.held == ()
    with pytest.raises(CannotAct, match="not holding"):
        release(passed.state, "ghoul")
    seen, _ = walk(passed.state)
    assert [actors for phase, actors in seen if phase == "action"] == [("vault",), ("raider",), ("ghoul",)]
