"""Encounters kept decoded between commands, so a command on a busy channel neither decodes nor re-encodes it all.

An entry is the encounter as committed at one ``version``: the version bumps on every save and no two commits give
one encounter the same version, so an entry whose version matches the row just read (under the row's lock) is that
row's state. Only committed states are kept (a unit of work publishes what it wrote when it commits), so a rolled
back save never leaves a wrong entry behind. The cache is bounded: the least recently used encounters go first.

An entry that also holds the rest of its row and its guild's settings (``head``, ``settings``) is its channel's
active encounter as this process last knew it: a unit of work whose writes check the version may start from it
without reading anything (``EncounterRepository.get_active``). Changing a guild's settings bumps the version of
its active encounters, so such a start on settings another process changed is a conflict, not a stale answer.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.db.codec import Pieces
from bot.db.connect import dumps
from combat.model import Encounter

if TYPE_CHECKING:
    from bot.db.repositories.guild_settings import GuildSettings

__all__ = ["CACHED_ENCOUNTERS", "EncounterCache", "Kept", "Roster", "RoundLog", "pieces_of"]

# An encounter's combatant rows as stored: (key, name, side, owner) of each combatant, in order.
Roster = tuple[tuple[str, str, str, str | None], ...]

# [ours] How many encounters one bot process keeps decoded (a few tens of kilobytes each).
CACHED_ENCOUNTERS = 512


@dataclass(frozen=True, slots=True)
class RoundLog:
    """What each event logged in ``round`` so far left for the round's summary, in order (the services decide what).

    Kept with the encounter, so the command that ends a round need not read the round's events back. Only the
    services' own commands keep it up to date; an encounter kept without one (read from the database, restored by
    undo) has it unknown, and its summary reads the log.
    """

    round: int
    entries: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Kept:
    """One encounter as committed at ``version``: decoded, as stored (JSON text), piece by piece, and its round's log.

    ``text`` is the stored document (an undo log entry takes it as it is); it is kept as text only, never as Python
    dicts and lists, so the entries add few objects for the collector to walk. ``head`` (the row's other columns) and
    ``settings`` (its guild's) are there when it was read or saved as its channel's active encounter; ``roster`` (its
    combatant rows as stored) when it was saved here.
    """

    version: int
    encounter: Encounter
    text: str
    pieces: Pieces
    log: RoundLog | None = None
    head: Mapping[str, Any] | None = None
    settings: GuildSettings | None = None
    roster: Roster | None = None

    @property
    def channel(self) -> int | None:
        """Return the channel whose active encounter this is, if known."""
        if self.head is None or self.settings is None or not self.head["active"]:
            return None
        return int(self.head["channel_id"])


class EncounterCache:
    """The last committed state of the most recently used encounters, by encounter id."""

    def __init__(self, size: int = CACHED_ENCOUNTERS) -> None:
        self.size = size
        self._kept: OrderedDict[int, Kept] = OrderedDict()
        self._channels: dict[int, int] = {}  # channel → the encounter kept as its active one

    def get(self, encounter_id: int, version: int) -> Kept | None:
        """Return the encounter kept at exactly ``version``, or None."""
        kept = self._kept.get(encounter_id)
        if kept is None or kept.version != version:
            return None
        self._kept.move_to_end(encounter_id)
        return kept

    def active(self, channel_id: int) -> Kept | None:
        """Return the channel's active encounter as last committed here, with its row and settings, or None."""
        encounter_id = self._channels.get(channel_id)
        if encounter_id is None:
            return None
        self._kept.move_to_end(encounter_id)
        return self._kept[encounter_id]

    def put(self, encounter_id: int, kept: Kept) -> None:
        """Keep an encounter's committed state, forgetting the least recently used beyond the size."""
        earlier = self._kept.get(encounter_id)
        channel = kept.channel
        if earlier is not None and earlier.channel != channel:
            self.drop(encounter_id)
        if channel is not None and self._channels.get(channel) != encounter_id:
            self._unlink(channel)
            self._channels[channel] = encounter_id
        self._kept[encounter_id] = kept
        self._kept.move_to_end(encounter_id)
        while len(self._kept) > self.size:
            self.drop(next(iter(self._kept)))

    def drop(self, encounter_id: int) -> None:
        """Forget an encounter (it ended, or its guild's settings changed)."""
        kept = self._kept.pop(encounter_id, None)
        channel = kept.channel if kept is not None else None
        if channel is not None and self._channels.get(channel) == encounter_id:
            del self._channels[channel]

    def drop_guild(self, guild_id: int) -> None:
        """Forget every encounter kept with this guild's settings (they changed)."""
        for encounter_id in [i for i, k in self._kept.items() if k.settings is not None
                             and k.settings.guild_id == guild_id]:
            self.drop(encounter_id)

    def _unlink(self, channel_id: int) -> None:
        """Forget the encounter kept as the channel's active one (another now is)."""
        earlier = self._channels.pop(channel_id, None)
        if earlier is not None:
            self._kept.pop(earlier, None)

    def __len__(self) -> int:
        """Return how many encounters are kept."""
        return len(self._kept)

    def channels(self) -> int:
        """Return how many channels have their active encounter kept."""
        return len(self._channels)


def pieces_of(encounter: Encounter, state: dict[str, Any]) -> Pieces:
    """Pair each combatant with its part of the stored document it was decoded from, as JSON text."""
    stored = state.get("combatants", [])
    return {id(c): (c, dumps(doc)) for c, doc in zip(encounter.combatants, stored, strict=False)}
