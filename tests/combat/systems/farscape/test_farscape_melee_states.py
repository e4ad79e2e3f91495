"""Farscape melee edge states: straining while Incapacitated, standing up, frozen actors, refused option values."""

import pytest
from farscape_melee_kit import TABLES, dice, encounter, f4, fighter, hit, melee, mods, strike, wounded

from combat import engine
from combat.dice import ScriptedDice
from combat.errors import CannotAct, InvalidInput, RulesError
from combat.model import Condition
from combat.system import Intent
from combat.systems.farscape.exchange import resolve_melee
from combat.systems.farscape.melee_results import ExchangeResult, StandResult
from combat.systems.farscape.ranged_dodge import resolve_dodge
from combat.systems.farscape.strain import StrainResult
from combat.systems.farscape.system import FarscapeSystem

ORDER = {"hero": 1, "foe": 0}
INCAPACITATED = (0, 0, 0, 1, 0)
STRAIN = Condition("strain")
PRONE = Condition("prone", value=-1, elements=2, source="foe")


def _broken(strain=True, **traits):
    """Return an Incapacitated hero, with the GM's leave to strain unless told otherwise."""
    hero = fighter("hero", conditions=(STRAIN,) if strain else (), **traits)
    return wounded(hero, "lethal", INCAPACITATED)


def test_an_incapacitated_fighter_without_leave_cannot_fight():
    with pytest.raises(CannotAct):
        melee(encounter(_broken(strain=False, brawling=4), fighter("foe")), "hero", ["foe"])


def test_a_failed_strain_spends_the_element_and_does_nothing():
    enc = encounter(_broken(brawling=4, willpower=0), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 1, initiative=ORDER)
    assert isinstance(outcome.result, StrainResult)
    check = outcome.result.willpower
    assert (check.roll.trait, check.roll.result, check.difficulty, check.success) == ("willpower", 1, 2, False)
    assert (outcome.result.move, outcome.result.targets) == ("punch", ("foe",))
    assert outcome.encounter == enc
    assert outcome.ends_turn


def test_a_great_willpower_lets_him_fight_at_his_minus_three_wound_penalty_only():
    enc = encounter(_broken(brawling=4, willpower=1), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 1, 0, 0, initiative=ORDER)
    assert isinstance(outcome.result, ExchangeResult)
    assert (outcome.result.strain.roll.result, outcome.result.strain.success) == (2, True)
    hero = outcome.result.sides[0]
    assert mods(hero.offence_modifiers) == {"wounds": -3}
    assert mods(hero.defence_modifiers) == {"wounds": -3}
    assert (strike(outcome.result, "hero", "foe").margin, strike(outcome.result, "foe", "hero").margin) == (1, -1)
    assert (hit(outcome.result, "hero", "foe").damage.rating, hit(outcome.result, "hero", "foe").damage.success) == (
        -1, 1)


def test_a_fighter_on_his_feet_needs_no_strain_roll():
    enc = encounter(fighter("hero", brawling=1, conditions=(STRAIN,)), fighter("foe", brawling=1))
    assert melee(enc, "hero", ["foe"], 0, 0, initiative=ORDER).result.strain is None


def test_a_straining_fighter_can_be_attacked_and_fights_back_without_a_roll():
    enc = encounter(_broken(brawling=4), fighter("foe", brawling=0))
    outcome = melee(enc, "foe", ["hero"], 0, 0, initiative=ORDER)
    assert outcome.result.strain is None
    assert strike(outcome.result, "hero", "foe").lands
    with pytest.raises(RulesError, match="already down"):
        melee(encounter(_broken(strain=False), fighter("foe")), "foe", ["hero"])


@pytest.mark.parametrize(
    ("lethal", "conditions", "able"),
    [
        ((0, 0, 0, 0, 0), (), True),
        (INCAPACITATED, (), False),
        (INCAPACITATED, (STRAIN,), True),
        (INCAPACITATED, (STRAIN, Condition("unconscious")), False),
        ((0, 0, 0, 0, 1), (STRAIN,), False),
        ((0, 0, 0, 0, 0), (Condition("frozen"),), False),
    ],
)
def test_only_the_incapacitated_with_leave_to_strain_keep_their_turn(lethal, conditions, able):
    combatant = wounded(fighter("hero", conditions=conditions), "lethal", lethal)
    assert FarscapeSystem(TABLES).can_act(combatant, "action") is able


