"""Round summaries as background posts: after the answers in flight, in order, never after the channel's next answer.

The answer that ends a round goes out first; its round's summary follows once no command is being answered (at
most ``wait`` seconds later), so in a busy moment the players waiting for answers get them before anyone's summary.
A channel's next answer first posts the summaries it still waits on, so a round's summary always comes before the
next round's play in its channel. An undo that takes the fight back into a round whose summary was posted deletes
that summary and any later round's: the round goes on, and its end posts it anew.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord.background import Channels, Commands, after_commands, channel_of
from bot.discord.embeds import summary_embeds
from bot.services.core import Services
from bot.services.posts import PostedSummary, summaries_taken_back, summary_posted
from combat.model import Encounter
from combat.summary import RoundSummary

__all__ = ["AHEAD", "WAIT", "RoundSummaries"]

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()
WAIT = 2.0  # seconds a summary waits at most for the commands being answered
AHEAD = 10.0  # seconds a channel's next answer waits at most for its earlier summaries to be out
KEPT = 1024  # channels whose posted summaries are known (the ones that played last): a bounded record
ROUNDS = 32  # rounds of a channel whose summaries an undo can take back


@dataclass
class _Queue:
    """A channel's summaries still to post: the last one's task (each waits for the one before) and a go-now flag."""

    last: asyncio.Task[None]
    now: asyncio.Event = field(default_factory=asyncio.Event)


class RoundSummaries:
    """Post the summaries of ended rounds, by the channel whose command ended them."""

    def __init__(
        self, channels: Channels, commands: Commands | None = None, wait: float = WAIT,
        services: Services | None = None,
    ) -> None:
        self.channels = channels
        self.commands = commands
        self.wait = wait
        # Where each posted summary is noted with its fight, so an undo after a restart takes it back (None: nowhere).
        self.services = services
        self._queues: dict[int, _Queue] = {}
        # Each channel's posted summaries by round (the channels that played last, KEPT at most; ROUNDS each).
        self._posted: OrderedDict[int, dict[int, PostedSummary]] = OrderedDict()
        self._deleting: set[asyncio.Task[None]] = set()

    def restore(self, posted: dict[int, tuple[PostedSummary, ...]]) -> None:
        """Take up the summaries the active fights posted (by the fight's channel), as a starting bot does."""
        for channel_id, summaries in posted.items():
            for summary in summaries:
                self._note(channel_id, summary)

    def post(
        self, channel_id: int, summaries: tuple[RoundSummary, ...], encounter: Encounter | None,
        chosen: int | None = None, fight: int | None = None,
    ) -> None:
        """Post the summaries of rounds ended in ``channel_id`` after its earlier ones, once the commands are out.

        They go to the guild's ``chosen`` summary channel when it is there, else to the channel itself; ``fight`` is
        the encounter they belong to (an undo takes back only its own fight's).
        """
        if not summaries:
            return
        queue = self._queues.get(channel_id)
        now = queue.now if queue is not None else asyncio.Event()
        earlier = queue.last if queue is not None else None
        task = asyncio.create_task(self._post(earlier, now, (channel_id, chosen), summaries, encounter, fight or 0))
        self._queues[channel_id] = _Queue(task, now)
        task.add_done_callback(lambda done: self._forget(channel_id, done))

    def hurry(self, channel_id: int) -> asyncio.Task[None] | None:
        """Post the channel's waiting summaries now; return what ends once they are out (None: none are waiting)."""
        queue = self._queues.get(channel_id)
        if queue is None:
            return None
        queue.now.set()
        return queue.last

    async def ahead_of(self, channel_id: int, within: float = AHEAD) -> None:
        """Post the channel's waiting summaries now; return once they are out (its next post comes after them).

        ``within`` seconds at most: a summary held up (Discord's rate limit) does not hold the channel's play up.
        """
        last = self.hurry(channel_id)
        if last is not None:
            await asyncio.wait({last}, timeout=within)

    def taken_back(self, channel_id: int, round_now: int, fight: int | None = None) -> None:
        """Delete the posted summaries of the rounds an undo took ``fight`` back into (that round, later).

        Another fight's (the channel's earlier one) are left alone; with no fight known, the channel's are taken.
        """
        posted = self._posted.get(channel_id, {})
        taken = [posted.pop(r) for r in sorted(posted)
                 if r >= round_now and (not fight or not posted[r].fight or posted[r].fight == fight)]
        if taken or self.services is not None:  # a fight ended before this bot started is known to storage only
            self._spawn(self._take_back(channel_id, round_now, taken, fight))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._deleting.add(task)
        task.add_done_callback(self._deleting.discard)

    async def _take_back(self, channel_id: int, round_now: int, taken: list[PostedSummary], fight: int | None) -> None:
        """Forget the summaries with their fight, then delete their messages (those storage knew of too)."""
        if self.services is not None:
            try:
                stored = await summaries_taken_back(self.services, channel_id, round_now, fight)
            except Exception:  # the messages still go; a restart might then post a round's summary twice
                log.warning("could not forget the summaries of channel %s", channel_id, exc_info=True)
            else:
                known = {posted.message_id for posted in taken}
                taken = [*taken, *(posted for posted in stored if posted.message_id not in known)]
        for posted in taken:
            try:
                channel = await channel_of(self.channels, posted.channel_id)
                await channel.get_partial_message(posted.message_id).delete()
            except discord.HTTPException:
                log.warning("could not take back the round summary %s", posted.message_id, exc_info=True)

    async def close(self, timeout: float = 5.0) -> None:
        """Post every waiting summary now (the bot is closing), waiting ``timeout`` seconds at most."""
        queues = list(self._queues.values())
        for queue in queues:
            queue.now.set()
        waiting = [q.last for q in queues] + list(self._deleting)
        if waiting:
            await asyncio.wait(waiting, timeout=timeout)

    async def _post(
        self, earlier: asyncio.Task[None] | None, now: asyncio.Event, where: tuple[int, int | None],
        summaries: tuple[RoundSummary, ...], encounter: Encounter | None, fight: int,
    ) -> None:
        if earlier is not None:
            await asyncio.wait({earlier})
        await after_commands(self.commands, self.wait, now)
        target = await self._target(*where)
        for summary in summaries:
            try:
                message = await self._send(target, where[0], summary, encounter)
            except discord.HTTPException:
                log.warning("could not post the round %s summary", summary.round, exc_info=True)
                continue
            await self._keep(where[0], PostedSummary(summary.round, message.channel.id, message.id, fight))

    async def _send(self, target: discord.abc.Messageable, fight_channel: int, summary: RoundSummary,
                    encounter: Encounter | None) -> discord.Message:
        """Post one summary; where Fray may not post in the chosen summary channel, in the fight's own instead."""
        elsewhere = getattr(target, "id", fight_channel) != fight_channel  # a summary channel several fights share
        embeds = summary_embeds(summary, encounter)
        if not elsewhere:
            return await target.send(embeds=embeds, allowed_mentions=NO_PINGS)
        embeds[0].add_field(name="Fight", value=f"<#{fight_channel}>")  # which channel's fight (a link, no ping)
        try:
            return await target.send(embeds=embeds, allowed_mentions=NO_PINGS)
        except discord.Forbidden:
            log.warning("may not post in the summary channel %s: the summary goes to the fight's channel",
                        getattr(target, "id", None))
        own: discord.abc.Messageable = await channel_of(self.channels, fight_channel)
        return await own.send(embeds=summary_embeds(summary, encounter), allowed_mentions=NO_PINGS)

    async def _keep(self, channel_id: int, posted: PostedSummary) -> None:
        """Keep a summary just posted, here and with its fight."""
        self._note(channel_id, posted)
        if self.services is None:
            return
        try:
            await summary_posted(self.services, channel_id, posted)
        except Exception:  # it is posted; only an undo after a restart would miss it
            log.warning("could not note the round %s summary of channel %s", posted.round, channel_id, exc_info=True)

    def _note(self, channel_id: int, posted: PostedSummary) -> None:
        """Keep the channel's posted summary of a round (its oldest past ROUNDS, the oldest channel's past KEPT)."""
        summaries = self._posted.setdefault(channel_id, {})
        summaries[posted.round] = posted
        if len(summaries) > ROUNDS:
            del summaries[min(summaries)]
        self._posted.move_to_end(channel_id)
        if len(self._posted) > KEPT:
            self._posted.popitem(last=False)

    async def _target(self, channel_id: int, chosen: int | None) -> discord.abc.Messageable:
        """Return the ``chosen`` summary channel when it is there, else the command's channel (asked for if need be)."""
        for wanted in (chosen, channel_id):
            found = self.channels.get_channel(wanted) if wanted else None
            if isinstance(found, discord.abc.Messageable):
                return found
        fetched: discord.abc.Messageable = await self.channels.fetch_channel(channel_id)
        return fetched

    def _forget(self, channel_id: int, done: asyncio.Task[None]) -> None:
        """Forget the channel's queue once its last summary is out (a later post started a new last one)."""
        queue = self._queues.get(channel_id)
        if queue is not None and queue.last is done:
            del self._queues[channel_id]
        if not done.cancelled() and done.exception() is not None:
            log.error("posting a round summary failed", exc_info=done.exception())
