"""Initial schema: guild settings, characters, encounters, their combatants and their event log.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Frozen copies of the column types as they were at this revision (never import the models here).
surrogate_key = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
document = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
nullable_document = sa.JSON(none_as_null=True).with_variant(postgresql.JSONB(none_as_null=True), "postgresql")
timestamp = sa.DateTime(timezone=True)


def _stamps() -> list[sa.Column[Any]]:
    return [
        sa.Column("created", timestamp, server_default=sa.func.now(), nullable=False),
        sa.Column("updated", timestamp, server_default=sa.func.now(), nullable=False),
    ]


def upgrade() -> None:
    """Create every table and index."""
    op.create_table(
        "guild_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("gm_role_id", sa.BigInteger(), nullable=True),
        sa.Column("summary_channel_id", sa.BigInteger(), nullable=True),
        sa.Column("players_end_turn", sa.Boolean(), server_default=sa.text("true"), nullable=False),
        sa.Column("allow_join", sa.Boolean(), server_default=sa.text("true"), nullable=False),
        sa.Column("updated", timestamp, server_default=sa.func.now(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", name=op.f("pk_guild_settings")),
    )
    op.create_table(
        "characters",
        sa.Column("id", surrogate_key, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("owner_id", sa.BigInteger(), nullable=False),
        sa.Column("system", sa.String(32), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("sheet", document, nullable=False),
        *_stamps(),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_characters")),
    )
    op.create_index("ix_characters_guild_owner", "characters", ["guild_id", "owner_id"])
    op.create_index(
        "uq_characters_guild_system_name", "characters", ["guild_id", "system", sa.text("lower(name)")], unique=True
    )
    op.create_table(
        "encounters",
        sa.Column("id", surrogate_key, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("system", sa.String(32), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("gm_id", sa.BigInteger(), nullable=False),
        sa.Column("active", sa.Boolean(), server_default=sa.text("true"), nullable=False),
        sa.Column("version", sa.Integer(), server_default=sa.text("1"), nullable=False),
        sa.Column("state", document, nullable=False),
        *_stamps(),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_encounters")),
    )
    op.create_index("ix_encounters_guild_active", "encounters", ["guild_id", "active"])
    op.create_index(
        "uq_encounters_active_channel",
        "encounters",
        ["channel_id"],
        unique=True,
        sqlite_where=sa.text("active"),
        postgresql_where=sa.text("active"),
    )
    op.create_table(
        "combatants",
        sa.Column("encounter_id", surrogate_key, nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("side", sa.String(32), nullable=False),
        sa.Column("owner_id", sa.String(64), nullable=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["encounter_id"],
            ["encounters.id"],
            name=op.f("fk_combatants_encounter_id_encounters"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("encounter_id", "key", name=op.f("pk_combatants")),
    )
    op.create_index("ix_combatants_owner_id", "combatants", ["owner_id"])
    op.create_table(
        "events",
        sa.Column("id", surrogate_key, nullable=False),
        sa.Column("encounter_id", surrogate_key, nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("payload", document, nullable=False),
        sa.Column("before", nullable_document, nullable=True),
        sa.Column("undone", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.Column("created", timestamp, server_default=sa.func.now(), nullable=False),
        sa.ForeignKeyConstraint(
            ["encounter_id"], ["encounters.id"], name=op.f("fk_events_encounter_id_encounters"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_events")),
        sa.UniqueConstraint("encounter_id", "seq", name=op.f("uq_events_encounter_id_seq")),
    )
    op.create_index("ix_events_encounter_id_round_seq", "events", ["encounter_id", "round", "seq"])


def downgrade() -> None:
    """Drop every table, dependents first."""
    op.drop_index("ix_events_encounter_id_round_seq", table_name="events")
    op.drop_table("events")
    op.drop_index("ix_combatants_owner_id", table_name="combatants")
    op.drop_table("combatants")
    op.drop_index("uq_encounters_active_channel", table_name="encounters")
    op.drop_index("ix_encounters_guild_active", table_name="encounters")
    op.drop_table("encounters")
    op.drop_index("uq_characters_guild_system_name", table_name="characters")
    op.drop_index("ix_characters_guild_owner", table_name="characters")
    op.drop_table("characters")
    op.drop_table("guild_settings")
