"""Farscape locks: grapple hits pin, the pinned defend at -2, opposed Strength to escape, the counter lock."""

import pytest
from farscape_melee_kit import battered, encounter, f4, fighter, hit, melee, mods, strike

from combat.errors import RulesError
from combat.model import Condition

ORDER = {"hero": 1, "foe": 0}
PIN = Condition("pinned", value=-2, source="hero")
GRIP = Condition("grappling", source="foe")


def _locked(hero_traits=None, foe_traits=None, hero_conditions=()):
    hero = fighter("hero", conditions=(GRIP, *hero_conditions), **(hero_traits or {}))
    foe = fighter("foe", conditions=(PIN,), **(foe_traits or {}))
    return encounter(hero, foe)


def test_a_grapple_hit_pins_the_target_in_a_lock():
    enc = encounter(fighter("hero", grapple=2, brawling=0), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, act="grapple", initiative=ORDER)
    hero = outcome.result.sides[0]
    assert (hero.move, hero.roll.trait, hero.roll.level) == ("grapple", "grapple", 2)
    assert strike(outcome.result, "foe", "hero").defence_trait == "brawling"
    blow = hit(outcome.result, "hero", "foe")
    assert (blow.effect, blow.margin, blow.damage) == ("lock", 2, None)
    after = outcome.encounter
    assert after.get("foe").condition("pinned") == PIN
    assert after.get("hero").condition("grappling") == GRIP
    assert after.get("foe").health.stun.level is None


def test_a_missed_grapple_pins_nobody():
    enc = encounter(fighter("hero", grapple=0, brawling=0), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative=ORDER, move="grapple")
    assert not outcome.encounter.get("foe").has("pinned")
    assert not outcome.encounter.get("hero").has("grappling")


def test_the_pinned_victim_defends_at_minus_two():
    enc = encounter(fighter("other", brawling=0), fighter("foe", brawling=1, conditions=(PIN,)))
    outcome = melee(enc, "other", ["foe"], 0, 0, initiative={"other": 1, "foe": 0})
    assert mods(outcome.result.sides[1].defence_modifiers) == {"pinned": -2}
    assert strike(outcome.result, "other", "foe").defence == -1
    assert strike(outcome.result, "foe", "other").offence == 1
    assert [h.attacker for h in outcome.result.hits] == ["other", "foe"]


def test_the_grappler_striking_his_victim_is_at_minus_one_and_strains_the_lock():
    enc = _locked({"brawling": 1}, {"brawling": 0})
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative=ORDER)
    mine = strike(outcome.result, "hero", "foe")
    assert mods(mine.offence_modifiers) == {"striking from a lock": -1}
    assert (mine.offence, mine.defence, mine.margin) == (0, -2, 2)
    strained = outcome.encounter.get("hero").condition("lock strained")
    assert (strained.value, strained.elements) == (-1, 1)
    assert outcome.encounter.get("foe").condition("pinned") == PIN


def test_escape_is_opposed_strength_with_the_victim_at_minus_one():
    enc = _locked({"strength": 0}, {"strength": 1})
    outcome = melee(enc, "foe", [], 1, 0, act="escape")
    result = outcome.result
    assert (result.victim, result.grappler, result.broken) == ("foe", "hero", True)
    assert mods(result.victim_modifiers) == {"pinned": -1}
    assert (result.victim_roll.result, result.grappler_roll.result) == (1, 0)
    assert not outcome.encounter.get("foe").has("pinned")
    assert not outcome.encounter.get("hero").has("grappling")


def test_a_tied_strength_contest_holds_the_lock():
    enc = _locked({"strength": 0}, {"strength": 1})
    outcome = melee(enc, "foe", [], 0, 0, act="escape")
    assert not outcome.result.broken
    assert outcome.encounter.get("foe").condition("pinned") == PIN


