"""bot.heap: what a long-running process made while starting is frozen out of the collector's way."""

import gc
import weakref

from bot.heap import SERVING_THRESHOLDS, freeze_startup_heap, ready_to_serve, tune_collector


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
