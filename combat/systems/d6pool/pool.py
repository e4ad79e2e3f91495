"""Pools of d6: a number of dice plus a flat modifier, read as a total or as a count of successes."""

from __future__ import annotations

from dataclasses import dataclass

from combat.dice import MAX_DICE, DiceSource, roll_d

__all__ = ["Pool", "roll_pool"]


@dataclass(frozen=True)
class Pool:
    """Some d6 rolled: every face, the flat modifier, and the face that counts as a success."""

    faces: tuple[int, ...]
    modifier: int = 0
    success: int = 4

    @property
    def total(self) -> int:
        """Return the faces' sum plus the modifier (attack and defence compare totals)."""
        return sum(self.faces) + self.modifier

    @property
    def successes(self) -> int:
        """Return how many dice show a success (damage, saves and contests of dice count these)."""
        return sum(1 for f in self.faces if f >= self.success)


def roll_pool(dice: DiceSource, count: int, modifier: int = 0, success: int = 4) -> Pool:
    """Roll ``count`` d6 (none when ``count`` is 0 or less, at most the dice limit), faces drawn left to right."""
    count = min(count, MAX_DICE)
    faces = roll_d(dice, count, 6).faces if count > 0 else ()
    return Pool(faces, modifier, success)
