"""Engines set up for SQLite or PostgreSQL: the one place that opens connections (the app and the migrations).

On SQLite: WAL, foreign keys, a busy timeout, and every transaction begun as ``BEGIN IMMEDIATE``. JSON documents
are written and read with orjson on both backends (the same JSON as the standard library's, several times faster).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import URL, event, make_url
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry

from bot.db.onehop import adopt

__all__ = ["BUSY_TIMEOUT_MS", "create_engine", "is_sqlite"]

BUSY_TIMEOUT_MS = 5000


def is_sqlite(url: str | URL) -> bool:
    """Tell whether a database URL points at SQLite."""
    return make_url(url).get_backend_name() == "sqlite"


def dumps(value: Any) -> str:
    """Return a JSON document as text (keys that are not strings, such as ints, become strings, as with json)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def create_engine(url: str | URL, *, foreign_keys: bool = True, echo: bool = False, **kwargs: Any) -> AsyncEngine:
    """Create an async engine; on SQLite with WAL, foreign keys, a busy timeout and BEGIN IMMEDIATE transactions.

    ``foreign_keys=False`` is for migrations only: SQLite's batch mode rebuilds tables, which must not cascade.
    """
    kwargs.setdefault("json_serializer", dumps)
    kwargs.setdefault("json_deserializer", orjson.loads)
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_async_engine(parsed, echo=echo, **kwargs)
    _make_parent_dir(parsed)
    engine = create_async_engine(parsed, echo=echo, **kwargs)
    _set_up_sqlite(engine, foreign_keys=foreign_keys)
    return engine


def _make_parent_dir(url: URL) -> None:
    database = url.database or ""
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)


def _set_up_sqlite(engine: AsyncEngine, *, foreign_keys: bool) -> None:
    """Apply SQLAlchemy's documented pysqlite/aiosqlite recipe: we emit BEGIN ourselves, as BEGIN IMMEDIATE."""

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
        adopt(dbapi_connection)  # one trip to the worker thread per statement (bot/db/onehop.py)
        dbapi_connection.isolation_level = None  # the driver no longer emits BEGIN itself
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.execute(f"PRAGMA foreign_keys = {'ON' if foreign_keys else 'OFF'}")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(connection: Any) -> None:
        # Take the write lock up front: a deferred transaction that later upgrades to a writer gets
        # SQLITE_BUSY at once, without waiting in the busy handler.
        connection.exec_driver_sql("BEGIN IMMEDIATE")
