"""Deryni special attacks (4.2): called shots, knock-outs with a Strength check to pull the blow, and disarms."""

from dataclasses import replace

import pytest
from deryni_kit import SYSTEM, act, attack, f2, f4, faces, fight, man, state, with_state

from combat.errors import CannotAct, InvalidInput
from combat.systems.deryni.health import CRITICAL, MORTAL
from combat.systems.deryni.results import Strike

SLOW = man("slow", side="onlookers", agility=-3)


def hero(**traits: int) -> object:
    return man("hero", **{"agility": 1, "broadsword": 2, "strength": 0, **traits})


def strike(step) -> Strike:
    assert isinstance(step.result, Strike)
    return step.result


# Undefended attacks against a Fair foe: Great broadsword + 2dF, margin from Poor, +1 sharp.
# f2(-2): Fair, margin 2, damage 3 (Very Hurt); f2(0): Great, margin 4, damage 5 (Critical);
# f2(2): Superb+1, margin 6, damage 7 (Mortal).


def test_a_called_shot_that_does_a_critical_wound_disables_the_limb():
    enc = fight(hero(), man("foe", damage_capacity=3), SLOW)
    result = strike(attack(enc, "hero", "foe", faces(f2(0), f4(0)), defence="none", called="weapon arm"))
    harm = result.harm
    assert (harm.rolled, harm.level, harm.limb, harm.location) == (CRITICAL, CRITICAL, "disabled", "weapon arm")
    foe = attack(enc, "hero", "foe", faces(f2(0), f4(0)), defence="none", called="weapon arm").encounter.get("foe")
    assert foe.health.disabled == ("weapon arm",) and foe.health.incapacitated


def test_a_called_shot_that_does_a_mortal_wound_severs_the_limb_as_a_lesser_wound():
    enc = fight(hero(), man("foe", damage_capacity=3), SLOW)
    step = attack(enc, "hero", "foe", faces(f2(2), f4(0)), defence="none", called="leg")  # then a Superb test
    harm = strike(step).harm
    assert (harm.rolled, harm.level, harm.limb) == (MORTAL, CRITICAL, "severed")
    assert step.encounter.get("foe").health.severed == ("leg",)
    assert harm.death is not None and harm.death.difficulty == 3  # the Critical wound's Death Test


def test_a_called_shot_below_critical_is_a_plain_wound_at_that_place():
    enc = fight(hero(), man("foe"), SLOW)
    harm = strike(attack(enc, "hero", "foe", faces(f2(-2), f4(1)), defence="none", called="off arm")).harm
    assert (harm.level, harm.limb, harm.location) == (2, None, "off arm")


def test_a_useless_weapon_arm_strikes_and_parries_with_no_weapon():
    enc = fight(hero(), man("foe", dodge=-1), SLOW)
    crippled = replace(enc.get("foe"), health=replace(enc.get("foe").health, disabled=("weapon arm",)))
    enc = enc.put(crippled)
    with pytest.raises(CannotAct, match="weapon arm is useless"):
        attack(enc, "foe", "hero", faces(f2(0), f2(0)), weapon="broadsword", defence="dodge")
    assert strike(attack(enc, "hero", "foe", faces(f2(-2), f2(2)))).defence.kind == "dodge"  # not a parry


def test_a_knock_out_needs_its_method():
    enc = fight(hero(), man("foe"), SLOW)
    with pytest.raises(InvalidInput, match="knockout needs its method"):
        attack(enc, "hero", "foe", (), defence="none", knockout=" ")


def test_a_knock_out_blow_doing_a_critical_wound_knocks_out_with_no_death_test():
    enc = fight(hero(), man("foe"), SLOW)
    step = attack(enc, "hero", "foe", faces(f2(0), f4(-4)), defence="none", knockout="flat of the blade")
    harm = strike(step).harm
    assert harm.pull is not None and not harm.pull.success  # the pull is rolled, and does not matter here
    assert (harm.rolled, harm.level, harm.knocked_out, harm.death) == (CRITICAL, CRITICAL, True, None)
    foe = step.encounter.get("foe")
    assert foe.health.unconscious and foe.health.knocked_out and foe.health.dying is None


def test_a_mortal_knock_out_blow_pulled_with_a_good_strength_check_knocks_out():
    enc = fight(hero(), man("foe"), SLOW)
    step = attack(enc, "hero", "foe", faces(f2(2), f4(1)), defence="none", knockout="pommel")
    harm = strike(step).harm
    assert harm.pull.success and (harm.rolled, harm.level, harm.knocked_out) == (MORTAL, CRITICAL, True)
    assert step.encounter.get("foe").health.dying is None


def test_a_power_kept_up_falls_when_its_deryni_is_knocked_out_without_defending():
    # [ours, rules page §8] "Falling unconscious drops it without a roll": also for one who did not defend.
    enc = with_state(fight(hero(), man("foe"), SLOW), "foe", power="heightened senses")
    step = attack(enc, "hero", "foe", faces(f2(2), f4(1)), defence="none", knockout="pommel")
    assert strike(step).harm.knocked_out and state(step.encounter, "foe").power is None
    assert [(m.combatant, m.power, m.check) for m in strike(step).meditation] == [
        ("foe", "heightened senses", None)]


def test_a_mortal_knock_out_blow_not_pulled_applies_and_may_kill():
    enc = fight(hero(), man("foe"), SLOW)
    step = attack(enc, "hero", "foe", faces(f2(2), f4(0)), defence="none", knockout="pommel")
    harm = strike(step).harm
    assert not harm.pull.success and harm.level == MORTAL and not harm.knocked_out
    assert harm.death is not None and not harm.death.passed
    assert step.encounter.get("foe").health.dying == 1


