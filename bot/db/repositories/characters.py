"""Saved character sheets: a name is unique per guild and system, ignoring case."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.codec import decode_sheet, encode_sheet
from bot.db.errors import CharacterExists
from bot.db.rows import CharacterRow, utcnow
from combat.sheet import Sheet

__all__ = ["CharacterRepository"]


class CharacterRepository:
    """Characters of one unit of work."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    @staticmethod
    def sheet(row: CharacterRow) -> Sheet:
        """Return the character's sheet."""
        return decode_sheet(row.sheet)

    async def create(self, *, guild_id: int, owner_id: int, system: str, name: str, sheet: Sheet) -> CharacterRow:
        """Store a new character; raise CharacterExists when the guild has one of that name in that system."""
        row = CharacterRow(guild_id=guild_id, owner_id=owner_id, system=system, name=name, sheet=encode_sheet(sheet))
        try:
            async with self.session.begin_nested():
                self.session.add(row)
                await self.session.flush()
        except IntegrityError as exc:
            raise CharacterExists(name) from exc
        return row

    async def get(self, character_id: int) -> CharacterRow | None:
        """Return a character by id."""
        return await self.session.get(CharacterRow, character_id)

    async def find(self, guild_id: int, system: str, name: str) -> CharacterRow | None:
        """Return the guild's character of this name in this system, ignoring case."""
        stmt = select(CharacterRow).where(
            CharacterRow.guild_id == guild_id,
            CharacterRow.system == system,
            func.lower(CharacterRow.name) == func.lower(name.strip()),
        )
        return (await self.session.execute(stmt)).scalar_one_or_none()

    async def list(
        self, guild_id: int, *, owner_id: int | None = None, system: str | None = None
    ) -> list[CharacterRow]:
        """Return the guild's characters by name, optionally only one owner's or one system's."""
        stmt = select(CharacterRow).where(CharacterRow.guild_id == guild_id)
        if owner_id is not None:
            stmt = stmt.where(CharacterRow.owner_id == owner_id)
        if system is not None:
            stmt = stmt.where(CharacterRow.system == system)
        return list((await self.session.execute(stmt.order_by(CharacterRow.name, CharacterRow.id))).scalars())

    async def update(self, row: CharacterRow, *, sheet: Sheet | None = None, name: str | None = None) -> None:
        """Change a character's sheet or name; raise CharacterExists (leaving it unchanged) when the name is taken."""
        try:
            async with self.session.begin_nested():
                self.session.add(row)
                if sheet is not None:
                    row.sheet = encode_sheet(sheet)
                if name is not None:
                    row.name = name
                row.updated = utcnow()
                await self.session.flush()
        except IntegrityError as exc:
            await self.session.refresh(row)
            raise CharacterExists(name or row.name) from exc

    async def delete(self, row: CharacterRow) -> None:
        """Delete a character."""
        await self.session.delete(row)
        await self.session.flush()
