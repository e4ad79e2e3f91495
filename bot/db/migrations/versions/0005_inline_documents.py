"""On PostgreSQL, keep the documents written by every command in their rows (no TOAST table) while they fit a page.

PostgreSQL moves a row's long values out of line once the row passes about 2 KB (``toast_tuple_target``): it
compresses them, and what still does not fit goes to the table's TOAST table, in 2 KB chunks with an index entry
each. A fight's state and an event's ``before`` pass that at a few combatants, so every command wrote them twice
over: the row, and the chunks. With the target at a whole page (8,160 bytes), a row keeps its documents as they
are up to a page, and a bigger one is compressed (lz4, see 0004) to fit it before anything goes out of line.
Measured on PostgreSQL 15 (bench/speed.py's growth stage): an /attack in a fight of 20 combatants against one of 3
went from 1.13-1.22x (eight runs) to 1.12-1.19x (seven), a little and within this machine's noise; the throughput
lines did not move beyond it either. What it saves for sure is the TOAST table's writes
(tests/db/test_db_migrations.py). SQLite has no such limit: nothing changes there.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("encounters", "events")


def _settable() -> bool:
    """Tell whether the server takes a table's TOAST target: PostgreSQL 11 or newer (SQLite has none)."""
    bind = op.get_bind()
    version = bind.dialect.server_version_info or ()
    return bind.dialect.name == "postgresql" and version >= (11,)


def upgrade() -> None:
    """Raise the tables' TOAST target to a whole page on PostgreSQL."""
    if _settable():
        for table in TABLES:
            op.execute(f"ALTER TABLE {table} SET (toast_tuple_target = 8160)")


def downgrade() -> None:
    """Give the tables PostgreSQL's default TOAST target again."""
    if _settable():
        for table in TABLES:
            op.execute(f"ALTER TABLE {table} RESET (toast_tuple_target)")
