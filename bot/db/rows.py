"""The database tables as SQLAlchemy ORM rows; the schema itself is only ever created by the migrations."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    TypeDecorator,
    UniqueConstraint,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeEngine

from bot.db.connect import dumps

__all__ = [
    "NAMING_CONVENTION",
    "Base",
    "CharacterRow",
    "CombatantRow",
    "EncounterRow",
    "EventRow",
    "GuildSettingsRow",
    "RoundSummaryRow",
    "StatusBoardRow",
    "TurnReminderRow",
    "utcnow",
]

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# Surrogate keys: BIGINT on PostgreSQL, INTEGER on SQLite (only INTEGER PRIMARY KEY auto-increments there).
SurrogateKey = BigInteger().with_variant(Integer(), "sqlite")
# JSON documents: JSONB on PostgreSQL, JSON text on SQLite.
Document = JSON().with_variant(JSONB(), "postgresql")
# The documents every command writes (encounter state, event payload and undo state): JSON text on SQLite, and a
# text column (varchar) on PostgreSQL, which keeps them as sent: jsonb parsed each into its binary form on every
# write (0003) and json still checked its syntax (0006); Fray writes them with orjson and never queries inside them.


class HotDocument(TypeDecorator[Any]):
    """A document written on every command: SQLite's JSON type, or text on PostgreSQL (dumped and loaded here)."""

    impl = JSON
    cache_ok = True

    def __init__(self, none_as_null: bool = False) -> None:
        super().__init__(none_as_null=none_as_null)
        self.none_as_null = none_as_null

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        """Use a text column (varchar without a length) on PostgreSQL; JSON elsewhere."""
        if dialect.name == "postgresql":
            return dialect.type_descriptor(String())
        return dialect.type_descriptor(JSON(none_as_null=self.none_as_null))

    def process_bind_param(self, value: Any, dialect: Dialect) -> Any:
        """Dump the document to JSON text on PostgreSQL (JSON's own processor does it elsewhere)."""
        if dialect.name != "postgresql":
            return value
        if value is None and self.none_as_null:
            return None
        return dumps(value)

    def process_result_value(self, value: Any, dialect: Dialect) -> Any:
        """Load the document from its JSON text on PostgreSQL."""
        if dialect.name != "postgresql" or value is None:
            return value
        return orjson.loads(value)


class JsonText(HotDocument):
    """A bind value for a hot document that is JSON text already (written once, not parsed and dumped again)."""

    cache_ok = True

    def bind_processor(self, dialect: Dialect) -> None:
        """Send the text as it is."""
        return None


# Discord ids (snowflakes) are 64-bit.
Snowflake = BigInteger()


def utcnow() -> datetime:
    """Return the current time in UTC."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """The declarative base, with a naming convention so batch migrations can find every constraint."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def _created() -> Mapped[datetime]:
    return mapped_column(DateTime(timezone=True), default=utcnow, server_default=func.now())


def _updated() -> Mapped[datetime]:
    return mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow, server_default=func.now())


class GuildSettingsRow(Base):
    """One guild's Fray settings."""

    __tablename__ = "guild_settings"

    guild_id: Mapped[int] = mapped_column(Snowflake, primary_key=True, autoincrement=False)
    gm_role_id: Mapped[int | None] = mapped_column(Snowflake)
    summary_channel_id: Mapped[int | None] = mapped_column(Snowflake)
    players_end_turn: Mapped[bool] = mapped_column(Boolean, default=True, server_default=text("true"))
    allow_join: Mapped[bool] = mapped_column(Boolean, default=True, server_default=text("true"))
    # Minutes without action before the player whose turn it is gets one reminder (None: no reminders).
    remind_after: Mapped[int | None] = mapped_column(Integer)
    updated: Mapped[datetime] = _updated()


class CharacterRow(Base):
    """A saved character sheet, owned by one user, for one system, in one guild."""

    __tablename__ = "characters"
    __table_args__ = (Index("ix_characters_guild_owner", "guild_id", "owner_id"),)

    id: Mapped[int] = mapped_column(SurrogateKey, primary_key=True)
    guild_id: Mapped[int] = mapped_column(Snowflake)
    owner_id: Mapped[int] = mapped_column(Snowflake)
    system: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(100))
    sheet: Mapped[dict[str, Any]] = mapped_column(Document)
    created: Mapped[datetime] = _created()
    updated: Mapped[datetime] = _updated()


