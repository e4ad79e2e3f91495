"""The messages the Discord layer keeps for each active encounter: its status board and its round summaries."""

from __future__ import annotations

from typing import NamedTuple

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.repositories.encounters import ACTIVE
from bot.db.rows import EncounterRow, RoundSummaryRow, StatusBoardRow
from bot.db.upsert import upsert

__all__ = ["BoardRepository", "PostedSummary"]


class PostedSummary(NamedTuple):
    """A round summary a fight posted: its round, the channel and message it went to, and the fight (0: unknown)."""

    round: int
    channel_id: int
    message_id: int
    fight: int = 0


class BoardRepository:
    """Status boards and posted summaries of one unit of work (they change no fight: nothing is locked)."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def shown(self) -> dict[int, int]:
        """Return the board message of every active encounter that has one, by channel."""
        stmt = (select(EncounterRow.channel_id, StatusBoardRow.message_id)
                .join(StatusBoardRow, StatusBoardRow.encounter_id == EncounterRow.id).where(ACTIVE))
        return {channel: message for channel, message in (await self.session.execute(stmt)).all()}

    async def _active(self, channel_id: int, fight: int | None = None, *, ended_too: bool = False) -> int | None:
        """Return the channel's active encounter: ``fight`` only if it is that one still (None: whichever it is).

        ``ended_too``: the named ``fight`` of the channel even once it has ended.
        """
        stmt = select(EncounterRow.id).where(EncounterRow.channel_id == channel_id)
        if fight:
            stmt = stmt.where(EncounterRow.id == fight)
        if not (ended_too and fight):
            stmt = stmt.where(ACTIVE)
        found: int | None = (await self.session.execute(stmt)).scalar_one_or_none()
        return found

    async def posted(self, channel_id: int, message_id: int, fight: int | None = None) -> bool:
        """Note ``message_id`` as the board of the channel's active encounter (``fight``, if named, and still active).

        False when that fight is not the channel's active one (it ended meanwhile): nothing is noted.
        """
        encounter_id = await self._active(channel_id, fight)
        if encounter_id is None:
            return False
        values = {"encounter_id": encounter_id, "message_id": message_id}
        await self.session.execute(upsert(self.session, StatusBoardRow, values, [StatusBoardRow.encounter_id]))
        return True

    async def summaries(self) -> dict[int, list[PostedSummary]]:
        """Return the summaries every active encounter posted, by its channel, oldest round first."""
        stmt = (select(EncounterRow.channel_id, RoundSummaryRow.round, RoundSummaryRow.channel_id,
                       RoundSummaryRow.message_id, EncounterRow.id)
                .join(RoundSummaryRow, RoundSummaryRow.encounter_id == EncounterRow.id).where(ACTIVE)
                .order_by(EncounterRow.channel_id, RoundSummaryRow.round))
        found: dict[int, list[PostedSummary]] = {}
        for where, round_number, channel, message, fight in (await self.session.execute(stmt)).all():
            found.setdefault(where, []).append(PostedSummary(round_number, channel, message, fight))
        return found

    async def summary_posted(self, fight_channel: int, posted: PostedSummary) -> bool:
        """Note a summary the channel's fight posted (``posted.fight``, else the active one); False: no such fight.

        A named fight is noted even once ended: its last round's summary comes after its end, and an undo may reopen it.
        """
        encounter_id = await self._active(fight_channel, posted.fight, ended_too=True)
        if encounter_id is None:
            return False
        values = {"encounter_id": encounter_id, "round": posted.round, "channel_id": posted.channel_id,
                  "message_id": posted.message_id}
        key = [RoundSummaryRow.encounter_id, RoundSummaryRow.round]
        await self.session.execute(upsert(self.session, RoundSummaryRow, values, key))
        return True

    async def summaries_taken_back(self, fight_channel: int, round_now: int,
                                   fight: int | None = None) -> list[PostedSummary]:
        """Forget the summaries of the channel's active encounter from round ``round_now`` on (an undo took them).

        Return the ones forgotten, oldest round first.
        """
        encounter_id = await self._active(fight_channel, fight)
        if encounter_id is None:
            return []
        taken = (delete(RoundSummaryRow)
                 .where(RoundSummaryRow.encounter_id == encounter_id, RoundSummaryRow.round >= round_now)
                 .returning(RoundSummaryRow.round, RoundSummaryRow.channel_id, RoundSummaryRow.message_id))
        rows = (await self.session.execute(taken)).all()
        return sorted(PostedSummary(r, channel, message, encounter_id) for r, channel, message in rows)