def test_the_gm_grants_and_withdraws_leave_to_strain_and_the_turn_order_follows():
    system = FarscapeSystem(TABLES)
    enc = encounter(_broken(strain=False, speed=4), fighter("foe", speed=0))
    assert engine.begin(system, enc, dice()).encounter.turns.is_turn_of("foe")
    granted = system.allow_strain(enc, "hero")
    assert granted.get("hero").has("strain")
    assert engine.begin(system, granted, dice()).encounter.turns.is_turn_of("hero")
    assert not system.allow_strain(granted, "hero", allowed=False).get("hero").has("strain")


def test_standing_up_ends_prone_and_takes_the_element():
    enc = encounter(fighter("hero", conditions=(PRONE,)), fighter("foe"))
    outcome = melee(enc, "hero", [], act="stand")
    assert outcome.result == StandResult("hero", PRONE)
    assert not outcome.encounter.get("hero").has("prone")
    assert outcome.ends_turn


def test_standing_up_through_the_system_passes_the_turn():
    system = FarscapeSystem(TABLES)
    enc = encounter(fighter("hero", speed=2, conditions=(PRONE,)), fighter("foe", speed=0))
    started = engine.begin(system, enc, dice())
    assert "stand" in [m.name for m in system.moves()]
    step = engine.act(system, started.encounter, Intent("hero", "stand"), dice())
    assert isinstance(step.result, StandResult)
    assert step.encounter.turns.is_turn_of("foe")


@pytest.mark.parametrize(
    ("conditions", "lethal", "error", "message"),
    [
        ((), (0, 0, 0, 0, 0), RulesError, "already on their feet"),
        ((PRONE, Condition("pinned", value=-2, source="foe")), (0, 0, 0, 0, 0), RulesError, "escape"),
        ((PRONE, STRAIN), INCAPACITATED, CannotAct, "no state"),
        ((PRONE, Condition("frozen")), (0, 0, 0, 0, 0), CannotAct, "no state"),
    ],
)
def test_standing_up_is_refused_when_it_cannot_be_done(conditions, lethal, error, message):
    hero = wounded(fighter("hero", conditions=conditions), "lethal", lethal)
    with pytest.raises(error, match=message):
        melee(encounter(hero, fighter("foe")), "hero", [], act="stand")


def test_prone_does_not_change_a_dodge_against_ranged_attacks():
    rolls = []
    for conditions in ((), (PRONE,)):
        enc = encounter(fighter("hero", agility=1, conditions=conditions))
        rolls.append(resolve_dodge(enc, Intent("hero", "dodge"), TABLES, dice(1)).result)
    assert [(r.value, r.modifiers) for r in rolls] == [(2, ()), (2, ())]


def test_a_frozen_fighter_cannot_start_an_exchange():
    frozen = fighter("hero", brawling=3, conditions=(Condition("frozen"),))
    with pytest.raises(CannotAct, match="no state to fight"):
        melee(encounter(frozen, fighter("foe")), "hero", ["foe"])


def test_a_frozen_defender_rolls_nothing_and_defends_at_fair_whatever_his_skill_or_wounds():
    frozen = wounded(fighter("foe", brawling=3, conditions=(Condition("frozen"),)), "lethal", (0, 1, 0, 0, 0))
    outcome = melee(encounter(fighter("hero", brawling=0), frozen), "hero", ["foe"], 1, initiative=ORDER)
    mine = strike(outcome.result, "hero", "foe")
    assert (mine.defence, mine.defence_trait, mine.margin, mine.lands) == (0, "none (frozen)", 1, True)
    assert [h.attacker for h in outcome.result.hits] == ["hero"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"stance": "+3"}, "use +1 or +2 (offensive), -1 or -2 (defensive), or 0 (even)"),
        ({"location": "tail"}, "named 'tail' here. Choose from: torso, arm, leg, head, hand, foot, eye."),
        ({"move": "headbutt"}, "Choose from: punch, roundhouse, kick, body blow, hand strike"),
        ({"move": "punhc"}, "did you mean 'punch'? Choose from: punch,"),
        ({"weapon": "spoon"}, "Choose from: sword, none."),
        ({"defend": "luck"}, "speed or acrobatics"),
        ({"extend": "maybe"}, "yes or no"),
    ],
)
def test_an_unknown_option_value_is_refused_with_the_valid_values_before_any_roll(options, message):
    enc = encounter(fighter("hero", weapons=("sword", "pistol")), fighter("foe"))
    script = ScriptedDice([*f4(0), *f4(0)])
    with pytest.raises(InvalidInput) as refused:
        resolve_melee(enc, Intent("hero", "attack", ("foe",), options), TABLES, script)
    assert message in refused.value.message
    assert message in str(refused.value)
    assert script.remaining == 8
