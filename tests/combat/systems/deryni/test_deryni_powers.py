"""Deryni powers in combat (4.2): -1 to everything else and to the power, a Meditation check at -1 to keep it up
through active actions, and power fatigue that comes back only with rest after the fight."""

import pytest
from deryni_kit import SYSTEM, act, attack, f2, f4, faces, fight, man, state, with_health, with_state

from combat import engine
from combat.dice import ScriptedDice
from combat.errors import CannotAct
from combat.systems.deryni.powers import pool
from combat.systems.deryni.results import PowerUse

SLOW = man("slow", side="onlookers", agility=-3)


def adept(**traits: int) -> object:
    return man("adept", talents=("deryni",), **{"agility": 1, "broadsword": 1, "power": 0, "meditation": 1,
                                                 **traits})


def test_a_power_is_rolled_at_minus_one_and_costs_fatigue_without_using_the_turn():
    enc = fight(adept(), man("foe"), SLOW)
    step = act(enc, "adept", "power", (), f4(1), name="heightened senses", maintain=True)
    result = step.result
    assert isinstance(result, PowerUse)
    assert [(m.name, m.value) for m in result.check.roll.modifiers] == [("using a power", -1)]
    assert result.check.roll.result == 0 and result.check.success and result.maintained
    assert (result.cost, result.fatigue, result.pool) == (1, 1, 8)
    assert step.encounter.turns.is_turn_of("adept") and state(step.encounter, "adept").power == "heightened senses"


def test_a_power_in_use_is_minus_one_to_his_other_actions_and_each_one_needs_meditation():
    enc = fight(adept(), man("foe", dodge=2), SLOW)
    enc = act(enc, "adept", "power", (), f4(1), name="heightened senses", maintain=True).encounter
    step = attack(enc, "adept", "foe", faces(f2(0), f2(0), f4(0)), defence="dodge")  # then Meditation: Good-1
    result = step.result
    assert ("Deryni power", -1) in [(m.name, m.value) for m in result.attack.modifiers]
    (meditation,) = result.meditation
    assert [(m.name, m.value) for m in meditation.check.roll.modifiers] == [("keeping a power", -1)]
    assert meditation.kept and state(step.encounter, "adept").power == "heightened senses"


def test_a_dodge_earlier_in_the_round_is_minus_one_to_the_meditation_check_too():
    # [seed] the dodge's -1 falls on "all actions following the Dodge"; the check is made as one (at -1 for the power)
    enc = fight(adept(), man("foe", dodge=2), SLOW)
    enc = act(enc, "adept", "power", (), f4(1), name="heightened senses", maintain=True).encounter
    enc = with_state(enc, "adept", dodges=1)
    step = attack(enc, "adept", "foe", faces(f2(0), f2(0), f4(0)), defence="dodge")  # Good -1 -1: Mediocre
    (meditation,) = step.result.meditation
    assert [(m.name, m.value) for m in meditation.check.roll.modifiers] == [("dodged", -1), ("keeping a power", -1)]
    assert not meditation.kept and state(step.encounter, "adept").power is None


def test_the_dodge_that_calls_for_the_check_is_no_dodge_before_it():
    # [seed] "Penalty is applied to all actions following the Dodge, not including it": the check keeps the power
    # through the dodge itself.
    enc = fight(man("foe", agility=2), adept(dodge=0), SLOW)
    enc = with_state(enc, "adept", power="shield of light")
    step = attack(enc, "foe", "adept", faces(f2(-2), f2(0), f4(0)), defence="dodge")
    (meditation,) = step.result.meditation
    assert step.result.dodged and state(step.encounter, "adept").dodges == 1
    assert [(m.name, m.value) for m in meditation.check.roll.modifiers] == [("keeping a power", -1)]


def test_a_failed_meditation_check_drops_the_power():
    enc = fight(adept(), man("foe", dodge=2), SLOW)
    enc = act(enc, "adept", "power", (), f4(1), name="heightened senses", maintain=True).encounter
    step = attack(enc, "adept", "foe", faces(f2(0), f2(0), f4(-1)), defence="dodge")
    assert not step.result.meditation[0].kept and state(step.encounter, "adept").power is None
    # The round summary says so, after the attack.
    assert [(b.actor, b.move, b.note) for b in SYSTEM.digest(step.result)][1:] == [
        ("adept", "drop power", "heightened senses: Meditation failed")]


