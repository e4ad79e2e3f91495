"""Deryni's tables: the shipped ones load and build sheets; a bad row is refused naming the file and field."""

import pytest
from deryni_kit import SYSTEM, TABLES

from combat.errors import DataError, UnknownName
from combat.sheet import SheetRequest
from combat.systems.deryni.tables import load_tables


def test_the_shipped_tables_have_weapons_with_length_and_edge_armour_shields_and_templates():
    assert TABLES.weapons["greatsword"].length > TABLES.weapons["dagger"].length
    assert TABLES.weapons["broadsword"].sharp and TABLES.weapons["unarmed"].body
    assert TABLES.weapons["greatsword"].hands == 2
    assert (TABLES.armour["mail"].difficulty, TABLES.armour["mail"].modifier) == (2, -2)
    assert TABLES.shields["kite shield"].strapped and not TABLES.shields["buckler"].strapped
    assert {"guardsman", "bandit", "knight", "man-at-arms", "deryni adept"} <= set(TABLES.templates)


def test_a_template_builds_a_sheet_and_traits_override_it():
    built = SYSTEM.build_sheet(SheetRequest(template="Knight", traits={"Broad Sword": "Superb"}))
    assert built.name == "Knight" and built.side == "knights"
    assert built.sheet.traits["broadsword"] == 3 and built.sheet.shield == "kite shield"
    assert built.sheet.weapons == ("broadsword", "dagger") and built.sheet.tier == "npc"


def test_the_seeds_initiative_on_a_sheet_is_kept_as_his_initiative():
    # "Bob's Initiative is Good, while the bandit's is Fair": Initiative=Good is kept as written, Agility untouched.
    built = SYSTEM.build_sheet(SheetRequest(traits={"Initiative": "Good"}))
    assert built.sheet.traits["initiative"] == 1 and built.sheet.traits["agility"] == 0
    assert "initiative" not in SYSTEM.build_sheet(SheetRequest(traits={"Agility": "Good"})).sheet.traits


def test_gear_names_are_forgiving_and_unknown_gear_is_refused():
    built = SYSTEM.build_sheet(SheetRequest(weapons=("Broad Sword",), shield="round-shield"))
    assert built.sheet.weapons == ("broadsword",) and built.sheet.shield == "round shield"
    with pytest.raises(UnknownName):
        SYSTEM.build_sheet(SheetRequest(weapons=("pulse rifle",)))


def test_a_bad_row_names_the_file_and_the_field():
    with pytest.raises(DataError) as raised:
        load_tables({"weapons": {"weapons": [{"key": "club", "name": "Club", "skill": "clubbing", "length": 2}]}})
    assert "data/deryni/weapons.toml" in str(raised.value) and "weapons[0].skill" in str(raised.value)
    with pytest.raises(DataError, match=r"templates\[0\]\.armour"):
        load_tables({"armour": {"armour": []}, "templates": {"templates": [{"key": "x", "name": "X",
                                                                            "armour": "cardboard"}]}})
