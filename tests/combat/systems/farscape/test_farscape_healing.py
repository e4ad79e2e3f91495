"""Farscape healing: scratches, First Aid and Medicine, natural recovery, stun rest and waking up."""

import pytest

from combat.dice import ScriptedDice
from combat.errors import InvalidInput, RulesError
from combat.model import Combatant, Condition
from combat.systems.farscape.healing import clear_scratches, ease, recover, rest, treat, wake
from combat.systems.farscape.sheet import SPEC
from combat.systems.farscape.wounds import Track, fresh_health, mark

ZERO = [0, 0, 0, 0]


def wounded(tier, kind, *damages):
    health = fresh_health(tier)
    for d in damages:
        health, _ = mark(health, kind, d)
    return health


def patient(health, constitution=0, conditions=()):
    sheet = SPEC.build(traits={"constitution": constitution}, tier=health.tier)
    return Combatant("p", "Patient", "heroes", sheet, health, conditions=tuple(conditions))


def test_scratches_clear_on_their_own_and_nothing_else_does():
    health = wounded("ally", "lethal", 1, 2, 3)
    assert health.lethal.filled == (2, 1, 0, 0, 0)
    healed = clear_scratches(health)
    assert healed.lethal.filled == (0, 1, 0, 0, 0)
    assert healed.stun == health.stun


def test_ease_lowers_the_level_by_exactly_one():
    assert ease(Track("lethal", (0, 0, 0, 1, 0))).filled == (0, 0, 1, 0, 0)
    assert ease(Track("lethal", (2, 1, 1, 0, 0))).filled == (2, 1, 0, 0, 0)
    assert ease(Track("lethal", (0, 2, 0, 0, 0))).filled == (1, 0, 0, 0, 0)
    assert ease(Track("stun", (1, 0, 0, 0))).filled == (0, 0, 0, 0)
    assert ease(Track("stun", (0, 0, 0, 0))).filled == (0, 0, 0, 0)


@pytest.mark.parametrize(
    ("damage", "level", "difficulty", "hours"),
    [(3, "Hurt", 0, 24), (5, "Very Hurt", 1, 72), (7, "Incapacitated", 2, 168), (9, "Near Death", 3, 336)],
)
def test_medicine_difficulty_and_time_by_level(damage, level, difficulty, hours):
    health = wounded("ally", "lethal", damage)
    result = treat(health, ScriptedDice(ZERO), skill="medicine", level=difficulty)
    assert result.level == level
    assert result.difficulty == difficulty
    assert result.success
    assert result.hours == hours
    assert not result.halved
    assert result.health.lethal.level == health.lethal.level - 1
    assert result.check.roll.trait == "medicine"


def test_success_by_two_levels_halves_the_time():
    health = wounded("ally", "lethal", 5)
    result = treat(health, ScriptedDice([1, 1, 0, 0]), skill="medicine", level=1)
    assert result.check.margin == 2
    assert result.halved
    assert result.hours == 36


def test_failure_leaves_the_wound_and_still_takes_the_time():
    health = wounded("ally", "lethal", 5)
    result = treat(health, ScriptedDice(ZERO), skill="medicine", level=0)
    assert not result.success
    assert result.health == health
    assert result.hours == 72


@pytest.mark.parametrize(("damage", "penalty"), [(3, 0), (5, -1), (7, -2)])
def test_first_aid_takes_its_penalty(damage, penalty):
    health = wounded("ally", "lethal", damage)
    result = treat(health, ScriptedDice(ZERO), skill="first aid", level=2)
    assert result.check.roll.modifier == penalty
    assert result.check.roll.trait == "first aid"


def test_first_aid_penalty_can_make_it_fail_where_medicine_succeeds():
    health = wounded("ally", "lethal", 5)
    assert treat(health, ScriptedDice(ZERO), skill="medicine", level=1).success
    assert not treat(health, ScriptedDice(ZERO), skill="first aid", level=1).success


def test_first_aid_cannot_treat_near_death():
    with pytest.raises(RulesError, match="Medicine"):
        treat(wounded("ally", "lethal", 9), ScriptedDice(ZERO), skill="first aid", level=4)


def test_equipment_modifies_the_roll():
    health = wounded("ally", "lethal", 7)
    assert not treat(health, ScriptedDice(ZERO), skill="medicine", level=1).success
    result = treat(health, ScriptedDice(ZERO), skill="medicine", level=1, equipment=1)
    assert result.check.roll.modifier == 1
    assert result.success
    assert result.health.lethal.level_name == "Very Hurt"


def test_near_death_treated_becomes_incapacitated():
    health = wounded("ally", "lethal", 9)
    result = treat(health, ScriptedDice(ZERO), skill="medicine", level=3)
    assert result.health.lethal.filled == (0, 0, 0, 1, 0)
    assert not result.health.knocked_out


def test_hurt_treated_becomes_a_scratch_that_then_clears():
    health = wounded("protagonist", "lethal", 3, 3)
    result = treat(health, ScriptedDice(ZERO), skill="first aid", level=0)
    assert result.health.lethal.level_name == "Scratch"
    assert clear_scratches(result.health).lethal.level_name == "Healthy"


