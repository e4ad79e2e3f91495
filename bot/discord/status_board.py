"""A status message per channel kept up to date: edits are coalesced, and a failed edit posts a new message.

The message each fight shows is noted in the database (``bot/services/posts.py``), so a restarted bot edits it.

Boards are background work: they go a few at a time (``lanes``) and let the commands being answered go first, so
a burst of commands in many channels is not slowed by the burst of board edits it sets off a second later, and the
edits stay well under Discord's global rate limit (50 requests a second) whatever the number of channels.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot.commands import READ_ONLY
from bot.discord.background import Commands, after_commands, channel_of
from bot.discord.embeds import status_embeds
from bot.services import Reply
from bot.services.core import fight_of
from bot.services.posts import board_posted

if TYPE_CHECKING:
    from bot.discord.client import FrayBot

__all__ = ["LANES", "Sleep", "StatusBoard"]

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()

Sleep = Callable[[float], Awaitable[None]]
LANES = 4  # board edits in flight at once over every channel: about 40 a second at Discord's usual 100 ms


def _begun(reply: Reply) -> bool:
    """Tell whether the reply shows a fight that has begun (no board is posted before)."""
    return reply.encounter is not None and reply.encounter.turns.round > 0


class StatusBoard:
    """Keep one players'-view status message per channel; many changes in a burst become one edit."""

    def __init__(
        self, bot: FrayBot, delay: float = 1.0, sleep: Sleep = asyncio.sleep, *,
        commands: Commands | None = None, lanes: int = LANES,
    ) -> None:
        self.bot = bot
        self.delay = delay
        # How a flush waits ``delay`` seconds; tests hand in one they release themselves.
        self.sleep = sleep
        self.commands = commands
        self._lanes = asyncio.Semaphore(lanes)
        self._latest: dict[int, Reply] = {}
        self._messages: dict[int, int] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._showing: set[int] = set()  # channels whose board is being shown (posted or edited) now
        self._ending: dict[int, Reply] = {}  # a fight's last state not shown yet when the channel's next fight began
        self._closing = False

    def restore(self, boards: dict[int, int]) -> None:
        """Take up the boards the fights already show (by channel), so a restarted bot edits them."""
        for channel_id, message_id in boards.items():
            self._messages.setdefault(channel_id, message_id)

    def update(self, channel_id: int, reply: Reply) -> None:
        """Note the channel's newest state; one flush after ``delay`` shows only the last of a burst."""
        encounter = reply.encounter
        if encounter is None or reply.system is None:
            return
        if not encounter.turns.round and channel_id not in self._messages:
            return  # no board before the fight begins; one shown already follows an undo back to before it

        if reply.command in READ_ONLY:
            return
        pending = self._latest.get(channel_id)
        if pending is not None and fight_of(pending.mark) != fight_of(reply.mark):
            self._ending[channel_id] = pending  # another fight came before this one's last state was shown: it first
        self._latest[channel_id] = reply
        if channel_id not in self._tasks:
            self._tasks[channel_id] = asyncio.create_task(self._flush(channel_id))

    async def _flush(self, channel_id: int) -> None:
        """Show the channel's newest state after ``delay``; again after another delay if it changed meanwhile."""
        try:
            while channel_id in self._latest and not self._closing:
                await self.sleep(self.delay)
                async with self._lanes:
                    await after_commands(self.commands, self.delay)  # the commands being answered go first
                    self._showing.add(channel_id)
                    try:
                        await self._show_pending(channel_id)
                    finally:
                        self._showing.discard(channel_id)
        finally:
            # Forget the task in the same step as the last check: a change after it starts a new flush.
            if self._tasks.get(channel_id) is asyncio.current_task():
                del self._tasks[channel_id]

    async def _show_pending(self, channel_id: int) -> None:
        """Show what the channel waits on: an ended fight's last state first (its board then let go), then the news."""
        ending, reply = self._ending.pop(channel_id, None), self._latest.pop(channel_id, None)
        if ending is not None:
            await self._show_reply(channel_id, ending)
        if reply is not None and (_begun(reply) or channel_id in self._messages):
            await self._show_reply(channel_id, reply)

    async def _show_reply(self, channel_id: int, reply: Reply) -> None:
        """Show one reply's players' view; the last one of an encounter says that it ended."""
        embeds = status_embeds(reply, gm=False)
        if reply.command == "encounter end":
            embeds[-1].set_footer(text="The encounter has ended.")
        try:
            await self._show(channel_id, embeds, fight_of(reply.mark))
        except discord.HTTPException:
            log.warning("could not show the status in channel %s", channel_id, exc_info=True)
        if reply.command == "encounter end":
            self._messages.pop(channel_id, None)

    async def _show(self, channel_id: int, embeds: list[discord.Embed], fight: int | None) -> None:
        """Edit the channel's status message; when that fails (deleted, refused), post a new one instead.

        A new one is noted as the board of ``fight`` (the reply's) while it is the channel's active fight: an ended
        fight's last board is nobody's.
        """
        channel = await channel_of(self.bot, channel_id)
        known = self._messages.get(channel_id)
        if known is not None:
            try:
                await channel.get_partial_message(known).edit(embeds=embeds, allowed_mentions=NO_PINGS)
                return
            except discord.HTTPException:
                log.info("status edit failed in channel %s; posting a new status message", channel_id)
        message = await channel.send(embeds=embeds, allowed_mentions=NO_PINGS)
        self._messages[channel_id] = message.id
        try:
            await board_posted(self.bot.services, channel_id, message.id, fight)
        except Exception:  # the board is shown; only a restart would post a new one
            log.warning("could not note the status message of channel %s", channel_id, exc_info=True)

    async def close(self, within: float = 5.0) -> None:
        """Stop the flushes still waiting, then show each channel's last change at once (the bot is closing).

        A board being shown already is let finish (its message noted). Bounded by ``within`` seconds in all: a board
        not shown by then is left as it was.
        """
        self._closing = True
        showing = [task for channel_id, task in self._tasks.items() if channel_id in self._showing]
        waiting_tasks = [task for task in self._tasks.values() if task not in showing]
        for task in waiting_tasks:
            task.cancel()
        await asyncio.gather(*waiting_tasks, return_exceptions=True)
        left = len(showing) + len(self._latest.keys() | self._ending.keys())
        try:
            async with asyncio.timeout(within):
                await asyncio.gather(*showing, return_exceptions=True)
                waiting = list(self._latest.keys() | self._ending.keys())
                left = len(waiting)
                for channel_id in waiting:
                    await self._show_pending(channel_id)
                    left -= 1
        except TimeoutError:
            log.warning("closing: %d status boards were not brought up to date in time", left)
        finally:
            self._closing = False  # closed: a board reopened later starts a fresh flush
