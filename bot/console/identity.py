"""Stable ids for the local table's users and channels, so a replay after a restart matches."""

from __future__ import annotations

import zlib

__all__ = ["GUILD_ID", "Identities"]

GUILD_ID = 1
DEFAULT_CHANNEL = "table"


class Identities:
    """Map '@alice' and '#table' to stable numeric ids, and back to names."""

    def __init__(self) -> None:
        self._names: dict[int, str] = {}

    def user(self, name: str) -> int:
        """Return the stable id of a user name."""
        return self._id("user", name)

    def channel(self, name: str | None) -> int:
        """Return the stable id of a channel name (the default table when None)."""
        return self._id("channel", name or DEFAULT_CHANNEL)

    def name(self, ident: int | str | None) -> str:
        """Return the name behind an id, or the id itself."""
        if ident is None:
            return "nobody"
        return self._names.get(int(ident), str(ident)) if str(ident).isdigit() else str(ident)

    def _id(self, kind: str, name: str) -> int:
        ident = 1_000_000 + zlib.crc32(f"{kind}:{name.lower()}".encode()) % 9_000_000_000
        self._names[ident] = name.lower()
        return ident
