"""bot.heap: what a long-running process made while starting is frozen out of the collector's way."""

import gc
import weakref

from bot.heap import freeze_startup_heap


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
