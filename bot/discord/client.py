"""The Fray bot: cogs over the services, one error handler, buttons, and an in-memory roster for autocomplete."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands import READ_ONLY
from bot.config import Settings, serves
from bot.discord.buttons import LogPageButton, NextTurnButton, UndoButton, log_view, recent_turn_views
from bot.discord.names import NameBook
from bot.discord.reaction import ReactButton, ReactionTimers, reaction_buttons
from bot.discord.reminders import Reminders, Sleep
from bot.discord.respond import FAILED, Responder, answer_error
from bot.discord.status_board import StatusBoard
from bot.discord.summaries import RoundSummaries
from bot.services import Reply, Services
from bot.services.core import fight_of
from bot.services.replies import Logged
from bot.services.views import active_fights
from combat.errors import FrayError
from combat.model import Encounter

__all__ = ["INTENTS", "FrayBot"]

log = logging.getLogger(__name__)

_COGS = tuple(f"bot.discord.cogs.{name}" for name in ("encounter", "combat", "characters", "misc"))
# Slash commands and buttons come as interactions, which need no intent; the guild intent keeps the channels and roles
# cached. Without the message intents Discord sends none of the channel's messages (its chat, and each of Fray's own
# answers, summaries and board edits echoed back), which discord.py would parse into objects only to drop.
INTENTS = discord.Intents(guilds=True)


class FrayBot(commands.AutoShardedBot):
    """Fray on Discord; every command goes through ``responder`` to a service."""

    def __init__(
        self, settings: Settings, services: Services, *, sleep: Sleep = asyncio.sleep,
        started: Callable[[], object] | None = None, idle: Callable[[], object] | None = None, **options: Any,
    ) -> None:
        if settings.shard_ids:
            options["shard_ids"] = list(settings.shard_ids)
        # Fray never reads a message back from discord.py's cache (status boards edit by id): caching the last
        # 1,000 messages only kept each one's objects alive until a thousand later ones pushed it out.
        options.setdefault("max_messages", None)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=INTENTS,
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=settings.shard_count,
            **options,
        )
        self.settings = settings
        self.services = services
        self.responder = Responder(self, on_quiet=idle)  # ``idle``: called whenever no command is being answered
        self.rosters: dict[int, tuple[str, Encounter]] = {}
        self.names = NameBook()  # players' display names as interactions bring them (no member list is sent)
        self.turn_view = recent_turn_views()
        self.reactions = ReactionTimers(self, sleep=sleep)  # ``sleep``: how the bot's timers wait (tests inject one)
        self.status_board = StatusBoard(self, delay=settings.status_edit_delay, commands=self.responder)
        self.summaries = RoundSummaries(self, commands=self.responder, services=services)  # after the answers
        self.reminders = Reminders(self, sleep=sleep)  # play-by-post; ``sleep`` is injected by the tests
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        self._started = started  # called once set up, before the first command (``fray run``: freeze the heap)

    async def setup_hook(self) -> None:
        """Load the cogs and the persistent buttons, warm the tables, and sync the commands."""
        await self.services.warm()
        for cog in _COGS:
            await self.load_extension(cog)
        self.add_dynamic_items(NextTurnButton, UndoButton, ReactButton, LogPageButton)
        await self.reminders.restore()
        await self._take_up_fights()
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        if self._started is not None:
            self._started()

    async def _take_up_fights(self) -> None:
        """Take up the active fights of this process's shards: suggestions, the timers of waiting choices, boards."""
        fights = [f for f in await active_fights(self.services) if serves(self.settings, f.guild_id)]
        self.rosters.update({f.channel_id: (f.system, f.encounter) for f in fights})
        self.reactions.restore(fights)
        self.status_board.restore({f.channel_id: f.board for f in fights if f.board is not None})
        self.summaries.restore({f.channel_id: f.summaries for f in fights if f.summaries})

    async def close(self) -> None:
        """Stop the timers of waiting attacks and the reminders' countdowns, then close."""
        await self.responder.drain()
        await self.reactions.close()
        await self.reminders.close()
        await self.summaries.close()
        await self.status_board.close()
        await super().close()

    def remember(self, channel_id: int, reply: Reply) -> None:
        """Keep the channel's encounter in memory for autocomplete (never for rules); time waits and reminders.

        The timers take a waiting attack's default; the reminders ping whoever the fight now waits for (play-by-post).
        A read of a fight that has ended (its log, its export) leaves all of them alone.
        """
        if reply.ended:
            return
        if reply.command == "encounter undo" and reply.encounter is not None:
            self.summaries.taken_back(channel_id, reply.encounter.turns.round, fight_of(reply.mark))  # it goes on
        self.reactions.watch(channel_id, reply)
        self.reminders.watch(channel_id, reply)
        self.status_board.update(channel_id, reply)
        if reply.command == "encounter end":
            self.rosters.pop(channel_id, None)
        elif reply.encounter is not None and reply.system is not None:
            self.rosters[channel_id] = (reply.system.key, reply.encounter)

    def buttons(self, reply: Reply, channel_id: int) -> discord.ui.View | None:
        """Return "Dodge" / "Take it" while an attack waits, else the turn buttons when a turn is waiting."""
        encounter = reply.encounter
        if isinstance(reply.body, Logged):
            return log_view(channel_id, reply.body.round, reply.body.page, reply.body.pages, reply.body.fight)
        choice = reaction_buttons(reply, channel_id)
        if choice is not None:
            return choice
        if reply.command not in READ_ONLY and not reply.over and reply.mark and encounter and encounter.turns.current:
            return self.turn_view(channel_id, reply.mark)  # after any change (a GM tool, a newcomer): its moment's
        return None

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """Answer every failed command once, only to its caller; log what is not the user's fault."""
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(original, FrayError):
            await answer_error(interaction, original.message)
        elif isinstance(original, app_commands.NoPrivateMessage):
            await answer_error(interaction, "Fray's encounters live in server channels; use this command there.")
        elif isinstance(original, app_commands.CheckFailure):
            await answer_error(interaction, "You can't use that command here.")
        else:
            log.error("command failed", exc_info=original)
            await answer_error(interaction, FAILED)
