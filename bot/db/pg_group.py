"""Group commit on PostgreSQL: the saves of commands that come together go as one atomic batch, in one round trip.

A command on an encounter writes one statement at its commit, its save fused with its event
(``repositories/fused.py``): alone, that is a round trip, a commit and a flush of the log of its own, on a pooled
connection checked out for it. With many channels busy those statements now go together: the commits that arrive
while a batch is under way wait for it and go as the next one, on a connection the group keeps, through asyncpg's
``executemany`` (the statements streamed, one Sync: one transaction, all or nothing). Each goes in its strict form,
which raises when its version check fails; a batch that raised is sent again one statement at a time, in the
ordinary form, so each command gets its own outcome (the rows it changed, or the error it raised). A command
returns only once the transaction holding its writes has committed, so every acknowledged command is durable.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, NamedTuple

import asyncpg
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.util import greenlet_spawn

from bot.db.batching import Batcher
from bot.db.prepared import Prepared

__all__ = ["Batched", "PgGroup", "rows_changed"]


class Batched(NamedTuple):
    """One command's statement, its strict form, and the parameters of both (made positional when sent)."""

    plain: Prepared
    strict: Prepared
    params: Mapping[str, Any]


def rows_changed(status: str) -> int:
    """Return the rows a command tag says were changed ('UPDATE 1', 'INSERT 0 1')."""
    return int(status.rsplit(" ", 1)[-1])


class PgGroup(Batcher[Batched, int]):
    """Commit commands' fused statements together: those that arrive while a batch is under way go in the next."""

    def __init__(self, checkout: Callable[[], Awaitable[PoolProxiedConnection]]) -> None:
        super().__init__()
        self._checkout = checkout  # a pooled connection, kept for the group until its driver fails
        self._connection: PoolProxiedConnection | None = None
        self.trips = 0  # batches committed whole
        self.commits = 0  # commands committed in them

    async def commit(self, batched: Batched) -> int:
        """Commit one statement with whatever else is waiting; return the rows it changed (0: its check failed)."""
        return await self._submit(batched)

    async def close(self) -> None:
        """Give the kept connection back to the pool (the next batch checks one out again)."""
        await self._let_go(invalidate=False)

    async def _trip(self, group: list[tuple[Batched, asyncio.Future[int]]]) -> None:
        try:
            driver = await self._driver()
            if len(group) == 1 or not await self._together(driver, group):
                await self._one_by_one(driver, group)
        except BaseException as exc:
            await self._let_go(invalidate=True)  # the driver failed: its state is not known
            self._fail(group, exc)
            if not isinstance(exc, Exception):
                raise

    async def _together(self, driver: Any, group: list[tuple[Batched, asyncio.Future[int]]]) -> bool:
        """Send the group as one batch of strict statements; tell whether it committed (False: a statement raised)."""
        strict = group[0][0].strict
        if any(batched.strict is not strict for batched, _ in group):
            return False
        try:
            await driver.executemany(strict.sql, [strict.values(batched.params) for batched, _ in group])
        except asyncpg.PostgresError:  # the server refused one (a stale version, or another error): none is written
            return False
        self.trips += 1
        self.commits += len(group)
        for _, future in group:
            if not future.done():
                future.set_result(1)
        return True

    async def _one_by_one(self, driver: Any, group: list[tuple[Batched, asyncio.Future[int]]]) -> None:
        """Send each statement on its own, in order, each command getting its own outcome."""
        for batched, future in group:
            try:
                changed = rows_changed(await driver.execute(batched.plain.sql, *batched.plain.values(batched.params)))
            except asyncpg.PostgresError as exc:
                if not future.done():
                    future.set_exception(exc)
                continue
            if not future.done():
                future.set_result(changed)

    async def _driver(self) -> Any:
        if self._connection is None:
            self._connection = await self._checkout()
        return self._connection.driver_connection

    async def _let_go(self, *, invalidate: bool) -> None:
        """Stop keeping the connection: give it back to the pool, or close it (``invalidate``: its state is unknown)."""
        connection, self._connection = self._connection, None
        if connection is not None:
            await greenlet_spawn(connection.invalidate if invalidate else connection.close)
