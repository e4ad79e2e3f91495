"""Play-by-post reminders' use cases: which fights wait in guilds that remind, and noting the turn reminded.

The Discord layer's countdowns (``bot/discord/reminders.py``) read and note through these, never the database.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from bot.db.repositories.reminders import Reminding
from bot.db.uow import UnitOfWork
from bot.services.core import Services
from combat.model import Encounter

__all__ = ["Waiting", "note_reminded", "waiting_fights", "waiting_in"]


@dataclass(frozen=True)
class Waiting:
    """An active fight of a guild that reminds: where, its name and state, the guild's minutes, the turn reminded."""

    encounter_id: int
    guild_id: int
    channel_id: int
    name: str
    minutes: int
    reminded: str | None
    since: float  # its last change, in seconds since the epoch
    encounter: Encounter


def _seconds(moment: datetime) -> float:
    """Return a stored time as seconds since the epoch (SQLite gives it back without its UTC zone)."""
    return (moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)).timestamp()


def _waiting(uow: UnitOfWork, found: Reminding) -> Waiting:
    row = found.row
    return Waiting(row.id, row.guild_id, row.channel_id, row.name, found.minutes, found.reminded,
                   _seconds(row.updated), uow.encounters.decode(row.system, row.state))


async def waiting_fights(svc: Services) -> tuple[list[Waiting], set[int]]:
    """Return every active fight of a guild that reminds, and the guilds that remind."""
    async with svc.db.unit_of_work() as uow:
        return [_waiting(uow, found) for found in await uow.reminders.waiting()], await uow.reminders.guilds()


async def waiting_in(svc: Services, channel_id: int) -> Waiting | None:
    """Return the channel's active fight when its guild reminds (None: no fight, or no reminders)."""
    async with svc.db.unit_of_work() as uow:
        found = await uow.reminders.of_channel(channel_id)
        return None if found is None else _waiting(uow, found)


async def note_reminded(svc: Services, encounter_id: int, mark: str) -> None:
    """Note that the fight's turn ``mark`` was reminded (before posting: at most one reminder, even on a crash)."""
    async with svc.db.unit_of_work() as uow:
        await uow.reminders.sent(encounter_id, mark)
        await uow.commit()
