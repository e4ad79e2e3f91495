"""Farscape damage values: DR, Strength for muscle weapons, success level, quality and armour penetration."""

import pytest

from combat.systems.farscape.damage import armour_protection, damage, quality_bonus

# docs/rules/farscape.md penetration table, light | medium | heavy.
PENETRATION = {
    "impact": (1, 2, 3),
    "pierce": (-2, 1, 2),
    "slash": (-2, 2, 3),
    "projectile": (-2, 0, 2),
    "energy": (-3, -2, -1),
    "explosive": (-3, 0, 2),
}
CLASSES = ("light", "medium", "heavy")


def test_muscle_weapon_adds_strength_success_and_quality():
    result = damage(rating=2, success=1, damage_type="slash", strength=1, quality=2)
    assert (result.rating, result.strength, result.success, result.quality) == (2, 1, 1, 1)
    assert result.protection == 0
    assert result.value == 5


def test_negative_strength_lowers_a_muscle_weapon():
    assert damage(rating=1, success=2, damage_type="pierce", strength=-2).value == 1


def test_ranged_weapon_ignores_strength():
    result = damage(rating=5, success=2, damage_type="energy")
    assert result.strength == 0
    assert result.value == 7


@pytest.mark.parametrize(("quality", "bonus"), [(-3, -2), (-2, -1), (-1, 0), (0, 0), (1, 0), (2, 1), (3, 2)])
def test_quality_changes_the_rating_as_the_seed_says(quality, bonus):
    assert quality_bonus(quality) == bonus
    assert damage(rating=3, success=0, damage_type="impact", quality=quality).value == 3 + bonus


@pytest.mark.parametrize("damage_type", list(PENETRATION))
@pytest.mark.parametrize("column", range(3))
def test_penetration_adjusts_armour_by_type_and_class(damage_type, column):
    armour_class = CLASSES[column]
    expected = max(0, 3 + PENETRATION[damage_type][column])
    assert armour_protection(armour_class, 3, damage_type) == expected
    result = damage(rating=6, success=2, damage_type=damage_type, armour_class=armour_class, armour_rating=3)
    assert result.protection == expected
    assert result.value == 8 - expected


def test_protection_never_goes_below_zero():
    assert armour_protection("light", 1, "energy") == 0
    assert armour_protection("medium", 2, "energy") == 0
    result = damage(rating=5, success=1, damage_type="energy", armour_class="light", armour_rating=1)
    assert result.protection == 0
    assert result.value == 6


def test_penetration_has_no_effect_without_armour():
    assert armour_protection(None, 0, "impact") == 0
    assert armour_protection(None, 4, "slash") == 0
    assert damage(rating=2, success=0, damage_type="impact", strength=0).value == 2


def test_armour_can_stop_all_damage():
    result = damage(rating=1, success=1, damage_type="impact", strength=0, armour_class="heavy", armour_rating=4)
    assert result.protection == 7
    assert result.value <= 0


def test_bonus_is_added_and_recorded():
    result = damage(rating=-1, success=1, damage_type="impact", strength=0, bonus=1)
    assert result.bonus == 1
    assert result.value == 1
