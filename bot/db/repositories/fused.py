"""Writes a driver lane may send as one statement (PostgreSQL): an encounter's save and the event that logs it.

``WITH saved AS (UPDATE encounters … WHERE id = … AND version = … RETURNING id) INSERT INTO events … SELECT …
FROM saved``: one statement, so one round trip and atomic without a transaction around it; the event is written
only if the save found the version it expected (otherwise nothing is written, and it reads as 0 rows: a conflict).
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import insert, select
from sqlalchemy.sql.base import Executable

from bot.db.repositories.encounter_sql import ENCOUNTERS, SAVE
from bot.db.repositories.events import APPEND, APPENDED, EVENTS

__all__ = ["FUSED", "SAVE_AND_APPEND"]

_saved = SAVE.returning(ENCOUNTERS.c.id).cte("saved")
SAVE_AND_APPEND = (
    insert(EVENTS).from_select(list(APPENDED), select(*APPENDED.values()).select_from(_saved)).add_cte(_saved)
)

# The writes, in the order they are made, and the one statement that makes them all (its row count: the last's).
FUSED: Mapping[tuple[Executable, ...], Executable] = {(SAVE, APPEND): SAVE_AND_APPEND}