# A character's name is unique per guild and system, ignoring case.
Index(
    "uq_characters_guild_system_name",
    CharacterRow.guild_id,
    CharacterRow.system,
    func.lower(CharacterRow.name),
    unique=True,
)


class EncounterRow(Base):
    """A fight in a channel; ``state`` holds the whole encounter and ``version`` guards against lost updates."""

    __tablename__ = "encounters"
    __table_args__ = (
        Index(
            "uq_encounters_active_channel",
            "channel_id",
            unique=True,
            sqlite_where=text("active"),
            postgresql_where=text("active"),
        ),
        Index("ix_encounters_guild_active", "guild_id", "active"),
    )

    id: Mapped[int] = mapped_column(SurrogateKey, primary_key=True)
    guild_id: Mapped[int] = mapped_column(Snowflake)
    channel_id: Mapped[int] = mapped_column(Snowflake)
    system: Mapped[str] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(100))
    gm_id: Mapped[int] = mapped_column(Snowflake)
    active: Mapped[bool] = mapped_column(Boolean, default=True, server_default=text("true"))
    version: Mapped[int] = mapped_column(Integer, default=1, server_default=text("1"))
    # How many of those versions were only its guild's settings changing (the fight's own moment: version − touched).
    touched: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    state: Mapped[dict[str, Any]] = mapped_column(HotDocument())
    created: Mapped[datetime] = _created()
    updated: Mapped[datetime] = _updated()


class CombatantRow(Base):
    """One combatant of an encounter, for queries; the authoritative data is in ``encounters.state``."""

    __tablename__ = "combatants"
    __table_args__ = (Index("ix_combatants_owner_id", "owner_id"),)

    encounter_id: Mapped[int] = mapped_column(
        SurrogateKey, ForeignKey("encounters.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    side: Mapped[str] = mapped_column(String(32))
    owner_id: Mapped[str | None] = mapped_column(String(64))
    position: Mapped[int] = mapped_column(Integer)


class EventRow(Base):
    """One entry of an encounter's append-only log: what happened, and the state before it (for undo)."""

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("encounter_id", "seq"),
        Index("ix_events_encounter_id_round_seq", "encounter_id", "round", "seq"),
    )

    id: Mapped[int] = mapped_column(SurrogateKey, primary_key=True)
    encounter_id: Mapped[int] = mapped_column(SurrogateKey, ForeignKey("encounters.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    round: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))
    user_id: Mapped[int | None] = mapped_column(Snowflake)
    payload: Mapped[Any] = mapped_column(HotDocument(), nullable=False)
    before: Mapped[dict[str, Any] | None] = mapped_column(HotDocument(none_as_null=True))
    undone: Mapped[bool] = mapped_column(Boolean, default=False, server_default=text("false"))
    created: Mapped[datetime] = _created()


class TurnReminderRow(Base):
    """The last turn of an active encounter whose player was reminded (its mark), so a restart never reminds twice."""

    __tablename__ = "turn_reminders"

    encounter_id: Mapped[int] = mapped_column(
        SurrogateKey, ForeignKey("encounters.id", ondelete="CASCADE"), primary_key=True
    )
    mark: Mapped[str] = mapped_column(String(200))
    sent: Mapped[datetime] = _created()


class StatusBoardRow(Base):
    """The message that shows an active encounter's status board in its channel (edited on every change)."""

    __tablename__ = "status_boards"

    encounter_id: Mapped[int] = mapped_column(
        SurrogateKey, ForeignKey("encounters.id", ondelete="CASCADE"), primary_key=True
    )
    message_id: Mapped[int] = mapped_column(Snowflake)


class RoundSummaryRow(Base):
    """A round summary an active encounter posted: the channel and message (an undo back into the round deletes it)."""

    __tablename__ = "round_summaries"

    encounter_id: Mapped[int] = mapped_column(
        SurrogateKey, ForeignKey("encounters.id", ondelete="CASCADE"), primary_key=True
    )
    round: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    channel_id: Mapped[int] = mapped_column(Snowflake)
    message_id: Mapped[int] = mapped_column(Snowflake)
