"""FUDGE resolution shared by the FUDGE systems: trait rolls, unopposed checks, opposed contests."""

from __future__ import annotations

from combat.dice import DiceSource, Roll, roll_fudge
from combat.frozen import frozen

__all__ = ["Check", "TraitRoll", "check", "roll_trait"]


@frozen
class TraitRoll:
    """A trait rolled with Fudge dice: the level, the modifiers, the faces and the result on the ladder."""

    trait: str
    level: int
    modifier: int
    dice: Roll

    @property
    def result(self) -> int:
        """Return level + modifier + the dice."""
        return self.level + self.modifier + self.dice.total

    @property
    def critical(self) -> bool:
        """Tell whether every die came up + (a natural +4 on 4dF)."""
        faces = self.dice.faces
        return faces.count(1) == len(faces)

    @property
    def fumble(self) -> bool:
        """Tell whether every die came up − (a natural −4 on 4dF)."""
        faces = self.dice.faces
        return faces.count(-1) == len(faces)


@frozen
class Check:
    """An unopposed roll against a difficulty level."""

    roll: TraitRoll
    difficulty: int

    @property
    def margin(self) -> int:
        """Return the relative degree: result minus difficulty."""
        return self.roll.result - self.difficulty

    @property
    def success(self) -> bool:
        """Tell whether the result met the difficulty."""
        return self.margin >= 0


def roll_trait(dice: DiceSource, trait: str, level: int, modifier: int = 0, count: int = 4) -> TraitRoll:
    """Roll a trait with ``count`` Fudge dice."""
    return TraitRoll(trait, level, modifier, roll_fudge(dice, count))


def check(dice: DiceSource, trait: str, level: int, difficulty: int, modifier: int = 0) -> Check:
    """Roll a trait against a difficulty level with 4dF."""
    return Check(roll_trait(dice, trait, level, modifier), difficulty)
