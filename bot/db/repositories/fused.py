"""Writes a driver lane may send as one statement (PostgreSQL): an encounter's save and the event that logs it.

``WITH saved AS (UPDATE encounters … WHERE id = … AND version = … RETURNING id) INSERT INTO events … SELECT …
FROM saved``: one statement, so one round trip and atomic without a transaction around it; the event is written
only if the save found the version it expected (otherwise nothing is written, and it reads as 0 rows: a conflict).

Each has a strict form (``STRICT``) for a batch of them (``bot/db/pg_group.py``): the same writes, but a failed
version check raises instead of writing nothing. The event is inserted from one row outer-joined with the save, its
``encounter_id`` taken from the row the save returned: no row, a NULL, and the column's NOT NULL stops the batch.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import insert, literal, select, true
from sqlalchemy.sql.base import Executable

from bot.db.repositories.encounter_sql import ENCOUNTERS, SAVE
from bot.db.repositories.events import APPEND, APPENDED, EVENTS

__all__ = ["FUSED", "SAVE_AND_APPEND", "SAVE_AND_APPEND_STRICT", "STALE_COLUMN", "STRICT"]

_saved = SAVE.returning(ENCOUNTERS.c.id).cte("saved")
SAVE_AND_APPEND = (
    insert(EVENTS).from_select(list(APPENDED), select(*APPENDED.values()).select_from(_saved)).add_cte(_saved)
)

# The writes, in the order they are made, and the one statement that makes them all (its row count: the last's).
FUSED: Mapping[tuple[Executable, ...], Executable] = {(SAVE, APPEND): SAVE_AND_APPEND}

# The column a strict form leaves NULL when its version check fails (see the module).
STALE_COLUMN = "encounter_id"
_one = select(literal(1).label("one")).subquery("one")
_strict_values = {**APPENDED, STALE_COLUMN: _saved.c.id}
SAVE_AND_APPEND_STRICT = (
    insert(EVENTS)
    .from_select(list(_strict_values), select(*_strict_values.values()).select_from(_one.outerjoin(_saved, true())))
    .add_cte(_saved)
)

# Each fused statement and its strict form.
STRICT: Mapping[Executable, Executable] = {SAVE_AND_APPEND: SAVE_AND_APPEND_STRICT}
