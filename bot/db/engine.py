"""The database: ``Database`` hands out units of work (its engine comes from ``bot.db.connect``).

Two kinds: ``unit_of_work`` (a SQLAlchemy session, every repository) and ``encounter_work`` (the driver of one
pooled connection, encounters and events only: the path of every game command, ``bot/db/lane.py``).

No lost updates, in three layers:

1. in-process, an ``asyncio.Lock`` per channel (``ChannelLocks``) is held for the whole unit of work; on SQLite
   one more lock serialises every write transaction of the process, since SQLite has one writer at a time and
   connections left to contend through its sleeping busy handler see multi-second stalls; on PostgreSQL a FIFO
   semaphore as wide as the connection pool admits units of work in arrival order, so the pool itself never makes
   anyone wait (its own queue is not fair: under load some channels starved for seconds while others went on);
2. across processes: ``BEGIN IMMEDIATE`` on every SQLite transaction plus ``busy_timeout``; on PostgreSQL,
   ``SELECT … FOR UPDATE`` on the encounter row in a session's unit of work, while encounter work first locks
   nothing (or reads nothing, starting from what this process kept) and writes the save with its event as one
   statement that changes the row only at the version it read or kept;
3. the encounter's ``version`` column, checked on every save: a save that finds another version writes nothing
   and raises ``ConcurrentUpdate``; the services then run the command once more, locking the row this time
   (``encounter_work(locking=True)``), so a command loses such a race at most once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

from sqlalchemy import URL, make_url
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.util import greenlet_spawn

from bot.db.cache import EncounterCache
from bot.db.codec import SystemTypes
from bot.db.connect import BUSY_TIMEOUT_MS, create_engine, is_sqlite
from bot.db.lane import DriverLane
from bot.db.lane_pg import PgLane
from bot.db.lane_sqlite import SqliteLane
from bot.db.locks import ChannelLocks
from bot.db.migrate import upgrade
from bot.db.pg_group import PgGroup
from bot.db.prepared import PreparedCache
from bot.db.repositories import TypesOf
from bot.db.repositories.fused import FUSED, STRICT
from bot.db.sqlite_group import GroupCommit
from bot.db.sqlite_writer import SqliteWriter
from bot.db.uow import EncounterWork, UnitOfWork
from bot.registry import find

__all__ = ["BUSY_TIMEOUT_MS", "DEFAULT_POOL_SIZE", "Database", "create_engine", "is_sqlite", "open_database"]

# [ours] PostgreSQL connections per bot process (several processes share the server's max_connections, 100 by default).
DEFAULT_POOL_SIZE = 20


class Database:
    """One database: its engine, a session factory and the per-channel locks; hands out units of work."""

    def __init__(
        self, url: str | URL, *, types: TypesOf | None = None, echo: bool = False, pool_size: int = DEFAULT_POOL_SIZE
    ) -> None:
        self.url = make_url(url)
        sqlite = self.url.get_backend_name() == "sqlite"
        # PostgreSQL: one connection more than the seats, kept by the group commit.
        pooling: dict[str, Any] = {} if sqlite else {"pool_size": pool_size + 1, "max_overflow": 0}
        self.engine = create_engine(self.url, echo=echo, **pooling)
        self.sessions: async_sessionmaker[AsyncSession] = async_sessionmaker(self.engine, expire_on_commit=False)
        self.locks = ChannelLocks()
        self.cache = EncounterCache()
        self.types: TypesOf = types or registered_types
        self.prepared = PreparedCache(self.engine.dialect)
        # SQLite: encounter work keeps its one connection (the writer lock makes it this process's only user) and
        # checkpoints the log in the background (bot/db/sqlite_writer.py).
        self.sqlite_writer = SqliteWriter(self.engine) if sqlite else None
        # [ours] SQLite has one writer at a time: serialise this process's transactions in-process instead of
        # letting pooled connections contend through SQLite's sleeping busy handler.
        self._writer = asyncio.Lock() if sqlite else None
        # SQLite: the commits of commands that come together share one transaction (bot/db/sqlite_group.py).
        self.group_commit = GroupCommit(self._writing) if sqlite else None
        # SQLite: the connection optimistic encounter work reads on, before it writes (no lock; see SqliteLane.rows).
        self._reader: PoolProxiedConnection | None = None
        self._reader_opening = asyncio.Lock()
        # [ours] Admission in arrival order, never more units of work at once than the pool's size: on PostgreSQL
        # no more than its connections; on SQLite so that a burst of commands is answered as each commits, not all
        # at the end (docs/performance.md, stop 31).
        self._seats = asyncio.Semaphore(pool_size)
        # PostgreSQL: the saves of commands that come together go as one batch (bot/db/pg_group.py).
        self.pg_group = None if sqlite else PgGroup(self.engine.raw_connection)

    @property
    def dialect(self) -> str:
        """Return the backend's name: 'sqlite' or 'postgresql'."""
        return self.url.get_backend_name()

    @contextlib.asynccontextmanager
    async def unit_of_work(self, channel_id: int | None = None) -> AsyncIterator[UnitOfWork]:
        """Open a unit of work, holding the channel's lock (when given) until it ends; commit it explicitly.

        Keep it short: load, apply the rules, save, commit; never wait on Discord inside it.
        """
        async with self._admitted(channel_id), UnitOfWork(self.sessions, self.types, self.cache) as uow:
            yield uow

    def encounter_work(self, channel_id: int, *, locking: bool = False) -> AbstractAsyncContextManager[EncounterWork]:
        """Open a unit of work on encounters and events only, on the driver of one pooled connection.

        Admitted and locked as ``unit_of_work``; what is not committed is rolled back when it ends. A connection
        whose driver raised is closed rather than given back to the pool. On PostgreSQL the encounter's row is read
        without a lock (the save checks its version) unless ``locking``; SQLite's transactions always lock, and the
        process's writer lock is taken only when the work first goes to the database (``_SqliteWork``).
        """
        if self.sqlite_writer is not None:
            return _SqliteWork(self, channel_id, locking)
        return self._pooled_work(channel_id, locking)

    @contextlib.asynccontextmanager
    async def _pooled_work(self, channel_id: int, locking: bool) -> AsyncIterator[EncounterWork]:
        """Encounter work on PostgreSQL, once admitted (a seat): a pooled connection is taken if the lane needs one.

        A command on an encounter this process kept needs none: its commit goes through the group commit.
        """
        async with self._admitted(channel_id):
            taken = _Taken(self.engine.raw_connection)
            lane = PgLane(None, self.prepared, FUSED, locking=locking, opener=taken.driver, group=self.pg_group,
                          strict=STRICT)
            try:
                yield EncounterWork(lane, self.types, self.cache)
            finally:
                if taken.connection is not None:
                    await self._end(lane, taken.connection)

    async def _take_writer(self) -> PoolProxiedConnection:
        """Take the process's writer lock, then the kept connection (SQLite; the lock let go if that fails)."""
        writer, gate = self.sqlite_writer, self._writer
        assert writer is not None and gate is not None
        await gate.acquire()
        try:
            return await writer.take()
        except BaseException:
            gate.release()
            raise

    def _let_writer_go(self) -> None:
        """Let go of the process's writer lock (SQLite), taken by ``_take_writer``."""
        assert self._writer is not None
        self._writer.release()

    async def _read_driver(self) -> Any:
        """Return the aiosqlite driver of the connection kept for reads outside any write transaction."""
        if self._reader is None:
            async with self._reader_opening:
                if self._reader is None:
                    self._reader = await self.engine.raw_connection()
        return self._reader.driver_connection

    @contextlib.asynccontextmanager
    async def _writing(self) -> AsyncIterator[Any]:
        """Hold the writer lock and the kept connection for one group commit; yield its aiosqlite driver.

        The connection is closed rather than kept when the trip raised: its state is not known.
        """
        writer, gate = self.sqlite_writer, self._writer
        assert writer is not None and gate is not None
        async with gate:
            connection = await writer.take()
            try:
                yield connection.driver_connection
            except BaseException:
                await self._release(connection, failed=True)
                raise
            await self._release(connection, failed=False)

    async def _end(self, lane: DriverLane, connection: PoolProxiedConnection) -> None:
        """Roll back what the lane did not commit, then release its connection (closed if its driver failed)."""
        try:
            if not lane.failed:
                with contextlib.suppress(Exception):  # a rollback that fails marks the lane failed
                    await lane.rollback()
        finally:
            await self._release(connection, failed=lane.failed)

    async def _release(self, connection: PoolProxiedConnection, *, failed: bool) -> None:
        """Keep the connection for the next encounter work (SQLite), or give it back; close it if its driver failed."""
        if failed:
            await greenlet_spawn(connection.invalidate)
        elif self.sqlite_writer is not None:
            self.sqlite_writer.keep(connection)
        else:
            await greenlet_spawn(connection.close)

    def _admitted(self, channel_id: int | None, *, writer: bool = True) -> _Admission:
        """Hold the channel's lock (when given), a seat, then the writer lock (SQLite, unless not ``writer``).

        A seat comes before the writer lock, always: encounter work takes the writer lock later, holding its seat.
        """
        channel = self.locks.get(channel_id) if channel_id is not None else None
        return _Admission((channel, self._seats, self._writer if writer else None))

    async def dispose(self) -> None:
        """Close every pooled connection (the one kept for encounter work too)."""
        if self.sqlite_writer is not None:
            await self.sqlite_writer.close()
        reader, self._reader = self._reader, None
        if reader is not None:
            await greenlet_spawn(reader.close)
        if self.pg_group is not None:
            await self.pg_group.close()
        await self.engine.dispose()

    async def __aenter__(self) -> Database:
        """Return the database itself; leaving the block disposes of it."""
        return self

    async def __aexit__(self, *_exc: object) -> None:
        """Dispose of the engine."""
        await self.dispose()


