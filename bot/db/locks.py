"""In-process locks, one per channel, so two commands on the same encounter never interleave."""

from __future__ import annotations

import asyncio
from weakref import WeakValueDictionary

__all__ = ["ChannelLocks"]


class ChannelLocks:
    """A registry of asyncio locks by channel id; a lock lives only while someone holds or awaits it.

    The registry holds its locks weakly, so its size is bounded by the channels with a command in flight:
    a holder or a waiter keeps the lock alive, and once none is left it disappears. Nobody can be waiting
    on a lock that has been dropped, so handing out a fresh one later is safe.
    """

    def __init__(self) -> None:
        self._locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()

    def get(self, channel_id: int) -> asyncio.Lock:
        """Return the lock of this channel, creating it when none is alive."""
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[channel_id] = lock
        return lock

    def __len__(self) -> int:
        """Return how many channel locks are alive now."""
        return len(self._locks)
