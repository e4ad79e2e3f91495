"""Play-by-post reminders: which active encounters wait in guilds that remind, and which turn was last reminded."""

from __future__ import annotations

from typing import NamedTuple

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.repositories.encounters import ACTIVE
from bot.db.rows import EncounterRow, GuildSettingsRow, TurnReminderRow, utcnow
from bot.db.upsert import upsert

__all__ = ["ReminderRepository", "Reminding"]


class Reminding(NamedTuple):
    """An active encounter in a guild that reminds: its row, the guild's minutes, and the turn last reminded."""

    row: EncounterRow
    minutes: int
    reminded: str | None


class ReminderRepository:
    """Reminders of one unit of work (the rows are read, never locked: a reminder changes no fight)."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    @staticmethod
    def _query() -> Select[tuple[EncounterRow, int | None, str]]:
        return (
            select(EncounterRow, GuildSettingsRow.remind_after, TurnReminderRow.mark)
            .join(GuildSettingsRow, GuildSettingsRow.guild_id == EncounterRow.guild_id)
            .outerjoin(TurnReminderRow, TurnReminderRow.encounter_id == EncounterRow.id)
            .where(ACTIVE, GuildSettingsRow.remind_after > 0)
        )

    async def waiting(self) -> list[Reminding]:
        """Return every active encounter of a guild that reminds, with its minutes and the turn last reminded."""
        rows = (await self.session.execute(self._query().order_by(EncounterRow.id))).all()
        return [Reminding(row, minutes or 0, mark) for row, minutes, mark in rows]

    async def of_channel(self, channel_id: int) -> Reminding | None:
        """Return the channel's active encounter when its guild reminds (None: no encounter, or no reminders)."""
        found = (await self.session.execute(self._query().where(EncounterRow.channel_id == channel_id))).first()
        return None if found is None else Reminding(found[0], found[1] or 0, found[2])

    async def guilds(self) -> set[int]:
        """Return the guilds that remind."""
        stmt = select(GuildSettingsRow.guild_id).where(GuildSettingsRow.remind_after > 0)
        return set((await self.session.execute(stmt)).scalars())

    async def sent(self, encounter_id: int, mark: str) -> None:
        """Note that the turn ``mark`` of the encounter was reminded (replacing the turn noted before)."""
        values = {"encounter_id": encounter_id, "mark": mark, "sent": utcnow()}
        await self.session.execute(upsert(self.session, TurnReminderRow, values, [TurnReminderRow.encounter_id]))
