"""Play-by-post: after the guild's minutes without action, one reminder pinging only the players the fight waits for.

The countdown restarts at every change the bot answers (and, at start-up, from each active encounter's stored last
change, ``encounters.updated``). A turn is reminded once: ``turn_reminders`` keeps the turn last reminded, so a
restart does not remind it again. Before posting, the encounter is read again: a turn that moved on, a guild that
turned reminders off, or an encounter that ended reminds nobody. The clock is the services' and the sleep is
injected, so tests move time by hand.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.commands import READ_ONLY
from bot.config import serves
from bot.discord.background import channel_of
from bot.discord.outgoing import players_up
from bot.discord.reaction import reaction_view
from bot.guide.hints import next_step
from bot.registry import find
from bot.render.guide import MARK, hint_line
from bot.render.names import safe
from bot.services import Reply
from bot.services.reactions import token
from bot.services.reminding import Waiting, note_reminded, waiting_fights, waiting_in
from combat.errors import FrayError
from combat.model import Encounter

if TYPE_CHECKING:
    from bot.discord.client import FrayBot

__all__ = ["Reminders", "Sleep", "waiting_turn"]

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[None]]
_READ_ONLY = READ_ONLY


def waiting_turn(encounter: Encounter | None) -> tuple[str, tuple[int, ...]] | None:
    """Return the mark of the turn the fight waits on and the players it waits for (None: no player's).

    Several when tied fighters of different players act together (as ``players_up`` gives them).
    """
    if encounter is None or not encounter.turns.round:
        return None
    players = players_up(encounter)
    if not players:
        return None
    turns = encounter.turns
    waiting = ",".join(turns.current.waiting) if turns.current is not None else ""
    pending = token(encounter.pending) if encounter.pending is not None else ""
    whom = ",".join(map(str, players))
    return f"{turns.round}:{turns.phase or ''}:{len(turns.queue)}:{pending}:{whom}:{waiting}"[:200], players


class Reminders:
    """One countdown per channel whose fight waits for a player; it posts one reminder when time is up."""

    def __init__(self, bot: FrayBot, *, sleep: Sleep = asyncio.sleep) -> None:
        self.bot = bot
        self.sleep = sleep
        self._tasks: dict[int, tuple[str, asyncio.Task[None]]] = {}
        self._alive: set[asyncio.Task[Any]] = set()
        # The guilds that remind, once read (None: not yet): a change elsewhere costs no query.
        self._guilds: set[int] | None = None

    def clock(self) -> float:
        """Return the services' time (seconds since the epoch)."""
        return self.bot.services.clock()

    def watch(self, channel_id: int, reply: Reply) -> None:
        """After a change, restart the channel's countdown for the turn it now waits on (reads change nothing)."""
        if reply.command == "encounter settings":
            self._guilds = None  # unknown until read again: meanwhile every countdown reads the setting
            self._spawn(self.restore())  # reminders turned on, or their minutes changed
            return
        if reply.command in _READ_ONLY or reply.encounter is None:
            return
        self._stop(channel_id)
        if reply.command == "encounter end" or not self._may_remind(channel_id):
            return  # asked first: working out whose turn it waits on is the dearer question
        turn = waiting_turn(reply.encounter)
        if turn is not None:
            self._start(channel_id, turn[0], self.clock())

    def _may_remind(self, channel_id: int) -> bool:
        """Tell whether the channel's guild may remind (when unknown, the countdown reads it)."""
        guild = getattr(self.bot.get_channel(channel_id), "guild", None)
        return self._guilds is None or guild is None or guild.id in self._guilds

    async def restore(self) -> int:
        """Schedule the countdown of every active encounter waiting for a player, from its stored last change."""
        found, self._guilds = await waiting_fights(self.bot.services)
        started = 0
        for waiting in found:
            turn = waiting_turn(waiting.encounter)
            channel = waiting.channel_id
            if turn is None or turn[0] == waiting.reminded or channel in self._tasks or not self._mine(waiting):
                continue
            self._start(channel, turn[0], waiting.since)
            started += 1
        return started

    async def close(self) -> None:
        """Stop every countdown (the bot is closing)."""
        for channel_id in list(self._tasks):
            self._stop(channel_id)
        tasks = [t for t in self._alive if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _mine(self, waiting: Waiting) -> bool:
        """Tell whether this shard serves the encounter's guild."""
        return serves(self.bot.settings, waiting.guild_id)

    def _spawn(self, work: Awaitable[Any]) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(work)
        self._alive.add(task)
        task.add_done_callback(self._alive.discard)
        return task

    def _start(self, channel_id: int, mark: str, since: float) -> None:
        self._tasks[channel_id] = (mark, self._spawn(self._countdown(channel_id, mark, since)))

    def _stop(self, channel_id: int) -> None:
        found = self._tasks.pop(channel_id, None)
        if found is not None and found[1] is not asyncio.current_task():
            found[1].cancel()

    async def _countdown(self, channel_id: int, mark: str, since: float) -> None:
        """Wait out the guild's minutes from ``since``, checking again after each wait; then remind once."""
        try:
            while True:
                found = await waiting_in(self.bot.services, channel_id)
                turn = waiting_turn(found.encounter) if found is not None else None
                if found is None or turn is None or turn[0] != mark or found.reminded == mark:
                    return
                due = since + found.minutes * 60
                if self.clock() >= due:
                    break
                await self.sleep(due - self.clock())
            await self._remind(channel_id, found, turn, since)
        except (FrayError, discord.HTTPException):
            log.warning("could not remind the waiting player in channel %s", channel_id, exc_info=True)
        finally:
            current = self._tasks.get(channel_id)
            if current is not None and current[1] is asyncio.current_task():
                del self._tasks[channel_id]

    async def _remind(self, channel_id: int, waiting: Waiting, turn: tuple[str, tuple[int, ...]], since: float) -> None:
        """Post the reminder, pinging only the turn's players, with the next step (and a choice's buttons); note it."""
        mark, players = turn
        encounter = waiting.encounter
        system = self.bot.services.system(encounter.system)
        demo = find(system.key).demo
        step = hint_line(next_step(system, encounter, demo.hint if demo else None), buttons=True).removeprefix(MARK)
        text = (f"{' '.join(f'<@{p}>' for p in players)} the fight '{safe(waiting.name)}' is waiting for you (no "
                f"action since <t:{int(since)}:R>). {step}")
        allowed = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                          users=[discord.Object(p) for p in players])
        kwargs: dict[str, Any] = {"allowed_mentions": allowed}
        if encounter.pending is not None:
            kwargs["view"] = reaction_view(channel_id, encounter.pending)
        await note_reminded(self.bot.services, waiting.encounter_id, mark)  # first: at most one, even on a crash
        channel = await channel_of(self.bot, channel_id)
        await channel.send(text[:2000], **kwargs)
