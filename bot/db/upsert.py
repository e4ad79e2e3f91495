"""One INSERT … ON CONFLICT … DO UPDATE for both databases (PostgreSQL and SQLite spell it alike)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Executable
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.rows import Base

__all__ = ["upsert"]


def upsert(session: AsyncSession, row: type[Base], values: Mapping[str, Any], key: Sequence[Any]) -> Executable:
    """Return an insert of ``values`` that, on a row already at ``key`` (its columns), updates the other values."""
    insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
    names = {getattr(column, "key", column) for column in key}
    changes = {name: value for name, value in values.items() if name not in names}
    return insert(row).values(dict(values)).on_conflict_do_update(index_elements=list(key), set_=changes)
