"""The PostgreSQL driver lane: statements on an asyncpg connection, one or two round trips a command.

A commit that can go as one fused statement, with no transaction begun, goes through the group commit
(``pg_group.py``): in one batch with the other commands committing then, on the group's connection. The lane
checks a connection out of the pool only when it must send something itself (a read, a transaction).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from sqlalchemy.sql.base import Executable

from bot.db.lane import DriverLane, Held, Params, check
from bot.db.pg_group import Batched, PgGroup, rows_changed
from bot.db.prepared import PreparedCache

__all__ = ["PgLane"]


class PgLane(DriverLane):
    """Statements on an asyncpg connection; by default with no transaction held open while the rules run.

    Reads go on their own and lock nothing (each sees what is committed when it runs). Writes are held back and
    sent at the commit: a sequence ``fused`` knows as the one statement that makes them all (atomic by itself:
    one round trip, no BEGIN or COMMIT); anything else between BEGIN and COMMIT. A read made while writes are held
    (or after ``isolation`` is set) opens the transaction first, and sends the held writes, so it sees them.
    Lost updates stay impossible: a save changes the row only at the version it read, else its conflict is raised
    and nothing is written.

    ``locking`` is the other way, for a command that lost such a race: BEGIN before the first read, which locks
    the rows it reads (FOR UPDATE) until the commit, so nobody can save the encounter in between.
    """

    def __init__(
        self, driver: Any, prepared: PreparedCache, fused: Mapping[tuple[Executable, ...], Executable] | None = None,
        *, locking: bool = False, opener: Callable[[], Awaitable[Any]] | None = None, group: PgGroup | None = None,
        strict: Mapping[Executable, Executable] | None = None,
    ) -> None:
        super().__init__(prepared, optimistic=not locking)
        self.driver = driver  # None: ``opener`` checks one out when the lane first sends something itself
        self.fused = fused or {}
        self.locks = locking
        self._opener = opener
        self._group = group  # where a fused commit with no transaction begun goes
        self._strict = strict or {}  # each fused statement's strict form, as a batch sends it

    async def _call(self, method: str, sql: str, *args: Any) -> Any:
        self._trace(sql)
        if self.driver is None:
            assert self._opener is not None, "a PostgreSQL lane needs a driver or an opener"
            self.driver = await self._opener()
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
                check(rows_changed(status), write.expect, write.conflict)

    async def rows(self, statement: Executable, params: Params) -> Sequence[Mapping[str, Any]]:
        """Run a statement that returns rows (in the transaction, if writes are held or a snapshot was asked)."""
        if self.held or self.isolation or self.begun or self.locks:
            await self._begin()
        prepared = self.prepared(statement)
        return prepared.rows(await self._call("fetch", prepared.sql, *prepared.values(params)))

    async def _send_fused(self) -> bool:
        """Send the held writes as the one statement that makes them all, if there is one; tell whether it was."""
        fused = _fusing(self.fused, self.held)
        if fused is None:
            return False
        checked = next((write for write in self.held if write.expect is not None), None)
        params: dict[str, Any] = {}
        for write in self.held:
            params.update(write.params)
        self.held = []
        changed = await self._send(fused, params)
        if checked is not None:  # the fused statement writes its rows only if every check passed
            check(changed, 1, checked.conflict)
        return True

    async def _send(self, fused: Executable, params: Params) -> int:
        """Send a fused statement, through the group commit when nothing is begun; return the rows it changed."""
        prepared = self.prepared(fused)
        strict = self._strict.get(fused)
        if self._group is None or strict is None or self.begun or self.isolation or self.locks:
            return rows_changed(await self._call("execute", prepared.sql, *prepared.values(params)))
        self._trace(prepared.sql)
        return await self._group.commit(Batched(prepared, self.prepared(strict), params))

    async def commit(self) -> None:
        """Send the writes held back (as one statement when they fuse) and commit what was begun."""
        if self.held and not await self._send_fused():
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


def _fusing(fused: Mapping[tuple[Executable, ...], Executable], held: list[Held]) -> Executable | None:
    """Return the one statement that makes all the held writes, if there is one."""
    if any(write.many for write in held):
        return None
    return fused.get(tuple(write.statement for write in held))
