"""Units of work: one transaction, the repositories over it; nothing is kept unless committed.

``UnitOfWork`` runs on a SQLAlchemy session and has every repository. ``EncounterWork`` runs on the driver of one
pooled connection (``bot/db/lane.py``) and has only the encounter and event repositories: the path every
game command takes (load, apply the rules, save, log).
"""

from __future__ import annotations

from collections.abc import Callable
from types import TracebackType
from typing import Protocol

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.db.cache import EncounterCache
from bot.db.lane import DriverLane, SessionLane
from bot.db.repositories import (
    CharacterRepository,
    EncounterRepository,
    EventRepository,
    GuildSettingsRepository,
    TypesOf,
)
from bot.db.repositories.boards import BoardRepository
from bot.db.repositories.reminders import ReminderRepository

__all__ = ["EncounterWork", "UnitOfWork", "Work"]


class Work(Protocol):
    """What every unit of work has: the encounter and event repositories, commit and snapshot."""

    encounters: EncounterRepository
    events: EventRepository

    async def commit(self) -> None:
        """Commit everything done so far; then the encounters saved are kept decoded for the next command."""

    async def snapshot(self) -> None:
        """Make every read of this unit of work see one committed state (call it before the first read)."""


class EncounterWork:
    """A unit of work on a driver lane: encounters and events only; ``Database`` begins and ends it."""

    def __init__(
        self, lane: DriverLane, types: TypesOf, cache: EncounterCache | None = None,
        committed: Callable[[], None] | None = None,
    ) -> None:
        self.lane = lane
        self._committed = committed  # told after every commit
        self.encounters = EncounterRepository(None, types, cache, lane=lane)
        self.events = EventRepository(None, lane=lane)

    async def commit(self) -> None:
        """Commit everything done so far; then the encounters saved are kept decoded for the next command.

        An encounter taken as kept and not saved is checked first (``EncounterRepository.confirm``).
        """
        await self.encounters.confirm()
        await self.lane.commit()
        self.encounters.publish()
        if self._committed is not None:
            self._committed()

    async def rollback(self) -> None:
        """Throw away everything done since the last commit."""
        await self.lane.rollback()

    async def snapshot(self) -> None:
        """Make every read see one committed state: REPEATABLE READ on PostgreSQL (SQLite's already are)."""
        self.lane.isolation = "REPEATABLE READ"


class UnitOfWork:
    """An async context manager over one ``AsyncSession``; commits only on ``await uow.commit()``.

    Leaving the block closes the session, which rolls back whatever was not committed.
    """

    session: AsyncSession
    characters: CharacterRepository
    settings: GuildSettingsRepository
    reminders: ReminderRepository
    boards: BoardRepository

    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], types: TypesOf, cache: EncounterCache | None = None
    ) -> None:
        self._sessions = sessions
        self._types = types
        self._cache = cache

    async def __aenter__(self) -> UnitOfWork:
        """Open the session and the repositories over it."""
        self.session = self._sessions()
        lane = SessionLane(self.session)
        self.encounters = EncounterRepository(self.session, self._types, self._cache, lane=lane)
        self.events = EventRepository(self.session, lane=lane)
        self.characters = CharacterRepository(self.session)
        self.settings = GuildSettingsRepository(self.session, changed=self.encounters.guild_changed)
        self.reminders = ReminderRepository(self.session)
        self.boards = BoardRepository(self.session)
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        """Close the session: the database rolls back anything not committed.

        Closing (rather than rolling back first) detaches the rows with their loaded values, so rows read in a
        unit of work that was never committed stay readable after it; they are snapshots, not live objects.
        """
        await self.session.close()

    async def snapshot(self) -> None:
        """Make every read of this unit of work see one committed state (call it before the first read).

        On PostgreSQL the transaction runs at REPEATABLE READ, so a row and the events read after it cannot straddle
        another process's commit; SQLite's transactions (BEGIN IMMEDIATE) are consistent already.
        """
        if self.session.bind is not None and self.session.bind.dialect.name == "postgresql":
            await self.session.connection(execution_options={"isolation_level": "REPEATABLE READ"})

    async def commit(self) -> None:
        """Commit everything done so far; then the encounters saved are kept decoded for the next command."""
        await self.session.commit()
        self.encounters.publish()

    async def rollback(self) -> None:
        """Throw away everything done since the last commit."""
        await self.session.rollback()