class _Admission:
    """Hold gates (locks, a semaphore) in order while a unit of work runs; let go of them in the reverse order."""

    def __init__(self, gates: tuple[asyncio.Lock | asyncio.Semaphore | None, ...]) -> None:
        self._gates = gates
        self._held: list[asyncio.Lock | asyncio.Semaphore] = []

    async def __aenter__(self) -> None:
        """Take every gate in turn; when waiting for one is cancelled, let go of those already held."""
        try:
            for gate in self._gates:
                if gate is not None:
                    await gate.acquire()
                    self._held.append(gate)
        except BaseException:
            self._let_go()
            raise

    async def __aexit__(self, *_exc: object) -> None:
        """Let go of the gates held."""
        self._let_go()

    def _let_go(self) -> None:
        while self._held:
            self._held.pop().release()


class _SqliteWork:
    """Encounter work on SQLite: the writer lock and the kept connection are taken at the lane's first trip.

    A command on an encounter this process kept works out its rules before that, while another channel's
    command has the database: its writes then go in one trip with BEGIN IMMEDIATE and COMMIT. (A class, not an
    ``asynccontextmanager``: every command opens one, and a generator's context manager costs several times more.)
    """

    def __init__(self, db: Database, channel_id: int, locking: bool) -> None:
        assert db.sqlite_writer is not None
        self._db = db
        self._admission = db._admitted(channel_id, writer=False)
        self._taken = _Taken(db._take_writer)
        self._lane = SqliteLane(None, db.prepared, locking=locking, opener=self._taken.driver, group=db.group_commit,
                                reader=db._read_driver)
        self._committed = db.sqlite_writer.committed

    async def __aenter__(self) -> EncounterWork:
        """Wait for admission; return the unit of work on the lane."""
        await self._admission.__aenter__()
        return EncounterWork(self._lane, self._db.types, self._db.cache, self._committed)

    async def __aexit__(self, *_exc: object) -> None:
        """Roll back what was not committed and let the connection and the writer lock go, then the admission."""
        try:
            if self._taken.connection is not None:
                try:
                    await self._db._end(self._lane, self._taken.connection)
                finally:
                    self._db._let_writer_go()
        finally:
            await self._admission.__aexit__()


class _Taken:
    """The connection a unit of work's lane checks out at its first trip to the database, if it makes one."""

    def __init__(self, checkout: Callable[[], Awaitable[PoolProxiedConnection]]) -> None:
        self._checkout = checkout
        self.connection: PoolProxiedConnection | None = None

    async def driver(self) -> Any:
        """Check the connection out; return its driver (the lane's opener)."""
        self.connection = await self._checkout()
        return self.connection.driver_connection


def registered_types(system: str) -> SystemTypes:
    """Return the stored types of a registered rule system."""
    plugin = find(system)
    health = plugin.state_type("health")
    if health is None:
        raise TypeError(f"the rule system {system} names no health type")
    return SystemTypes(health, plugin.state_type("combatant"), plugin.state_type("encounter"),
                       plugin.state_type("choice"))


async def open_database(
    url: str | URL, *, migrate: bool = True, types: TypesOf | None = None, pool_size: int = DEFAULT_POOL_SIZE
) -> Database:
    """Bring the schema up to date (unless ``migrate`` is false) and return a ``Database`` on ``url``."""
    if migrate:
        await upgrade(str(url) if isinstance(url, str) else url.render_as_string(hide_password=False))
    return Database(url, types=types, pool_size=pool_size)
