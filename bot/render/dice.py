"""Dice faces, signed numbers and ladder names as text: '[+ ▢ − +]', '[3, 6, 1]', 'Good (+1)'."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Protocol

from combat.dice import Roll
from combat.fudge import Check, TraitRoll
from combat.ladder import level_name, result_name

__all__ = [
    "GLYPHS",
    "Named",
    "check_text",
    "fudge_faces",
    "ladder",
    "modifiers_text",
    "numbered_faces",
    "roll_faces",
    "signed",
    "trait_level",
    "trait_roll",
    "trait_title",
]

GLYPHS = {1: "+", 0: "▢", -1: "−"}


class Named(Protocol):
    """A named modifier: any object with a name and a value (the melee and ranged Modifier both fit)."""

    @property
    def name(self) -> str:
        """Return the modifier's name."""
        ...

    @property
    def value(self) -> int:
        """Return the modifier's size."""
        ...


def fudge_faces(faces: Iterable[int]) -> str:
    """Show Fudge dice as glyphs: '[+ ▢ − +]'."""
    return _glyphs(tuple(faces))


@lru_cache(maxsize=1024)
def _glyphs(faces: tuple[int, ...]) -> str:
    """Write Fudge faces as glyphs (a roll's text is asked for at every answer: kept for the faces seen)."""
    return "[" + " ".join([GLYPHS[f] for f in faces]) + "]"


def numbered_faces(faces: Iterable[int]) -> str:
    """Show numbered dice as a list: '[3, 6, 1]'."""
    return "[" + ", ".join(str(f) for f in faces) + "]"


def roll_faces(roll: Roll) -> str:
    """Show a roll's faces, as glyphs for Fudge dice and as numbers otherwise."""
    return fudge_faces(roll.faces) if roll.die.fudge else numbered_faces(roll.faces)


def signed(value: int) -> str:
    """Write a number with its sign: '+2', '-1', '+0'."""
    return f"{value:+d}"


def _with_number(name: str, value: int) -> str:
    """Join a ladder name and its number: 'Good (+1)', 'Fair (0)'."""
    return f"{name} ({signed(value) if value else 0})"


@lru_cache(maxsize=256)
def ladder(value: int) -> str:
    """Name a rolled result or difficulty with its number: 'Great (+2)', 'Superb+1 (+4)'."""
    return _with_number(result_name(value), value)


@lru_cache(maxsize=256)
def trait_level(value: int) -> str:
    """Name a trait level with its number: 'Legendary (+4)'."""
    return _with_number(level_name(value), value)


@lru_cache(maxsize=1024)
def trait_title(name: str) -> str:
    """Capitalise a trait's name for display: 'energy weapons' → 'Energy Weapons'."""
    return " ".join([word.capitalize() for word in name.split(" ")])


def modifiers_text(modifiers: Iterable[Named]) -> str:
    """List modifiers by name: 'stance +2, wounds -1' ('none' when there are none)."""
    parts = [f"{m.name} {signed(m.value)}" for m in modifiers]
    return ", ".join(parts) if parts else "none"


def trait_roll(roll: TraitRoll) -> str:
    """Show a trait roll: 'Brawling Good (+1), dice [+ ▢ − +] +1, modifiers -1 → Good (+1)'."""
    dice = roll.dice
    modifiers = f", modifiers {signed(roll.modifier)}" if roll.modifier else ""
    critical = " (critical)" if roll.critical and len(dice.faces) == 4 else ""
    return (f"{trait_title(roll.trait)} {trait_level(roll.level)}, dice {roll_faces(dice)} {signed(dice.total)}"
            f"{modifiers} → {ladder(roll.result)}{critical}")


def check_text(check: Check) -> str:
    """Show an unopposed roll against its difficulty: '… → Good (+1) against Great (+2): fails by 1'."""
    margin = check.margin
    verdict = f"succeeds by {margin}" if margin > 0 else "succeeds" if margin == 0 else f"fails by {-margin}"
    return f"{trait_roll(check.roll)} against {ladder(check.difficulty)}: {verdict}"
