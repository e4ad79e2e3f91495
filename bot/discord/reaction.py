"""Buttons answering a question the fight asks (a defence, how to spend a roll), and the timer for its default.

The buttons' custom ids carry the channel, the choice and the declaration's mark (``fray:react:<channel>:<choice>:
<mark>``), so they work after a restart, and a button left from an attack already settled is refused. A starting bot
starts the timer of every choice left waiting (``restore``); a choice past its deadline is also taken by the next
command in the channel (see ``Services.settle``), so a restart loses nothing.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING, Any

import discord

from bot.commands import READ_ONLY
from bot.discord.buttons import laid_out
from bot.discord.names import GuildNames
from bot.discord.outgoing import compose
from bot.services import Caller, Reply
from bot.services.core import fight_of
from bot.services.reactions import expire, token
from bot.services.views import ActiveFight
from combat.errors import FrayError
from combat.intent import PendingReaction

if TYPE_CHECKING:
    from bot.discord.client import FrayBot

__all__ = ["GRACE", "ReactButton", "ReactionTimers", "reaction_buttons", "reaction_view"]

log = logging.getLogger(__name__)

# Seconds past the deadline before the timer asks; the service checks the deadline again itself.
GRACE = 0.5
_READ_ONLY = READ_ONLY


class ReactButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"fray:react:(?P<channel>\d+):(?P<choice>[a-z0-9][a-z0-9_-]*):(?P<mark>\d+)",
):
    """Answer the question waiting in a channel with one choice (its player or the GM; the service checks)."""

    def __init__(self, channel_id: int, choice: str, mark: str, label: str | None = None,
                 default: bool = False) -> None:
        self.channel_id = channel_id
        self.choice = choice
        self.mark = mark
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=(label or choice.title())[:80],
            style=discord.ButtonStyle.primary if default else discord.ButtonStyle.secondary,
            custom_id=f"fray:react:{channel_id}:{choice}:{mark}",
        )
        super().__init__(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReactButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["channel"]), match["choice"], match["mark"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Run /encounter react with this choice for whoever clicked."""
        bot: FrayBot = interaction.client
        await bot.responder.click(interaction, "encounter react", {"choice": self.choice, "for": self.mark})


def reaction_view(channel_id: int, pending: PendingReaction) -> discord.ui.View:
    """Return one button per choice offered (the default highlighted), five to a row."""
    view = discord.ui.View(timeout=None)
    default = pending.reaction.default
    for choice in pending.reaction.choices[:25]:
        view.add_item(ReactButton(channel_id, choice.key, token(pending), choice.label, choice.key == default))
    return laid_out(view)


def reaction_buttons(reply: Reply, channel_id: int) -> discord.ui.View | None:
    """Return the choice buttons for a reply that leaves an attack waiting (read-only replies get none)."""
    encounter = reply.encounter
    if encounter is None or encounter.pending is None or reply.command in _READ_ONLY:
        return None
    return reaction_view(channel_id, encounter.pending)


class ReactionTimers:
    """One task per channel with a waiting attack: at its deadline the bot takes the default and posts the result."""

    def __init__(self, bot: FrayBot, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.bot = bot
        # How a timer waits for its deadline; tests hand in one they release themselves.
        self.sleep = sleep
        self._tasks: dict[int, tuple[str, asyncio.Task[None]]] = {}
        self._alive: set[asyncio.Task[None]] = set()

    def watch(self, channel_id: int, reply: Reply) -> None:
        """Start (or keep) the channel's timer when the reply leaves an attack waiting; else stop it."""
        encounter = reply.encounter
        if reply.command == "encounter end":
            self._stop(channel_id)
            return
        if reply.command in _READ_ONLY and encounter is not None and encounter.pending is None:
            return  # a read may predate the last change; only changes stop a timer
        if encounter is None and reply.command != "encounter undo":
            return  # no fight in it (a roll, a character, the settings): the choice still waits on its timer
        pending = encounter.pending if encounter is not None else None
        current = self._tasks.get(channel_id)
        if pending is not None and current is not None and current[0] == token(pending):
            return
        self._stop(channel_id)
        if pending is not None and reply.gm is not None:
            self._start(channel_id, reply.gm, pending)

    def restore(self, fights: Iterable[ActiveFight]) -> int:
        """Start the timer of every choice left waiting when the bot stopped (its default comes at its deadline)."""
        started = 0
        for fight in fights:
            pending = fight.encounter.pending
            if pending is not None and fight.channel_id not in self._tasks:
                self._start(fight.channel_id, fight.gm_id, pending)
                started += 1
        return started

    def _start(self, channel_id: int, gm_id: int, pending: PendingReaction) -> None:
        task = asyncio.create_task(self._expire(channel_id, gm_id, pending.deadline))
        self._tasks[channel_id] = (token(pending), task)
        self._alive.add(task)
        task.add_done_callback(self._alive.discard)

    def _stop(self, channel_id: int) -> None:
        found = self._tasks.pop(channel_id, None)
        if found is not None and found[1] is not asyncio.current_task():
            found[1].cancel()

    async def close(self) -> None:
        """Cancel every timer and wait for them to finish unwinding (the bot is closing)."""
        for channel_id in list(self._tasks):
            self._stop(channel_id)
        tasks = [task for task in self._alive if task is not asyncio.current_task()]
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _expire(self, channel_id: int, gm_id: int, deadline: float) -> None:
        await self.sleep(max(0.0, deadline - self.bot.services.clock()) + GRACE)
        channel = self.bot.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        caller = Caller(gm_id, "Fray", guild.id if guild else 0, channel_id)
        try:
            reply = await expire(self.bot.services, caller)
            if reply is not None:
                found = self._tasks.get(channel_id)
                if found is not None and found[1] is asyncio.current_task():
                    del self._tasks[channel_id]
                await self._post(channel, channel_id, guild, reply)
        except (FrayError, discord.HTTPException):
            log.warning("could not take the default of a waiting attack in channel %s", channel_id, exc_info=True)

    async def _post(self, channel: Any, channel_id: int, guild: discord.Guild | None, reply: Reply) -> None:
        """Post the result of the default in the channel, and any round summary where summaries go."""
        if not isinstance(channel, discord.abc.Messageable):
            channel = await self.bot.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        out = compose(reply, GuildNames(guild, self.bot.names), False)
        await self.bot.summaries.ahead_of(channel_id)  # an earlier round's summary comes first
        kwargs: dict[str, Any] = {"embeds": out.embeds, "allowed_mentions": out.allowed}
        view = self.bot.buttons(reply, channel_id)  # marked for this reply: sent at once, nothing awaited before
        if view is not None:
            kwargs["view"] = view
        try:
            await channel.send(out.content, **kwargs)
        finally:  # the default is taken and stored whether or not its message could be shown
            self.bot.summaries.post(channel_id, reply.summaries, reply.encounter, reply.summary_channel,
                                    fight_of(reply.mark))
            self.bot.remember(channel_id, reply)
