"""Where a Fallout resolution stops to ask a player: an attack's critical points, or an overwatch interrupt."""

from __future__ import annotations

from dataclasses import dataclass

from combat.systems.fallout.results import Attack, Check, Hit

__all__ = ["MoveRecord", "Pause", "StrikeRecord"]


@dataclass(frozen=True)
class StrikeRecord:
    """A single-target attack rolled but not finished: its roll, hits, and the critical points spent so far."""

    actor: str
    target: str
    mode: str
    weapon: str
    check: Check
    hits: tuple[Hit, ...]
    points: int
    allowed: tuple[str, ...]
    spent: tuple[str, ...] = ()
    part: str | None = None
    source: str | None = None
    ammo: int | None = None
    rounds: int = 0
    interrupt: bool = False
    crit_die: int = 6
    crit_count: int = 1
    charged: tuple[str, ...] = ()
    tired: int = 0


@dataclass(frozen=True)
class MoveRecord:
    """A move under way: where it has been, the hexes still to go, and the interrupts met so far."""

    actor: str
    walked: tuple[str, ...]
    ahead: tuple[str, ...]
    run: bool = False
    stance: str = "stand"
    before: str | None = None
    after: str | None = None
    face: str | None = None
    interrupts: tuple[Attack, ...] = ()
    declined: tuple[str, ...] = ()  # every overwatcher who held fire in this move
    heard: tuple[str, ...] = ()  # those who held fire on the step just taken (passed over when the walk resumes)


@dataclass(frozen=True)
class Pause:
    """The context of a choice after the dice: spending critical points, or firing from overwatch."""

    kind: str = "crits"
    strike: StrikeRecord | None = None
    move: MoveRecord | None = None
    watcher: str | None = None
