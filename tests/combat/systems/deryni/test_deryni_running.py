"""Running over to the next foe (4.2, Example 2): "Bob then spends his action to run over to the next target, and is
in place the next round rather than having to spend that round running"."""

import pytest
from deryni_kit import SYSTEM, act, f4, fight, man, state, with_health, with_state

from combat import engine
from combat.dice import ScriptedDice
from combat.errors import CannotAct
from combat.systems.deryni.initiative import scores
from combat.systems.deryni.results import Ran


def test_running_spends_the_action_and_he_fights_the_new_foe_next_round():
    # Bob (greatsword) faces the bandit (greatsword); the rider (dagger) is the friend's. Bob runs to the rider: next
    # round the rider is his foe, so his greatsword outreaches the dagger: Good + 1 = Great.
    bob = man("bob", agility=1, greatsword=1, weapons=("greatsword",))
    friend = man("friend", agility=-1, greatsword=-1, weapons=("greatsword",))
    enc = fight(bob, man("foe", agility=0, greatsword=0, weapons=("greatsword",)), friend,
                man("foe2", agility=-3, dagger=0, weapons=("dagger",)))
    assert {s.combatant: s.foe for s in scores(enc, SYSTEM.tables)}["bob"] == "foe"
    step = act(enc, "bob", "run", ("foe2",))
    assert isinstance(step.result, Ran) and step.result.name == "Foe2"
    assert not step.encounter.turns.is_turn_of("bob") and state(step.encounter, "bob").foe == "foe2"
    enc = step.encounter
    while enc.turns.round == 1:
        enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    bob_score = next(s for s in scores(enc, SYSTEM.tables) if s.combatant == "bob")
    assert (bob_score.foe, bob_score.length, bob_score.value) == ("foe2", 1, 2)


def test_running_is_an_active_action_a_power_kept_up_needs_meditation():
    # "Any active actions (actual fighting, running, yelling commands) require a Meditation check ... (also at a -1)":
    # Meditation Good - 1 + [0 0 0 0] = Fair against Fair: kept.
    adept = man("adept", talents=("deryni",), agility=1, meditation=1)
    enc = with_state(fight(adept, man("foe"), man("foe2", agility=-3)), "adept", power="heightened senses")
    (meditation,) = act(enc, "adept", "run", ("foe2",), f4(0)).result.meditation
    assert meditation.kept and meditation.check.roll.result == 0


def test_running_needs_a_foe_and_a_whole_leg():
    enc = fight(man("bob", agility=1), man("ally", agility=0), man("foe", agility=-1))
    with pytest.raises(CannotAct, match="on Bob's side"):
        act(enc, "bob", "run", ("ally",))
    lame = with_health(enc, "bob", disabled=("leg",))
    with pytest.raises(CannotAct, match="leg is useless"):
        act(lame, "bob", "run", ("foe",))
