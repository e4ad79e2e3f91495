"""Farscape damage: Damage Rating + Strength (muscle weapons) + success level + quality − adjusted armour."""

from __future__ import annotations

from combat.frozen import frozen

__all__ = ["ARMOUR_CLASSES", "DAMAGE_TYPES", "PENETRATION", "Damage", "armour_protection", "damage", "quality_bonus"]

ARMOUR_CLASSES = ("light", "medium", "heavy")

PENETRATION: dict[str, tuple[int, int, int]] = {
    "impact": (1, 2, 3),
    "pierce": (-2, 1, 2),
    "slash": (-2, 2, 3),
    "projectile": (-2, 0, 2),
    "energy": (-3, -2, -1),
    "explosive": (-3, 0, 2),
}
DAMAGE_TYPES = tuple(PENETRATION)


def quality_bonus(quality: int) -> int:
    """Return the Damage Rating change for a weapon's quality level (Terrible -2 … Superb +2)."""
    return {-3: -2, -2: -1, 2: 1, 3: 2}.get(quality, 0)


def armour_protection(armour_class: str | None, rating: int, damage_type: str) -> int:
    """Return armour's protective rating against a damage type, never below zero; nothing without armour."""
    if armour_class is None:
        return 0
    column = ARMOUR_CLASSES.index(armour_class)
    return max(0, rating + PENETRATION[damage_type][column])


@frozen
class Damage:
    """Every step of one damage value; the armour worn (class, rating) and its penetration make ``protection``."""

    rating: int
    strength: int
    success: int
    quality: int
    bonus: int
    protection: int
    value: int
    armour_class: str | None = None
    armour_rating: int = 0
    damage_type: str = ""


def damage(
    *,
    rating: int,
    success: int,
    damage_type: str,
    strength: int | None = None,
    quality: int = 0,
    armour_class: str | None = None,
    armour_rating: int = 0,
    bonus: int = 0,
) -> Damage:
    """Work out a damage value; ``strength`` is given only for muscle-powered weapons."""
    protection = armour_protection(armour_class, armour_rating, damage_type)
    q = quality_bonus(quality)
    s = strength or 0
    value = rating + s + success + q + bonus - protection
    return Damage(rating, s, success, q, bonus, protection, value, armour_class, armour_rating, damage_type)
