"""Farscape exchanges: one opposed roll each, offence against defence, stances, penalties, Initiative order."""

from dataclasses import replace

import pytest
from farscape_melee_kit import TABLES, battered, dice, encounter, fighter, hit, melee, mods, strike, wounded

from combat import engine
from combat.errors import CannotAct, InvalidInput, RulesError, UnknownName
from combat.model import Condition
from combat.system import Intent
from combat.systems.farscape.exchange import MELEE_MOVES
from combat.systems.farscape.system import FarscapeSystem
from combat.turns import InitiativeEntry, TurnState


def test_higher_offence_hits_and_the_lower_misses():
    enc = encounter(fighter("hero", brawling=2), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative={"hero": 1, "foe": 0})
    mine, theirs = strike(outcome.result, "hero", "foe"), strike(outcome.result, "foe", "hero")
    assert (mine.offence, mine.defence, mine.margin, mine.lands) == (2, 0, 2, True)
    assert (theirs.offence, theirs.defence, theirs.lands, theirs.reason) == (0, 2, False, "miss")
    blow = hit(outcome.result, "hero", "foe")
    assert (blow.move, blow.kind, blow.damage.rating, blow.damage.success, blow.damage.value) == (
        "punch", "stun", -1, 2, 1)
    assert outcome.encounter.get("foe").health.stun.level_name == "Dazed"
    assert outcome.encounter.get("hero").health.stun.level_name == "Healthy"
    assert outcome.ends_turn
    assert len(outcome.result.hits) == 1


def test_the_dice_add_to_each_side_in_order_actor_first():
    enc = encounter(fighter("hero", brawling=0), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], -1, 2, initiative={"hero": 1, "foe": 0})
    hero, foe = outcome.result.sides
    assert (hero.roll.dice.faces, foe.roll.dice.faces) == ((-1, 0, 0, 0), (1, 1, 0, 0))
    assert strike(outcome.result, "foe", "hero").margin == 3
    assert [h.attacker for h in outcome.result.hits] == ["foe"]


def test_equal_results_are_no_hit_for_either():
    enc = encounter(fighter("hero", brawling=1), fighter("foe", brawling=1))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative={"hero": 1, "foe": 0})
    assert outcome.result.hits == ()
    assert [s.margin for s in outcome.result.strikes] == [0, 0]


def test_both_fighters_can_hit_in_one_exchange():
    enc = encounter(fighter("hero", brawling=1), fighter("foe", brawling=1))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative={"hero": 1, "foe": 0}, stance="+2")
    assert strike(outcome.result, "hero", "foe").offence == 3
    assert strike(outcome.result, "foe", "hero").defence == -1
    assert {(h.attacker, h.margin) for h in outcome.result.hits} == {("hero", 2), ("foe", 2)}
    assert outcome.encounter.get("hero").health.stun.level_name == "Dazed"
    assert outcome.encounter.get("foe").health.stun.level_name == "Dazed"


def test_defensive_stance_trades_offence_for_defence():
    enc = encounter(fighter("hero", brawling=1), fighter("foe", brawling=2))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative={"hero": 1, "foe": 0}, stance="-2")
    hero = outcome.result.sides[0]
    assert mods(hero.offence_modifiers) == {"stance": -2}
    assert mods(hero.defence_modifiers) == {"stance": 2}
    assert strike(outcome.result, "hero", "foe").offence == -1
    assert strike(outcome.result, "foe", "hero").defence == 3
    assert outcome.result.hits == ()


@pytest.mark.parametrize("stance", ["+3", "-3", "sideways"])
def test_a_stance_beyond_two_is_refused(stance):
    enc = encounter(fighter("hero"), fighter("foe"))
    with pytest.raises(InvalidInput):
        melee(enc, "hero", ["foe"], stance=stance)