def test_defending_is_an_active_action_too():
    enc = fight(man("foe", agility=2), adept(dodge=0), SLOW)
    enc = with_state(enc, "adept", power="shield of light")
    step = attack(enc, "foe", "adept", faces(f2(-2), f2(0), f4(0)), defence="dodge")
    assert ("Deryni power", -1) in [(m.name, m.value) for m in step.result.parry.modifiers]
    assert [m.combatant for m in step.result.meditation] == ["adept"]


def test_a_power_used_but_not_kept_is_minus_one_for_the_rest_of_the_round_only():
    enc = fight(adept(), man("foe", dodge=2), SLOW)
    enc = act(enc, "adept", "power", (), f4(0), name="truth-read").encounter
    assert state(enc, "adept").power is None
    result = attack(enc, "adept", "foe", faces(f2(0), f2(0)), defence="dodge").result
    assert ("Deryni power", -1) in [(m.name, m.value) for m in result.attack.modifiers] and not result.meditation


def test_only_a_deryni_uses_powers_once_a_round_within_his_fatigue():
    enc = fight(adept(), man("foe"), SLOW)
    with pytest.raises(CannotAct, match="no Deryni"):
        act(enc, "foe", "power", (), name="truth-read")
    enc = act(enc, "adept", "power", (), f4(0), name="truth-read").encounter
    with pytest.raises(CannotAct, match="already used a power this round"):
        act(enc, "adept", "power", (), name="truth-read")
    enc = fight(adept(), man("foe"), SLOW)
    enc = with_state(enc, "adept", fatigue=7)
    with pytest.raises(CannotAct, match="1 power fatigue left; truth-read costs 2"):
        act(enc, "adept", "power", (), name="truth-read", cost=2)


def test_the_fatigue_pool_is_two_per_power_level_from_terrible():
    assert [pool(level) for level in (-3, 0, 3)] == [2, 8, 14]


def test_power_fatigue_comes_back_only_with_rest():
    enc = fight(adept(), man("foe"), SLOW)
    enc = act(enc, "adept", "power", (), f4(0), name="truth-read", cost=3).encounter
    for _ in range(3):
        enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    assert enc.turns.round == 2 and state(enc, "adept").fatigue == 3
    # "you cannot get back Power fatigue until you rest after combat": while a foe still stands, rest keeps it.
    rest = {"target": "adept", "method": "rest", "days": 0}
    early = engine.use_tool(SYSTEM, enc, "heal", rest, ScriptedDice([]))
    assert state(early.encounter, "adept").fatigue == 3 and (early.result.fatigue, early.result.kept) == (0, 3)
    over = with_health(with_health(enc, "foe", unconscious=True), "slow", unconscious=True)
    rested = engine.use_tool(SYSTEM, over, "heal", rest, ScriptedDice([]))
    assert state(rested.encounter, "adept").fatigue == 0 and rested.result.fatigue == 3


def test_a_maintained_power_can_be_let_go_any_time():
    enc = fight(adept(), man("foe"), SLOW)
    enc = with_state(enc, "adept", power="heightened senses")
    step = act(enc, "adept", "dismiss")
    assert state(step.encounter, "adept").power is None and step.encounter.turns.is_turn_of("adept")


def test_a_maintained_power_dropped_mid_round_is_still_minus_one_for_that_round():
    # "Using or maintaining Deryni powers ... incur a -1 penalty to all other actions that round": kept up from an
    # earlier round and dropped now (a failed Meditation check, or let go), it still costs the rest of this round.
    for drop in ("meditation", "dismiss"):
        enc = with_state(fight(adept(dodge=0), man("foe", agility=0, dodge=2), SLOW), "adept", power="shield")
        if drop == "meditation":
            enc = attack(enc, "adept", "foe", faces(f2(0), f2(0), f4(-1)), defence="dodge").encounter
        else:
            enc = act(enc, "adept", "dismiss").encounter
        assert state(enc, "adept").power is None
        step = attack(enc, "foe", "adept", faces(f2(-2), f2(0)), defence="dodge")
        assert ("Deryni power", -1) in [(m.name, m.value) for m in step.result.parry.modifiers], drop
        assert not step.result.meditation  # nothing kept up: no check
