"""The round summaries each active encounter posted: where, so an undo after a restart still takes them back.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-07
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Frozen copies of the column types as they are at this revision (never import the models here).
surrogate_key = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Add the round_summaries table."""
    op.create_table(
        "round_summaries",
        sa.Column("encounter_id", surrogate_key, nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["encounter_id"], ["encounters.id"], ondelete="CASCADE",
                                name=op.f("fk_round_summaries_encounter_id_encounters")),
        sa.PrimaryKeyConstraint("encounter_id", "round", name=op.f("pk_round_summaries")),
    )


def downgrade() -> None:
    """Drop the round_summaries table."""
    op.drop_table("round_summaries")
