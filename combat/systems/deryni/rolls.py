"""Deryni rolls: opposed rolls on 2dF, unopposed ones on 4dF [source 3.0], each with its named modifiers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from combat.dice import DiceSource, roll_fudge

__all__ = ["OPPOSED", "UNOPPOSED", "Check", "Mod", "Rolled", "check", "mods", "opposed", "unopposed"]

OPPOSED = 2
UNOPPOSED = 4


@dataclass(frozen=True)
class Mod:
    """A named modifier, like 'wounds' -1 or 'disarm' -2."""

    name: str
    value: int


def mods(*pairs: tuple[str, int]) -> tuple[Mod, ...]:
    """Return the modifiers that are not zero, in order."""
    return tuple(Mod(name, value) for name, value in pairs if value)


@dataclass(frozen=True)
class Rolled:
    """A trait rolled with Fudge dice: the trait, its level, the modifiers and every face."""

    trait: str
    level: int
    modifiers: tuple[Mod, ...]
    faces: tuple[int, ...]

    @property
    def modifier(self) -> int:
        """Return the sum of the modifiers."""
        return sum(m.value for m in self.modifiers)

    @property
    def dice(self) -> int:
        """Return the sum of the faces."""
        return sum(self.faces)

    @property
    def result(self) -> int:
        """Return level + modifiers + dice: the rolled degree on the ladder."""
        return self.level + self.modifier + self.dice

    @property
    def natural_four(self) -> bool:
        """Tell whether four dice all came up + (a natural +4)."""
        return len(self.faces) == UNOPPOSED and all(f == 1 for f in self.faces)


@dataclass(frozen=True)
class Check:
    """An unopposed roll against a difficulty level: it succeeds when it meets or beats it."""

    roll: Rolled
    difficulty: int

    @property
    def margin(self) -> int:
        """Return the result minus the difficulty."""
        return self.roll.result - self.difficulty

    @property
    def success(self) -> bool:
        """Tell whether the roll met the difficulty."""
        return self.margin >= 0


def _roll(dice: DiceSource, trait: str, level: int, modifiers: Iterable[Mod], count: int) -> Rolled:
    return Rolled(trait, level, tuple(modifiers), roll_fudge(dice, count).faces)


def opposed(dice: DiceSource, trait: str, level: int, modifiers: Iterable[Mod] = ()) -> Rolled:
    """Roll one side of an opposed roll: 2dF."""
    return _roll(dice, trait, level, modifiers, OPPOSED)


def unopposed(dice: DiceSource, trait: str, level: int, modifiers: Iterable[Mod] = ()) -> Rolled:
    """Roll an unopposed check: 4dF."""
    return _roll(dice, trait, level, modifiers, UNOPPOSED)


def check(dice: DiceSource, trait: str, level: int, difficulty: int, modifiers: Iterable[Mod] = ()) -> Check:
    """Roll an unopposed check (4dF) against a difficulty level."""
    return Check(unopposed(dice, trait, level, modifiers), difficulty)
