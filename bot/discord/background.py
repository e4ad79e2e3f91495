"""Background posts (status boards, round summaries) let the commands being answered go first."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, Protocol

__all__ = ["Channels", "Commands", "after_commands", "channel_of"]


class Channels(Protocol):
    """Where the channels are found (the bot): from its cache, else from Discord."""

    def get_channel(self, id: int, /) -> Any:
        """Return the cached channel, or None."""

    async def fetch_channel(self, channel_id: int, /) -> Any:
        """Ask Discord for the channel."""


async def channel_of(channels: Channels, channel_id: int) -> Any:
    """Return a channel to post in: the cached one, else Discord's."""
    return channels.get_channel(channel_id) or await channels.fetch_channel(channel_id)


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
