"""What a Fallout hit does, as exact chances: each hit's damage past DT and fatigue, and the critical points' dice.

The damage of one hit comes from ``damage_hit`` for every sum its dice can show; several hits and critical damage
are added by convolution. An outcome is the HP lost and the fatigue added, with the chance of each.
"""

from __future__ import annotations

from fractions import Fraction

from combat.dice import Die, parse_dice
from combat.distributions import dice_sum, faces_for
from combat.model import Combatant
from combat.systems.fallout.crits import crit_dice
from combat.systems.fallout.harm import damage_hit
from combat.systems.fallout.sheet import melee_damage
from combat.systems.fallout.strike import _damage_dice
from combat.systems.fallout.tables import MELEE_MODES, FalloutTables, Weapon

__all__ = ["Harmed", "add", "crit_roll", "one_hit", "sum_hits"]

Harmed = dict[tuple[int, int], Fraction]  # (HP lost, fatigue added) -> chance


def add(a: Harmed, b: Harmed) -> Harmed:
    """Return the outcome of two independent harms together (HP and fatigue add up)."""
    out: Harmed = {}
    for (hp, fat), p in a.items():
        for (hp2, fat2), q in b.items():
            key = (hp + hp2, fat + fat2)
            out[key] = out.get(key, Fraction(0)) + p * q
    return out


def one_hit(tables: FalloutTables, actor: Combatant, target: Combatant, weapon: Weapon, mode: str,
            charges: int) -> Harmed:
    """Return one hit's HP and fatigue past DT, for every sum of its dice (an overloaded shot rolls each charge)."""
    spec = parse_dice(_damage_dice(weapon, mode))
    bonus = spec.modifier + (melee_damage(actor.sheet) if mode in MELEE_MODES else 0)
    count = spec.count * charges
    out: Harmed = {}
    for rolled, p in dice_sum(count, spec.die.sides).items():
        faces = faces_for(rolled, count, Die(spec.die.sides))
        hit = damage_hit(tables, target, faces, bonus * charges, weapon.damage_type)
        key = (hit.damage, hit.fatigue)
        out[key] = out.get(key, Fraction(0)) + p
    return out


def sum_hits(hit: Harmed, count: int) -> Harmed:
    """Return the harm of ``count`` hits, each rolled on its own."""
    total: Harmed = {(0, 0): Fraction(1)}
    for _ in range(count):
        total = add(total, hit)
    return total


def crit_roll(weapon: Weapon, mode: str) -> dict[int, Fraction]:
    """Return the distribution of one critical point's dice: half the damage dice, at least one [ours]."""
    count, sides = crit_dice(_damage_dice(weapon, mode))
    return dice_sum(count, sides)
