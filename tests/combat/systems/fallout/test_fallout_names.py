"""Weapons, armour and templates are found by the names the seed and the table give them, in any case."""

from __future__ import annotations

import pytest

from bot.tables import load_system_tables
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
