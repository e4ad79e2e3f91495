"""The SQLite driver lane: statements on an aiosqlite connection, one or two trips to its thread a command."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, NamedTuple

from sqlalchemy.sql.base import Executable

from bot.db.lane import Conflict, DriverLane, Held, Params, check
from bot.db.prepared import PreparedCache

__all__ = ["SqliteLane"]


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


class SqliteLane(DriverLane):
    """Statements on an aiosqlite connection, writes held back and sent with the next read or the commit."""

    locks = True  # BEGIN IMMEDIATE: the whole database is this unit of work's until it ends

    def __init__(
        self, driver: Any, prepared: PreparedCache, *, locking: bool = False,
        opener: Callable[[], Awaitable[Any]] | None = None,
    ) -> None:
        super().__init__(prepared, optimistic=not locking)
        self.driver = driver  # None: ``opener`` gives it at the first trip (the writer lock taken then)
        self._opener = opener

    def _step(self, write: Held) -> Step:
        """Return a held write as the thread runs it: its SQL and processed values."""
        prepared = self.prepared(write.statement)
        values = [prepared.values(p) for p in write.params] if write.many else prepared.values(write.params)
        return Step(prepared.sql, values, write.many, write.expect, write.conflict)

    async def _trip(self, last: Step | None) -> Any:
        """Send BEGIN IMMEDIATE (if not yet), the writes held back and ``last`` in one trip; return last's rows."""
        steps = [] if self.begun else [Step("BEGIN IMMEDIATE", ())]
        steps += [self._step(write) for write in self.held]
        if last is not None:
            steps.append(last)
        self.held = []
        for step in steps:
            self._trace(step.sql)
        if self.driver is None:
            assert self._opener is not None, "a SQLite lane needs a driver or an opener"
            self.driver = await self._opener()
        try:
            found, failed = await self.driver._execute(_sqlite_trip, self.driver._conn, steps)
        except BaseException:
            self.failed = True
            raise
        self.begun = True
        if failed is not None:
            check(found, steps[failed].expect, steps[failed].conflict)
        return found

    async def rows(self, statement: Executable, params: Params) -> Sequence[Mapping[str, Any]]:
        """Run a statement that returns rows, after the writes held back; return them as mappings by column key."""
        prepared = self.prepared(statement)
        return prepared.rows(await self._trip(Step(prepared.sql, prepared.values(params))) or ())

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
