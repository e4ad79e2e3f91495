"""The tables: charts, weapons, protection and templates load; mistakes name the file and the field."""

import pytest
from d6_kit import SYSTEM, TABLES

from combat.errors import DataError, InvalidSheet, UnknownName
from combat.sheet import SheetRequest
from combat.systems.d6pool.tables import load_tables


def test_the_shipped_tables_hold_the_seed_s_examples() -> None:
    assert TABLES.weapons["howitzer"].pf == 6 and TABLES.armour["concrete"].pf == 4  # [seed]
    assert TABLES.charts.dice.success == 4
    assert [r.modifier for r in TABLES.charts.ranks] == [0, 1, 2, 3, 4, 5]
    assert TABLES.weapon("fist").pf == 1  # always at hand


def test_traits_take_numbers_or_chart_names() -> None:
    built = SYSTEM.build_sheet(SheetRequest(traits={"Agility": "good", "Swords": "expert", "stamina": "5"}))
    assert (built.sheet.traits["agility"], built.sheet.traits["swords"], built.sheet.traits["stamina"]) == (4, 3, 5)
    with pytest.raises(InvalidSheet, match="neither a number nor on the skill rank"):
        SYSTEM.build_sheet(SheetRequest(traits={"swords": "godlike"}))
    with pytest.raises(InvalidSheet, match="swords must be from 0 to 5"):
        SYSTEM.build_sheet(SheetRequest(traits={"swords": "7"}))
    with pytest.raises(UnknownName):
        SYSTEM.build_sheet(SheetRequest(traits={"luck": "3"}))


def test_a_template_gives_traits_gear_and_side() -> None:
    built = SYSTEM.build_sheet(SheetRequest(template="thug"))
    assert (built.name, built.side, built.sheet.tier, built.sheet.weapons) == ("Thug", "foes", "mook", ("club",))


def test_a_weapon_whose_skill_is_of_another_kind_is_refused() -> None:
    bad = {"weapons": {"weapons": [{"key": "gun", "name": "Gun", "kind": "ranged", "skill": "swords", "pf": 3}]}}
    with pytest.raises(DataError, match=r"weapons.toml.*weapons\[0\].skill.*melee skill"):
        load_tables(bad)


def test_errors_name_the_file_and_the_field() -> None:
    with pytest.raises(DataError, match=r"armour.toml.*armour\[0\].pf"):
        load_tables({"armour": {"armour": [{"key": "x", "name": "X", "pf": 99}]}})
    with pytest.raises(DataError, match=r"charts.toml.*dice.success"):
        load_tables({"charts": {"dice": {"success": 9}}})
    with pytest.raises(DataError, match=r"templates.toml.*templates\[0\].weapons\[0\]"):
        load_tables({"weapons": {"weapons": [{"key": "bow", "name": "Bow", "kind": "ranged", "skill": "archery",
                                              "pf": 2}]},
                     "templates": {"templates": [{"key": "t", "name": "T", "weapons": ["laser"]}]}})
    with pytest.raises(DataError, match=r"templates.toml.*templates\[0\].traits"):
        load_tables({"templates": {"templates": [{"key": "t", "name": "T", "traits": {"agility": 99}}]}})
