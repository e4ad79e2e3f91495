"""Farscape unarmed and melee moves: Damage Ratings, offence changes, kicks and blocks, sweeps, feints, the flat."""

import pytest
from farscape_melee_kit import VEST, encounter, fighter, hit, melee, mods, strike

from bot.systems.farscape.render import render_result
from combat.errors import RulesError
from combat.model import Condition
from combat.systems.farscape.exchange import size_penalty
from combat.systems.farscape.melee_moves import find_technique

ORDER = {"hero": 1, "foe": 0, "other": -1}


@pytest.mark.parametrize(
    ("move", "skills", "offence", "rating", "bonus"),
    [
        ("punch", {"brawling": 2}, 0, -1, 0),
        ("roundhouse", {"brawling": 2}, -1, -1, 1),
        ("kick", {"brawling": 2}, -1, 0, 0),
        ("body blow", {"brawling": 2}, 0, -1, 0),
        ("hand strike", {"martial_arts": 2}, 0, 0, 0),
        ("power strike", {"martial_arts": 2}, -1, 0, 1),
        ("fast strike", {"martial_arts": 2}, 1, 0, -1),
        ("kick", {"martial_arts": 2}, 0, 1, 0),
        ("ma kick", {"martial_arts": 2}, 0, 1, 0),
        ("body blow", {"martial_arts": 2}, 0, 0, 0),
    ],
)
def test_each_unarmed_move_has_its_damage_rating_and_offence_change(move, skills, offence, rating, bonus):
    enc = encounter(fighter("hero", **skills), fighter("foe", martial_arts=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative=ORDER, move=move)
    mine = strike(outcome.result, "hero", "foe")
    assert mine.offence == 2 + offence
    blow = hit(outcome.result, "hero", "foe")
    assert (blow.damage.rating, blow.damage.bonus, blow.damage.success) == (rating, bonus, 2 + offence)
    assert blow.damage.value == rating + bonus + 2 + offence
    assert blow.kind == "stun"
    assert outcome.encounter.get("foe").health.lethal.level is None


def test_unarmed_damage_adds_strength():
    enc = encounter(fighter("hero", brawling=2, strength=1), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative=ORDER)
    blow = hit(outcome.result, "hero", "foe")
    assert (blow.damage.strength, blow.damage.value) == (1, 2)


def test_a_martial_artist_fights_with_martial_arts_by_default():
    enc = encounter(fighter("hero", martial_arts=1, brawling=0), fighter("foe"))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative=ORDER)
    hero = outcome.result.sides[0]
    assert (hero.style, hero.move, hero.roll.trait, hero.roll.level) == ("martial arts", "hand strike",
                                                                         "martial arts", 1)


def test_an_untrained_fighter_brawls():
    enc = encounter(fighter("hero"), fighter("foe"))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative=ORDER)
    assert (outcome.result.sides[0].style, outcome.result.sides[0].roll.level) == ("brawling", -2)


def test_a_brawler_blocking_a_kick_is_at_minus_one():
    enc = encounter(fighter("hero", brawling=2), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative=ORDER, move="kick")
    mine = strike(outcome.result, "hero", "foe")
    assert mods(mine.defence_modifiers) == {"blocking a kick": -1}
    assert (mine.offence, mine.defence, mine.margin) == (1, -1, 2)


def test_a_martial_artist_blocks_kicks_without_penalty():
    enc = encounter(fighter("hero", brawling=2), fighter("foe", martial_arts=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative=ORDER, move="kick")
    assert strike(outcome.result, "hero", "foe").defence_modifiers == ()
    assert strike(outcome.result, "hero", "foe").defence == 0


def test_a_kick_only_troubles_the_brawler_it_is_aimed_at():
    enc = encounter(fighter("hero", brawling=2), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative=ORDER)
    assert strike(outcome.result, "hero", "foe").defence_modifiers == ()


def test_a_sweep_knocks_the_target_down_instead_of_hurting():
    enc = encounter(fighter("hero", martial_arts=2), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, act="sweep", initiative=ORDER)
    mine = strike(outcome.result, "hero", "foe")
    assert mods(mine.defence_modifiers) == {"blocking a kick": -1}
    blow = hit(outcome.result, "hero", "foe")
    assert (blow.effect, blow.damage, blow.harm) == ("prone", None, None)
    prone = outcome.encounter.get("foe").condition("prone")
    assert (prone.value, prone.elements, prone.source) == (-1, 2, "hero")
    assert outcome.encounter.get("foe").health.stun.level is None


def test_a_missed_sweep_leaves_the_target_standing():
    enc = encounter(fighter("hero", martial_arts=0), fighter("foe", martial_arts=1))
    outcome = melee(enc, "hero", ["foe"], 0, 0, act="sweep", initiative=ORDER)
    assert not outcome.encounter.get("foe").has("prone")


def test_a_fallen_fighter_fights_at_minus_one():
    down = fighter("foe", brawling=1, conditions=(Condition("prone", value=-1, elements=1, source="hero"),))
    enc = encounter(fighter("hero", brawling=1), down)
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative=ORDER)
    foe = outcome.result.sides[1]
    assert mods(foe.offence_modifiers) == {"prone": -1}
    assert mods(foe.defence_modifiers) == {"prone": -1}
    assert [h.attacker for h in outcome.result.hits] == ["hero"]


