"""Exact chances of dice, by enumeration and convolution: no sampling and no random numbers anywhere.

A distribution maps every value a roll can come to (a sum of dice, a count of successes, a margin) to its exact
chance as a ``Fraction``; the chances add up to exactly one. The rule systems build the chances of an attack from
these: the sum of n Fudge dice, the sum of n dY, the successes of n dice showing k or more, the difference of two
opposed rolls, and mixtures of outcomes weighted by the chances of the rolls that lead to them. ``by_sums`` runs a
system's own code once for every sequence of Fudge sums its rolls can show, when the rolls that follow depend on
the earlier ones (a Willpower roll only when a blow lands hard enough).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from functools import cache
from typing import TypeVar

from combat.dice import FUDGE, MAX_DICE, DiceSource, Die
from combat.errors import DiceError

__all__ = [
    "Dist",
    "by_sums",
    "certain",
    "chance",
    "convolve",
    "dice_sum",
    "difference",
    "faces_for",
    "fudge",
    "joint",
    "mapped",
    "mixture",
    "shifted",
    "successes",
    "sum_of",
    "uniform",
]

Dist = dict[int, Fraction]
K = TypeVar("K", bound=Hashable)
T = TypeVar("T")


def certain(value: int) -> Dist:
    """Return the distribution of a value that is sure to come: no dice."""
    return {value: Fraction(1)}


def uniform(values: Iterable[int]) -> Dist:
    """Return the distribution of one die whose faces are ``values``, each as likely."""
    faces = tuple(values)
    if not faces:
        raise DiceError("A die needs at least one face.")
    share = Fraction(1, len(faces))
    out: Dist = {}
    for face in faces:
        out[face] = out.get(face, Fraction(0)) + share
    return out


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Dist:
    """Return the distribution of the sum of two independent rolls."""
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


@cache
def _sum_of(count: int, sides: int) -> tuple[tuple[int, Fraction], ...]:
    die = Die(sides)
    if count > MAX_DICE:
        raise DiceError(f"At most {MAX_DICE} dice are counted; {count} were asked for.")
    total = certain(0)
    one = uniform(die.faces)
    for _ in range(count):
        total = convolve(total, one)
    return tuple(sorted(total.items()))


def sum_of(count: int, die: Die) -> Dist:
    """Return the distribution of the sum of ``count`` dice of one kind (no dice: a sure 0)."""
    return dict(_sum_of(max(0, count), die.sides))


def fudge(count: int = 4) -> Dist:
    """Return the distribution of the sum of ``count`` Fudge dice (4dF: -4 to +4)."""
    return sum_of(count, FUDGE)


def dice_sum(count: int, sides: int) -> Dist:
    """Return the distribution of the sum of ``count`` dice with ``sides`` faces each (2d10: 2 to 20)."""
    if sides < 2:
        raise DiceError(f"A die needs at least 2 sides; d{sides} is not one.")
    return sum_of(count, Die(sides))


@cache
def _successes(count: int, sides: int, at_least: int) -> tuple[tuple[int, Fraction], ...]:
    p = Fraction(max(0, sides - max(1, at_least) + 1), sides)
    out = certain(0)
    for _ in range(count):
        out = convolve(out, {0: 1 - p, 1: p})
    return tuple(sorted((k, v) for k, v in out.items() if v))


def successes(count: int, sides: int = 6, at_least: int = 4) -> Dist:
    """Return the distribution of how many of ``count`` dY show ``at_least`` or more (a binomial count)."""
    if count > MAX_DICE:
        raise DiceError(f"At most {MAX_DICE} dice are counted; {count} were asked for.")
    return dict(_successes(max(0, count), sides, at_least))


def shifted(a: Mapping[int, Fraction], by: int) -> Dist:
    """Return the distribution with ``by`` added to every value (a trait level, a flat modifier)."""
    return {x + by: p for x, p in a.items()}


def mapped(a: Mapping[int, Fraction], f: Callable[[int], int]) -> Dist:
    """Return the distribution of ``f`` of the value (a damage value floored at 0, a margin's band)."""
    out: Dist = {}
    for x, p in a.items():
        y = f(x)
        out[y] = out.get(y, Fraction(0)) + p
    return out


def difference(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Dist:
    """Return the distribution of ``a - b`` for two independent rolls (an opposed roll's margin)."""
    return convolve(a, {-y: q for y, q in b.items()})


def joint(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Iterator[tuple[int, int, Fraction]]:
    """Yield every pair of values of two independent rolls with the chance of that pair."""
    for x, p in a.items():
        for y, q in b.items():
            yield x, y, p * q


def chance(a: Mapping[int, Fraction], holds: Callable[[int], bool]) -> Fraction:
    """Return the chance that the value makes ``holds`` true (the attack total reaches 15, say)."""
    return sum((p for x, p in a.items() if holds(x)), Fraction(0))


def mixture(parts: Iterable[tuple[Fraction, Mapping[K, Fraction]]]) -> dict[K, Fraction]:
    """Return the outcomes of several cases, each weighted by the chance of its case (the law of total chance)."""
    out: dict[K, Fraction] = {}
    for weight, outcomes in parts:
        if not weight:
            continue
        for key, p in outcomes.items():
            out[key] = out.get(key, Fraction(0)) + weight * p
    return out


@cache
def faces_for(total: int, count: int, die: Die = FUDGE) -> tuple[int, ...]:
    """Return faces of ``count`` dice that add up to ``total``, highest first (4dF +4 is four pluses).

    The faces stand for every roll with that sum where a rule reads only the sum and whether every die shows the
    same extreme face (a critical, a natural +4), which only the highest and lowest sums can show.
    """
    low, high = min(die.faces), max(die.faces)
    if not count * low <= total <= count * high:
        raise DiceError(f"{count}{die.label} cannot come to {total}.")
    faces = []
    left = total
    for remaining in range(count - 1, -1, -1):
        face = min(high, left - remaining * low)
        faces.append(face)
        left -= face
    return tuple(faces)


class _Sums:
    """Feed a run the faces of the chosen sums, one roll of ``count`` Fudge dice at a time, then the lowest sums."""

    def __init__(self, chosen: list[int], count: int) -> None:
        self.chosen = chosen
        self.count = count
        self.taken: list[int] = []
        self.drawn = 0

    def face(self, die: Die) -> int:
        """Return the next face of the roll under way (a new roll starts every ``count`` dice)."""
        if not die.fudge:
            raise DiceError(f"Odds counted by Fudge sums cannot roll a {die.label}.")
        at, place = divmod(self.drawn, self.count)
        if place == 0:
            self.taken.append(self.chosen[at] if at < len(self.chosen) else -self.count)
        self.drawn += 1
        return faces_for(self.taken[at], self.count)[place]


def by_sums(run: Callable[[DiceSource], T], count: int = 4, limit: int = 20_000) -> list[tuple[T, Fraction]]:
    """Return every outcome of ``run`` with its exact chance, each of its rolls being ``count`` Fudge dice.

    ``run`` is called once per sequence of sums its rolls can show (how many rolls it makes may depend on the
    earlier sums); each roll is fed faces standing for its sum (``faces_for``) and weighs that sum's chance. It is
    exact for rules that read a roll's sum and whether its dice all show + or all show −, which only the highest
    and lowest sums can; a run that rolls other dice, or stops in the middle of a roll, is refused.
    """
    weights = fudge(count)
    highest = max(weights)
    outcomes: list[tuple[T, Fraction]] = []
    chosen: list[int] = []
    while True:
        source = _Sums(chosen, count)
        result = run(source)
        if source.drawn % count:
            raise DiceError(f"A roll of fewer than {count} Fudge dice cannot be counted by its sum.")
        weight = Fraction(1)
        for total in source.taken:
            weight *= weights[total]
        outcomes.append((result, weight))
        if len(outcomes) > limit:
            raise DiceError(f"More than {limit} sequences of rolls to count; that is too many.")
        at = len(source.taken) - 1
        while at >= 0 and source.taken[at] == highest:
            at -= 1
        if at < 0:
            return outcomes
        chosen = [*source.taken[:at], source.taken[at] + 1]