def test_a_strained_grappler_is_minus_one_to_hold():
    strained = Condition("lock strained", value=-1, elements=1, source="hero")
    enc = _locked({"strength": 0}, {"strength": 1}, hero_conditions=(strained,))
    outcome = melee(enc, "foe", [], 0, 0, act="escape")
    assert mods(outcome.result.grappler_modifiers) == {"struck from the lock": -1}
    assert outcome.result.broken
    assert not outcome.encounter.get("hero").has("lock strained")


def test_only_a_pinned_fighter_can_escape():
    with pytest.raises(RulesError, match="not held"):
        melee(encounter(fighter("hero"), fighter("foe")), "foe", [], act="escape")


def test_a_lock_whose_grappler_let_go_frees_the_victim_without_a_roll():
    enc = encounter(fighter("hero"), fighter("foe", conditions=(PIN,)))
    outcome = melee(enc, "foe", [], act="escape")
    assert outcome.result.broken and outcome.result.victim_roll is None
    assert not outcome.encounter.get("foe").has("pinned")


def test_a_counter_lock_after_a_successful_defence_is_grapple_against_speed():
    enc = encounter(fighter("hero", martial_arts=2, grapple=1), fighter("foe", brawling=1, speed=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, act="counter lock", initiative=ORDER, extra=[*f4(1), *f4(0)])
    assert strike(outcome.result, "hero", "foe").reason == "no strike"
    assert strike(outcome.result, "foe", "hero").lands is False
    attempt = outcome.result.lock
    assert (attempt.grappler_roll.trait, attempt.grappler_roll.result) == ("grapple", 2)
    assert (attempt.victim_roll.trait, attempt.victim_roll.result) == ("speed", 0)
    assert attempt.success
    assert outcome.encounter.get("foe").condition("pinned") == PIN
    assert outcome.result.hits == ()


def test_a_lost_counter_lock_contest_pins_nobody():
    enc = encounter(fighter("hero", martial_arts=2, grapple=0), fighter("foe", brawling=1, speed=1))
    outcome = melee(enc, "hero", ["foe"], 0, 0, act="counter lock", initiative=ORDER, extra=[*f4(1), *f4(0)])
    assert not outcome.result.lock.success
    assert not outcome.encounter.get("foe").has("pinned")


def test_no_counter_lock_when_the_defence_fails():
    enc = encounter(fighter("hero", martial_arts=0), fighter("foe", brawling=2))
    outcome = melee(enc, "hero", ["foe"], 0, 0, act="counter lock", initiative=ORDER)
    assert outcome.result.lock is None
    assert [h.attacker for h in outcome.result.hits] == ["foe"]


def test_a_counter_lock_is_against_one_opponent():
    enc = encounter(fighter("hero", martial_arts=2), fighter("foe"), fighter("other"))
    with pytest.raises(RulesError, match="one opponent"):
        melee(enc, "hero", ["foe", "other"], act="counter lock")


def test_a_grappler_knocked_out_lets_go():
    hero = battered(fighter("hero", tier="ally", brawling=0, conditions=(GRIP,)))
    foe = fighter("foe", brawling=2, conditions=(PIN,))
    outcome = melee(encounter(hero, foe), "foe", ["hero"], 0, 0, initiative={"foe": 1, "hero": 0})
    assert hit(outcome.result, "foe", "hero").harm.out
    assert not outcome.encounter.get("foe").has("pinned")
    assert not outcome.encounter.get("hero").has("grappling")
    assert ("foe", "pinned") in outcome.result.conditions_removed


def test_a_new_lock_replaces_the_grappler_old_one():
    enc = encounter(fighter("hero", grapple=2, conditions=(Condition("grappling", source="other"),)),
                    fighter("foe", brawling=0), fighter("other", conditions=(Condition("pinned", -2, source="hero"),)))
    outcome = melee(enc, "hero", ["foe"], 0, 0, act="grapple", initiative=ORDER)
    assert outcome.encounter.get("hero").condition("grappling").source == "foe"
    assert not outcome.encounter.get("other").has("pinned")
