"""Lanes: how a unit of work's encounter and event statements reach the database.

The repositories hand a lane prebuilt Core statements (``encounter_sql.py``, ``events.py``). ``SessionLane`` runs
them through the unit of work's SQLAlchemy session. ``SqliteLane`` and ``PgLane`` run them on the driver of one
pooled connection, compiled once (``Prepared``), and run the transaction themselves: the path every command takes
costs a fraction of what it costs through the session. They are for units of work that touch only encounters and
events (``Database.encounter_work``).

A write may be held back until the lane's next read or its commit, and then sent with it in order, in the same
transaction: on SQLite, BEGIN IMMEDIATE and the first read take one trip to aiosqlite's thread, and the UPDATE, the
INSERT and COMMIT one more. A write that must change an exact number of rows (the version check) stops the trip
when it does not, and raises its conflict; nothing after it runs and the transaction is rolled back.
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
    """Runs prebuilt statements inside one unit of work's transaction."""

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


class PgLane(DriverLane):
    """Statements on an asyncpg connection, each sent at once (its statement cache prepares each once)."""

    def __init__(self, driver: Any, prepared: PreparedCache) -> None:
        super().__init__(prepared)
        self.driver = driver

    async def _call(self, method: str, sql: str, *args: Any) -> Any:
        try:
            if not self.begun and sql not in ("COMMIT", "ROLLBACK"):
                begin = f"BEGIN ISOLATION LEVEL {self.isolation}" if self.isolation else "BEGIN"
                self._trace(begin)
                await self.driver.execute(begin)
                self.begun = True
            self._trace(sql)
            return await getattr(self.driver, method)(sql, *args)
        except BaseException:
            self.failed = True
            raise

    async def rows(self, statement: Executable, params: Params) -> Sequence[Mapping[str, Any]]:
        """Run a statement that returns rows; return them as mappings by column key."""
        prepared = self.prepared(statement)
        return prepared.rows(await self._call("fetch", prepared.sql, *prepared.values(params)))

    async def change(
        self, statement: Executable, params: Params, *, expect: int | None = None, conflict: Conflict | None = None
    ) -> None:
        """Run a statement that changes rows, now; ``expect`` rows changed (from the command tag), else conflict."""
        prepared = self.prepared(statement)
        status: str = await self._call("execute", prepared.sql, *prepared.values(params))
        _check(int(status.rsplit(" ", 1)[-1]), expect, conflict)

    async def change_many(self, statement: Executable, params: Sequence[Params]) -> None:
        """Run a statement once for each set of parameters, now."""
        prepared = self.prepared(statement)
        await self._call("executemany", prepared.sql, [prepared.values(p) for p in params])

    async def commit(self) -> None:
        """Commit the transaction, if one was begun."""
        if self.begun:
            await self._call("execute", "COMMIT")
            self.begun = False

    async def rollback(self) -> None:
        """Roll the transaction back, if one was begun."""
        if self.begun:
            await self._call("execute", "ROLLBACK")
            self.begun = False