@pytest.mark.parametrize("damages", [(), (1,), (2, 1)])
def test_nothing_to_treat_below_hurt(damages):
    with pytest.raises(RulesError, match="nothing to treat"):
        treat(wounded("ally", "lethal", *damages), ScriptedDice(ZERO), skill="medicine", level=3)


def test_bad_skill_or_equipment_is_refused():
    health = wounded("ally", "lethal", 3)
    with pytest.raises(InvalidInput):
        treat(health, ScriptedDice(ZERO), skill="surgery", level=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput):
        treat(health, ScriptedDice(ZERO), skill="medicine", level=3, equipment=9)


@pytest.mark.parametrize(("damage", "difficulty", "hours"), [(3, 0, 72), (5, 1, 168), (7, 2, 336)])
def test_natural_recovery_rolls_constitution(damage, difficulty, hours):
    health = wounded("ally", "lethal", damage)
    result = recover(health, ScriptedDice([1, 0, 0, 0]), constitution=difficulty)
    assert result.method == "natural"
    assert result.check.roll.trait == "constitution"
    assert result.difficulty == difficulty
    assert result.success
    assert result.hours == hours and not result.halved  # one level over: the full time
    assert result.health.lethal.level == health.lethal.level - 1
    # "A rolled degree of two or more levels higher than is required halves the time": rest too, not only care.
    halved = recover(health, ScriptedDice([1, 1, 0, 0]), constitution=difficulty)
    assert halved.success and halved.halved and halved.hours == hours / 2
    failed = recover(health, ScriptedDice([-1, 0, 0, 0]), constitution=difficulty)
    assert not failed.success and failed.health == health


def test_near_death_does_not_heal_by_rest():
    with pytest.raises(RulesError, match="Medicine"):
        recover(wounded("ally", "lethal", 9), ScriptedDice(ZERO), constitution=4)


def test_stun_recovers_one_level_per_arn():
    p = patient(wounded("ally", "stun", 5, 1), conditions=[Condition("stun", value=-2, elements=3)])
    one = rest(p, 1)
    assert (one.before, one.after, one.hours) == ("Very Stunned", "Stunned", 1)
    assert one.health.stun.filled == (1, 1, 0, 0)
    assert not one.combatant.has("stun")
    assert rest(p, 2).after == "Dazed"
    assert rest(p, 3).after == "Healthy"
    assert rest(p, 5).health.stun.filled == (0, 0, 0, 0)


def test_no_rest_changes_nothing():
    p = patient(wounded("ally", "stun", 7), conditions=[Condition("unconscious")])
    result = rest(p, 0)
    assert result.combatant == p
    assert not result.woke


def test_an_arn_wakes_the_unconscious():
    p = patient(wounded("ally", "stun", 7), conditions=[Condition("unconscious")])
    result = rest(p, 1)
    assert result.woke
    assert result.after == "Very Stunned"
    assert not result.combatant.has("unconscious")


def test_an_arn_wakes_someone_knocked_out_by_lethal_damage():
    p = patient(wounded("ally", "lethal", 5), conditions=[Condition("unconscious")])
    result = rest(p, 1)
    assert result.woke
    assert result.health.lethal == p.health.lethal


def test_rest_does_not_wake_the_near_dead():
    p = patient(wounded("ally", "lethal", 9), conditions=[Condition("unconscious")])
    result = rest(p, 4)
    assert not result.woke
    assert result.combatant.has("unconscious")


def test_rest_refuses_negative_time():
    with pytest.raises(InvalidInput):
        rest(patient(fresh_health("ally")), -1)


def test_a_great_constitution_roll_wakes_early():
    p = patient(wounded("ally", "stun", 7), constitution=0, conditions=[Condition("unconscious")])
    result = wake(p, ScriptedDice([1, 1, 0, 0]))
    assert result.difficulty == 2
    assert result.success
    assert result.hours == 0.25
    assert not result.combatant.has("unconscious")
    assert result.health.stun.level_name == "Very Stunned"


def test_a_failed_wake_roll_changes_nothing():
    p = patient(wounded("ally", "stun", 7), constitution=1, conditions=[Condition("unconscious")])
    result = wake(p, ScriptedDice(ZERO))
    assert not result.success
    assert result.combatant == p


def test_wake_from_lethal_knockout_keeps_the_wounds():
    p = patient(wounded("ally", "lethal", 7), constitution=2, conditions=[Condition("unconscious")])
    result = wake(p, ScriptedDice(ZERO))
    assert result.success
    assert result.health == p.health
    assert not result.combatant.has("unconscious")


def test_wake_needs_someone_unconscious_and_not_near_death():
    with pytest.raises(RulesError, match="awake"):
        wake(patient(fresh_health("ally")), ScriptedDice(ZERO))
    near_death = patient(wounded("ally", "lethal", 9), conditions=[Condition("unconscious")])
    with pytest.raises(RulesError, match="Near Death"):
        wake(near_death, ScriptedDice(ZERO))


def test_wake_uses_the_modifier():
    p = patient(fresh_health("ally"), constitution=0, conditions=[Condition("unconscious")])
    assert wake(p, ScriptedDice(ZERO), modifier=2).success
