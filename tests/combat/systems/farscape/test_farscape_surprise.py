"""Surprise: frozen sides, Cool Head, the leaders' contest, and Willpower recovery element by element."""

from __future__ import annotations

from dataclasses import replace

import pytest
from farscape_melee_kit import TABLES, encounter, f4, fighter

from combat import engine
from combat.dice import ScriptedDice
from combat.errors import CannotAct
from combat.model import Condition
from combat.systems.farscape.surprise import freeze_side, leader_score, mutual_surprise, recover
from combat.systems.farscape.system import FarscapeSystem
from combat.turns import TurnState

SYSTEM = FarscapeSystem(TABLES)


def ambushed():
    guard = fighter("foe1", willpower=0)
    veteran = replace(fighter("foe2"), sheet=replace(fighter("foe2").sheet, talents=frozenset({"cool head"})))
    hero = fighter("crichton", speed=1)
    return encounter(hero, guard, veteran)


def test_a_surprised_side_freezes_except_those_with_cool_head():
    frozen, who = freeze_side(ambushed(), "foes")
    assert who == ("foe1",)
    assert frozen.get("foe1").condition("frozen") == Condition("frozen", value=0, source="ambush", uses=0)
    assert not frozen.get("foe2").has("frozen")


def test_frozen_combatants_cannot_act_in_the_first_element_and_roll_willpower_after():
    fight, _ = freeze_side(ambushed(), "foes")
    step = engine.begin(SYSTEM, fight, ScriptedDice([]))  # no recovery roll in the first element
    order = [slot.actors for slot in step.encounter.turns.queue]
    assert ("foe1",) not in order and step.encounter.get("foe1").has("frozen")
    assert step.change.started.recoveries == ()
    dice = ScriptedDice(f4(-1))  # element 2: Willpower Fair + (-1) = Mediocre against Fair: still frozen
    for _ in order:
        step = engine.next_turn(SYSTEM, step.encounter, dice)
    [recovery] = step.change.started.recoveries
    assert (recovery.combatant, recovery.check.difficulty, recovery.recovered) == ("foe1", 0, False)
    dice = ScriptedDice(f4(0))  # element 3: Fair against Fair: he shakes it off and acts this element
    while step.encounter.turns.round == 2:
        step = engine.next_turn(SYSTEM, step.encounter, dice)
    assert step.change.started.recoveries[0].recovered
    assert any("foe1" in slot.actors for slot in step.encounter.turns.queue)


def test_mutual_surprise_recovery_gets_easier_each_element():
    guard = fighter("foe1").with_condition(Condition("frozen", value=0, source="mutual", uses=1))
    # Seed: "decreases by one level each element after the first": the first roll (second element) is already
    # one level down. Willpower Fair, dice -2: Poor against Mediocre, frozen; dice -2 again: Poor against Poor.
    guard, first = recover(guard, ScriptedDice(f4(-2)))
    assert first is not None and first.check.difficulty == -1 and not first.recovered
    guard, second = recover(guard, ScriptedDice(f4(-2)))
    assert second is not None and second.check.difficulty == -2 and second.recovered
    assert not guard.has("frozen")


def test_the_gm_sets_a_harder_recovery_for_a_librarian():
    frozen, _ = freeze_side(ambushed(), "foes", difficulty=1)
    guard = replace(frozen.get("foe1"), conditions=(Condition("frozen", value=1, source="ambush", uses=1),))
    _, roll = recover(guard, ScriptedDice(f4(0)))
    assert roll is not None and roll.check.difficulty == 1 and not roll.recovered


def test_leaders_scores_count_cool_head_intellect_and_tactics():
    leader = fighter("crichton", intellect=1, tactics=1)
    rival = fighter("foe1", intellect=0, tactics=0)
    cool_friend = replace(fighter("aeryn"), sheet=replace(fighter("aeryn").sheet, talents=frozenset({"cool head"})))
    score = leader_score(leader, rival, [leader, cool_friend], initiative=1, modifier=1)
    assert (score.cool_head, score.intellect, score.tactics, score.total) == (1, 1, 1, 5)
    cool_leader = replace(leader, sheet=replace(leader.sheet, talents=frozenset({"cool head"})))
    assert leader_score(cool_leader, rival, [cool_leader], initiative=1).cool_head == 2


def test_the_leaders_contest_breaks_a_tie_on_agility_and_a_tie_there_freezes_nobody():
    # "Characters with the same Initiative compare their Agility; again, the highest acts first ... A tie here means
    # they act at the same time."
    ours = leader_score(fighter("crichton"), fighter("foe1"), [], initiative=1)
    theirs = leader_score(fighter("foe1"), fighter("crichton"), [], initiative=1)
    settled = mutual_surprise(ours, theirs, (0, 2))
    assert (settled.agility, settled.winner, settled.loser) == ((0, 2), "foe1", "crichton")
    level = mutual_surprise(ours, theirs, (1, 1))
    assert (level.winner, level.loser) == (None, None)
    ahead = leader_score(fighter("crichton"), fighter("foe1"), [], initiative=2)
    assert mutual_surprise(ahead, theirs, (-3, 3)).winner == "crichton", "Agility counts only on a tie"
    assert mutual_surprise(ahead, theirs, (-3, 3)).agility is None


def test_surprise_on_a_side_that_does_not_exist_is_refused():
    with pytest.raises(CannotAct, match="side 'pirates'"):
        SYSTEM.surprise(ambushed(), "pirates")


def test_surprise_declared_mid_fight_counts_the_current_element_as_the_first():
    fight = replace(ambushed(), turns=TurnState(round=2))
    frozen, _ = freeze_side(fight, "foes")
    assert frozen.get("foe1").condition("frozen").uses == 1


def test_leaders_level_on_initiative_and_agility_freeze_neither_side():
    system = FarscapeSystem(TABLES)
    fight = encounter(fighter("crichton", speed=1, agility=1), fighter("aeryn"), fighter("foe1", speed=1, agility=1),
                      fighter("foe2"))
    after, contest = system.leaders_contest(fight, "crichton", "foe1")
    assert contest.frozen is None and contest.contest.agility == (1, 1)
    assert after == fight, "both sides act at the same time: nobody froze"
    ahead, settled = system.leaders_contest(fight.put(replace(fight.get("foe1"), sheet=fighter(
        "foe1", speed=1, agility=2).sheet)), "crichton", "foe1")
    assert settled.frozen is not None and settled.frozen.side == "crew", "the nimbler leader's side gets the drop"
    assert ahead.get("aeryn").has("frozen")
