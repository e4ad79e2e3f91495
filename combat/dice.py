"""Dice from an injected source: random (seedable) for play, scripted for tests and replays."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from combat.errors import DiceError, DiceExhausted, TooManyDice
from combat.frozen import frozen, kept

__all__ = [
    "FUDGE",
    "MAX_DICE",
    "MAX_SIDES",
    "DiceSource",
    "DiceSpec",
    "Die",
    "RandomDice",
    "Roll",
    "ScriptedDice",
    "parse_dice",
    "roll",
    "roll_d",
    "roll_fudge",
]

MAX_DICE = 100
MAX_SIDES = 1000


@dataclass(frozen=True)
class Die:
    """One kind of die: a Fudge die (faces -1, 0, +1) or a numbered die with ``sides`` faces."""

    sides: int

    @property
    def fudge(self) -> bool:
        """Tell whether this is a Fudge die."""
        return self.sides == 0

    @property
    def faces(self) -> range:
        """Return the faces this die can show."""
        return self._faces

    @kept
    def _faces(self) -> range:
        """Work out ``faces`` once (kept beside the field; JSON skips names that start with an underscore)."""
        return range(-1, 2) if self.fudge else range(1, self.sides + 1)

    @property
    def label(self) -> str:
        """Return the die's name, as in 'dF' or 'd6'."""
        return "dF" if self.fudge else f"d{self.sides}"


FUDGE = Die(0)


class DiceSource(Protocol):
    """Where faces come from; rules never touch a global random generator."""

    def face(self, die: Die) -> int:
        """Return the next face for ``die``."""
        ...


class RandomDice:
    """A seedable random dice source with its own generator."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._bits = self._rng.getrandbits

    def face(self, die: Die) -> int:
        """Return a uniformly random face of ``die``: the very draw of ``random.Random.choice`` over its faces.

        ``choice`` picks an index below the number of faces by drawing that many bits until one is small enough;
        drawing them here, without its two calls in Python, gives the same faces for the same seed.
        """
        faces = die.faces
        count = len(faces)
        bits = count.bit_length()
        drawn = self._bits(bits)
        while drawn >= count:
            drawn = self._bits(bits)
        return faces[drawn]


class ScriptedDice:
    """Return exact faces in order; raise a clear error when a face is wrong or the script runs dry."""

    def __init__(self, faces: Iterable[int] = ()) -> None:
        self._faces = list(faces)
        self._used = 0

    def push(self, *faces: int) -> None:
        """Queue more faces at the end of the script."""
        self._faces.extend(faces)

    @property
    def remaining(self) -> int:
        """Return how many faces are still queued."""
        return len(self._faces) - self._used

    def face(self, die: Die) -> int:
        """Return the next scripted face, checking that ``die`` can show it."""
        if self._used >= len(self._faces):
            raise DiceExhausted(
                f"The scripted dice ran out: roll {self._used + 1} needed a {die.label} and none was queued."
            )
        value = self._faces[self._used]
        if value not in die.faces:
            raise DiceError(f"Scripted face {value} cannot come up on a {die.label} (roll {self._used + 1}).")
        self._used += 1
        return value


@frozen
class Roll:
    """The faces of one roll of several dice of one kind, plus a flat modifier."""

    die: Die
    faces: tuple[int, ...]
    modifier: int = 0

    @property
    def total(self) -> int:
        """Return the sum of the faces plus the modifier."""
        return sum(self.faces) + self.modifier


@dataclass(frozen=True)
class DiceSpec:
    """A request such as 4dF, 3d6+2 or d10."""

    count: int
    die: Die
    modifier: int = 0

    def __post_init__(self) -> None:
        """Check the request against the hard bounds."""
        if self.count < 1:
            raise DiceError("Roll at least one die.")
        if self.count > MAX_DICE:
            raise TooManyDice(f"One roll may use at most {MAX_DICE} dice; {self.count} were asked for.")
        if not self.die.fudge and not 2 <= self.die.sides <= MAX_SIDES:
            raise DiceError(f"A die needs 2 to {MAX_SIDES} sides; d{self.die.sides} is not one.")
        if abs(self.modifier) > 10_000:
            raise DiceError("The modifier must be between -10000 and 10000.")

    def __str__(self) -> str:
        """Write the request in the usual notation."""
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}{self.die.label}{mod}"


_SPEC = re.compile(r"^\s*(\d*)\s*d\s*(f|\d+)\s*(?:([+-])\s*(\d+))?\s*$", re.IGNORECASE)


def parse_dice(text: str) -> DiceSpec:
    """Parse dice notation such as '4dF', '3d6+2', 'd10' or '2d6-1'."""
    if len(text) > 40:
        raise DiceError("That dice expression is too long; write it like 3d6+2 or 4dF.")
    match = _SPEC.match(text.replace("−", "-"))
    if match is None:
        raise DiceError(f"'{text}' is not dice notation; write it like 3d6+2, d10 or 4dF.")
    count_text, sides_text, sign, mod_text = match.groups()
    count = int(count_text) if count_text else 1
    die = FUDGE if sides_text.lower() == "f" else _numbered(int(sides_text))
    modifier = int(mod_text) * (-1 if sign == "-" else 1) if mod_text else 0
    return DiceSpec(count, die, modifier)


def _numbered(sides: int) -> Die:
    """Return a numbered die, refusing d0 and d1 (``Die(0)`` would silently be a Fudge die)."""
    if not 2 <= sides <= MAX_SIDES:
        raise DiceError(f"A die needs 2 to {MAX_SIDES} sides; d{sides} is not one.")
    return Die(sides)


def roll(source: DiceSource, spec: DiceSpec) -> Roll:
    """Roll ``spec`` with faces drawn left to right from ``source``."""
    faces = tuple([source.face(spec.die) for _ in range(spec.count)])
    return Roll(spec.die, faces, spec.modifier)


def roll_fudge(source: DiceSource, count: int = 4) -> Roll:
    """Roll ``count`` Fudge dice (4dF by default, 2dF for Deryni's opposed rolls)."""
    return roll(source, _fudge_spec(count))


@lru_cache(maxsize=MAX_DICE)
def _fudge_spec(count: int) -> DiceSpec:
    """Return the (checked, frozen) request for ``count`` Fudge dice, made once per count."""
    return DiceSpec(count, FUDGE)


def roll_d(source: DiceSource, count: int, sides: int) -> Roll:
    """Roll ``count`` dice with ``sides`` faces each."""
    return roll(source, DiceSpec(count, _numbered(sides)))
