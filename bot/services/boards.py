"""Status boards' use case: note the message that shows a channel's fight, so a restarted bot edits it."""

from __future__ import annotations

from bot.services.core import Services

__all__ = ["board_posted"]


async def board_posted(svc: Services, channel_id: int, message_id: int) -> bool:
    """Note ``message_id`` as the status board of the channel's active fight; False when no fight is active."""
    async with svc.db.unit_of_work() as uow:
        noted = await uow.boards.posted(channel_id, message_id)
        await uow.commit()
    return noted
