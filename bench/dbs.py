"""Where the benches run: a fresh SQLite file or a throwaway PostgreSQL database, and raw driver connections."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg  # type: ignore[import-untyped]
from pgtools import admin  # type: ignore[import-not-found]  # tests/ is on the path (bench/speed.py)
from sqlalchemy import make_url

from bot.db.connect import BUSY_TIMEOUT_MS

__all__ = ["fresh_database", "pg_connect", "sqlite_connect", "sqlite_path"]


@contextlib.asynccontextmanager
async def fresh_database(backend: str, scratch: Path, pg_base: str | None, label: str) -> AsyncIterator[str]:
    """Yield the URL of an empty database (``backend`` 'sqlite' or 'postgresql'); it is dropped afterwards."""
    if backend == "sqlite":
        yield f"sqlite+aiosqlite:///{scratch / f'{label}.sqlite3'}"
        return
    assert pg_base is not None
    name = f"fray_bench_{label}_{uuid.uuid4().hex[:8]}"
    await admin(pg_base, f'CREATE DATABASE "{name}"')
    try:
        yield make_url(pg_base).set(database=name).render_as_string(hide_password=False)
    finally:
        await admin(pg_base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def sqlite_path(url: str) -> str:
    """Return the file of a SQLite URL."""
    return str(make_url(url).database)


async def sqlite_connect(url: str) -> aiosqlite.Connection:
    """Open aiosqlite on the file with Fray's pragmas (bot/db/connect.py); we emit BEGIN IMMEDIATE ourselves."""
    conn = await aiosqlite.connect(sqlite_path(url), isolation_level=None)
    for pragma in (f"busy_timeout = {BUSY_TIMEOUT_MS}", "journal_mode = WAL", "synchronous = NORMAL",
                   "foreign_keys = ON"):
        await conn.execute(f"PRAGMA {pragma}")
    return conn


async def pg_connect(url: str) -> Any:
    """Open one plain asyncpg connection to the database of a SQLAlchemy URL."""
    parsed = make_url(url)
    return await asyncpg.connect(user=parsed.username, password=parsed.password, host=parsed.host,
                                 port=parsed.port or 5432, database=parsed.database)
