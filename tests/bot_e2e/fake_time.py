"""A clock and a sleep the test moves by hand: sleepers wake when the test advances time past their moment."""

from __future__ import annotations

import asyncio


class FakeTime:
    """Seconds since the epoch that only move when ``advance`` is called; ``sleep`` waits for that."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now
        self._sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def clock(self) -> float:
        """Return the time now."""
        return self.now

    async def sleep(self, seconds: float) -> None:
        """Wait until the test has moved time ``seconds`` on (yield once when there is nothing to wait)."""
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        entry = (self.now + seconds, asyncio.get_running_loop().create_future())
        self._sleepers.append(entry)
        try:
            await entry[1]
        finally:
            if entry in self._sleepers:
                self._sleepers.remove(entry)

    @property
    def sleeping(self) -> int:
        """Return how many are waiting."""
        return len(self._sleepers)

    async def advance(self, seconds: float) -> None:
        """Move time on and wake whoever's moment has come; let them run."""
        self.now += seconds
        for entry in list(self._sleepers):
            moment, waiter = entry
            if moment <= self.now:
                self._sleepers.remove(entry)
                if not waiter.done():
                    waiter.set_result(None)
        for _ in range(5):
            await asyncio.sleep(0)
