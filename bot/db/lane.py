"""Lanes: how a unit of work's encounter and event statements reach the database.

The repositories hand a lane prebuilt Core statements (``encounter_sql.py``, ``events.py``). ``SessionLane`` runs
them through the unit of work's SQLAlchemy session. ``SqliteLane`` and ``PgLane`` run them on the driver of one
pooled connection, compiled once (``Prepared``), and run the transaction themselves: the path every command takes
costs a fraction of what it costs through the session. They are for units of work that touch only encounters and
events (``Database.encounter_work``).

A write may be held back until the lane's next read or its commit, and then sent with it in order, in the same
transaction: on SQLite, BEGIN IMMEDIATE and the first read take one trip to aiosqlite's thread, and the UPDATE, the
INSERT and COMMIT one more. A write that must change an exact number of rows (the version check) stops the trip
when it does not, and raises its conflict; nothing after it runs and the transaction is rolled back. On
PostgreSQL the read locks nothing and the save goes with its event as one statement (``repositories/fused.py``):
two round trips a command instead of five.
"""

from __future__ import annotations

import logging
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, cast

from sqlalchemy import CursorResult
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.base import Executable

from bot.db.prepared import PreparedCache

__all__ = ["Lane", "PgLane", "SessionLane", "SqliteLane"]

log = logging.getLogger("fray.db.lane")
Params = Mapping[str, Any]


Conflict = Callable[[], Exception]


class Lane(Protocol):
    """Runs prebuilt statements inside one unit of work's transaction.

    ``locks``: whether a read may lock the rows it reads until the unit of work ends (SELECT … FOR UPDATE).
    """

    locks: bool

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


def _check(changed: int, expect: int | None, conflict: Conflict | None) -> None:
    """Raise the conflict when a write changed another number of rows than it had to."""
    if expect is not None and changed != expect:
        raise (conflict or (lambda: RuntimeError(f"{changed} rows changed, not {expect}")))()


class SessionLane:
    """Statements through a unit of work's SQLAlchemy session (the session begins and ends the transaction)."""

    locks = True

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
        _check(result.rowcount, expect, conflict)

    async def change_many(self, statement: Executable, params: Sequence[Params]) -> None:
        """Run a statement once for each set of parameters, now."""
        await self.session.execute(statement, list(params))


class Step(NamedTuple):
    """One statement for the driver: its SQL, its values (a list of them for many), and the rows it must change."""

    sql: str
    values: Any
    many: bool = False
    expect: int | None = None
    conflict: Conflict | None = None


def _sqlite_trip(conn: sqlite3.Connection, steps: list[Step]) -> tuple[Any, int | None]:
    """In aiosqlite's thread: run the steps in order; return the last one's rows, or the index of a failed check."""
    found = None
    for index, step in enumerate(steps):
        cursor = conn.executemany(step.sql, step.values) if step.many else conn.execute(step.sql, step.values)
        try:
            if step.expect is not None and cursor.rowcount != step.expect:
                return cursor.rowcount, index
            found = cursor.fetchall() if cursor.description else None
        finally:
            cursor.close()
    return found, None


class DriverLane(ABC):
    """What both driver lanes share: statements prepared once, a transaction begun lazily, and a failure mark.

    ``failed`` is set when the driver raised: the connection may be unusable, so it is not given back to the pool.
    """

    locks: bool

    def __init__(self, prepared: PreparedCache) -> None:
        self.prepared = prepared
        self.begun = False
        self.failed = False
        self.isolation: str | None = None

    def _trace(self, sql: str) -> None:
        if log.isEnabledFor(logging.DEBUG):
            log.debug("%s", " ".join(sql.split()))

    @abstractmethod
    async def rows(self, statement: Executable, params: Params) -> Sequence[Mapping[str, Any]]:
        """Run a statement that returns rows (after any writes held back); return them as mappings by column key."""

    @abstractmethod
    async def change(
        self, statement: Executable, params: Params, *, expect: int | None = None, conflict: Conflict | None = None
    ) -> None:
        """Run a statement that changes rows, perhaps at the next read or commit; ``expect`` rows, else ``conflict``."""

    @abstractmethod
    async def change_many(self, statement: Executable, params: Sequence[Params]) -> None:
        """Run a statement once for each set of parameters, perhaps at the next read or commit."""

    @abstractmethod
    async def commit(self) -> None:
        """Send the writes held back and commit, if a transaction was begun."""

    @abstractmethod
    async def rollback(self) -> None:
        """Forget the writes held back and roll back, if a transaction was begun."""


