"""Intents that wait for a target's choice, on the engine's toy system: attempt, choose, lapse, refusals."""

from dataclasses import replace

import pytest
from test_engine import SYSTEM, encounter, fighter, started, strike

from combat import engine, reactions
from combat.dice import ScriptedDice
from combat.errors import AwaitingReaction, InvalidInput, NotYourTurn, RulesError
from combat.intent import Declared, PendingReaction

DEADLINE = 1_000_120.0


def begun_with_owner():
    """Bobo (the GM's) acts first; Aeryn belongs to player 3. Order: Bobo 5, Crais 2, Aeryn 2."""
    aeryn = replace(fighter("aeryn"), owner="3")
    enc = encounter(aeryn, fighter("bobo"), fighter("crais", 1))
    return engine.begin(SYSTEM, enc, ScriptedDice([2, 5, 1])).encounter


def test_an_intent_that_offers_no_choice_resolves_at_once():
    enc = started(ScriptedDice([2, 5, 1])).encounter  # nobody has an owner
    step = reactions.attempt(SYSTEM, enc, strike("bobo", "aeryn"), ScriptedDice([]), DEADLINE)
    assert step.result == ("strike", "aeryn")
    assert step.encounter.get("aeryn").health == 1
    assert step.encounter.pending is None
    assert step.encounter.turns.current.waiting == ("crais",)


def test_a_choice_is_declared_with_no_dice_and_the_turn_unmoved():
    enc = begun_with_owner()
    step = reactions.attempt(SYSTEM, enc, strike("bobo", "aeryn"), ScriptedDice([]), DEADLINE)
    pending = step.encounter.pending
    assert isinstance(step.result, Declared) and step.result.reaction.combatant == "aeryn"
    assert pending == PendingReaction(strike("bobo", "aeryn"), step.result.reaction, DEADLINE)
    assert pending.reaction.answers() == ("parry", "take") and pending.reaction.default == "parry"
    assert step.encounter.get("aeryn").health == 2
    assert step.encounter.turns == enc.turns
    assert step.change.ended_round is None and step.change.skipped == ()


@pytest.mark.parametrize(("choice", "health"), [("take", 1), ("parry", 2), (" Take ", 1)])
def test_the_answer_resolves_the_intent_with_the_choice(choice, health):
    declared = reactions.attempt(SYSTEM, begun_with_owner(), strike("bobo", "aeryn"), ScriptedDice([]), DEADLINE)
    step = reactions.choose(SYSTEM, declared.encounter, choice, ScriptedDice([]), DEADLINE + 60)
    assert step.encounter.pending is None
    assert step.encounter.get("aeryn").health == health
    assert step.encounter.turns.current.waiting == ("crais",)  # Bobo's turn is used up


def test_lapse_takes_the_default():
    declared = reactions.attempt(SYSTEM, begun_with_owner(), strike("bobo", "aeryn"), ScriptedDice([]), DEADLINE)
    step = reactions.lapse(SYSTEM, declared.encounter, ScriptedDice([]), DEADLINE + 60)
    assert step.encounter.get("aeryn").health == 2  # parried
    assert step.encounter.pending is None


def test_an_answer_not_offered_is_refused():
    declared = reactions.attempt(SYSTEM, begun_with_owner(), strike("bobo", "aeryn"), ScriptedDice([]), DEADLINE)
    with pytest.raises(InvalidInput, match="Choose parry or take, not 'duck'"):
        reactions.choose(SYSTEM, declared.encounter, "duck", ScriptedDice([]), DEADLINE)


def test_nothing_to_answer_is_refused():
    with pytest.raises(RulesError, match="Nothing is waiting"):
        reactions.choose(SYSTEM, begun_with_owner(), "take", ScriptedDice([]), DEADLINE)
    with pytest.raises(RulesError, match="Nothing is waiting"):
        reactions.lapse(SYSTEM, begun_with_owner(), ScriptedDice([]), DEADLINE)


def test_while_a_choice_waits_another_intent_is_refused_with_who_must_choose():
    declared = reactions.attempt(SYSTEM, begun_with_owner(), strike("bobo", "aeryn"), ScriptedDice([]), DEADLINE)
    assert reactions.waiting(begun_with_owner()) is None
    with pytest.raises(AwaitingReaction) as raised:
        reactions.attempt(SYSTEM, declared.encounter, strike("bobo", "crais"), ScriptedDice([]), DEADLINE)
    assert raised.value.message == (
        "Waiting for Aeryn to choose: Parry or Take it (/encounter react choice:parry or choice:take, by their "
        "player or the GM; the GM's /encounter undo takes the question back)."
    )
    with pytest.raises(AwaitingReaction):
        reactions.require_settled(declared.encounter)


def test_an_intent_the_rules_refuse_is_refused_before_it_is_declared():
    enc = begun_with_owner()  # Bobo's turn, not Crais's
    with pytest.raises(NotYourTurn):
        reactions.attempt(SYSTEM, enc, strike("crais", "aeryn"), ScriptedDice([]), DEADLINE)


def test_a_declaration_whose_default_is_not_offered_is_refused():
    class Broken(type(SYSTEM)):
        def reaction_for(self, encounter, intent):
            offered = super().reaction_for(encounter, intent)
            return None if offered is None else replace(offered, default="duck")

    with pytest.raises(RulesError, match="default 'duck'"):
        reactions.attempt(Broken(), begun_with_owner(), strike("bobo", "aeryn"), ScriptedDice([]), DEADLINE)
