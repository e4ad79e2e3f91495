"""Who is out of the fight (the recap's 'down', the demo's end): each system tells it apart from being held back."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sparring import PLUGIN as SPARRING

from bot.registry import find
from bot.tables import load_system_tables
from combat.model import Combatant, Condition
from combat.sheet import SheetRequest
from combat.system import RuleSystem
from combat.systems.d6pool.model import KO, STUNNED
from combat.systems.fallout.state import fighter, with_fighter
from combat.systems.farscape.strain import STRAIN


def system(key: str) -> RuleSystem:
    return find(key).build(load_system_tables(key))


def fresh(rules: RuleSystem) -> Combatant:
    sheet = rules.build_sheet(SheetRequest()).sheet
    return Combatant("x", "X", "foes", sheet, rules.new_health(sheet), state=rules.new_state(sheet))


def test_farscape_counts_out_the_unconscious_and_incapacitated_but_not_the_frozen() -> None:
    rules = system("farscape")
    ready = fresh(rules)
    assert not rules.out_of_fight(ready)
    assert not rules.out_of_fight(ready.with_condition(Condition("frozen", elements=1)))
    assert rules.out_of_fight(ready.with_condition(Condition("unconscious")))
    assert rules.out_of_fight(ready.with_condition(Condition("out")))


def test_farscape_incapacitated_fighters_straining_on_are_still_in() -> None:
    rules = system("farscape")
    ready = fresh(rules)
    health = ready.health
    levels = health.spec("lethal").levels
    track = health.lethal
    hurt = replace(ready, health=replace(health, lethal=replace(
        track, filled=tuple(1 if name == "Incapacitated" else 0 for name in levels))))
    assert hurt.health.incapacitated
    assert rules.out_of_fight(hurt)
    assert not rules.out_of_fight(hurt.with_condition(Condition(STRAIN)))


def test_deryni_counts_out_the_unconscious_and_dead_not_an_all_out_defence() -> None:
    rules = system("deryni")
    ready = fresh(rules)
    assert not rules.out_of_fight(ready)
    assert not rules.out_of_fight(replace(ready, state=replace(ready.state, all_out=True)))
    assert not rules.can_act(replace(ready, state=replace(ready.state, all_out=True)), "action")
    assert rules.out_of_fight(replace(ready, health=replace(ready.health, unconscious=True)))
    assert rules.out_of_fight(replace(ready, health=replace(ready.health, dead=True)))


def test_d6pool_counts_out_the_down_and_knocked_out_not_the_stunned() -> None:
    rules = system("d6pool")
    ready = fresh(rules)
    assert not rules.out_of_fight(ready)
    assert not rules.out_of_fight(ready.with_condition(Condition(STUNNED, elements=1)))
    assert rules.out_of_fight(ready.with_condition(Condition(KO)))
    assert rules.out_of_fight(ready.with_condition(Condition(KO)).with_condition(Condition(STUNNED, elements=1)))
    assert rules.out_of_fight(replace(ready, health=replace(ready.health, lost=ready.health.htk)))


def test_fallout_counts_out_the_dead_and_knocked_out_not_the_stunned() -> None:
    rules = system("fallout")
    ready = fresh(rules)
    assert not rules.out_of_fight(ready)
    stunned = replace(ready, health=replace(ready.health, stun=3))
    assert not rules.can_act(stunned, "action") and not rules.out_of_fight(stunned)
    assert rules.out_of_fight(replace(ready, health=replace(ready.health, hp=0)))
    assert rules.out_of_fight(with_fighter(ready, replace(fighter(ready), knocked_out=True)))


@pytest.mark.parametrize("able", [True, False])
def test_the_default_is_able_to_act_in_no_phase(able: bool) -> None:
    rules = SPARRING.build(None)
    ready = fresh(rules)
    blocked = ready if able else replace(ready, health=replace(ready.health, points=0))
    assert rules.out_of_fight(blocked) is (not rules.can_act(blocked, "action"))
