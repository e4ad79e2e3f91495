"""Background posts (status boards, round summaries) let the commands being answered go first."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Protocol

__all__ = ["Commands", "after_commands"]


class Commands(Protocol):
    """What background work asks of the commands being answered (the bot's ``Responder``)."""

    @property
    def answering(self) -> int:
        """Return how many commands are being answered now."""

    async def quiet(self) -> None:
        """Return once no command is being answered."""


async def after_commands(commands: Commands | None, limit: float, now: asyncio.Event | None = None) -> None:
    """Return once no command is being answered, after ``limit`` seconds at most, or as soon as ``now`` is set."""
    if commands is None or not commands.answering or (now is not None and now.is_set()):
        return
    waits: list[asyncio.Future[object]] = [asyncio.ensure_future(commands.quiet())]
    if now is not None:
        waits.append(asyncio.ensure_future(now.wait()))
    try:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait(waits, timeout=limit, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()
