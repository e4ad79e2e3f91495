"""Status boards: the message that shows each active encounter's status in its channel."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.repositories.encounters import ACTIVE
from bot.db.rows import EncounterRow, StatusBoardRow

__all__ = ["BoardRepository"]


class BoardRepository:
    """Status boards of one unit of work (a board changes no fight: nothing is locked)."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def shown(self) -> dict[int, int]:
        """Return the board message of every active encounter that has one, by channel."""
        stmt = (select(EncounterRow.channel_id, StatusBoardRow.message_id)
                .join(StatusBoardRow, StatusBoardRow.encounter_id == EncounterRow.id).where(ACTIVE))
        return {channel: message for channel, message in (await self.session.execute(stmt)).all()}

    async def posted(self, channel_id: int, message_id: int) -> bool:
        """Note ``message_id`` as the board of the channel's active encounter; False when none is active."""
        active = select(EncounterRow.id).where(EncounterRow.channel_id == channel_id, ACTIVE)
        encounter_id = (await self.session.execute(active)).scalar_one_or_none()
        if encounter_id is None:
            return False
        dialect = postgresql if self.session.get_bind().dialect.name == "postgresql" else sqlite
        stmt = dialect.insert(StatusBoardRow).values(encounter_id=encounter_id, message_id=message_id)
        await self.session.execute(stmt.on_conflict_do_update(
            index_elements=[StatusBoardRow.encounter_id], set_={"message_id": message_id}))
        return True
