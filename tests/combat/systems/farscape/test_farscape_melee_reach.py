"""Holding a shorter-armed foe at bay with a longer weapon (seed, Weapon Size): the keep at bay move."""

import pytest
from farscape_melee_kit import encounter, fighter, melee, strike

from bot.systems.farscape.render import render_result
from combat.errors import RulesError
from combat.model import Condition
from combat.systems.farscape.digest import digest

ORDER = {"hero": 2, "foe": 1}
NAMES = {"hero": "Hero", "foe": "Foe"}
HELD = "at bay:foe"


def pikeman(**kw):
    return fighter("hero", weapons=("greatsword",), melee_weapon=1, **kw)


def knifer(**kw):
    """A knife fighter in heavy armour, so that the greatsword's blows leave no wound (and no Willpower roll)."""
    return fighter("foe", weapons=("knife",), melee_weapon=1, armour="plate", **kw)


def test_winning_the_offensive_contest_keeps_the_shorter_weapon_out_of_reach():
    outcome = melee(encounter(pikeman(), knifer()), "hero", ["foe"], 0, 0, act="keep at bay", initiative=ORDER,
                    stance="+2")
    theirs = strike(outcome.result, "foe", "hero")
    assert (theirs.offence, theirs.defence, theirs.margin) == (1, -1, 2)  # it would have hit
    assert (theirs.lands, theirs.reason) == (False, "at bay")
    assert [h.attacker for h in outcome.result.hits] == ["hero"]  # his own blow lands as usual
    assert outcome.encounter.get("hero").condition(HELD) == Condition(HELD, elements=2, source="foe")


def test_the_same_blow_lands_without_keeping_at_bay():
    outcome = melee(encounter(pikeman(), knifer()), "hero", ["foe"], 0, 0, initiative=ORDER, stance="+2")
    assert strike(outcome.result, "foe", "hero").lands
    assert not outcome.encounter.get("hero").has(HELD)


def test_held_at_bay_lasts_into_the_foes_own_attack_while_the_holder_wins():
    feinted = Condition("feinted", value=-2, elements=1, source="foe")
    hero = pikeman(conditions=(Condition(HELD, elements=1, source="foe"), feinted))
    outcome = melee(encounter(hero, knifer()), "foe", ["hero"], 0, 1, initiative=ORDER)  # foe 1, hero 2
    theirs = strike(outcome.result, "foe", "hero")
    assert (theirs.margin, theirs.reason) == (1, "at bay")  # past a feinted defence, but kept out
    assert outcome.encounter.get("hero").condition(HELD).elements == 2  # renewed


def test_a_foe_who_ties_the_offensive_contest_gets_inside():
    hero = pikeman(armour="plate", conditions=(Condition(HELD, elements=2, source="foe"),))
    outcome = melee(encounter(hero, knifer()), "hero", ["foe"], -2, 0, initiative=ORDER, stance="+2")
    theirs = strike(outcome.result, "foe", "hero")
    assert (theirs.offence, theirs.lands, theirs.reason) == (1, True, "hit")  # hero's offence 1 ties
    assert not outcome.encounter.get("hero").has(HELD)
    assert ("hero", HELD) in outcome.result.conditions_removed


def test_any_melee_weapon_outreaches_bare_hands():
    enc = encounter(fighter("hero", weapons=("knife",), melee_weapon=1), fighter("foe", brawling=1))
    outcome = melee(enc, "hero", ["foe"], 0, 0, act="keep at bay", initiative=ORDER, stance="+2")
    assert strike(outcome.result, "foe", "hero").reason == "at bay"


def test_keeping_at_bay_needs_the_longer_weapon():
    enc = encounter(fighter("hero", weapons=("sword",), melee_weapon=1), fighter("foe", weapons=("greatsword",)))
    with pytest.raises(RulesError, match="no longer than Foe's Greatsword"):
        melee(enc, "hero", ["foe"], act="keep at bay")
    with pytest.raises(RulesError, match="needs a melee weapon"):
        melee(encounter(fighter("hero", brawling=1), knifer()), "hero", ["foe"], act="keep at bay")


def test_a_held_martial_artist_gets_no_counter_lock():
    hero = pikeman(conditions=(Condition(HELD, elements=2, source="foe"),))
    foe = fighter("foe", martial_arts=1, grapple=3, armour="plate")
    outcome = melee(encounter(hero, foe), "foe", ["hero"], -1, 0, act="counter lock", initiative=ORDER)
    assert outcome.result.lock is None  # the hero's offence 1 beats the foe's 0: no lock tried, no dice for it
    assert outcome.encounter.get("hero").has(HELD)


def test_a_holder_who_makes_no_roll_lets_the_foe_in():
    minion = pikeman(tier="minion", conditions=(Condition(HELD, elements=2, source="foe"), Condition("warned")))
    outcome = melee(encounter(minion, knifer()), "foe", ["hero"], 0, initiative=ORDER)
    assert not outcome.encounter.get("hero").has(HELD)


def test_holding_at_bay_is_shown_and_summed_up():
    outcome = melee(encounter(pikeman(), knifer()), "hero", ["foe"], 0, 0, act="keep at bay", initiative=ORDER,
                    stance="+2")
    lines = render_result(outcome.result, NAMES)
    assert ("Foe → Hero: offence Good (+1) against Melee Weapon defence Mediocre (-1), margin +2: would hit, but "
            "the longer weapon holds him at bay (its offence is higher): the blow cannot reach") in lines
    assert "Hero is now keeping Foe at bay (this element and the next)" in lines
    assert digest(outcome.result)[1].note == "held at bay"


def test_a_blow_that_misses_anyway_stays_a_miss_and_is_not_said_to_be_held_at_bay():
    outcome = melee(encounter(pikeman(), knifer()), "hero", ["foe"], 0, -3, act="keep at bay", initiative=ORDER,
                    stance="+2")
    theirs = strike(outcome.result, "foe", "hero")
    assert theirs.margin < 1 and (theirs.lands, theirs.reason) == (False, "miss")
    assert outcome.encounter.get("hero").has(HELD)  # he still won the offensive contest: the holding goes on
    lines = render_result(outcome.result, NAMES)
    assert not any("at bay (its offence" in line for line in lines)
