"""Aftercare on an encounter's combatants: treatment by a healer, natural recovery, rest, waking, scratches."""

from __future__ import annotations

import pytest
from farscape_melee_kit import encounter, f4, fighter

from combat.dice import ScriptedDice
from combat.errors import CannotAct, InvalidInput, RulesError
from combat.model import Condition
from combat.systems.farscape.aftercare import heal
from combat.systems.farscape.harm import apply_wound


def wounded():
    aeryn, _ = apply_wound(fighter("aeryn", tier="protagonist", constitution=1), "lethal", 3, ScriptedDice([]))
    zhaan = fighter("zhaan", medicine=3, first_aid=2)
    return encounter(aeryn, zhaan)


def test_medicine_rolls_the_healer_s_skill_and_lowers_the_wound_a_level():
    fight, care = heal(wounded(), "aeryn", "medicine", ScriptedDice(f4(0)), healer_id="zhaan")
    assert care.result.check.roll.level == 3 and care.result.check.difficulty == 0  # Hurt: Fair
    assert care.result.halved  # Superb against Fair: two or more levels over
    assert fight.get("aeryn").health.lethal.level_name == "Scratch"


def test_first_aid_needs_a_healer_and_takes_its_penalties():
    with pytest.raises(InvalidInput, match="healer"):
        heal(wounded(), "aeryn", "first aid", ScriptedDice([]))
    # Great First Aid, dice -1, a poor kit -1 (no First Aid penalty at Hurt): Fair against Fair succeeds.
    fight, care = heal(wounded(), "aeryn", "first aid", ScriptedDice(f4(-1)), healer_id="zhaan", modifier=-1)
    assert care.result.check.roll.modifier == -1 and care.result.check.success
    assert fight.get("aeryn").health.lethal.level_name == "Scratch"


def test_natural_recovery_rolls_constitution():
    fight, care = heal(wounded(), "aeryn", "natural", ScriptedDice(f4(-2)))
    assert care.result.check.roll.trait == "constitution" and not care.result.check.success
    assert fight.get("aeryn").health.lethal.level_name == "Hurt"


def test_rest_wake_and_scratches():
    fight = wounded()
    knocked = fight.get("aeryn").with_condition(Condition("unconscious"))
    fight = fight.put(knocked)
    fight, care = heal(fight, "aeryn", "wake", ScriptedDice(f4(1)))  # Good Constitution +1 = Great: wakes
    assert care.result.success and not fight.get("aeryn").has("unconscious")
    with pytest.raises(RulesError, match="already awake"):
        heal(fight, "aeryn", "wake", ScriptedDice([]))
    fight, rested = heal(fight, "aeryn", "rest", ScriptedDice([]), arns=2)
    assert rested.result.hours == 2.0
    fight, cleared = heal(fight.put(apply_wound(fight.get("aeryn"), "lethal", 1, ScriptedDice([]))[0]), "aeryn",
                          "scratches", ScriptedDice([]))
    assert cleared.result is None and fight.get("aeryn").health.lethal.filled[0] == 0
    with pytest.raises(RulesError, match="Zhaan has no scratches to see to"):
        heal(fight, "zhaan", "scratches", ScriptedDice([]))
    with pytest.raises(InvalidInput, match="Heal with one of"):
        heal(fight, "aeryn", "prayer", ScriptedDice([]))


def test_each_act_of_healing_is_a_beat_for_the_round_summary():
    from combat.summary import Beat
    from combat.systems.farscape.digest import digest

    _, treated = heal(wounded(), "aeryn", "medicine", ScriptedDice(f4(0)), healer_id="zhaan")
    assert digest(treated) == (Beat("zhaan", "medicine", "aeryn", note="eases to Scratch", aid=True),)
    _, failed = heal(wounded(), "aeryn", "natural", ScriptedDice(f4(-2)))
    assert digest(failed) == (Beat("aeryn", "natural recovery", note="no improvement"),)
    out = wounded().put(wounded().get("aeryn").with_condition(Condition("unconscious")))
    _, woke = heal(out, "aeryn", "wake", ScriptedDice(f4(-3)))
    assert digest(woke) == (Beat("aeryn", "tries to wake", note="stays out"),)
    scratched = wounded().put(apply_wound(wounded().get("aeryn"), "lethal", 1, ScriptedDice([]))[0])
    _, cleared = heal(scratched, "aeryn", "scratches", ScriptedDice([]))
    assert digest(cleared) == (Beat("aeryn", "scratches seen to"),)


def test_a_wounded_healer_takes_his_wound_penalty_and_one_down_cannot_heal():
    # "Hurt: ... -1 penalty to all appropriate actions"; an Incapacitated character is "incapable of doing almost
    # anything", an unconscious one "totally unconscious".
    fight = wounded()
    hurt_healer, _ = apply_wound(fight.get("zhaan"), "lethal", 3, ScriptedDice([]))
    assert hurt_healer.health.lethal.level_name == "Hurt"
    # Superb Medicine, dice -3, Hurt -1: Mediocre against Fair fails; unhurt, Fair would have succeeded.
    after, care = heal(fight.put(hurt_healer), "aeryn", "medicine", ScriptedDice(f4(-3)), healer_id="zhaan")
    assert care.result.check.roll.modifier == -1 and not care.result.check.success
    assert after.get("aeryn").health.lethal.level_name == "Hurt"
    for state in (Condition("unconscious"), Condition("frozen", value=0)):
        down = fight.put(fight.get("zhaan").with_condition(state))
        with pytest.raises(CannotAct, match="Zhaan is in no state to give medicine"):
            heal(down, "aeryn", "medicine", ScriptedDice(f4(0)), healer_id="zhaan")
    out, _ = apply_wound(fight.get("zhaan"), "lethal", 7, ScriptedDice([*f4(4)]))
    assert out.health.incapacitated
    with pytest.raises(CannotAct, match="no state to give first aid"):
        heal(fight.put(out), "aeryn", "first aid", ScriptedDice(f4(0)), healer_id="zhaan")
