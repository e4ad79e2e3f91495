"""The whole fight as the Markdown recap reads it: every logged command with its beats and choices, in order."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from combat.summary import Beat

__all__ = ["RecapEntry", "Recapped"]


@dataclass(frozen=True, slots=True)
class RecapEntry:
    """One logged command as the recap reads it: who gave it, the move or tool, its options, beats and choices.

    ``waits`` marks a move that stopped for a choice asked of ``asked`` (its beats come with the answers that
    follow); ``choice`` is an answer's key (``lapsed``: the default taken when time ran out); ``actor`` is the
    combatant its result names; ``round_end`` the beats of what the system did as the round ended, ``round_start``
    those of what befell whom as the next one began (this command ended the round); ``gone`` the
    (id, name) of the combatants it took out of the fight (their names once they are no longer in it), and
    ``gone_sides`` their (id, side, owner) (owner None: an NPC), so the recap still lists them and their player.
    """

    seq: int
    round: int
    kind: str
    undone: bool
    user: int | None
    user_name: str | None
    move: str | None
    options: Mapping[str, str]
    beats: tuple[Beat, ...]
    waits: bool = False
    choice: str | None = None
    lapsed: bool = False
    actor: str | None = None
    asked: str | None = None
    round_end: tuple[Beat, ...] = ()
    round_start: tuple[Beat, ...] = ()
    gone: tuple[tuple[str, str], ...] = ()
    gone_sides: tuple[tuple[str, str, str | None], ...] = ()


@dataclass(frozen=True, slots=True)
class Recapped:
    """The whole fight for a readable recap: the encounter's name and every logged command in order."""

    name: str
    entries: tuple[RecapEntry, ...]
