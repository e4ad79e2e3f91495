"""Run Fray's real bot against the local Discord double: a harness shared by the end-to-end tests."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from discord_double import DiscordDouble, InteractionRecord, StoredMessage
from pgtools import fresh_pg_database, pg_base

from bot.config import REPO_ROOT, Settings
from bot.db.engine import Database, open_database
from bot.discord.client import FrayBot
from bot.services import ReplayDice, Services


@dataclass
class Fray:
    """Fray's bot, its database and dice, plus the people at the table."""

    double: DiscordDouble
    url: str
    dice: ReplayDice = field(default_factory=lambda: ReplayDice(11))
    gm: int = 0
    carol: int = 0
    dave: int = 0
    onlooker: int = 0
    bot: FrayBot | None = None
    _db: Database | None = None
    # The bot's clock and sleep (the services' clock; the reminders' sleep): tests may move time by hand.
    clock: Callable[[], float] = time.time
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep

    def settings(self, **extra: Any) -> Settings:
        return Settings(discord_token="x", database_url=self.url, data_dir=REPO_ROOT / "data", **extra)

    @contextlib.asynccontextmanager
    async def running(
        self, *, started: Callable[[], object] | None = None, idle: Callable[[], object] | None = None,
        **settings: Any,
    ) -> AsyncIterator[FrayBot]:
        """Start a bot 'process' (its own Database and Services on the same database) and stop it at the end.

        ``started`` is called once the bot is set up, as ``fray run`` freezes the heap then; ``idle`` whenever no
        command is being answered, as ``fray run`` collects garbage then.
        """
        db = await open_database(self.url)
        chosen = self.settings(**settings)
        bot = FrayBot(chosen, Services(db, chosen, self.dice, clock=self.clock), guild_ready_timeout=0.05,
                      sleep=self.sleep, started=started, idle=idle)
        try:
            async with self.double.running(bot) as running:
                self.bot = running
                yield running
        finally:
            self.bot = None
            await db.dispose()

    async def say(self, user: int, path: str, **options: Any) -> InteractionRecord:
        """Run a slash command as ``user`` and wait for its answer."""
        record = await self.double.invoke(path, options, user=user)
        await record.response()
        return record

    async def answer(self, user: int, path: str, **options: Any) -> StoredMessage:
        """Run a command and return the message it answered with (the response or the first followup)."""
        record = await self.say(user, path, **options)
        callback = await record.response()
        if callback.type == 5:
            return (await record.followups(1))[0]
        message = record.original
        assert message is not None, f"/{path} answered with no message"
        return message

    async def refusal(self, user: int, path: str, **options: Any) -> str:
        """Run a command that must be refused: an ephemeral line only the caller sees."""
        record = await self.say(user, path, **options)
        callback = await record.response()
        assert callback.type == 4, f"/{path} did not answer directly: {callback.type}"
        [message] = record.ephemeral
        return message.content


def sqlite_url(tmp: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp / 'fray.sqlite3'}"


@contextlib.asynccontextmanager
async def database_url(backend: str, tmp: Path) -> AsyncIterator[str]:
    """Yield a fresh database URL: a SQLite file, or a throwaway PostgreSQL database next to FRAY_TEST_PG_URL."""
    if backend == "sqlite":
        yield sqlite_url(tmp)
        return
    base = pg_base()
    if base is None:
        pytest.skip("FRAY_TEST_PG_URL is not set, so the PostgreSQL variant was not run (CI sets it)")
    async with fresh_pg_database(base, "fray_e2e") as url:
        yield url