class SqliteLane(DriverLane):
    """Statements on an aiosqlite connection, writes held back and sent with the next read or the commit."""

    locks = True  # BEGIN IMMEDIATE: the whole database is this unit of work's until it ends

    def __init__(self, driver: Any, prepared: PreparedCache) -> None:
        super().__init__(prepared)
        self.driver = driver
        self.held: list[Step] = []

    async def _trip(self, last: Step | None) -> Any:
        """Send BEGIN IMMEDIATE (if not yet), the writes held back and ``last`` in one trip; return last's rows."""
        steps = [] if self.begun else [Step("BEGIN IMMEDIATE", ())]
        steps += self.held
        if last is not None:
            steps.append(last)
        self.held = []
        for step in steps:
            self._trace(step.sql)
        try:
            found, failed = await self.driver._execute(_sqlite_trip, self.driver._conn, steps)
        except BaseException:
            self.failed = True
            raise
        self.begun = True
        if failed is not None:
            _check(found, steps[failed].expect, steps[failed].conflict)
        return found

    async def rows(self, statement: Executable, params: Params) -> Sequence[Mapping[str, Any]]:
        """Run a statement that returns rows, after the writes held back; return them as mappings by column key."""
        prepared = self.prepared(statement)
        return prepared.rows(await self._trip(Step(prepared.sql, prepared.values(params))) or ())

    async def change(
        self, statement: Executable, params: Params, *, expect: int | None = None, conflict: Conflict | None = None
    ) -> None:
        """Hold a write back until the next read or the commit."""
        prepared = self.prepared(statement)
        self.held.append(Step(prepared.sql, prepared.values(params), False, expect, conflict))

    async def change_many(self, statement: Executable, params: Sequence[Params]) -> None:
        """Hold a write of several rows back until the next read or the commit."""
        prepared = self.prepared(statement)
        self.held.append(Step(prepared.sql, [prepared.values(p) for p in params], True))

    async def commit(self) -> None:
        """Send the writes held back and COMMIT in one trip, if a transaction was begun."""
        if self.begun or self.held:
            await self._trip(Step("COMMIT", ()))
            self.begun = False

    async def rollback(self) -> None:
        """Forget the writes held back; roll back, if a transaction was begun."""
        self.held = []
        if self.begun:
            await self._trip(Step("ROLLBACK", ()))
            self.begun = False


class Held(NamedTuple):
    """A write held back by the PostgreSQL lane: its statement, parameters and the rows it must change."""

    statement: Executable
    params: Any  # one mapping, or a sequence of them for many
    many: bool = False
    expect: int | None = None
    conflict: Conflict | None = None


class PgLane(DriverLane):
    """Statements on an asyncpg connection, with no transaction held open while the rules run.

    Reads go on their own and lock nothing (each sees what is committed when it runs). Writes are held back and
    sent at the commit: a sequence ``fused`` knows as the one statement that makes them all (atomic by itself:
    one round trip, no BEGIN or COMMIT); anything else between BEGIN and COMMIT. A read made while writes are held
    (or after ``isolation`` is set) opens the transaction first, and sends the held writes, so it sees them.
    Lost updates stay impossible: a save changes the row only at the version it read, else its conflict is raised
    and nothing is written (the services run the command again on the newer state).
    """

    locks = False

    def __init__(
        self, driver: Any, prepared: PreparedCache, fused: Mapping[tuple[Executable, ...], Executable] | None = None
    ) -> None:
        super().__init__(prepared)
        self.driver = driver
        self.fused = fused or {}
        self.held: list[Held] = []

    async def _call(self, method: str, sql: str, *args: Any) -> Any:
        self._trace(sql)
        try:
            return await getattr(self.driver, method)(sql, *args)
        except BaseException:
            self.failed = True
            raise

    async def _begin(self) -> None:
        """Open the transaction (if not yet) and send the writes held back, in order."""
        if not self.begun:
            await self._call("execute", f"BEGIN ISOLATION LEVEL {self.isolation}" if self.isolation else "BEGIN")
            self.begun = True
        held, self.held = self.held, []
        for write in held:
            prepared = self.prepared(write.statement)
            if write.many:
                await self._call("executemany", prepared.sql, [prepared.values(p) for p in write.params])
            else:
                status: str = await self._call("execute", prepared.sql, *prepared.values(write.params))
                _check(_count(status), write.expect, write.conflict)

    async def rows(self, statement: Executable, params: Params) -> Sequence[Mapping[str, Any]]:
        """Run a statement that returns rows (in the transaction, if writes are held or a snapshot was asked)."""
        if self.held or self.isolation or self.begun:
            await self._begin()
        prepared = self.prepared(statement)
        return prepared.rows(await self._call("fetch", prepared.sql, *prepared.values(params)))

    async def change(
        self, statement: Executable, params: Params, *, expect: int | None = None, conflict: Conflict | None = None
    ) -> None:
        """Hold a write back until the commit (or the next read)."""
        self.held.append(Held(statement, params, False, expect, conflict))

    async def change_many(self, statement: Executable, params: Sequence[Params]) -> None:
        """Hold a write of several rows back until the commit (or the next read)."""
        self.held.append(Held(statement, list(params), True))

    async def _send_fused(self) -> bool:
        """Send the held writes as the one statement that makes them all, if there is one; tell whether it was."""
        fused = self.fused.get(tuple(write.statement for write in self.held))
        if fused is None or self.begun or any(write.many for write in self.held):
            return False
        checked = next((write for write in self.held if write.expect is not None), None)
        params: dict[str, Any] = {}
        for write in self.held:
            params.update(write.params)
        self.held = []
        prepared = self.prepared(fused)
        status: str = await self._call("execute", prepared.sql, *prepared.values(params))
        if checked is not None:  # the fused statement writes its rows only if every check passed
            _check(_count(status), 1, checked.conflict)
        return True

    async def commit(self) -> None:
        """Send the writes held back (as one statement when they fuse) and commit what was begun."""
        if self.held and await self._send_fused():
            return
        if self.held:
            await self._begin()
        if self.begun:
            await self._call("execute", "COMMIT")
            self.begun = False

    async def rollback(self) -> None:
        """Forget the writes held back; roll back, if a transaction was begun."""
        self.held = []
        if self.begun:
            await self._call("execute", "ROLLBACK")
            self.begun = False


def _count(status: str) -> int:
    """Return the rows a command tag says were changed ('UPDATE 1', 'INSERT 0 1')."""
    return int(status.rsplit(" ", 1)[-1])
