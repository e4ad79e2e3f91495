"""SQLite statements in one trip to aiosqlite's worker thread: open a cursor, execute, fetch and close together.

SQLAlchemy's aiosqlite adapter makes four trips per statement (cursor, execute, fetchall, close), each a hand-off to
the worker thread and a wake-up of the event loop; on Fray's hot path those trips cost more than SQLite itself.
``OneHopConnection`` keeps the adapter and its error handling and runs the four steps as one function in the thread.
It leans on aiosqlite's ``_execute`` and ``_conn``, as SQLAlchemy's adapter itself does (both pinned in pyproject).
"""

from __future__ import annotations

import sqlite3
from collections import deque
from typing import Any

from sqlalchemy.dialects.sqlite.aiosqlite import AsyncAdapt_aiosqlite_connection, AsyncAdapt_aiosqlite_cursor

__all__ = ["OneHopConnection", "adopt"]

Outcome = tuple[Any, list[Any], int | None, int]


def _run(connection: sqlite3.Connection, operation: str, parameters: Any) -> Outcome:
    """Run one statement in the worker thread; return its description, rows, last row id and row count."""
    cursor = connection.cursor()
    try:
        if parameters is None:
            cursor.execute(operation)
        else:
            cursor.execute(operation, parameters)
        description = cursor.description
        rows = cursor.fetchall() if description else []
        return description, rows, cursor.lastrowid, cursor.rowcount
    finally:
        cursor.close()


class OneHopCursor(AsyncAdapt_aiosqlite_cursor):
    """The adapter's cursor, executing each statement in one trip to the worker thread."""

    __slots__ = ()

    def execute(self, operation: Any, parameters: Any = None) -> None:
        """Execute one statement and keep its rows, as the adapter's cursor does."""
        connection: Any = self._connection
        try:
            outcome: Outcome = self.await_(connection._execute(_run, connection._conn, operation, parameters))
        except Exception as error:
            self._adapt_connection._handle_exception(error)
            raise  # _handle_exception always raises; this keeps the type checker informed
        description, rows, lastrowid, rowcount = outcome
        if description:
            self.description = description
            self.lastrowid = self.rowcount = -1
            self._rows = deque(rows)
        else:
            self.description = None
            self.lastrowid = lastrowid  # type: ignore[assignment]
            self.rowcount = rowcount


class OneHopConnection(AsyncAdapt_aiosqlite_connection):
    """The adapter's connection, handing out one-trip cursors (server-side cursors stay the adapter's own)."""

    __slots__ = ()

    def cursor(self, server_side: bool = False) -> AsyncAdapt_aiosqlite_cursor:
        """Return a cursor; statements of a plain one take one trip to the worker thread."""
        return super().cursor(True) if server_side else OneHopCursor(self)


def adopt(dbapi_connection: Any) -> None:
    """Make a freshly opened aiosqlite adapter connection hand out one-trip cursors."""
    if type(dbapi_connection) is AsyncAdapt_aiosqlite_connection:
        dbapi_connection.__class__ = OneHopConnection
