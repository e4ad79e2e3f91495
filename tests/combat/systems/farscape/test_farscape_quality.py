"""Weapon quality (seed: "-2 for TERRIBLE, -1 for POOR, +1 for GREAT, +2 for SUPERB"): a change to the Damage Rating.

It comes from the weapons table's quality column (a ladder level, Fair by default) or, for one attack, from the
option quality; it never changes the attack roll.
"""

import farscape_ranged_kit as rk
import pytest
from farscape_melee_kit import encounter, fighter, hit, melee, strike

from combat.errors import DataError, InvalidInput, RulesError
from combat.system import Intent
from combat.systems.farscape.attack import all_moves, resolve_attack
from combat.systems.farscape.tables import load_tables

ORDER = {"hero": 1, "foe": 0}
ROW = {"key": "blade", "name": "Blade", "kind": "melee", "skill": "melee weapon", "dr": 3, "damage_type": "slash"}


def weapon_row(**extra):
    return load_tables({"weapons": {"weapons": [{**ROW, **extra}]}}).weapons["blade"]


@pytest.mark.parametrize(("given", "level"), [(None, 0), ("Great", 2), ("superb", 3), ("Terrible", -3), (-2, -2)])
def test_the_quality_column_takes_a_ladder_name_or_number(given, level):
    row = weapon_row() if given is None else weapon_row(quality=given)
    assert row.quality == level


@pytest.mark.parametrize("given", ["Legendary", 4, "shiny", -4])
def test_a_quality_off_the_terrible_to_superb_ladder_is_refused(given):
    with pytest.raises(DataError, match=r"weapons\[0\]\.quality"):
        weapon_row(quality=given)


def _blow(weapons=("sword",), **options):
    """One sword blow at a foe in heavy armour, so that no wound (and no Willpower roll) follows."""
    enc = encounter(fighter("hero", weapons=weapons, melee_weapon=1), fighter("foe", armour="plate"))
    return melee(enc, "hero", ["foe"], 0, 0, initiative=ORDER, **options).result


def test_the_option_sets_a_melee_weapons_quality_for_the_attack():
    plain, great = _blow(), _blow(quality="great")
    assert (hit(plain, "hero", "foe").damage.quality, hit(great, "hero", "foe").damage.quality) == (0, 1)
    assert hit(great, "hero", "foe").damage.value == hit(plain, "hero", "foe").damage.value + 1
    assert strike(great, "hero", "foe").offence == strike(plain, "hero", "foe").offence  # damage only


def test_the_option_replaces_the_tables_quality():
    fine = _blow(weapons=("fine sword",))  # Great in the kit's table: +1
    poor = _blow(weapons=("fine sword",), quality="-2")  # Poor, written as a number: -1
    assert (hit(fine, "hero", "foe").damage.quality, hit(poor, "hero", "foe").damage.quality) == (1, -1)


def test_a_knuckleduster_has_a_quality_but_bare_hands_do_not():
    enc = encounter(fighter("hero", weapons=("knuckleduster",), brawling=1), fighter("foe", armour="plate"))
    result = melee(enc, "hero", ["foe"], 0, 0, initiative=ORDER, quality="superb").result
    assert hit(result, "hero", "foe").damage.quality == 2
    with pytest.raises(RulesError, match="only a weapon has a quality"):
        melee(encounter(fighter("hero"), fighter("foe")), "hero", ["foe"], quality="great")


def test_a_ranged_weapons_quality_counts_from_the_table_and_the_option():
    enc = rk.encounter(rk.fighter("pc", firearms=1), rk.fighter("foe", tier="minion", armour="vest"))
    plain = rk.shoot(enc, "pc", ["foe"], 1).result.attacks[0]
    terrible = rk.shoot(enc, "pc", ["foe"], 1, quality="terrible").result.attacks[0]
    assert (plain.damage.quality, terrible.damage.quality) == (0, -2)
    assert terrible.damage.value == plain.damage.value - 2
    assert terrible.roll.result == plain.roll.result


def test_quality_options_that_are_refused():
    enc = rk.encounter(rk.fighter("pc", weapons=("pistol", "blaster")), rk.fighter("foe"))
    with pytest.raises(InvalidInput, match="Terrible to Superb"):
        rk.shoot(enc, "pc", ["foe"], quality="legendary")
    with pytest.raises(InvalidInput, match="not a ladder level"):
        rk.shoot(enc, "pc", ["foe"], quality="shiny")
    with pytest.raises(InvalidInput, match="with two weapons"):
        rk.shoot(enc, "pc", ["foe"], second="blaster", quality="great")


def test_attack_offers_the_option_for_blows_and_shots():
    attack = next(m for m in all_moves() if m.name == "attack")
    assert "quality" in attack.option_names()
    enc = rk.encounter(rk.fighter("pc", firearms=1), rk.fighter("foe", tier="minion", armour="vest"))
    intent = Intent("pc", "attack", ("foe",), {"quality": "great"})
    volley = resolve_attack(enc, intent, rk.TABLES, rk.dice(1)).result
    assert volley.attacks[0].damage.quality == 1