def test_wound_penalties_lower_offence_and_defence():
    hurt = wounded(fighter("foe", brawling=1), "lethal", (0, 1, 0, 0, 0))
    enc = encounter(fighter("hero", brawling=1), hurt)
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative={"hero": 1, "foe": 0})
    foe = outcome.result.sides[1]
    assert mods(foe.offence_modifiers) == {"wounds": -1}
    assert mods(foe.defence_modifiers) == {"wounds": -1}
    assert strike(outcome.result, "hero", "foe").defence == 0
    assert strike(outcome.result, "foe", "hero").offence == 0
    assert [h.attacker for h in outcome.result.hits] == ["hero"]


def test_stun_penalty_counts_as_a_wound_penalty():
    dazed = fighter("foe", brawling=1, conditions=(Condition("stun", value=-1, elements=2),))
    enc = encounter(fighter("hero", brawling=1), dazed)
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative={"hero": 1, "foe": 0})
    assert strike(outcome.result, "hero", "foe").defence == 0


def test_the_gm_modifier_and_a_called_location_change_the_actor_offence():
    enc = encounter(fighter("hero", brawling=2), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative={"hero": 1, "foe": 0}, modifier=1, location="head")
    assert mods(outcome.result.sides[0].offence_modifiers) == {"situation": 1, "location: head": -2}
    assert strike(outcome.result, "hero", "foe").offence == 1
    assert hit(outcome.result, "hero", "foe").location == "head"


@pytest.mark.parametrize(("location", "modifier"), [("torso", 0), ("arm", -1), ("legs", -1), ("hand", -2),
                                                    ("foot", -2), ("eye", -3)])
def test_otkjaer_location_modifiers(location, modifier):
    enc = encounter(fighter("hero", brawling=3), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative={"hero": 1, "foe": 0}, location=location)
    assert strike(outcome.result, "hero", "foe").offence == 3 + modifier


def _duel(hero_skill, hero_dice, foe_skill, foe_dice, initiative=None, turns=None, speeds=(0, 0)):
    """Two battered fighters: any Stun hit knocks them out. The hero fights at +2 stance.

    The foe is an ally, not a minion: a minion who is attacked neither rolls nor strikes back [seed].
    """
    hero = battered(fighter("hero", tier="minion", brawling=hero_skill, speed=speeds[0]))
    foe = battered(fighter("foe", tier="ally", brawling=foe_skill, strength=1, speed=speeds[1]))
    enc = encounter(hero, foe)
    if turns is not None:
        enc = replace(enc, turns=TurnState(order=turns))
    return melee(enc, "hero", ["foe"], hero_dice, foe_dice, initiative=initiative, stance="+2")


def test_a_fighter_taken_out_by_an_earlier_hit_does_not_land_theirs():
    outcome = _duel(3, 0, 0, 3, initiative={"hero": 2, "foe": 1})
    first, second = outcome.result.hits
    assert (first.attacker, first.harm.out, first.blocked) == ("hero", True, False)
    assert (second.attacker, second.blocked, second.harm) == ("foe", True, None)
    assert outcome.encounter.get("hero").health.stun.level_name == "Very Stunned"
    assert outcome.encounter.get("foe").has("unconscious")


def test_hits_land_highest_initiative_first():
    outcome = _duel(3, 0, 0, 3, initiative={"hero": 1, "foe": 2})
    first, second = outcome.result.hits
    assert (first.attacker, first.initiative, first.harm.out) == ("foe", (2,), True)
    assert (second.attacker, second.blocked) == ("hero", True)
    assert not outcome.encounter.get("foe").has("unconscious")


def test_a_critical_roll_acts_even_after_being_taken_out():
    outcome = _duel(3, 0, -1, 4, initiative={"hero": 2, "foe": 1})
    foe_roll = outcome.result.sides[1].roll
    assert foe_roll.critical
    first, second = outcome.result.hits
    assert first.attacker == "hero" and first.harm.out
    assert (second.attacker, second.blocked, second.critical, second.harm.out) == ("foe", False, True, True)
    assert outcome.encounter.get("hero").has("unconscious")


