"""Overloading an SEC weapon: twice a shot's charges a round, the next single shot fires them all, holding at the
most costs a charge a round, and venting lets it go."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fallout_kit import SYSTEM, act, person, scene, state

from combat.dice import ScriptedDice
from combat.errors import CannotAct


def laser():
    return person("Las", "vault", "C6", weapons=("laser pistol",), firearms=5)


def test_each_overload_costs_two_charges_and_the_shot_fires_them_all() -> None:
    fight = scene(laser(), person("Target", "foes", "C3"))
    once = act(fight, "las", "overload")
    assert (once.result.level, once.result.used, once.result.left) == (1, 2, 10)
    assert [(b.move, b.note) for b in SYSTEM.digest(once.result)] == [("overload", "laser pistol x1")]
    twice = act(once.encounter, "las", "overload")
    assert state(twice.encounter, "las").overloaded == 2
    with pytest.raises(CannotAct, match="at its most"):
        act(twice.encounter, "las", "overload")
    # Accuracy +1: [4, 4] + 10 + 1 = 19. Three charges: 2d8 three times, +4 each: [1, 1, 1, 1, 1, 1] + 12 = 18.
    shot = act(twice.encounter, "las", "attack", "target", faces=(4, 4, 1, 1, 1, 1, 1, 1))
    assert shot.result.hits[0].faces == (1, 1, 1, 1, 1, 1) and shot.result.hits[0].rolled == 18
    assert state(shot.encounter, "las").overloaded == 0 and state(shot.encounter, "las").loaded("laser pistol") == 7


def test_holding_at_the_most_costs_a_charge_each_round_and_venting_releases_it() -> None:
    fight = scene(laser())
    full = act(act(fight, "las", "overload").encounter, "las", "overload").encounter
    held, start = SYSTEM.start_round(full, ScriptedDice())
    assert start.overloads == (("las", 7),) and state(held, "las").loaded("laser pistol") == 7
    vented = act(held, "las", "vent")
    assert state(vented.encounter, "las").overloaded == 0 and vented.result.level == 0


def test_only_sec_and_mfc_weapons_overload() -> None:
    with pytest.raises(CannotAct, match="cannot overload"):
        act(scene(person("Gun", "vault", "C6", weapons=("10mm pistol",))), "gun", "overload")
    empty = laser()
    empty = replace(empty, state=empty.state.with_ammo("laser pistol", 1))
    with pytest.raises(CannotAct, match="needs 2 charges"):
        act(scene(empty), "las", "overload")