def test_a_feint_lowers_the_target_defence_against_the_feinter_next_element():
    enc = encounter(fighter("hero", brawling=2), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, act="feint", initiative=ORDER)
    blow = hit(outcome.result, "hero", "foe")
    assert (blow.effect, blow.margin, blow.damage) == ("feint", 2, None)
    feinted = outcome.encounter.get("foe").condition("feinted")
    assert (feinted.value, feinted.elements, feinted.source) == (-2, 2, "hero")
    assert outcome.encounter.get("foe").health.stun.level is None
    next_element, _ = outcome.encounter.tick()
    follow = melee(next_element, "hero", ["foe"], 0, 0, initiative=ORDER)
    mine = strike(follow.result, "hero", "foe")
    assert mods(mine.defence_modifiers) == {"feinted": -2}
    assert (mine.defence, mine.margin) == (-2, 4)
    assert not follow.encounter.get("foe").has("feinted")
    assert ("foe", "feinted") in follow.result.conditions_removed


def test_a_landed_feint_is_said_once_in_the_exchange():
    enc = encounter(fighter("hero", brawling=2), fighter("foe", brawling=0))
    lines = render_result(melee(enc, "hero", ["foe"], 0, 0, act="feint", initiative=ORDER).result,
                          {"hero": "Hero", "foe": "Foe"})
    said = [line for line in lines if "feinted" in line]
    assert said == ["Foe is feinted: 2 worse at defending against Hero next element"]


def test_a_feint_does_not_count_in_its_own_element_nor_is_it_spent_there():
    # [seed] "The degree which the feinting attacker wins their current offensive contest gives the penalty to their
    # opponent's defence value when they attack in the next element." Hero (Brawling Great) feints Foe (Brawling
    # Fair), both roll 0: Great against Fair, margin 2. Later in the same element Foe attacks Hero, both roll 0: Foe's
    # defence is still his Fair (no feint yet), so Hero's blow back (Great against Fair) is by 2: a punch, DR -1 + 2 =
    # 1 Stun, Dazed (-1 for the rest of this element and the next). Next element Hero attacks, both roll 0: Foe's
    # defence is Fair - 1 (Dazed) - 2 (feinted) = Terrible, margin 5.
    enc = encounter(fighter("hero", brawling=2), fighter("foe", brawling=0))
    feint = melee(enc, "hero", ["foe"], 0, 0, act="feint", initiative=ORDER)
    back = melee(feint.encounter, "foe", ["hero"], 0, 0, initiative=ORDER)
    theirs = strike(back.result, "hero", "foe")
    assert (mods(theirs.defence_modifiers), theirs.defence, theirs.margin) == ({}, 0, 2)
    assert back.encounter.get("foe").condition("feinted").value == -2
    next_element, _ = back.encounter.tick()
    follow = melee(next_element, "hero", ["foe"], 0, 0, initiative=ORDER)
    mine = strike(follow.result, "hero", "foe")
    assert (mods(mine.defence_modifiers), mine.defence, mine.margin) == ({"feinted": -2}, -3, 5)
    assert not follow.encounter.get("foe").has("feinted")


def test_a_feint_does_not_help_anyone_else():
    feinted = Condition("feinted", value=-2, elements=1, source="hero")
    enc = encounter(fighter("hero"), fighter("foe", brawling=0, conditions=(feinted,)),
                    fighter("other", brawling=1))
    outcome = melee(enc, "other", ["foe"], 0, 0, initiative=ORDER)
    assert strike(outcome.result, "other", "foe").defence == 0
    assert outcome.encounter.get("foe").condition("feinted") == feinted


def test_a_failed_feint_sets_nothing():
    enc = encounter(fighter("hero", brawling=0), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, act="feint", initiative=ORDER)
    assert not outcome.encounter.get("foe").has("feinted")


def test_the_flat_of_the_blade_is_minus_one_offence_minus_one_rating_and_stun():
    hero = fighter("hero", melee_weapon=2, weapons=["sword"])
    foe = fighter("foe", melee_weapon=0, weapons=["knife"], armour="vest")
    outcome = melee(encounter(hero, foe), "hero", ["foe"], 0, 0, initiative=ORDER, move="flat")
    mine = strike(outcome.result, "hero", "foe")
    assert mods(outcome.result.sides[0].offence_modifiers) == {"flat": -1}
    assert mine.offence == 1
    blow = hit(outcome.result, "hero", "foe")
    # Sword DR 3, success 1, flat -1; a light vest against impact protects 1 + 1 = 2.
    assert (blow.damage.rating, blow.damage.bonus, blow.damage.protection, blow.damage.value) == (3, -1, 2, 1)
    assert blow.kind == "stun"
    assert outcome.encounter.get("foe").health.lethal.level is None
    assert VEST.rating == 1


def test_the_flat_needs_a_blade():
    with pytest.raises(RulesError, match="melee weapon"):
        melee(encounter(fighter("hero"), fighter("foe")), "hero", ["foe"], move="flat of the blade")


@pytest.mark.parametrize(("own", "other", "expected"), [(-2, -1, -1), (-2, 1, -3), (1, -2, 0), (0, 0, 0),
                                                         (-3, 1, -4)])
def test_size_penalty_counts_steps_for_the_larger_weapon(own, other, expected):
    assert size_penalty(own, other) == expected


def test_kick_means_the_fighter_own_style_of_kick():
    assert find_technique("kick", "brawling").dr == 0
    assert find_technique("kick", "martial arts").dr == 1
    assert find_technique("MA  Kick", "brawling").styles == ("martial arts",)
