"""Play-by-post reminders: a guild's minutes before the waiting player is reminded, and the turns reminded.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-08
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Frozen copies of the column types as they are at this revision (never import the models here).
surrogate_key = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
timestamp = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Add guild_settings.remind_after and the turn_reminders table."""
    with op.batch_alter_table("guild_settings") as batch:
        batch.add_column(sa.Column("remind_after", sa.Integer(), nullable=True))
    op.create_table(
        "turn_reminders",
        sa.Column("encounter_id", surrogate_key, nullable=False),
        sa.Column("mark", sa.String(200), nullable=False),
        sa.Column("sent", timestamp, server_default=sa.func.now(), nullable=False),
        sa.ForeignKeyConstraint(["encounter_id"], ["encounters.id"], ondelete="CASCADE",
                                name=op.f("fk_turn_reminders_encounter_id_encounters")),
        sa.PrimaryKeyConstraint("encounter_id", name=op.f("pk_turn_reminders")),
    )


def downgrade() -> None:
    """Drop the turn_reminders table and guild_settings.remind_after."""
    op.drop_table("turn_reminders")
    with op.batch_alter_table("guild_settings") as batch:
        batch.drop_column("remind_after")
