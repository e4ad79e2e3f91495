"""What a round summary is made of: one beat per attack or reaction, and the round's digest."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from combat.frozen import frozen

__all__ = ["Beat", "RoundSummary", "care", "summarize_round"]


@frozen
class Beat:
    """One thing that happened to one target: a hit or a miss, the wound it left, whether it took them out.

    ``wound`` is the level marked ('Hurt', 'Stunned', …) and ``track`` its kind ('lethal', 'stun', 'htk', 'hp');
    a beat with no target is an action with no victim (a dodge, a reload, a warning shot), or something that befell
    the actor himself: with ``out``, he went down (a failed test, his own fatigue). ``aimed`` is False when the
    rules, not the actor, chose the target (a stray shot into a melee striking someone else). ``aid`` marks no blow
    at the target (tending him, an item he caught, a warning shot past him): neither a hit nor a miss.
    """

    actor: str
    move: str
    target: str | None = None
    hit: bool = False
    wound: str | None = None
    track: str | None = None
    out: bool = False
    note: str | None = None
    aimed: bool = True
    aid: bool = False


def care(healer: str | None, patient: str, move: str, note: str | None = None) -> Beat:
    """Return the beat of tending a patient: the healer's aid to him, or his own (no healer, or himself)."""
    if healer is None or healer == patient:
        return Beat(patient, move, note=note)
    return Beat(healer, move, patient, note=note, aid=True)


@dataclass(frozen=True)
class RoundSummary:
    """A finished round: every beat in order, who went down, what is in force, and the order for the next round.

    ``next_phases`` names the phase of each slot of ``next_order`` (empty for a round of one phase); ``next_counts``
    gives each slot's Initiative count (empty when not known). ``names`` gives (id, name) of those who left the
    encounter before the round ended: the encounter names the others, not them. ``opening`` is what befell whom as
    the next round began, before anyone acted in it (bleeding, waking up).
    """

    round: int
    beats: tuple[Beat, ...]
    down: tuple[str, ...]
    conditions: tuple[tuple[str, str], ...]
    next_order: tuple[tuple[str, ...], ...]
    next_phases: tuple[str, ...] = ()
    next_counts: tuple[int, ...] = ()
    names: tuple[tuple[str, str], ...] = ()
    opening: tuple[Beat, ...] = ()

    @property
    def hits(self) -> int:
        """Return how many beats were hits."""
        return sum(1 for b in self.beats if b.hit)

    @property
    def misses(self) -> int:
        """Return how many attacks on a target missed (tending one is no attack)."""
        return sum(1 for b in self.beats if b.target is not None and not b.hit and not b.aid)


def summarize_round(
    round_number: int,
    beats: Iterable[Beat],
    conditions: Iterable[tuple[str, str]],
    next_order: Iterable[tuple[str, ...]],
    next_phases: Iterable[str] = (),
    next_counts: Iterable[int] = (),
    names: Mapping[str, str] | None = None,
    opening: Iterable[Beat] = (),
) -> RoundSummary:
    """Build a round's summary from its beats, the conditions now in force and the next round's order.

    ``names`` are those of the combatants who left the encounter during the round, by id (the log's ``gone``);
    ``opening`` the beats of the next round's start.
    """
    ordered = tuple(beats)
    down: list[str] = []
    for beat in ordered:
        fallen = beat.target if beat.target is not None else beat.actor
        if beat.out and fallen not in down:
            down.append(fallen)
    return RoundSummary(round_number, ordered, tuple(down), tuple(conditions), tuple(next_order), tuple(next_phases),
                        tuple(next_counts), tuple((names or {}).items()), tuple(opening))
