"""The status board each active encounter shows: its message, so a restarted bot edits it instead of posting anew.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-07
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Frozen copies of the column types as they are at this revision (never import the models here).
surrogate_key = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Add the status_boards table."""
    op.create_table(
        "status_boards",
        sa.Column("encounter_id", surrogate_key, nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["encounter_id"], ["encounters.id"], ondelete="CASCADE",
                                name=op.f("fk_status_boards_encounter_id_encounters")),
        sa.PrimaryKeyConstraint("encounter_id", name=op.f("pk_status_boards")),
    )


def downgrade() -> None:
    """Drop the status_boards table."""
    op.drop_table("status_boards")
