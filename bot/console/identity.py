"""Stable ids for the local table's users and channels, so a replay after a restart matches.

The names behind the ids are kept beside a file database (``<database>.names.json``), so a table opened again says
'Crichton (bob)', not his player's number.
"""

from __future__ import annotations

import json
import logging
import zlib
from pathlib import Path

log = logging.getLogger(__name__)

__all__ = ["GUILD_ID", "Identities"]

GUILD_ID = 1
DEFAULT_CHANNEL = "table"


class Identities:
    """Map '@alice' and '#table' to stable numeric ids, and back to names."""

    def __init__(self, keep: Path | None = None) -> None:
        self._keep = keep
        self._names: dict[int, str] = self._load(keep) if keep is not None else {}

    @staticmethod
    def _load(keep: Path) -> dict[int, str]:
        """Read the names kept beside the database (none yet, or a damaged file: they are learnt again)."""
        try:
            found = json.loads(keep.read_text(encoding="utf-8"))
            return {int(ident): str(name) for ident, name in found.items()}
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, AttributeError):
            log.warning("could not read the names in %s; they are learnt again", keep)
            return {}

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
        if self._names.get(ident) != name.lower():
            self._names[ident] = name.lower()
            self._save()
        return ident

    def _save(self) -> None:
        """Keep the names beside the database (a few hundred bytes, written when a new name comes)."""
        if self._keep is None:
            return
        try:
            self._keep.write_text(json.dumps(self._names, sort_keys=True), encoding="utf-8")
        except OSError:
            log.warning("could not keep the names in %s", self._keep)
