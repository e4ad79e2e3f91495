"""The random table's time and dice: a clock moved by hand, and the local table's seeded dice, noted as they roll."""

from __future__ import annotations

from collections.abc import Iterable

from bot.services import ReplayDice
from combat.dice import DiceSource, Die

__all__ = ["Clock", "RecordingDice"]


class Clock:
    """Seconds since the epoch, moved by hand only (a choice lapses when the table lets time pass)."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        """Return the time now."""
        return self.now


class _Tap:
    """A dice source that notes every face it gives."""

    def __init__(self, inner: DiceSource, faces: list[int]) -> None:
        self._inner = inner
        self._faces = faces

    def face(self, die: Die) -> int:
        """Roll on the inner source and note the face."""
        value = self._inner.face(die)
        self._faces.append(value)
        return value


class RecordingDice:
    """The local table's seeded dice, noting the faces each command rolls (to roll them again after an undo)."""

    def __init__(self, seed: int) -> None:
        self.replay = ReplayDice(seed)
        self.faces: list[int] = []

    def for_command(self, channel_id: int, salt: str) -> DiceSource:
        """Return the command's dice, noted as they roll (a run lost to another process's save is forgotten)."""
        self.faces.clear()
        return _Tap(self.replay.for_command(channel_id, salt), self.faces)

    def snapshot(self, channel_id: int) -> tuple[int, ...]:
        """Return the faces queued by hand."""
        return self.replay.snapshot(channel_id)

    def restore(self, channel_id: int, faces: Iterable[int]) -> None:
        """Put queued faces back."""
        self.replay.restore(channel_id, faces)
