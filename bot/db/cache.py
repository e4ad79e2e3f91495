"""Encounters kept decoded between commands, so a command on a busy channel neither decodes nor re-encodes it all.

An entry is the encounter as committed at one ``version``: the version bumps on every save and no two commits give
one encounter the same version, so an entry whose version matches the row just read (under the row's lock) is that
row's state. Only committed states are kept (a unit of work publishes what it wrote when it commits), so a rolled
back save never leaves a wrong entry behind. The cache is bounded: the least recently used encounters go first.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from combat.model import Combatant, Encounter

__all__ = ["CACHED_ENCOUNTERS", "EncounterCache", "Kept", "Pieces", "RoundLog", "pieces_of"]

# [ours] How many encounters one bot process keeps decoded (a few tens of kilobytes each).
CACHED_ENCOUNTERS = 512

# Each combatant's stored document, by the identity of the (frozen) combatant object it was made from.
Pieces = dict[int, tuple[Combatant, dict[str, Any]]]


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
    """One encounter as committed at ``version``: decoded, as stored, stored piece by piece, and its round's log.

    ``text`` is the stored document as JSON text when this process wrote it (an undo log entry takes it as it is).
    """

    version: int
    encounter: Encounter
    state: dict[str, Any]
    pieces: Pieces
    log: RoundLog | None = None
    text: str | None = None


class EncounterCache:
    """The last committed state of the most recently used encounters, by encounter id."""

    def __init__(self, size: int = CACHED_ENCOUNTERS) -> None:
        self.size = size
        self._kept: OrderedDict[int, Kept] = OrderedDict()

    def get(self, encounter_id: int, version: int) -> Kept | None:
        """Return the encounter kept at exactly ``version``, or None."""
        kept = self._kept.get(encounter_id)
        if kept is None or kept.version != version:
            return None
        self._kept.move_to_end(encounter_id)
        return kept

    def put(self, encounter_id: int, kept: Kept) -> None:
        """Keep an encounter's committed state, forgetting the least recently used beyond the size."""
        self._kept[encounter_id] = kept
        self._kept.move_to_end(encounter_id)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)

    def drop(self, encounter_id: int) -> None:
        """Forget an encounter (it ended)."""
        self._kept.pop(encounter_id, None)

    def __len__(self) -> int:
        """Return how many encounters are kept."""
        return len(self._kept)


def pieces_of(encounter: Encounter, state: dict[str, Any]) -> Pieces:
    """Pair each combatant with its part of the stored document it was decoded from."""
    stored = state.get("combatants", [])
    return {id(c): (c, doc) for c, doc in zip(encounter.combatants, stored, strict=False)}
