"""Stepping back (and drawing a weapon), retreating from a melee, fleeing it next element (seed, Unarmed Combat)."""

from dataclasses import replace

import pytest
from farscape_melee_kit import TABLES, encounter, fighter, hit, melee, strike

from bot.guide.hints import fight_over
from bot.systems.farscape.render import render_result
from combat.errors import CannotAct, RulesError
from combat.model import Condition
from combat.systems.farscape.digest import digest
from combat.systems.farscape.engagement import engaged_with
from combat.systems.farscape.melee_results import FleeResult
from combat.systems.farscape.system import FarscapeSystem

ORDER = {"hero": 2, "foe": 1, "pal": 0}
NAMES = {"hero": "Hero", "foe": "Foe", "pal": "Pal"}


def hero(brawling=1, **kw):
    """A brawler with a pistol and a sheathed knife (he fights bare-handed: option weapon none)."""
    return fighter("hero", brawling=brawling, weapons=("pistol", "knife"), **kw)


def step(enc, *totals, act="step back", **options):
    return melee(enc, "hero", ["foe"], *totals, act=act, weapon="none", **options)


def test_a_won_step_back_breaks_away_instead_of_striking():
    outcome = step(encounter(hero(), fighter("foe", brawling=0)), 0, 0, initiative=ORDER)
    blow = hit(outcome.result, "hero", "foe")
    assert (blow.effect, blow.damage, blow.harm) == ("break", None, None)
    assert outcome.encounter.get("foe").health.stun.level is None
    assert engaged_with(outcome.encounter.get("hero")) == () and not outcome.encounter.get("hero").has("engaged")
    assert engaged_with(outcome.encounter.get("foe")) == () and not outcome.encounter.get("foe").has("engaged")


def test_a_lost_step_back_leaves_him_engaged_and_the_foe_strikes():
    outcome = step(encounter(hero(), fighter("foe", brawling=2)), 0, 0, initiative=ORDER)
    assert strike(outcome.result, "hero", "foe").reason == "miss"
    assert hit(outcome.result, "foe", "hero").damage is not None
    assert engaged_with(outcome.encounter.get("hero")) == ("foe",)


@pytest.mark.parametrize(("order", "escaped"), [({"hero": 2, "foe": 1}, True), ({"hero": 1, "foe": 1}, False)])
def test_a_slower_foes_blow_finds_no_one_but_a_simultaneous_one_lands(order, escaped):
    enc = encounter(hero(), fighter("foe", brawling=0))
    outcome = step(enc, 2, 3, initiative=order, stance="+2")
    theirs = strike(outcome.result, "foe", "hero")
    assert (theirs.margin, theirs.lands) == (2, True)  # offence 3 against defence 1
    assert hit(outcome.result, "foe", "hero").escaped == escaped
    assert (outcome.encounter.get("hero").health.stun.level is None) == escaped


def test_clear_of_every_foe_he_draws_the_weapon_named():
    outcome = step(encounter(hero(), fighter("foe", brawling=0)), 0, 0, initiative=ORDER, draw="knife")
    assert outcome.result.drawn == "knife"
    assert outcome.encounter.get("hero").condition("wielding").source == "knife"


def test_no_draw_while_another_foe_is_still_engaged_with_him():
    engaged = (Condition("engaged:pal", elements=2, source="pal"), Condition("engaged", elements=2, source="pal"))
    enc = encounter(hero(brawling=2, conditions=engaged), fighter("foe", brawling=0), fighter("pal"))
    outcome = step(enc, 0, 0, initiative=ORDER, draw="knife")
    assert hit(outcome.result, "hero", "foe").effect == "break"
    assert outcome.result.drawn is None and not outcome.encounter.get("hero").has("wielding")
    assert engaged_with(outcome.encounter.get("hero")) == ("pal",)
    assert outcome.encounter.get("hero").condition("engaged").source == "pal"


def test_the_weapon_drawn_must_be_a_carried_melee_weapon():
    enc = encounter(hero(), fighter("foe"))
    with pytest.raises(RulesError, match="needs no drawing"):
        step(enc, draw="pistol")
    with pytest.raises(CannotAct, match="does not carry"):
        step(enc, draw="sword")
    with pytest.raises(RulesError, match="Only a step back"):
        step(enc, act="retreat", draw="knife")


