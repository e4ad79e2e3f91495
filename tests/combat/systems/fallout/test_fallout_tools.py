"""The GM's map tools: the board's size, walls and terrain marked and cleared, combatants placed."""

from __future__ import annotations

import pytest
from fallout_kit import SYSTEM, person, scene, state

from combat.dice import ScriptedDice
from combat.errors import CannotAct
from combat.systems.fallout.state import field_of


def tool(encounter, name: str, **options):
    return SYSTEM.use_tool(encounter, name, options, ScriptedDice())


def test_walls_are_marked_and_cleared() -> None:
    fight = scene(person("Ann", "vault", "A1"))
    walled = tool(fight, "wall", hexes="C4, c5")
    assert field_of(walled.encounter).walls == ("C4", "C5") and walled.result.kind == "wall"
    cleared = tool(walled.encounter, "wall", hexes="C4", clear=True)
    assert field_of(cleared.encounter).walls == ("C5",)
    spaced = tool(fight, "wall", hexes="D6 D7,  D8")  # spaces separate hexes as commas do
    assert field_of(spaced.encounter).walls == ("D6", "D7", "D8")
    with pytest.raises(CannotAct, match="Someone stands on A1"):
        tool(fight, "wall", hexes="A1")


def test_terrain_is_marked_replaced_and_cleared() -> None:
    fight = scene(person("Ann", "vault", "A1"))
    smoky = tool(fight, "terrain", hexes="C4,C5", kind="smoke").encounter
    darker = tool(smoky, "terrain", hexes="C5", kind="dark").encounter
    assert field_of(darker).terrain == (("C4", "smoke"), ("C5", "dark"))
    assert field_of(tool(darker, "terrain", hexes="C4,C5", kind="none").encounter).terrain == ()


def test_combatants_are_placed_with_facing_and_stance() -> None:
    fight = scene(person("Ann"), person("Bo", "foes", "D4"))
    placed = tool(fight, "place", target="ann", hex="C4", facing="se", stance="crouch")
    assert (state(placed.encounter, "ann").hex, state(placed.encounter, "ann").facing,
            state(placed.encounter, "ann").stance) == ("C4", "se", "crouch")
    with pytest.raises(CannotAct, match="Bo already stands on D4"):
        tool(fight, "place", target="ann", hex="D4")
    with pytest.raises(CannotAct, match="off the map"):
        tool(fight, "place", target="ann", hex="Z40")


def test_the_board_can_be_resized() -> None:
    bigger = tool(scene(person("Ann")), "board", columns=20, rows=14)
    assert (field_of(bigger.encounter).columns, field_of(bigger.encounter).rows) == (20, 14)
