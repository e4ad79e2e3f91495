"""The turn model in a d6-pool round: several actions at Init, Init-6, ... interleaved, re-rolled every round."""

from combat.turns import SINGLE_PHASE, Advance, InitiativeEntry, TurnState, finish, reschedule, start_round


def everyone(_combatant: str, _phase: str) -> bool:
    return True


def counts(initiative: int) -> tuple[int, ...]:
    """Act on Init, Init-6, Init-12, ... while the count is at least 1 ([ours], docs/rules/d6pool.md)."""
    return tuple(range(initiative, 0, -6))


def entry(name: str, initiative: int) -> InitiativeEntry:
    return InitiativeEntry(name, counts(initiative))


def walk(state: TurnState, can_act=everyone) -> tuple[list[tuple[int, tuple[str, ...]]], Advance]:
    seen: list[tuple[int, tuple[str, ...]]] = []
    moved = Advance(state)
    while moved.state.current is not None:
        slot = moved.state.current
        seen.append((slot.count, slot.actors))
        for actor in slot.waiting:
            moved = finish(moved.state, actor, can_act)
    return seen, moved


def test_seed_examples_give_the_counts():
    assert counts(14) == (14, 8, 2)
    assert counts(11) == (11, 5)
    assert counts(12) == (12, 6)
    assert counts(6) == (6,)


def test_counts_interleave_highest_first():
    started = start_round(TurnState(SINGLE_PHASE), (entry("hero", 14), entry("thug", 11)), everyone)
    seen, end = walk(started.state)
    assert seen == [(14, ("hero",)), (11, ("thug",)), (8, ("hero",)), (5, ("thug",)), (2, ("hero",))]
    assert end.round_over


def test_initiative_is_rerolled_every_round():
    first = start_round(TurnState(SINGLE_PHASE), (entry("hero", 14), entry("thug", 11)), everyone)
    _, end = walk(first.state)
    second = start_round(end.state, (entry("hero", 9), entry("thug", 12)), everyone)
    assert second.state.round == 2
    seen, _ = walk(second.state)
    assert seen == [(12, ("thug",)), (9, ("hero",)), (6, ("thug",)), (3, ("hero",))]
    assert second.state.order == (entry("hero", 9), entry("thug", 12))


def test_equal_counts_act_together():
    # [ours] (d6 pool ties are open): with no tiebreak, equal counts share a slot.
    started = start_round(TurnState(SINGLE_PHASE), (entry("hero", 14), entry("thug", 8)), everyone)
    seen, _ = walk(started.state)
    assert seen == [(14, ("hero",)), (8, ("hero", "thug")), (2, ("hero", "thug"))]


def test_reschedule_mid_round_drops_passed_slots():
    started = start_round(TurnState(SINGLE_PHASE), (entry("hero", 14), entry("thug", 11)), everyone)
    at_eleven = finish(started.state, "hero", everyone).state
    assert at_eleven.current.count == 11
    changed = reschedule(at_eleven, (entry("hero", 13), entry("thug", 11)))
    assert changed.current == at_eleven.current
    seen, _ = walk(changed)
    assert seen == [(11, ("thug",)), (7, ("hero",)), (5, ("thug",)), (1, ("hero",))]


def test_stun_loses_the_remaining_actions():
    started = start_round(TurnState(SINGLE_PHASE), (entry("hero", 14), entry("thug", 11)), everyone)
    state = finish(started.state, "hero", everyone).state
    stunned = reschedule(state, (InitiativeEntry("hero", ()), entry("thug", 11)))
    seen, _ = walk(stunned)
    assert seen == [(11, ("thug",)), (5, ("thug",))]


def test_reschedule_keeps_a_pending_interrupt_and_its_slot():
    from combat.turns import hold, release

    started = start_round(TurnState(SINGLE_PHASE), (entry("hero", 14), entry("thug", 11)), everyone)
    held = hold(started.state, "hero", everyone).state
    interrupted = release(held, "hero")
    changed = reschedule(interrupted, (entry("hero", 14), entry("thug", 10)))
    assert changed.queue[0].interrupt
    assert changed.queue[1] == interrupted.queue[1]
    assert [s.count for s in changed.queue] == [11, 11, 8, 4, 2]


def test_reschedule_between_rounds_only_records_the_order():
    state = TurnState(SINGLE_PHASE, round=1)
    changed = reschedule(state, (entry("hero", 7),))
    assert changed.queue == ()
    assert changed.order == (entry("hero", 7),)


def test_a_stunned_fighter_is_skipped_at_each_later_count():
    stunned: set[str] = set()
    can_act = lambda c, _p: c not in stunned  # noqa: E731
    started = start_round(TurnState(SINGLE_PHASE), (entry("hero", 14), entry("thug", 11)), can_act)
    stunned.add("hero")
    moved = finish(started.state, "hero", can_act)
    moved = finish(moved.state, "thug", can_act)
    assert moved.skipped == (("hero", "action"),)
    assert moved.state.current.count == 5
    end = finish(moved.state, "thug", can_act)
    assert end.skipped == (("hero", "action"),)
    assert end.round_over
