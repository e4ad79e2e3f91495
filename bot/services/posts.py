"""The messages the Discord layer keeps for each fight: its status board, and the round summaries it posted.

Noted with the channel's active fight, so a restarted bot edits the same board and an undo back into a round still
takes its summary back.
"""

from __future__ import annotations

from bot.db.repositories.boards import PostedSummary
from bot.services.core import Services

__all__ = ["PostedSummary", "board_posted", "summaries_taken_back", "summary_posted"]


async def board_posted(svc: Services, channel_id: int, message_id: int, fight: int | None = None) -> bool:
    """Note ``message_id`` as the status board of the channel's active fight (``fight``: only if it is that one)."""
    async with svc.db.unit_of_work() as uow:
        noted = await uow.boards.posted(channel_id, message_id, fight)
        await uow.commit()
    return noted


async def summary_posted(svc: Services, fight_channel: int, posted: PostedSummary) -> bool:
    """Note a round summary the channel's active fight posted; False when no fight is active."""
    async with svc.db.unit_of_work() as uow:
        noted = await uow.boards.summary_posted(fight_channel, posted)
        await uow.commit()
    return noted


async def summaries_taken_back(svc: Services, fight_channel: int, round_now: int,
                               fight: int | None = None) -> list[PostedSummary]:
    """Forget the summaries of the channel's active fight from round ``round_now`` on (an undo took them back).

    Return the ones forgotten (a bot that started after the fight ended knows them only from here).
    """
    async with svc.db.unit_of_work() as uow:
        taken = await uow.boards.summaries_taken_back(fight_channel, round_now, fight)
        await uow.commit()
    return taken
