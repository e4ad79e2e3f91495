"""Each guild's Fray settings, with defaults for a guild that never changed any."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.rows import GuildSettingsRow, utcnow
from bot.db.upsert import upsert

__all__ = ["GuildSettings", "GuildSettingsRepository", "settings_of"]


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A guild's settings; the defaults apply until a GM changes them."""

    guild_id: int
    gm_role_id: int | None = None
    summary_channel_id: int | None = None
    # [ours] Players may end their own turn, and may join their characters into a running encounter.
    players_end_turn: bool = True
    allow_join: bool = True
    # [D] No play-by-post reminders until a GM sets the minutes (/encounter settings remind_after:).
    remind_after: int | None = None


def settings_of(guild_id: int, row: GuildSettingsRow | None) -> GuildSettings:
    """Return the settings a stored row holds, or the defaults when the guild has none stored."""
    if row is None:
        return GuildSettings(guild_id)
    return GuildSettings(
        guild_id=row.guild_id,
        gm_role_id=row.gm_role_id,
        summary_channel_id=row.summary_channel_id,
        players_end_turn=row.players_end_turn,
        allow_join=row.allow_join,
        remind_after=row.remind_after,
    )


class GuildSettingsRepository:
    """Guild settings of one unit of work."""

    def __init__(self, session: AsyncSession, changed: Callable[[int], Awaitable[None]] | None = None) -> None:
        self.session = session
        self._changed = changed  # told which guild's settings were saved (its encounters' versions move on)

    async def get(self, guild_id: int) -> GuildSettings:
        """Return the guild's settings, or the defaults when it has none stored."""
        return settings_of(guild_id, await self.session.get(GuildSettingsRow, guild_id, populate_existing=True))

    async def save(self, settings: GuildSettings) -> None:
        """Store the guild's settings, inserting or updating in one statement (safe against a racing insert)."""
        values = {
            "guild_id": settings.guild_id,
            "gm_role_id": settings.gm_role_id,
            "summary_channel_id": settings.summary_channel_id,
            "players_end_turn": settings.players_end_turn,
            "allow_join": settings.allow_join,
            "remind_after": settings.remind_after,
            "updated": utcnow(),
        }
        await self.session.execute(upsert(self.session, GuildSettingsRow, values, [GuildSettingsRow.guild_id]))
        if self._changed is not None:
            await self._changed(settings.guild_id)
