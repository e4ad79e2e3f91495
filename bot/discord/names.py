"""Players' names for what Fray writes (a log, a recap, a character list): never a mention, never an id.

With only the guilds intent Discord sends no member list, so the guild's cache knows almost nobody. Every interaction
carries its caller and the members its options name (``owner:@dave``): the bot notes their display names as they
come, in a bounded book, and names a player from the guild's cache, else from the book, else as "someone".
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import discord

__all__ = ["KEPT", "GuildNames", "NameBook"]

KEPT = 10_000  # players whose names are kept (the ones seen last)


class NameBook:
    """The names of the users seen lately (callers, and members named in options): a bounded record.

    A member's display name is his nickname in that server: kept for that server only; elsewhere he goes by his own
    (global) name.
    """

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._names: OrderedDict[tuple[int, int], str] = OrderedDict()

    def note(self, user: discord.abc.User, guild_id: int = 0) -> None:
        """Keep a user's name in a server (his display name there) and his own name anywhere (as newest)."""
        self._keep((0, user.id), user.global_name or user.name)
        if guild_id:
            self._keep((guild_id, user.id), user.display_name)

    def _keep(self, key: tuple[int, int], name: str) -> None:
        self._names[key] = name
        self._names.move_to_end(key)
        if len(self._names) > self.size:
            self._names.popitem(last=False)

    def note_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Keep the names of the caller and of every member or user the interaction's options name."""
        guild = interaction.guild_id or 0
        self.note(interaction.user, guild)
        for _, value in interaction.namespace:
            if isinstance(value, discord.Member | discord.User):
                self.note(value, guild)

    def get(self, ident: int, guild_id: int = 0) -> str | None:
        """Return a user's name as last seen in the server, else his own name, or None."""
        return self._names.get((guild_id, ident)) or self._names.get((0, ident))


class GuildNames:
    """Name users by their display name in the guild, never as a mention."""

    def __init__(self, guild: discord.Guild | None, book: NameBook | None = None) -> None:
        self.guild = guild
        self.book = book

    def name(self, ident: int | str | None) -> str:
        """Return a member's display name (the guild's, else as last seen), or 'someone'."""
        if ident is None or not str(ident).isdigit():
            return "someone"
        member = self.guild.get_member(int(ident)) if self.guild is not None else None
        if member is not None:
            return member.display_name
        guild_id = self.guild.id if self.guild is not None else 0
        seen = self.book.get(int(ident), guild_id) if self.book is not None else None
        return seen if seen is not None else "someone"
