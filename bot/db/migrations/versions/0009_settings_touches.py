"""How many of an encounter's versions were only its guild's settings changing (the fight's moment leaves them out).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-07
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add encounters.touched (0 for every encounter stored so far)."""
    op.add_column("encounters", sa.Column("touched", sa.Integer(), server_default=sa.text("0"), nullable=False))


def downgrade() -> None:
    """Drop encounters.touched (SQLite 3.35 or later drops a column in place, keeping the table and its indexes)."""
    op.drop_column("encounters", "touched")
