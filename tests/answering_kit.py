"""Commands being answered, as background work (status boards, round summaries) sees them, for the tests."""

from __future__ import annotations

import asyncio
from typing import Any


class Commands:
    """A stand-in for the bot's ``Responder``: how many commands are being answered, and a wait until none is."""

    def __init__(self, answering: int) -> None:
        self.answering = answering
        self.waited = asyncio.Event()
        self._quiet = asyncio.Event()

    async def quiet(self) -> None:
        self.waited.set()
        await self._quiet.wait()

    def done(self) -> None:
        self.answering = 0
        self._quiet.set()


def note_waits(bot: Any) -> asyncio.Event:
    """Make the bot answer every command deferred, and return an event set once background work waits for them."""
    waiting = asyncio.Event()
    quiet = bot.responder.quiet

    async def noted() -> None:
        waiting.set()
        await quiet()

    bot.responder.quiet = noted
    bot.responder.defer_after = 0.0
    return waiting
