"""On PostgreSQL, the documents written by every command (encounter state, event payload and undo state) are json.

jsonb parses each document into its binary form on every write (measured: about 200 µs more per 12 KB document
than json, which keeps the text as sent); Fray never queries inside these documents, so the parsing buys nothing.
SQLite stores JSON as text either way: nothing changes there.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# (table, column, nullable) of the documents written on every command.
DOCUMENTS = (("encounters", "state", False), ("events", "payload", False), ("events", "before", True))


def _retype(target: sa.types.TypeEngine[object], source: sa.types.TypeEngine[object], cast: str) -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table, column, nullable in DOCUMENTS:
        op.alter_column(table, column, type_=target, existing_type=source, existing_nullable=nullable,
                        postgresql_using=f"{column}::{cast}")


def upgrade() -> None:
    """Make the hot documents json on PostgreSQL."""
    _retype(postgresql.JSON(), postgresql.JSONB(), "json")


def downgrade() -> None:
    """Make them jsonb again."""
    _retype(postgresql.JSONB(), postgresql.JSON(), "jsonb")
