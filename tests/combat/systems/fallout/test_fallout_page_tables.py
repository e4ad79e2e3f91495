"""The rules page shows the shipped weapon and armour tables row for row (docs/rules/fallout.md, §15)."""

from __future__ import annotations

from bot.config import REPO_ROOT
from bot.tables import load_system_tables
from combat.systems.fallout.tables import Armour, FalloutTables, Weapon

PAGE = REPO_ROOT / "docs" / "rules" / "fallout.md"
DAMAGE_TYPES = ("normal", "laser", "fire", "plasma", "explosion", "electrical")


def _notes(weapon: Weapon) -> str:
    """Name a weapon's special traits: heavy, scope, spray cone, blast radius, overload."""
    notes = ["heavy"] if weapon.heavy else []
    notes += ["scope"] if weapon.scope else []
    notes += [f"{weapon.cone} cone"] if "spray" in weapon.modes else []
    notes += [f"blast {weapon.blast}"] if weapon.blast else []
    notes += [f"overload {weapon.overload}"] if weapon.overload else []
    return ", ".join(notes) or "—"


def weapon_row(weapon: Weapon) -> str:
    """Return a weapon's row of the page's table."""
    damage = weapon.damage + ("" if weapon.damage_type == "normal" else f" {weapon.damage_type}")
    ammo = f"{weapon.magazine}" + (f", burst {weapon.burst}" if weapon.burst else "") if weapon.magazine else "—"
    return (f"| {weapon.name} | {damage} | {weapon.range} | {weapon.accuracy:+d} | {weapon.hands}, {weapon.size} | "
            f"{ammo} | {', '.join(weapon.modes)} | {', '.join(weapon.crits) or '—'} | {_notes(weapon)} |")


def armour_row(armour: Armour) -> str:
    """Return an armour's row of the page's table."""
    cells = " | ".join(str(armour.dt.get(kind, 0)) for kind in DAMAGE_TYPES)  # type: ignore[call-overload]
    return f"| {armour.name} | {cells} | {'yes' if armour.heavy else 'no'} |"


def rows(tables: FalloutTables) -> list[str]:
    """Return every row the page must show."""
    return [*(weapon_row(w) for w in tables.weapons.values()), *(armour_row(a) for a in tables.armour.values())]


def test_every_shipped_weapon_and_armour_is_on_the_page_as_it_is_in_the_data() -> None:
    text = PAGE.read_text(encoding="utf-8")
    missing = [row for row in rows(load_system_tables("fallout")) if row not in text]
    assert not missing, "docs/rules/fallout.md §15 is out of date:\n" + "\n".join(missing)


def test_attributes_run_from_1_to_10_and_default_to_5() -> None:
    import pytest

    from combat.errors import InvalidSheet
    from combat.sheet import SheetRequest
    from combat.systems.fallout.system import FalloutSystem

    system = FalloutSystem(load_system_tables("fallout"))
    for bad in ("0", "11"):
        with pytest.raises(InvalidSheet, match="from 1 to 10"):
            system.build_sheet(SheetRequest(traits={"strength": bad}))
    sheet = system.build_sheet(SheetRequest(traits={"strength": "10", "agility": "1"})).sheet
    assert (sheet.traits["strength"], sheet.traits["agility"], sheet.traits["endurance"]) == (10, 1, 5)


def test_any_burst_capable_weapon_sweeps() -> None:
    # "a character must have at least as many AP as the burst action requires": no AP in Simple, so any burst
    # weapon sweeps [ours], whether or not its row lists the sweep.
    row = Weapon(key="pea smg", name="Pea SMG", modes=("single", "burst"), damage="1d3", magazine=20, burst=5)
    assert row.modes == ("single", "burst", "sweep")
    assert Weapon(key="pea pistol", name="Pea pistol", modes=("single",), damage="1d3").modes == ("single",)
