"""bot.heap: startup's objects are frozen out of the collector's way, and collections wait for quiet moments."""

import gc
import weakref
from dataclasses import dataclass, field

import pytest

from bot.heap import IDLE_YOUNG, SERVING_THRESHOLDS, collect_if_due, freeze_startup_heap, ready_to_serve, tune_collector


class Node:
    """An object in a reference cycle: only the collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_everything_alive_is_frozen_and_garbage_is_collected_first():
    kept, lost = Node(), Node()
    gone = weakref.ref(lost)
    del lost
    try:
        frozen = freeze_startup_heap()
        assert frozen == gc.get_freeze_count() > 0
        assert not any(o is kept for o in gc.get_objects())  # frozen objects are out of the collector's lists
        assert gone() is None  # the cycle was collected before freezing
    finally:
        gc.unfreeze()
    assert any(o is kept for o in gc.get_objects())  # back in the collector's care


def test_the_collector_is_tuned_for_serving_and_its_old_thresholds_are_given_back():
    before = gc.get_threshold()
    try:
        assert tune_collector() == before
        assert gc.get_threshold() == SERVING_THRESHOLDS != before
    finally:
        gc.set_threshold(*before)


def test_ready_to_serve_freezes_the_heap_and_tunes_the_collector():
    before = gc.get_threshold()
    try:
        ready_to_serve()
        assert gc.get_freeze_count() > 0 and gc.get_threshold() == SERVING_THRESHOLDS
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


@dataclass
class Counts:
    """A stand-in for the gc module: set counts, and the collections asked for."""

    counts: tuple[int, int, int]
    collected: list[int] = field(default_factory=list)

    def get_count(self) -> tuple[int, int, int]:
        return self.counts

    def collect(self, generation: int = 2) -> int:
        self.collected.append(generation)
        return 0


@pytest.mark.parametrize(("counts", "due"), [
    ((0, 0, 0), None),
    ((IDLE_YOUNG - 1, SERVING_THRESHOLDS[1] - 1, SERVING_THRESHOLDS[2] - 1), None),
    ((IDLE_YOUNG, 0, 0), 0),
    ((5, SERVING_THRESHOLDS[1], 0), 1),
    ((IDLE_YOUNG, SERVING_THRESHOLDS[1], 0), 1),
    ((0, 0, SERVING_THRESHOLDS[2]), 2),
    ((IDLE_YOUNG, SERVING_THRESHOLDS[1], SERVING_THRESHOLDS[2]), 2),
])
def test_a_quiet_moment_runs_the_oldest_collection_that_is_due(counts, due):
    stand_in = Counts(counts)
    assert collect_if_due(stand_in) == due
    assert stand_in.collected == ([] if due is None else [due])


def test_the_collector_alone_waits_far_longer_than_a_quiet_moment_does():
    assert SERVING_THRESHOLDS[0] >= 10 * IDLE_YOUNG  # a burst of commands runs no collection of its own


def test_garbage_in_cycles_is_collected_once_enough_is_new():
    before = gc.get_threshold()
    gc.disable()  # only collect_if_due collects here
    try:
        gc.collect()
        assert collect_if_due() is None  # nothing new yet
        lost = Node()
        gone = weakref.ref(lost)
        del lost
        kept = [[] for _ in range(IDLE_YOUNG)]  # new container objects, enough to make a young collection due
        assert gone() is not None  # a cycle: reference counting alone never frees it
        assert collect_if_due() is not None
        assert gone() is None
        assert kept and collect_if_due() is None  # counted afresh from here
    finally:
        gc.enable()
        gc.set_threshold(*before)
