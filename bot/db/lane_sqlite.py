"""The SQLite driver lane: statements on an aiosqlite connection, one or two trips to its thread a command.

A unit of work that reads nothing (an encounter this process kept) sends its writes at its commit through the
group commit (``sqlite_group.py``): they share a transaction and a trip with the other commands committing then.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from sqlalchemy.sql.base import Executable

from bot.db.lane import DriverLane, Held, Params, check
from bot.db.prepared import PreparedCache
from bot.db.sqlite_group import GroupCommit, Step, run_steps

__all__ = ["SqliteLane"]


class SqliteLane(DriverLane):
    """Statements on an aiosqlite connection, writes held back and sent with the next read or the commit."""

    locks = True  # BEGIN IMMEDIATE: the whole database is this unit of work's until it ends

    def __init__(
        self, driver: Any, prepared: PreparedCache, *, locking: bool = False,
        opener: Callable[[], Awaitable[Any]] | None = None, group: GroupCommit | None = None,
        reader: Callable[[], Awaitable[Any]] | None = None,
    ) -> None:
        super().__init__(prepared, optimistic=not locking)
        self.driver = driver  # None: ``opener`` gives it at the first trip (the writer lock taken then)
        self._opener = opener
        self._group = group  # where a commit with nothing sent before it goes
        self._reader = reader  # gives the driver for reads with nothing sent before them (optimistic lanes)

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
        self._trace(*[step.sql for step in steps])
        if self.driver is None:
            assert self._opener is not None, "a SQLite lane needs a driver or an opener"
            self.driver = await self._opener()
        try:
            found, failed = await self.driver._execute(run_steps, self.driver._conn, steps)
        except BaseException:
            self.failed = True
            raise
        self.begun = True
        if failed is not None:
            check(found, steps[failed].expect, steps[failed].conflict)
        return found

    async def rows(self, statement: Executable, params: Params) -> Sequence[Mapping[str, Any]]:
        """Run a statement that returns rows, after the writes held back; return them as mappings by column key.

        On an optimistic lane, a read with nothing sent or held before it goes to the reader's connection: it takes
        no lock (SQLite's readers see the last commit and never wait for the writer), and every write after it
        checks the version it read.
        """
        prepared = self.prepared(statement)
        step = Step(prepared.sql, prepared.values(params))
        if self.optimistic and self._reader is not None and not self.begun and not self.held:
            self._trace(step.sql)
            driver = await self._reader()
            found, _ = await driver._execute(run_steps, driver._conn, [step])
            return prepared.rows(found or ())
        return prepared.rows(await self._trip(step) or ())

    async def commit(self) -> None:
        """Send the writes held back and COMMIT in one trip, if a transaction was begun.

        Writes with nothing sent before them go through the group commit, when the lane has one.
        """
        if self.held and not self.begun and self.driver is None and self._group is not None:
            steps = [self._step(write) for write in self.held]
            self.held = []
            self._trace(*[step.sql for step in steps])
            found, failed = await self._group.commit(steps)
            if failed is not None:
                check(found, steps[failed].expect, steps[failed].conflict)
        elif self.begun or self.held:
            await self._trip(Step("COMMIT", ()))
            self.begun = False

    async def rollback(self) -> None:
        """Forget the writes held back; roll back, if a transaction was begun."""
        self.held = []
        if self.begun:
            await self._trip(Step("ROLLBACK", ()))
            self.begun = False