def test_too_little_damage_merely_wounds():
    enc = fight(hero(), man("foe"), SLOW)
    step = attack(enc, "hero", "foe", faces(f2(-2), f4(4), f4(1)), defence="none", knockout="pommel")
    harm = strike(step).harm
    assert harm.level == 2 and not harm.knocked_out and harm.death is not None  # Very Hurt, with its test
    assert not step.encounter.get("foe").health.unconscious


def test_disarm_modifiers_one_handed_two_handed_strapped_on():
    cases = ((("broadsword",), None, "weapon", -1), (("greatsword",), None, "weapon", -2),
             (("broadsword",), "kite shield", "shield", -3), (("broadsword",), "buckler", "shield", -1))
    for weapons, shield, what, modifier in cases:
        enc = fight(hero(), man("foe", weapons=weapons, shield=shield), SLOW)
        result = strike(attack(enc, "hero", "foe", faces(f2(-2), f2(2)), defence="dodge", disarm=what))
        assert ("disarm", modifier) in [(m.name, m.value) for m in result.attack.modifiers]


def test_a_resisted_disarm_wins_the_skills_then_the_strength():
    enc = fight(hero(strength=1), man("foe", dodge=0), SLOW)
    # Great-1 +0 = Good beats the foe's Fair dodge; Strength Good+0 beats Fair-1.
    step = attack(enc, "hero", "foe", faces(f2(0), f2(0), f2(0), f2(-1)), defence="dodge", disarm="weapon")
    result = strike(step)
    assert result.contest is not None and result.contest.won and result.outcome == "disarmed"
    assert result.harm is None  # a disarm does not hurt
    assert state(step.encounter, "foe").dropped == ("broadsword",)


def test_a_disarm_that_loses_the_strength_contest_leaves_the_weapon():
    enc = fight(hero(), man("foe", dodge=0, strength=1), SLOW)
    result = strike(attack(enc, "hero", "foe", faces(f2(0), f2(0), f2(0), f2(0)), defence="dodge", disarm="weapon"))
    assert result.outcome == "kept" and not result.contest.won


def test_the_dodge_that_met_a_disarm_costs_its_strength_contest_nothing_an_earlier_one_does():
    # [seed] the dodge's −1 goes on "all actions following the Dodge, not including it": the Strength contest is
    # part of meeting that disarm. Strength Good each, dice 0 each: a tie keeps the weapon.
    enc = fight(hero(strength=1), man("foe", dodge=0, strength=1), SLOW)
    dice = faces(f2(0), f2(0), f2(0), f2(0))
    result = strike(attack(enc, "hero", "foe", dice, defence="dodge", disarm="weapon"))
    assert result.contest is not None and result.contest.defender.result == result.contest.attacker.result
    assert ("dodged", -1) not in [(m.name, m.value) for m in result.contest.defender.modifiers]
    assert result.outcome == "kept"
    earlier = with_state(enc, "foe", dodges=1)  # he dodged another attack earlier this round: that −1 stays
    again = strike(attack(earlier, "hero", "foe", faces(f2(1), f2(0), f2(0), f2(0)), defence="dodge",
                          disarm="weapon"))
    assert ("dodged", -1) in [(m.name, m.value) for m in again.contest.defender.modifiers]
    assert again.outcome == "disarmed"


def test_a_defended_disarm_rolls_no_strength():
    enc = fight(hero(), man("foe", dodge=2), SLOW)
    result = strike(attack(enc, "hero", "foe", faces(f2(0), f2(0)), defence="dodge", disarm="weapon"))
    assert result.outcome == "defended" and result.contest is None


def test_an_unresisted_disarm_needs_fair_or_better():
    enc = fight(hero(), man("foe"), SLOW)
    assert strike(attack(enc, "hero", "foe", f2(-1), defence="none", disarm="weapon")).outcome == "disarmed"
    assert strike(attack(enc, "hero", "foe", f2(-2), defence="none", disarm="weapon")).outcome == "kept"


def test_a_disarmed_weapon_lies_on_the_floor_until_picked_up():
    enc = fight(hero(), man("foe", dodge=0, weapons=("broadsword", "dagger")), SLOW)
    enc = attack(enc, "hero", "foe", f2(-1), defence="none", disarm="weapon").encounter
    with pytest.raises(CannotAct, match="is on the floor: pick it up first"):
        attack(enc, "foe", "hero", faces(f2(0), f2(0)), weapon="broadsword", defence="dodge")
    assert strike(attack(enc, "foe", "hero", faces(f2(-2), f2(0)), defence="dodge")).weapon == "dagger"
    picked = act(enc, "foe", "pickup", item="broadsword")
    assert state(picked.encounter, "foe").dropped == () and state(picked.encounter, "foe").wielding == "broadsword"


def test_a_shield_knocked_away_is_named_on_the_floor_as_the_disarm_named_it():
    enc = fight(hero(), man("foe", dodge=0, shield="buckler", shield_=1), SLOW)
    step = attack(enc, "hero", "foe", f2(1), defence="none", disarm="shield")  # Great -1 (buckler) +1: Fair
    assert strike(step).outcome == "disarmed" and strike(step).disarm_item == "buckler"
    assert "on the floor: buckler" in SYSTEM.status(step.encounter.get("foe"))


def test_one_special_attack_at_a_time():
    enc = fight(hero(), man("foe"), SLOW)
    with pytest.raises(InvalidInput, match="One special attack at a time"):
        attack(enc, "hero", "foe", (), called="leg", disarm="weapon")


def test_disarming_a_bare_handed_foe_is_refused():
    enc = fight(hero(), man("foe", weapons=()), SLOW)
    with pytest.raises(CannotAct, match="holds no weapon to disarm"):
        attack(enc, "hero", "foe", (), disarm="weapon")
