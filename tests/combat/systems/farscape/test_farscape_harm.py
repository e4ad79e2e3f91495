"""Applying Farscape wounds to combatants: stun penalties wearing off, Willpower against blacking out."""

from dataclasses import replace

import pytest

from combat.dice import ScriptedDice
from combat.model import Combatant, Condition
from combat.systems.farscape.harm import apply_wound, penalty, trait
from combat.systems.farscape.sheet import SPEC
from combat.systems.farscape.wounds import fresh_health, mark, stun_penalty

ZERO = [0, 0, 0, 0]


def fighter(tier="ally", willpower=0, **traits):
    sheet = SPEC.build(traits={"willpower": willpower, **traits}, tier=tier)
    return Combatant("f", "Fighter", "heroes", sheet, fresh_health(tier))


def test_trait_reads_the_sheet_and_falls_back_to_defaults():
    c = fighter(willpower=2, **{"energy weapons": 1})
    assert trait(c, "willpower") == 2
    assert trait(c, "Energy Weapons") == 1
    assert trait(c, "agility") == 0
    assert trait(c, "medicine") == -2


@pytest.mark.parametrize(("damage", "level"), [(1, "Dazed"), (3, "Stunned")])
def test_light_stun_is_minus_one_for_this_element_and_the_next(damage, level):
    c, harm = apply_wound(fighter(), "stun", damage, ScriptedDice())
    assert harm.wound.marked == level
    assert harm.willpower is None
    stun = c.condition("stun")
    assert stun is not None
    assert [stun_penalty(replace(stun, elements=n)) for n in range(stun.elements, 0, -1)] == [-1, -1]
    assert penalty(c) == -1
    assert not harm.out


def test_very_stunned_is_minus_two_for_two_more_elements_then_minus_one():
    c, _ = apply_wound(fighter(), "stun", 5, ScriptedDice(ZERO))
    stun = c.condition("stun")
    assert stun is not None
    # The element it was taken in, the two that follow at -2, then one more at -1.
    assert [stun_penalty(replace(stun, elements=n)) for n in range(stun.elements, 0, -1)] == [-2, -2, -2, -1]
    assert penalty(c) == -2


def test_very_stunned_asks_for_no_willpower_roll():
    # Seed: Very Stunned "In some cases the character may have to make a Good Willpower roll" (Very Hurt: "In most
    # cases"): only the exception, so no die is rolled; an ally taking 5 Stun is Very Stunned and awake.
    c, harm = apply_wound(fighter(willpower=0), "stun", 5, ScriptedDice([]))
    assert harm.willpower is None and harm.wound.after == "Very Stunned"
    assert not c.has("unconscious")
    assert not harm.unconscious and not harm.out


def test_very_hurt_asks_for_a_good_willpower_roll():
    c, harm = apply_wound(fighter(willpower=0), "lethal", 5, ScriptedDice([1, 0, 0, 0]))
    assert harm.willpower is not None
    assert harm.willpower.difficulty == 1
    assert harm.willpower.roll.trait == "willpower"
    assert harm.willpower.success
    assert not c.has("unconscious")
    assert not harm.unconscious and not harm.out


def test_failing_the_willpower_roll_knocks_out():
    c, harm = apply_wound(fighter(willpower=0), "lethal", 5, ScriptedDice(ZERO))
    assert harm.willpower is not None and not harm.willpower.success
    assert c.has("unconscious")
    assert harm.unconscious and harm.out


def test_willpower_uses_the_sheet_level():
    _, harm = apply_wound(fighter(willpower=2), "lethal", 7, ScriptedDice([-1, -1, 0, 0]))
    assert harm.willpower is not None
    assert harm.willpower.roll.level == 2
    assert harm.willpower.difficulty == 2
    assert harm.willpower.roll.result == 0
    assert not harm.willpower.success


def test_very_hurt_needs_good_willpower_and_gives_minus_two():
    c, harm = apply_wound(fighter(willpower=1), "lethal", 5, ScriptedDice(ZERO))
    assert harm.wound.marked == "Very Hurt"
    assert harm.willpower is not None and harm.willpower.difficulty == 1
    assert harm.willpower.success
    assert penalty(c) == -2
    assert not harm.out


def test_incapacitated_needs_great_willpower_and_is_out_anyway():
    c, harm = apply_wound(fighter(willpower=2), "lethal", 7, ScriptedDice(ZERO))
    assert harm.willpower is not None and harm.willpower.difficulty == 2
    assert harm.willpower.success
    assert not harm.unconscious
    assert harm.out
    assert penalty(c) == -3


def test_hurt_asks_for_no_roll():
    c, harm = apply_wound(fighter(), "lethal", 3, ScriptedDice())
    assert harm.willpower is None
    assert penalty(c) == -1


def test_no_roll_when_the_level_was_not_newly_reached():
    c, _ = apply_wound(fighter(willpower=3), "lethal", 7, ScriptedDice(ZERO))
    c, harm = apply_wound(c, "lethal", 5, ScriptedDice())
    assert harm.wound.marked == "Very Hurt"
    assert harm.wound.before == harm.wound.after == "Incapacitated"
    assert harm.willpower is None


def test_no_roll_when_already_unconscious():
    c = fighter().with_condition(Condition("unconscious"))
    c, harm = apply_wound(c, "lethal", 5, ScriptedDice())
    assert harm.willpower is None
    assert harm.unconscious


def test_near_death_and_stun_unconscious_knock_out_without_a_roll():
    c, harm = apply_wound(fighter(), "lethal", 9, ScriptedDice())
    assert harm.willpower is None and harm.unconscious and c.has("unconscious")
    c, harm = apply_wound(fighter(), "stun", 7, ScriptedDice())
    assert harm.willpower is None and harm.unconscious and c.has("unconscious")
    assert c.condition("stun") is None


def test_roll_up_into_very_hurt_also_asks_for_willpower():
    c = fighter("minion")
    c = replace(c, health=mark(mark(c.health, "lethal", 3)[0], "lethal", 1)[0])
    c, harm = apply_wound(c, "lethal", 3, ScriptedDice([1, 1, 0, 0]))
    assert harm.wound.rolled_up and harm.wound.marked == "Very Hurt"
    assert harm.willpower is not None and harm.willpower.difficulty == 1


def test_penalty_adds_lethal_and_stun():
    c, _ = apply_wound(fighter(), "lethal", 3, ScriptedDice())
    c, _ = apply_wound(c, "stun", 1, ScriptedDice())
    assert penalty(c) == -2


def test_a_harsher_stun_replaces_a_milder_one():
    c, _ = apply_wound(fighter(), "stun", 1, ScriptedDice())
    c, _ = apply_wound(c, "stun", 5, ScriptedDice([1, 1, 1, 1]))
    stun = c.condition("stun")
    assert stun is not None and (stun.value, stun.elements) == (-2, 4)


def test_a_milder_stun_does_not_shorten_a_harsher_one():
    c = fighter().with_condition(Condition("stun", value=-2, elements=3))
    c, _ = apply_wound(c, "stun", 1, ScriptedDice())
    stun = c.condition("stun")
    assert stun is not None and (stun.value, stun.elements) == (-2, 3)


def test_a_new_daze_outlasts_the_last_element_of_very_stunned():
    # Very Stunned in its last element is only -1; a fresh Dazed (-1 now and next element) must not be lost.
    c = fighter().with_condition(Condition("stun", value=-2, elements=1))
    c, _ = apply_wound(c, "stun", 1, ScriptedDice())
    stun = c.condition("stun")
    assert stun is not None and (stun.value, stun.elements) == (-1, 2)
