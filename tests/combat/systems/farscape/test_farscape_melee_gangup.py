"""Farscape gang-ups: foes who engage one fighter in separate exchanges still count against him."""

from farscape_melee_kit import TABLES, encounter, fighter, melee, mods, strike

from combat.dice import ScriptedDice
from combat.model import Condition
from combat.systems.farscape.engagement import engaged_with, opponents
from combat.systems.farscape.system import FarscapeSystem

ORDER = {"hero": 3, "foe1": 2, "foe2": 1, "foe3": 0}


def _arena():
    return encounter(fighter("hero", brawling=2), *(fighter(f"foe{i}", brawling=0) for i in (1, 2, 3)))


def _ganged():
    """Foe1 then foe2 each attack the hero in their own exchange."""
    first = melee(_arena(), "foe1", ["hero"], 0, 0, initiative=ORDER)
    return melee(first.encounter, "foe2", ["hero"], 0, 0, initiative=ORDER)


def test_a_second_foe_in_his_own_exchange_finds_the_hero_outnumbered():
    first = melee(_arena(), "foe1", ["hero"], 0, 0, initiative=ORDER)
    assert mods(first.result.sides[1].defence_modifiers) == {}
    second = melee(first.encounter, "foe2", ["hero"], 0, 0, initiative=ORDER)
    foe2, hero = second.result.sides
    assert mods(hero.offence_modifiers) == {"outnumbered": -1}
    assert mods(hero.defence_modifiers) == {"outnumbered": -1}
    assert mods(foe2.offence_modifiers) == {}
    assert strike(second.result, "foe2", "hero").defence == 1
    assert strike(second.result, "hero", "foe2").offence == 1


def test_his_own_attack_on_one_foe_counts_the_other_engaged_foe():
    outcome = melee(_ganged().encounter, "hero", ["foe1"], 0, 0, initiative=ORDER)
    assert mods(outcome.result.sides[0].offence_modifiers) == {"outnumbered": -1}
    assert strike(outcome.result, "hero", "foe1").offence == 1
    assert "outnumbered" not in mods(outcome.result.sides[1].defence_modifiers)


def test_named_targets_and_engaged_foes_add_up():
    ganged = _ganged().encounter
    outcome = melee(ganged, "hero", ["foe1", "foe3"], 0, 0, 0, initiative=ORDER)
    assert mods(outcome.result.sides[0].defence_modifiers) == {"outnumbered": -2}
    assert set(opponents(outcome.encounter, "hero", ())) == {"foe1", "foe2", "foe3"}


def test_every_exchange_engages_both_sides_for_this_element_and_the_next():
    hero = _ganged().encounter.get("hero")
    assert set(engaged_with(hero)) == {"foe1", "foe2"}
    assert hero.condition("engaged:foe1") == Condition("engaged:foe1", elements=2, source="foe1")
    assert hero.condition("engaged") == Condition("engaged", elements=2, source="foe2")


def test_engagement_wears_off_after_the_next_element():
    system = FarscapeSystem(TABLES)
    enc, _ = system.start_round(_ganged().encounter, ScriptedDice([]))
    assert opponents(enc, "hero", ("foe1",)) == ("foe1", "foe2")
    later = melee(enc, "hero", ["foe1"], 0, 0, initiative=ORDER)
    assert mods(later.result.sides[0].offence_modifiers) == {"outnumbered": -1}
    enc, start = system.start_round(later.encounter, ScriptedDice([]))
    assert ("hero", "engaged:foe2") in start.expired
    assert opponents(enc, "hero", ("foe1",)) == ("foe1",)
    assert enc.get("hero").condition("engaged:foe1").elements == 1


def test_a_foe_taken_out_no_longer_counts():
    ganged = _ganged().encounter
    downed = ganged.put(ganged.get("foe2").with_condition(Condition("unconscious")))
    outcome = melee(downed, "hero", ["foe1"], 0, 0, initiative=ORDER)
    assert mods(outcome.result.sides[0].offence_modifiers) == {}


def test_a_foe_removed_from_the_fight_no_longer_counts():
    ganged = _ganged().encounter.drop("foe2")
    assert opponents(ganged, "hero", ("foe1",)) == ("foe1",)
