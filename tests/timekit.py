"""Time under the test's control: a sleep that returns only when the test releases it, and a hand-moved clock."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field


@dataclass
class Clock:
    """A clock the test moves by hand (seconds since the epoch)."""

    now: float = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class HeldSleeps:
    """An injected ``sleep(seconds)``: each call waits until the test releases it, whatever the seconds.

    The test synchronises on the calls themselves (``release`` first waits until enough are waiting), so nothing
    depends on how fast the machine is.
    """

    delays: list[float] = field(default_factory=list)
    _waiting: list[asyncio.Future[None]] = field(default_factory=list)
    _changed: asyncio.Event = field(default_factory=asyncio.Event)

    async def __call__(self, seconds: float) -> None:
        future = asyncio.get_running_loop().create_future()
        self.delays.append(seconds)
        self._waiting.append(future)
        self._changed.set()
        try:
            await future
        finally:
            if future in self._waiting:
                self._waiting.remove(future)

    @property
    def waiting(self) -> int:
        """Return how many sleeps are waiting now."""
        return len(self._waiting)

    async def until_waiting(self, count: int = 1, timeout: float = 10.0) -> None:
        """Return once at least ``count`` sleeps are waiting (``timeout`` only turns a hang into a failure)."""
        async with asyncio.timeout(timeout):
            while self.waiting < count:
                self._changed.clear()
                await self._changed.wait()

    async def release(self, count: int = 1, timeout: float = 10.0) -> None:
        """Wait until ``count`` sleeps are waiting, then let exactly those return."""
        await self.until_waiting(count, timeout)
        for future in self._waiting[:count]:
            future.set_result(None)
        del self._waiting[:count]
