"""Weapons, armour and templates are found by the names the seed and the table give them, in any case."""

from __future__ import annotations

import pytest

from bot.tables import load_system_tables
from combat.sheet import SheetRequest
from combat.systems.fallout.sheet import combat_sequence
from combat.systems.fallout.system import FalloutSystem
from combat.systems.fallout.tables import FalloutTables

TABLES: FalloutTables = load_system_tables("fallout")


@pytest.mark.parametrize(("table", "text", "key"), [
    ("weapons", "9mm submachinegun", "9mm smg"),  # Frank's, in the seed's burst example
    ("weapons", "7.62mm Machinegun", "machinegun"),
    ("weapons", "Rocket Launcher", "rocket launcher"),
    ("weapons", "double-barreled shotgun", "shotgun"),
    ("weapons", "Sawed off shotgun", "sawed-off shotgun"),
    ("weapons", "10mm submachinegun", "10mm smg"),
    ("armour", "Power Armor", "power armour"),
    ("armour", "Tesla Armor", "tesla armour"),
    ("templates", "Raider  Gunner", "raider gunner"),
])
def test_a_name_finds_its_row(table: str, text: str, key: str) -> None:
    assert TABLES.find(table, text) == key


def test_an_unknown_name_comes_back_as_it_was_for_the_error_to_name() -> None:
    assert TABLES.find("weapons", "smg") == "smg"


def test_the_seeds_heavy_gear_is_heavy() -> None:
    assert TABLES.weapon("rocket launcher").heavy and TABLES.armour["tesla armour"].heavy


def test_the_seeds_short_attribute_names_are_read() -> None:
    # The seed writes "IN, PE, and AG"; the sources' Combat Sequence is ST + AG: 7 + 6 = 13.
    built = FalloutSystem(TABLES).build_sheet(SheetRequest(traits={"ST": "7", "AG": "6", "PE": "8", "Firearms": "4"}))
    assert combat_sequence(built.sheet) == 13
    assert built.sheet.traits["perception"] == 8 and built.sheet.traits["firearms"] == 4
