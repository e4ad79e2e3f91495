"""Lanes: how a unit of work's encounter and event statements reach the database.

The repositories hand a lane prebuilt Core statements (``encounter_sql.py``, ``events.py``). ``SessionLane`` runs
them through the unit of work's SQLAlchemy session. The driver lanes, ``SqliteLane`` (``lane_sqlite.py``) and
``PgLane`` (``lane_pg.py``), run them on the driver of one pooled connection, compiled once (``Prepared``), and run
the transaction themselves: the path every command takes costs a fraction of what it costs through the session.
They are for units of work that touch only encounters and events (``Database.encounter_work``).

A write may be held back until the lane's next read or its commit, and then sent with it in order, in the same
transaction: on SQLite, BEGIN IMMEDIATE goes with the first read or with the held writes and COMMIT, one trip to
aiosqlite's thread each. A write that must change an exact number of rows (the version check) stops the trip
when it does not, and raises its conflict; nothing after it runs and the transaction is rolled back. On
PostgreSQL the read locks nothing and the save goes with its event as one statement (``repositories/fused.py``).
An ``optimistic`` lane (one that does not lock) lets the repository skip the read of an encounter this process
kept: a command on a channel it has followed is then one trip to SQLite's thread, or one PostgreSQL round trip.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, cast

from sqlalchemy import CursorResult
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.base import Executable

from bot.db.prepared import PreparedCache

__all__ = ["Conflict", "DriverLane", "Held", "Lane", "Params", "SessionLane", "check"]

log = logging.getLogger("fray.db.lane")
Params = Mapping[str, Any]


Conflict = Callable[[], Exception]


class Lane(Protocol):
    """Runs prebuilt statements inside one unit of work's transaction.

    ``locks``: whether a read may lock the rows it reads until the unit of work ends (SELECT … FOR UPDATE).
    ``optimistic``: whether a read of what this process kept at its last known version may be skipped, because
    every write of the unit of work checks that version (a conflict then runs the command again, reading).
    """

    locks: bool
    optimistic: bool

    async def rows(self, statement: Executable, params: Params) -> Sequence[Mapping[str, Any]]:
        """Run a statement that returns rows (after any writes held back); return them as mappings by column key."""
        ...

    async def change(
        self, statement: Executable, params: Params, *, expect: int | None = None, conflict: Conflict | None = None
    ) -> None:
        """Run a statement that changes rows, perhaps at the next read or commit; ``expect`` rows, else ``conflict``."""
        ...

    async def change_many(self, statement: Executable, params: Sequence[Params]) -> None:
        """Run a statement once for each set of parameters, perhaps at the next read or commit."""
        ...


def check(changed: int, expect: int | None, conflict: Conflict | None) -> None:
    """Raise the conflict when a write changed another number of rows than it had to."""
    if expect is not None and changed != expect:
        raise (conflict or (lambda: RuntimeError(f"{changed} rows changed, not {expect}")))()


class SessionLane:
    """Statements through a unit of work's SQLAlchemy session (the session begins and ends the transaction)."""

    locks = True
    optimistic = False

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def rows(self, statement: Executable, params: Params) -> Sequence[Mapping[str, Any]]:
        """Run a statement that returns rows; return them as mappings by column key."""
        found = (await self.session.execute(statement, params)).mappings().all()
        return cast("Sequence[Mapping[str, Any]]", found)

    async def change(
        self, statement: Executable, params: Params, *, expect: int | None = None, conflict: Conflict | None = None
    ) -> None:
        """Run a statement that changes rows, now; ``expect`` rows changed, else raise ``conflict``."""
        result = cast("CursorResult[Any]", await self.session.execute(statement, params))
        check(result.rowcount, expect, conflict)

    async def change_many(self, statement: Executable, params: Sequence[Params]) -> None:
        """Run a statement once for each set of parameters, now."""
        await self.session.execute(statement, list(params))


class Held(NamedTuple):
    """A write a driver lane holds back: its statement, parameters and the rows it must change."""

    statement: Executable
    params: Any  # one mapping, or a sequence of them for many
    many: bool = False
    expect: int | None = None
    conflict: Conflict | None = None


class DriverLane(ABC):
    """What both driver lanes share: prepared statements, a lazy transaction, held writes and a failure mark.

    Writes are held back until the next read or the commit. ``failed`` is set when the driver raised: the
    connection may be unusable, so it is not given back to the pool.
    """

    locks: bool

    def __init__(self, prepared: PreparedCache, *, optimistic: bool = False) -> None:
        self.prepared = prepared
        self.optimistic = optimistic
        self.begun = False
        self.failed = False
        self.isolation: str | None = None
        self.held: list[Held] = []

    def _trace(self, *sqls: str) -> None:
        """Log each statement's SQL on one line, when debug logging is on (checked once for all of them)."""
        if log.isEnabledFor(logging.DEBUG):
            for sql in sqls:
                log.debug("%s", " ".join(sql.split()))

    @abstractmethod
    async def rows(self, statement: Executable, params: Params) -> Sequence[Mapping[str, Any]]:
        """Run a statement that returns rows (after any writes held back); return them as mappings by column key."""

    async def change(
        self, statement: Executable, params: Params, *, expect: int | None = None, conflict: Conflict | None = None
    ) -> None:
        """Hold a write back until the next read or the commit; it must change ``expect`` rows, else ``conflict``."""
        self.held.append(Held(statement, params, False, expect, conflict))

    async def change_many(self, statement: Executable, params: Sequence[Params]) -> None:
        """Hold a write of several rows back until the next read or the commit."""
        self.held.append(Held(statement, list(params), True))

    @abstractmethod
    async def commit(self) -> None:
        """Send the writes held back and commit, if a transaction was begun."""

    @abstractmethod
    async def rollback(self) -> None:
        """Forget the writes held back and roll back, if a transaction was begun."""
