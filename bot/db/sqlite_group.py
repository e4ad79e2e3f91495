"""Group commit on SQLite: the commits of commands that come together share one transaction and one trip.

SQLite has one writer, so this process's write transactions already go one at a time. A command on an encounter
this process kept sends all its writes with BEGIN IMMEDIATE and COMMIT in one trip to aiosqlite's thread; with many
channels busy, those trips queued one behind another, each paying two thread hops and a turn of the event loop.
Now the commits that arrive while a trip is under way wait for it and then go together: one BEGIN IMMEDIATE, each
command's writes in turn, one COMMIT. A command whose version check fails on its first statement wrote nothing and
fails alone; when a later check fails or a statement raises, the trip starts over with each command's writes
inside its own SAVEPOINT, and that command is rolled back to it alone; the others commit. Each command still
returns only once the COMMIT that holds its writes is done, so every acknowledged command is durable.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any, NamedTuple

from bot.db.batching import Batcher
from bot.db.lane import Conflict

__all__ = ["GroupCommit", "Outcome", "Step", "run_steps"]


class Step(NamedTuple):
    """One statement for the driver: its SQL, its values (a list of them for many), and the rows it must change."""

    sql: str
    values: Any
    many: bool = False
    expect: int | None = None
    conflict: Conflict | None = None


class Outcome(NamedTuple):
    """What one command's steps gave: the last one's rows, the index of a failed check, or the error raised."""

    found: Any = None
    failed: int | None = None
    error: sqlite3.Error | None = None


def run_steps(conn: sqlite3.Connection, steps: list[Step]) -> tuple[Any, int | None]:
    """In aiosqlite's thread: run the steps in order; return the last one's rows, or the index of a failed check."""
    cursor = conn.cursor()
    try:
        return _run_on(cursor, steps)
    finally:
        cursor.close()


def _run_on(cursor: sqlite3.Cursor, steps: list[Step]) -> tuple[Any, int | None]:
    """Run the steps in order on one cursor (each statement resets the one before); as ``run_steps``."""
    found = None
    for index, step in enumerate(steps):
        if step.many:
            cursor.executemany(step.sql, step.values)
        else:
            cursor.execute(step.sql, step.values)
        if step.expect is not None and cursor.rowcount != step.expect:
            return cursor.rowcount, index
        found = cursor.fetchall() if cursor.description else None
    return found, None


def _in_savepoint(cursor: sqlite3.Cursor, steps: list[Step]) -> Outcome:
    """Run one command's steps inside a savepoint; undo them alone when a check fails or a statement raises."""
    cursor.execute("SAVEPOINT command")
    try:
        found, failed = _run_on(cursor, steps)
    except sqlite3.Error as exc:
        cursor.execute("ROLLBACK TO command")
        cursor.execute("RELEASE command")
        return Outcome(error=exc)
    if failed is not None:
        cursor.execute("ROLLBACK TO command")
    cursor.execute("RELEASE command")
    return Outcome(found, failed)


def _straight(cursor: sqlite3.Cursor, groups: list[list[Step]]) -> list[Outcome] | None:
    """Run every command's steps in turn with no savepoints; None when one needs undoing alone (then start over).

    A check that fails on a command's first statement, changing no row, wrote nothing and stands alone; a check
    failing later, or a statement raising, would leave that command's earlier writes in the transaction.
    """
    outcomes: list[Outcome] = []
    try:
        for steps in groups:
            found, failed = _run_on(cursor, steps)
            if failed is not None and (failed != 0 or found != 0):
                return None
            outcomes.append(Outcome(found, failed))
    except sqlite3.Error:
        return None
    return outcomes


def _group_trip(conn: sqlite3.Connection, groups: list[list[Step]]) -> list[Outcome]:
    """In aiosqlite's thread: one transaction holding every command's steps.

    They go straight, one command after another; when one of them must be undone alone, the transaction is rolled
    back and run again with each command in its own savepoint. Every statement runs on one cursor, closed at the end.
    """
    cursor = conn.cursor()
    try:
        cursor.execute("BEGIN IMMEDIATE")
        try:
            outcomes = _straight(cursor, groups)
            if outcomes is None:
                cursor.execute("ROLLBACK")
                cursor.execute("BEGIN IMMEDIATE")
                outcomes = [_in_savepoint(cursor, steps) for steps in groups]
            cursor.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                cursor.execute("ROLLBACK")
            raise
    finally:
        cursor.close()
    return outcomes


class GroupCommit(Batcher[list[Step], Outcome]):
    """Commit commands' writes together: those that arrive while a trip is under way go in the next one."""

    def __init__(self, connect: Callable[[], AbstractAsyncContextManager[Any]]) -> None:
        super().__init__()
        self._connect = connect  # the writer lock and the kept connection's aiosqlite driver, for one trip
        self.trips = 0  # group transactions committed
        self.commits = 0  # commands committed in them

    async def commit(self, steps: list[Step]) -> tuple[Any, int | None]:
        """Commit ``steps`` with whatever else is waiting; return their last rows and the index of a failed check."""
        outcome = await self._submit(steps)
        if outcome.error is not None:
            raise outcome.error
        return outcome.found, outcome.failed

    async def _trip(self, group: list[tuple[list[Step], asyncio.Future[Outcome]]]) -> None:
        try:
            async with self._connect() as driver:
                outcomes = await driver._execute(_group_trip, driver._conn, [steps for steps, _ in group])
        except BaseException as exc:
            self._fail(group, exc)
            if not isinstance(exc, Exception):
                raise
            return
        self.trips += 1
        self.commits += sum(1 for outcome in outcomes if outcome.error is None and outcome.failed is None)
        for (_, future), outcome in zip(group, outcomes, strict=True):
            if not future.done():
                future.set_result(outcome)
