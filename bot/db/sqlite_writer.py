"""SQLite encounter work's connection: kept between commands, its write-ahead log checkpointed in the background.

SQLite has one writer, and this process already serialises its transactions (``Database``), so encounter work
keeps one pooled connection for itself: no checkout and no pool reset per command. That connection never
checkpoints the write-ahead log itself (``wal_autocheckpoint = 0``): a checkpoint inside a command's COMMIT copies
megabytes back into the database file and held that command for 5–10 ms. Instead, every ``every`` commits, a
PASSIVE checkpoint runs on another pooled connection in its own thread; it waits for no reader or writer, and no
command waits for it. (The session's connections keep SQLite's own automatic checkpoints, and closing the last
connection checkpoints too.)
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.util import greenlet_spawn

__all__ = ["CHECKPOINT_EVERY", "SqliteWriter"]

log = logging.getLogger("fray.db")

# [ours] Commits between two background checkpoints (a command writes some 10–40 KB to the log).
CHECKPOINT_EVERY = 100


def _no_autocheckpoint(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA wal_autocheckpoint = 0").fetchall()


def _checkpoint(conn: sqlite3.Connection) -> tuple[int, int, int]:
    """Run a PASSIVE checkpoint; return (busy, frames in the log, frames checkpointed)."""
    busy, frames, done = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    return int(busy), int(frames), int(done)


class SqliteWriter:
    """The connection encounter work keeps, and the background checkpoints of the log it writes."""

    def __init__(self, engine: AsyncEngine, every: int = CHECKPOINT_EVERY) -> None:
        self.engine = engine
        self.every = every
        self.checkpoints = 0  # how many ran
        self._kept: PoolProxiedConnection | None = None
        self._since = 0
        self._running: asyncio.Task[None] | None = None

    @property
    def kept(self) -> PoolProxiedConnection | None:
        """Return the connection kept for the next encounter work, if any."""
        return self._kept

    async def take(self) -> PoolProxiedConnection:
        """Return the kept connection, or a pooled one made to leave checkpoints to this writer."""
        kept, self._kept = self._kept, None
        if kept is not None:
            return kept
        connection = await self.engine.raw_connection()
        driver: Any = connection.driver_connection
        try:
            await driver._execute(_no_autocheckpoint, driver._conn)
        except BaseException:
            await greenlet_spawn(connection.invalidate)
            raise
        return connection

    def keep(self, connection: PoolProxiedConnection) -> None:
        """Keep the connection for the next encounter work."""
        self._kept = connection

    def committed(self) -> None:
        """Count a commit; every ``every`` of them, start a checkpoint unless one is still running."""
        self._since += 1
        if self._since >= self.every and (self._running is None or self._running.done()):
            self._since = 0
            self._running = asyncio.get_running_loop().create_task(self._checkpoint())

    async def _checkpoint(self) -> None:
        try:
            connection = await self.engine.raw_connection()
            try:
                driver: Any = connection.driver_connection
                await driver._execute(_checkpoint, driver._conn)
                self.checkpoints += 1
            finally:
                await greenlet_spawn(connection.close)
        except Exception:  # the next one tries again; SQLite's log only grows meanwhile
            log.warning("background checkpoint failed", exc_info=True)

    async def idle(self) -> None:
        """Wait for the checkpoint under way, if any."""
        if self._running is not None:
            await asyncio.shield(self._running)

    async def close(self) -> None:
        """Let the checkpoint under way finish, then give the kept connection back to the pool."""
        await self.idle()
        kept, self._kept = self._kept, None
        if kept is not None:
            await greenlet_spawn(kept.close)
