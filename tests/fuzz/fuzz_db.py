"""Where random games are stored: a fresh database per game, on SQLite or PostgreSQL, and what it holds read directly.

Each test migrates one template (a SQLite file, or a PostgreSQL database next to FRAY_TEST_PG_URL) and each game
gets a copy of it: the file copied, or ``CREATE DATABASE … TEMPLATE``; a PostgreSQL copy is dropped after its game
and the template at the end. What is stored is read past Fray (none of its engines or caches): with the standard
library's sqlite3 on a file, with a plain asyncpg connection on PostgreSQL.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import asyncpg
from pgtools import admin, create_database, drop_database, pg_base
from sqlalchemy import make_url

from bot.db.migrate import upgrade

__all__ = ["Games", "Reader", "Stored", "game_databases", "is_sqlite", "open_reader"]

# The channel's active encounter and the length of its log (placeholders filled in per driver).
ACTIVE = "SELECT id, version, state FROM encounters WHERE channel_id = {} AND active"
EVENTS = "SELECT count(*) FROM events WHERE encounter_id = {}"


@dataclass(frozen=True)
class Stored:
    """The channel's active encounter as the database holds it: version, document and the log's length."""

    version: int | None
    state: Any
    events: int


def _stored(row: Any, events: int) -> Stored:
    """Make a ``Stored`` of the active row (id, version, JSON text) and its events; nothing active when None."""
    if row is None:
        return Stored(None, None, 0)
    return Stored(row[1], json.loads(row[2]), events)  # JSON text on both: SQLite's JSON, varchar on PostgreSQL


class Reader(Protocol):
    """Read what a game's database holds, past Fray."""

    async def read(self, channel: int) -> Stored:
        """Return the channel's active encounter as stored."""
        ...

    async def close(self) -> None:
        """Let the database go."""
        ...


class SqliteReader:
    """Read a SQLite file with the standard library (read-only, a connection per read)."""

    def __init__(self, path: str) -> None:
        self.path = path

    async def read(self, channel: int) -> Stored:
        """Return the channel's active encounter as the file holds it."""
        with contextlib.closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)) as conn:
            row = conn.execute(ACTIVE.format("?"), (channel,)).fetchone()
            if row is None:
                return _stored(None, 0)
            (events,) = conn.execute(EVENTS.format("?"), (row[0],)).fetchone()
        return _stored(row, events)

    async def close(self) -> None:
        """Keep nothing open: nothing to do."""


class PgReader:
    """Read a PostgreSQL database on one plain asyncpg connection, each read one read-only snapshot."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def read(self, channel: int) -> Stored:
        """Return the channel's active encounter as the database holds it, both queries on one snapshot."""
        async with self.conn.transaction(isolation="repeatable_read", readonly=True):
            row = await self.conn.fetchrow(ACTIVE.format("$1"), channel)
            if row is None:
                return _stored(None, 0)
            events = await self.conn.fetchval(EVENTS.format("$1"), row[0])
        return _stored(row, events)

    async def close(self) -> None:
        """Close the connection."""
        await self.conn.close()


def is_sqlite(url: str) -> bool:
    """Say whether a database URL is a SQLite one."""
    return make_url(url).get_backend_name() == "sqlite"


async def open_reader(url: str) -> Reader:
    """Return a reader of the database at the SQLAlchemy ``url`` that goes past Fray."""
    parsed = make_url(url)
    if is_sqlite(url):
        return SqliteReader(str(parsed.database))
    dsn = parsed.set(drivername="postgresql").render_as_string(hide_password=False)  # asyncpg's DSN
    return PgReader(await asyncpg.connect(dsn))


class Games(Protocol):
    """A migrated template, and a fresh copy of it for each game."""

    def game(self, name: str) -> contextlib.AbstractAsyncContextManager[str]:
        """Yield the URL of a fresh copy of the template, named after ``name``, for one game."""
        ...


@dataclass
class SqliteGames:
    """Copies of a migrated SQLite file, in a scratch folder."""

    template: Path
    scratch: Path

    @contextlib.asynccontextmanager
    async def game(self, name: str) -> AsyncIterator[str]:
        """Yield the URL of a fresh copy of the template file (kept afterwards, to look at)."""
        path = self.scratch / f"{name}.sqlite3"
        for left in (Path(f"{path}-wal"), Path(f"{path}-shm")):  # an earlier game's log must not meet a fresh copy
            left.unlink(missing_ok=True)
        shutil.copyfile(self.template, path)
        yield f"sqlite+aiosqlite:///{path}"


@dataclass
class PgGames:
    """Databases made from a migrated PostgreSQL template on the server of ``base``."""

    base: str
    template: str

    @contextlib.asynccontextmanager
    async def game(self, name: str) -> AsyncIterator[str]:
        """Yield the URL of a database made from the template; drop it afterwards (everything on it closed first)."""
        template = make_url(self.template)
        copy = f"{template.database}_{name}".replace("-", "_")
        await admin(self.base, f'CREATE DATABASE "{copy}" TEMPLATE "{template.database}"')
        url = template.set(database=copy).render_as_string(hide_password=False)
        try:
            yield url
        finally:
            await drop_database(self.base, url)


@contextlib.asynccontextmanager
async def game_databases(backend: str, scratch: Path) -> AsyncIterator[Games]:
    """Migrate a template on ``backend`` ('sqlite' in ``scratch``, or 'postgresql'); yield its games; drop it."""
    if backend == "sqlite":
        template = scratch / "template.sqlite3"
        await upgrade(f"sqlite+aiosqlite:///{template}")
        yield SqliteGames(template, scratch)
        return
    base = pg_base()
    if base is None:
        raise RuntimeError("the PostgreSQL variant needs FRAY_TEST_PG_URL")
    url = await create_database(base, "fray_fuzz")
    try:
        await upgrade(url)  # its engine is disposed on return: nothing stays connected to the template
        yield PgGames(base, url)
    finally:
        await drop_database(base, url)
