"""Stun wears off element by element as rounds start, while the stun boxes stay filled."""

from __future__ import annotations

from farscape_melee_kit import TABLES, encounter, fighter

from combat.dice import ScriptedDice
from combat.systems.farscape.harm import apply_wound, penalty
from combat.systems.farscape.system import FarscapeSystem

SYSTEM = FarscapeSystem(TABLES)


def test_very_stunned_is_minus_two_for_two_elements_then_minus_one_then_gone():
    hero = fighter("crichton", willpower=3)
    hero, harm = apply_wound(hero, "stun", 5, ScriptedDice([0, 0, 0, 0]))  # Very Stunned; Willpower holds
    assert harm.wound.marked == "Very Stunned" and not harm.unconscious
    fight = encounter(hero)
    seen = [penalty(fight.get("crichton"))]
    for _ in range(4):
        fight, _ = SYSTEM.start_round(fight, ScriptedDice([]))
        seen.append(penalty(fight.get("crichton")))
    assert seen == [-2, -2, -2, -1, 0]  # the rest of this element, two more at -2, one at -1
    assert fight.get("crichton").health.stun.level_name == "Very Stunned"


def test_dazed_lasts_the_rest_of_this_element_and_the_next():
    hero, _ = apply_wound(fighter("crichton"), "stun", 1, ScriptedDice([]))
    fight = encounter(hero)
    seen = [penalty(fight.get("crichton"))]
    for _ in range(2):
        fight, started = SYSTEM.start_round(fight, ScriptedDice([]))
        seen.append(penalty(fight.get("crichton")))
    assert seen == [-1, -1, 0]
    assert ("crichton", "stun") in started.expired
