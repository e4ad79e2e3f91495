"""What a Fallout hit does, as exact chances: each hit's damage past DT and fatigue, and the critical points' dice.

The damage of one hit comes from ``damage_hit`` for every sum its dice can show; several hits and critical damage
are added by convolution. An outcome is the HP lost and the fatigue added. The counting is done in whole numbers
(how many of the equally likely face combinations give each outcome) and turned into exact fractions at the end:
a burst of ten hits is a long convolution, and whole numbers keep it quick.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from combat.dice import Die, parse_dice
from combat.distributions import dice_sum, faces_for
from combat.model import Combatant
from combat.systems.fallout.crits import crit_dice
from combat.systems.fallout.harm import damage_hit
from combat.systems.fallout.sheet import melee_damage
from combat.systems.fallout.strike import damage_dice
from combat.systems.fallout.tables import MELEE_MODES, FalloutTables, Weapon

__all__ = ["NONE", "Counts", "Harmed", "crit_roll", "mix", "one_hit"]

Harmed = dict[tuple[int, int], Fraction]  # (HP lost, fatigue added) -> chance


@dataclass(frozen=True)
class Counts:
    """Outcomes counted in whole numbers: how many of ``total`` equally likely cases give each (HP, fatigue)."""

    ways: dict[tuple[int, int], int]
    total: int

    def add(self, other: Counts) -> Counts:
        """Return the outcome of both harms together (HP and fatigue add up)."""
        ways: dict[tuple[int, int], int] = {}
        for (hp, fat), n in self.ways.items():
            for (hp2, fat2), m in other.ways.items():
                key = (hp + hp2, fat + fat2)
                ways[key] = ways.get(key, 0) + n * m
        return Counts(ways, self.total * other.total)

    def times(self, count: int) -> Counts:
        """Return ``count`` such harms, each rolled on its own (by doubling)."""
        out, power = NONE, self
        while count:
            if count & 1:
                out = out.add(power)
            count >>= 1
            if count:
                power = power.add(power)
        return out


NONE = Counts({(0, 0): 1}, 1)


def one_hit(tables: FalloutTables, actor: Combatant, target: Combatant, weapon: Weapon, mode: str,
            charges: int) -> Counts:
    """Return one hit's HP and fatigue past DT, for every sum of its dice (an overloaded shot rolls each charge)."""
    spec = parse_dice(damage_dice(weapon, mode))
    bonus = spec.modifier + (melee_damage(actor.sheet) if mode in MELEE_MODES else 0)
    count = spec.count * charges
    combos = spec.die.sides**count
    ways: dict[tuple[int, int], int] = {}
    for rolled, p in dice_sum(count, spec.die.sides).items():
        hit = damage_hit(tables, target, faces_for(rolled, count, Die(spec.die.sides)), bonus * charges,
                         weapon.damage_type)
        key = (hit.damage, hit.fatigue)
        ways[key] = ways.get(key, 0) + int(p * combos)
    return Counts(ways, combos)


def crit_roll(weapon: Weapon, mode: str) -> dict[int, Fraction]:
    """Return the distribution of one critical point's dice: one of the weapon's dice [seed]."""
    count, sides = crit_dice(damage_dice(weapon, mode))
    return dice_sum(count, sides)


def crit_counts(weapon: Weapon, mode: str) -> Counts:
    """Return one critical point's damage as counts: its dice, past DT, no fatigue."""
    count, sides = crit_dice(damage_dice(weapon, mode))
    combos = sides**count
    return Counts({(v, 0): int(p * combos) for v, p in dice_sum(count, sides).items()}, combos)


def mix(cases: Iterable[tuple[Fraction, Counts]]) -> Harmed:
    """Return the outcomes of several cases, each weighted by its chance, as exact fractions."""
    cases = [(weight, counts) for weight, counts in cases if weight]
    if not cases:
        return {}
    common = math.lcm(*(weight.denominator * counts.total for weight, counts in cases))
    ways: dict[tuple[int, int], int] = {}
    for weight, counts in cases:
        scale = weight.numerator * (common // (weight.denominator * counts.total))
        for key, n in counts.ways.items():
            ways[key] = ways.get(key, 0) + n * scale
    return {key: Fraction(n, common) for key, n in ways.items()}
