"""On PostgreSQL, the documents written by every command are text columns, so the server does not check their syntax.

PostgreSQL's ``json`` type keeps a document as sent but still runs it through its JSON parser on every write, to
refuse malformed text; for a 20-combatant fight's state and its undo ``before`` (about 15 KB each) that was 100-200
µs a command more than text (an UPDATE of both, measured on PostgreSQL 15 over asyncpg), and it grows with the
fight. Fray writes these documents with orjson from its own objects and never queries inside them, so the check
buys nothing: ``bot.db.rows.HotDocument`` dumps and loads them itself. The columns keep their lz4 compression (0004)
and their tables' TOAST target (0005). SQLite stores JSON as text either way: nothing changes there.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# (table, column, nullable) of the documents written on every command.
DOCUMENTS = (("encounters", "state", False), ("events", "payload", False), ("events", "before", True))


_COMPRESSION = sa.text(
    "SELECT attcompression::text FROM pg_attribute WHERE attrelid = CAST(:table AS regclass) AND attname = :column"
)
_METHODS = {"l": "lz4", "p": "pglz"}  # attcompression's codes ('' is the server's default)


def _retype(target: sa.types.TypeEngine[Any], source: sa.types.TypeEngine[Any], cast: str) -> None:
    """Change the documents' type, keeping each column's compression (changing a type resets it to the default)."""
    bind = op.get_bind()
    if bind.dialect.name != "postgresql":
        return
    chosen = (bind.dialect.server_version_info or ()) >= (14,)  # column compression came in PostgreSQL 14
    for table, column, nullable in DOCUMENTS:
        method = bind.execute(_COMPRESSION, {"table": table, "column": column}).scalar() if chosen else None
        op.alter_column(table, column, type_=target, existing_type=source, existing_nullable=nullable,
                        postgresql_using=f"{column}::{cast}")
        if method in _METHODS:
            op.execute(f"ALTER TABLE {table} ALTER COLUMN {column} SET COMPRESSION {_METHODS[method]}")


def upgrade() -> None:
    """Make the hot documents text on PostgreSQL (varchar without a length: the same as text there)."""
    _retype(sa.String(), postgresql.JSON(), "varchar")


def downgrade() -> None:
    """Make them json again."""
    _retype(postgresql.JSON(), sa.String(), "json")
