"""Snowflakes and the double's clock (monotonic, with a test-controlled skew)."""

from __future__ import annotations

import itertools
import time
from datetime import UTC, datetime

DISCORD_EPOCH_MS = 1420070400000


class Snowflakes:
    """Issue increasing, realistic snowflake ids (time-based, so created_at is sane)."""

    def __init__(self) -> None:
        self._counter = itertools.count(1)
        self._last = 0

    def next(self) -> int:
        """Return a fresh id, always larger than the previous one."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = (ms << 22) | (1 << 17) | (next(self._counter) & 0xFFF)
        self._last = max(candidate, self._last + 1)
        return self._last


class Clock:
    """Monotonic seconds; advance() moves the double's notion of time forward, freeze() stops it (deadline tests)."""

    def __init__(self) -> None:
        self._skew = 0.0
        self._frozen: float | None = None

    def now(self) -> float:
        """Return the current double time in seconds."""
        return (time.monotonic() if self._frozen is None else self._frozen) + self._skew

    def freeze(self) -> None:
        """Stop the clock: from now on only advance() moves it."""
        self._frozen = time.monotonic()

    def advance(self, seconds: float) -> None:
        """Pretend that `seconds` have passed."""
        self._skew += seconds


def iso_now() -> str:
    """Return the current UTC time in Discord's ISO-8601 form."""
    return datetime.now(UTC).isoformat()
