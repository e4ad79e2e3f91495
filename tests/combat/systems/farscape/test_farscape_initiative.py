"""Farscape initiative: Speed, wound and stun penalties, weapon-size steps, GM adjustments, Agility, true ties."""

from __future__ import annotations

from farscape_melee_kit import TABLES, encounter, fighter

from combat.dice import ScriptedDice
from combat.model import Condition
from combat.systems.farscape.harm import apply_wound
from combat.systems.farscape.initiative import initiative_entries, score, size_penalty
from combat.systems.farscape.system import FarscapeSystem
from combat.turns import schedule

SYSTEM = FarscapeSystem(TABLES)


def engaged(combatant, foe, weapon):
    return combatant.with_condition(Condition("engaged", source=foe)).with_condition(
        Condition("wielding", source=weapon)
    )


def test_size_steps_cost_the_larger_weapon_initiative():
    assert size_penalty(-2, -1) == -1  # greatsword against a sword
    assert size_penalty(-2, 1) == -3  # greatsword against a knife
    assert size_penalty(1, -2) == 0  # the knife pays nothing


def test_initiative_adds_wounds_stun_size_and_the_gm_s_adjustment():
    hero = engaged(fighter("dargo", speed=2, weapons=("greatsword",)), "foe1", "greatsword")
    foe = engaged(fighter("foe1", weapons=("knife",)), "dargo", "knife")
    hero, _ = apply_wound(hero, "lethal", 3, ScriptedDice([]))  # Hurt: -1
    hero = hero.with_condition(Condition("stun", value=-1, elements=2)).with_condition(
        Condition("initiative", value=1)
    )
    parts = score(hero, encounter(hero, foe), TABLES)
    assert (parts.speed, parts.wounds, parts.size, parts.other, parts.total) == (2, -2, -3, 1, -2)


def test_a_fallen_foe_s_weapon_costs_nothing():
    hero = engaged(fighter("dargo", weapons=("greatsword",)), "foe1", "greatsword")
    foe = engaged(fighter("foe1", weapons=("knife",)), "dargo", "knife").with_condition(Condition("unconscious"))
    assert score(hero, encounter(hero, foe), TABLES).size == 0


def test_agility_breaks_ties_and_exact_ties_act_together():
    fight = encounter(
        fighter("aeryn", speed=1, agility=2),
        fighter("dargo", speed=1, agility=0),
        fighter("foe1", speed=1, agility=0),
        fighter("foe2", speed=2),
    )
    slots = schedule(SYSTEM.phases, initiative_entries(fight, TABLES))
    assert [slot.actors for slot in slots] == [("foe2",), ("aeryn",), ("dargo", "foe1")]


def test_initiative_rolls_no_dice():
    fight = encounter(fighter("aeryn", speed=1), fighter("foe1"))
    assert SYSTEM.initiative(fight, ScriptedDice([])) == initiative_entries(fight, TABLES)