def test_breaking_away_lets_go_of_a_lock_on_that_foe():
    grip, pin = Condition("grappling", source="foe"), Condition("pinned", -2, source="hero")
    enc = encounter(hero(conditions=(grip,)), fighter("foe", brawling=-2, conditions=(pin,)))
    outcome = step(enc, 0, 0, initiative=ORDER)
    assert not outcome.encounter.get("hero").has("grappling")
    assert not outcome.encounter.get("foe").has("pinned")


def test_a_minion_breaking_away_gives_no_warning():
    goon = fighter("hero", tier="minion", brawling=1)
    outcome = melee(encounter(goon, fighter("foe", brawling=0)), "hero", ["foe"], 0, 0, act="step back",
                    initiative=ORDER)
    assert hit(outcome.result, "hero", "foe").effect == "break" and not hit(outcome.result, "hero", "foe").warning
    assert not outcome.encounter.get("hero").has("warned")


def test_a_retreat_clear_of_every_foe_lets_him_flee_the_next_element():
    outcome = step(encounter(hero(), fighter("foe", brawling=0)), 0, 0, act="retreat", initiative=ORDER)
    assert outcome.encounter.get("hero").condition("retreating") == Condition("retreating", elements=2)
    fled = melee(outcome.encounter, "hero", [], act="flee")
    assert fled.result == FleeResult("hero") and fled.ends_turn
    assert fled.encounter.get("hero").has("out") and not fled.encounter.get("hero").has("retreating")


def test_one_who_fled_has_left_the_fight_he_is_not_down():
    outcome = step(encounter(hero(), fighter("foe", brawling=0)), 0, 0, act="retreat", initiative=ORDER)
    fled = melee(outcome.encounter, "hero", [], act="flee").encounter
    fled = replace(fled, turns=replace(fled.turns, round=1))  # a fight under way
    system = FarscapeSystem(TABLES)
    assert system.fled(fled.get("hero")) and not system.fled(fled.get("foe"))
    assert fight_over(system, fled).situation == "The fight is over — Foe still stands; Hero has left the fight"


def test_a_retreat_that_fails_leaves_no_way_out():
    outcome = step(encounter(hero(), fighter("foe", brawling=1)), 0, 0, act="retreat", initiative=ORDER)
    assert not outcome.encounter.get("hero").has("retreating")
    with pytest.raises(RulesError, match="must first retreat"):
        melee(outcome.encounter, "hero", [], act="flee")


def test_a_foe_who_catches_the_retreating_fighter_ends_the_retreat():
    running = hero(conditions=(Condition("retreating", elements=1),))
    caught = melee(encounter(running, fighter("foe", brawling=0)), "foe", ["hero"], 0, 0, initiative=ORDER)
    assert not caught.encounter.get("hero").has("retreating")
    with pytest.raises(RulesError, match="must first retreat"):
        melee(caught.encounter, "hero", [], act="flee")


def test_someone_unconscious_cannot_flee():
    with pytest.raises(CannotAct):
        melee(encounter(hero(conditions=(Condition("retreating", elements=1), Condition("unconscious")))), "hero",
              [], act="flee")


def test_breaking_away_and_fleeing_are_shown_and_summed_up():
    enc = encounter(hero(), fighter("foe", brawling=0))
    stepped = step(enc, 2, 3, initiative=ORDER, stance="+2", draw="knife")
    lines = render_result(stepped.result, NAMES)
    assert "Hero breaks away from Foe (step back, Initiative 2): no blow, no longer engaged" in lines
    assert "Foe's punch finds no one: Hero had already broken away from Foe" in lines
    assert "Hero is clear of every foe and draws the knife" in lines
    mine, theirs = digest(stepped.result)
    assert (mine.hit, mine.note, theirs.hit, theirs.note) == (True, "broke away", False, "target broke away first")
    retreated = step(enc, 0, 0, act="retreat", initiative=ORDER)
    assert "Hero is now retreating (this element and the next)" in render_result(retreated.result, NAMES)
    fled = melee(retreated.encounter, "hero", [], act="flee").result
    assert render_result(fled, NAMES) == ["Hero gets away from the fight: out of it (the GM may remove them)"]
    assert digest(fled)[0].note == "got away"


def test_the_knife_drawn_is_the_one_he_fights_with_next():
    drew = step(encounter(hero(), fighter("foe", brawling=0)), 0, 0, initiative=ORDER, draw="knife")
    again = melee(drew.encounter, "hero", ["foe"], 0, 0, initiative=ORDER)
    assert again.result.sides[0].weapon == "knife"