def test_equal_initiative_lands_both_blows_together():
    outcome = _duel(3, 0, 0, 3, initiative={"hero": 1, "foe": 1})
    assert [h.blocked for h in outcome.result.hits] == [False, False]
    assert outcome.encounter.get("hero").has("unconscious")
    assert outcome.encounter.get("foe").has("unconscious")


def test_initiative_comes_from_the_turn_order_when_not_given():
    order = (InitiativeEntry("hero", (1,), (0,)), InitiativeEntry("foe", (3,), (0,)))
    outcome = _duel(3, 0, 0, 3, turns=order)
    assert [h.attacker for h in outcome.result.hits] == ["foe", "hero"]
    assert outcome.result.hits[0].initiative == (3, 0)
    assert outcome.result.hits[1].blocked


def test_the_turn_order_tiebreak_decides_between_equal_counts():
    order = (InitiativeEntry("hero", (2,), (1,)), InitiativeEntry("foe", (2,), (0,)))
    outcome = _duel(3, 0, 0, 3, turns=order)
    assert [(h.attacker, h.blocked) for h in outcome.result.hits] == [("hero", False), ("foe", True)]


def test_without_any_order_speed_ranks_the_blows():
    outcome = _duel(3, 0, 0, 3, speeds=(0, 2))
    assert [(h.attacker, h.blocked) for h in outcome.result.hits] == [("foe", False), ("hero", True)]


def test_a_frozen_defender_neither_rolls_nor_strikes_and_defends_at_fair():
    frozen = fighter("foe", brawling=3, conditions=(Condition("frozen"),))
    enc = encounter(fighter("hero", brawling=1), frozen)
    outcome = melee(enc, "hero", ["foe"], 0, initiative={"hero": 1, "foe": 0})
    assert outcome.result.sides[1].roll is None
    mine = strike(outcome.result, "hero", "foe")
    assert (mine.defence, mine.margin, mine.lands) == (0, 1, True)
    assert strike(outcome.result, "foe", "hero").reason == "no strike"


def test_a_blow_that_just_reaches_a_frozen_defenders_fair_hits_at_success_level_zero():
    # [seed] "If the target is unaware of the attack, or is caught by surprise, the attack is an Unopposed action."
    # Hero (Melee Weapon Fair, a knife) stabs a frozen Foe, who rolls nothing and defends at Fair: Hero rolls 0, Fair
    # against Fair, which an Unopposed roll reaches. Success level 0: knife DR 1 + Strength 0 + 0 = 1, a Scratch.
    frozen = fighter("foe", brawling=3, conditions=(Condition("frozen"),))
    hero = fighter("hero", melee_weapon=0, weapons=["knife"])
    outcome = melee(encounter(hero, frozen), "hero", ["foe"], 0, initiative={"hero": 1, "foe": 0})
    mine = strike(outcome.result, "hero", "foe")
    assert (mine.defence, mine.margin, mine.unopposed, mine.lands) == (0, 0, True, True)
    blow = hit(outcome.result, "hero", "foe")
    assert (blow.margin, blow.damage.value) == (0, 1)
    assert outcome.encounter.get("foe").health.lethal.level_name == "Scratch"


def test_the_exchange_marks_both_fighters_engaged_with_each_other():
    enc = encounter(fighter("hero", brawling=1), fighter("foe", brawling=1))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative={"hero": 1, "foe": 0})
    assert outcome.encounter.get("hero").condition("engaged").source == "foe"
    assert outcome.encounter.get("foe").condition("engaged").source == "hero"
    assert ("hero", Condition("engaged", elements=2, source="foe")) in outcome.result.conditions_set
    assert ("foe", Condition("engaged:hero", elements=2, source="hero")) in outcome.result.conditions_set


def test_conditions_set_by_a_hit_are_reported():
    enc = encounter(fighter("hero", brawling=2), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, initiative={"hero": 1, "foe": 0})
    assert ("foe", Condition("stun", value=-1, elements=2)) in outcome.result.conditions_set


def test_the_moves_are_offered_with_their_options():
    names = [m.name for m in MELEE_MOVES]
    assert names == ["attack", "feint", "grapple", "sweep", "counter lock", "counter", "escape", "stand", "keep at bay",
                     "step back", "retreat", "flee"]
    attack = MELEE_MOVES[0]
    assert {"move", "weapon", "stance", "location", "defend", "extend"} <= set(attack.option_names())


def test_a_fighter_who_is_out_cannot_attack():
    out = fighter("hero", conditions=(Condition("unconscious"),))
    with pytest.raises(CannotAct):
        melee(encounter(out, fighter("foe")), "hero", ["foe"])


def test_a_fallen_target_cannot_be_fought():
    down = wounded(fighter("foe"), "lethal", (0, 0, 0, 1, 0))
    with pytest.raises(RulesError, match="already down"):
        melee(encounter(fighter("hero"), down), "hero", ["foe"])


@pytest.mark.parametrize("targets", [[], ["hero"], ["foe", "foe"]])
def test_the_targets_must_be_other_fighters_named_once(targets):
    with pytest.raises(InvalidInput):
        melee(encounter(fighter("hero"), fighter("foe")), "hero", targets)


def test_an_unknown_target_or_move_is_named_back():
    enc = encounter(fighter("hero"), fighter("foe"))
    with pytest.raises(UnknownName):
        melee(enc, "hero", ["nobody"])
    with pytest.raises(UnknownName, match="did you mean 'punch'"):
        melee(enc, "hero", ["foe"], move="punhc")


def test_a_bad_defence_or_location_option_is_refused():
    enc = encounter(fighter("hero"), fighter("foe"))
    with pytest.raises(InvalidInput):
        melee(enc, "hero", ["foe"], defend="luck")
    with pytest.raises(UnknownName):
        melee(enc, "hero", ["foe"], location="elbow")


def test_the_side_reports_its_offence_before_foe_specific_modifiers():
    enc = encounter(fighter("hero", brawling=2), fighter("foe", brawling=0))
    outcome = melee(enc, "hero", ["foe"], 1, 0, initiative={"hero": 1, "foe": 0}, stance="+1", location="arm")
    assert outcome.result.sides[0].offence == 2 + 1 + 1 - 1


def test_the_farscape_system_routes_an_attack_here_and_the_turn_moves_on():
    system = FarscapeSystem(TABLES)
    enc = encounter(fighter("hero", brawling=2, speed=1), fighter("foe", brawling=0))
    started = engine.begin(system, enc, dice())
    step = engine.act(system, started.encounter, Intent("hero", "attack", ("foe",), {"move": "roundhouse"}),
                      dice(0, 0))
    blow = hit(step.result, "hero", "foe")
    assert (blow.move, blow.initiative, blow.margin, blow.damage.value) == ("roundhouse", (1, 0), 1, 1)
    assert step.encounter.turns.is_turn_of("foe")


def test_in_the_first_clash_the_larger_weapon_strikes_later_by_its_size_steps():
    # "Using a larger weapon against an opponent with a smaller weapon gives the fighter a penalty to Initiative
    # equal to the number of steps between the Sizes": sword (Mediocre) against knife (Good), 2 steps, from the
    # first exchange: the hero's Speed 1 - 2 = -1 lands after the foe's 0 (no Initiative given: Speed decides).
    enc = encounter(fighter("hero", weapons=("sword",), armour="plate", melee_weapon=1, speed=1),
                    fighter("foe", weapons=("knife",), armour="plate", melee_weapon=0, speed=0))
    outcome = melee(enc, "hero", ["foe"], 0, 0, stance="+2")
    assert [(h.attacker, h.initiative) for h in outcome.result.hits] == [("foe", (0, 0)), ("hero", (-1, 0))]
    greatsword = replace(enc.get("hero"), sheet=replace(enc.get("hero").sheet, weapons=("greatsword",)))
    outcome = melee(enc.put(greatsword), "hero", ["foe"], 0, 0, stance="+2")
    assert [(h.attacker, h.initiative) for h in outcome.result.hits] == [("foe", (0, 0)), ("hero", (-2, 0))]
