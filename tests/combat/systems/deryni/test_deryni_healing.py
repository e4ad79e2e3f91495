"""Deryni healing after the fight (4.3) as GM tools, and the other GM tools: engage, defence, fudge."""

import pytest
from deryni_kit import SYSTEM, f4, fight, man, state, with_health, with_state

from combat import engine
from combat.dice import ScriptedDice
from combat.errors import CannotAct, RulesError
from combat.model import Encounter
from combat.systems.deryni.healing import Rested, Treated
from combat.systems.deryni.health import CRITICAL, HURT, MORTAL, SCRATCH, VERY_HURT

SLOW = man("slow", side="onlookers", agility=-3)


def tool(enc, name, dice=(), **options):
    script = ScriptedDice(list(dice))
    step = engine.use_tool(SYSTEM, enc, name, options, script)
    assert script.remaining == 0
    return step


def levels(enc, cid):
    return [w.level for w in enc.get(cid).health.wounds]


def test_first_aid_heals_the_worst_hurt_or_very_hurt_wound_one_level():
    enc = fight(man("medic", agility=1, first_aid=1), man("foe", wounds=(HURT, VERY_HURT)), SLOW)
    step = tool(enc, "heal", f4(-1), target="foe", method="first aid", healer="medic")  # Good-1: Fair
    assert isinstance(step.result, Treated) and step.result.success and step.result.before == VERY_HURT
    assert levels(step.encounter, "foe") == [HURT, HURT]
    assert step.encounter.get("foe").health.wounds[1].treated


def test_failed_first_aid_changes_nothing():
    enc = fight(man("medic", agility=1, first_aid=1), man("foe", wounds=(HURT,)), SLOW)
    step = tool(enc, "heal", f4(-2), target="foe", method="first aid", healer="medic")
    assert not step.result.success and levels(step.encounter, "foe") == [HURT]


@pytest.mark.parametrize(("changes", "named"), [
    ({"power": "heightened senses"}, ("Deryni power", -1)),  # "maintaining ... a -1 penalty to all other actions"
    ({"dodges": 1}, ("dodged", -1)),  # "Penalty is applied to all actions following the Dodge"
])
def test_first_aid_in_the_fight_takes_the_healer_s_power_and_dodge_penalties(changes, named):
    enc = fight(man("medic", agility=1, first_aid=0), man("foe", wounds=(HURT,)), SLOW)
    step = tool(with_state(enc, "medic", **changes), "heal", f4(0), target="foe", method="first aid",
                healer="medic")  # Fair-1: Mediocre, below Fair
    assert named in [(m.name, m.value) for m in step.result.check.roll.modifiers]
    assert not step.result.success and levels(step.encounter, "foe") == [HURT]


def test_first_aid_before_the_fight_takes_no_power_penalty_without_a_power():
    before = Encounter("deryni", (man("medic", first_aid=0), man("foe", wounds=(HURT,))),
                       state=SYSTEM.new_encounter_state())
    step = tool(before, "heal", f4(0), target="foe", method="first aid", healer="medic")  # Fair: it holds
    assert step.result.check.roll.modifiers == () and step.result.success


def test_an_incapacitated_or_unconscious_healer_treats_nobody():
    # A Critical wound: "no actions" (source 4.3); he cannot give First Aid, even to himself.
    enc = fight(man("medic", agility=1, first_aid=1, wounds=(CRITICAL, HURT)), man("foe", wounds=(HURT,)), SLOW)
    with pytest.raises(CannotAct, match="Medic is in no state to treat anyone"):
        tool(enc, "heal", target="medic", method="first aid", healer="medic")
    knocked = with_health(fight(man("medic", agility=1, first_aid=1), man("foe", wounds=(HURT,)), SLOW), "medic",
                          unconscious=True)
    with pytest.raises(CannotAct, match="no state to treat"):
        tool(knocked, "heal", target="foe", method="first aid", healer="medic")


def test_first_aid_erases_a_scratch_unless_a_critical_failure():
    enc = fight(man("medic", agility=1, first_aid=-3), man("foe", wounds=(SCRATCH,)), SLOW)
    assert levels(tool(enc, "heal", f4(-3), target="foe", method="first aid", healer="medic").encounter, "foe") == []
    kept = tool(enc, "heal", [-1, -1, -1, -1], target="foe", method="first aid", healer="medic")
    assert levels(kept.encounter, "foe") == [SCRATCH]


def test_first_aid_cannot_treat_a_critical_wound():
    enc = fight(man("medic", agility=1), man("foe", wounds=(CRITICAL,)), SLOW)
    with pytest.raises(RulesError, match="needs Battle Surgery"):
        tool(enc, "heal", target="foe", method="first aid", healer="medic")


def test_battle_surgery_heals_a_critical_wound_one_level():
    enc = fight(man("medic", agility=1, battle_surgery=1), man("foe", wounds=(CRITICAL,)), SLOW)
    step = tool(enc, "heal", f4(0), target="foe", method="surgery", healer="medic")
    assert levels(step.encounter, "foe") == [VERY_HURT]


def test_surgery_cannot_help_the_dying_but_extraordinary_measures_can():
    enc = fight(man("medic", agility=1, battle_surgery=3), man("foe", wounds=(MORTAL,)), SLOW)
    enc = with_health(enc, "foe", dying=1)
    with pytest.raises(CannotAct, match="dying"):
        tool(enc, "heal", target="foe", method="surgery", healer="medic")
    saved = tool(enc, "heal", target="foe", method="save")
    assert saved.encounter.get("foe").health.dying is None


def test_rest_heals_each_wound_after_its_time_and_wakes_the_sleeper():
    enc = fight(man("medic", agility=1), man("foe", wounds=(SCRATCH, HURT, VERY_HURT, CRITICAL)), SLOW)
    enc = with_health(enc, "foe", unconscious=True)
    step = tool(enc, "heal", target="foe", method="rest", days=7)
    assert isinstance(step.result, Rested) and step.result.healed == ("Scratch", "Hurt", "Very Hurt")
    assert levels(step.encounter, "foe") == [CRITICAL] and step.result.woke
    assert not step.encounter.get("foe").health.unconscious


def test_rest_in_several_stretches_adds_up_for_each_wound():
    # A week of rest told as 3 days and then 4 heals what one of 7 days heals: the Hurt after 3, the Very Hurt at 7.
    enc = fight(man("medic", agility=1), man("foe", wounds=(HURT, VERY_HURT)), SLOW)
    first = tool(enc, "heal", target="foe", method="rest", days=3)
    assert first.result.healed == ("Hurt",) and levels(first.encounter, "foe") == [VERY_HURT]
    second = tool(first.encounter, "heal", target="foe", method="rest", days=4)
    assert second.result.healed == ("Very Hurt",) and levels(second.encounter, "foe") == []


def test_engage_pairs_two_foes_and_refuses_allies():
    enc = fight(man("a", "left", agility=2), man("b", "left", agility=1), man("x", "right"))
    engaged = tool(enc, "engage", target="b", foe="x").encounter
    assert (state(engaged, "b").paired, state(engaged, "x").paired) == ("x", "b")
    with pytest.raises(CannotAct, match="same side"):
        tool(enc, "engage", target="a", foe="b")


def test_fudge_points_are_set_by_the_gm_and_heroes_start_with_three():
    enc = fight(man("hero", tier="hero", agility=1), man("foe"))
    assert state(enc, "hero").fudge_points == 3 and state(enc, "foe").fudge_points == 0
    assert state(tool(enc, "fudge", target="foe", points=2).encounter, "foe").fudge_points == 2


def test_a_standing_defence_is_kept_until_set_back_to_best():
    enc = fight(man("hero", agility=1), man("foe"))
    enc = tool(enc, "defence", target="foe", defence="dodge").encounter
    assert state(enc, "foe").defence == "dodge"
    assert state(tool(enc, "defence", target="foe", defence="best").encounter, "foe").defence is None


def test_healing_is_a_beat_for_the_round_summary_and_no_miss():
    from combat.summary import Beat, summarize_round

    enc = fight(man("medic", agility=1, first_aid=1), man("foe", wounds=(HURT, VERY_HURT)), SLOW)
    treated = tool(enc, "heal", f4(-1), target="foe", method="first aid", healer="medic")
    beats = SYSTEM.digest(treated.result)
    assert beats == (Beat("medic", "first aid", "foe", note="Very Hurt treated, now Hurt", aid=True),)
    failed = tool(enc, "heal", f4(-2), target="foe", method="first aid", healer="medic")
    assert SYSTEM.digest(failed.result)[0].note == "no better"
    summary = summarize_round(1, beats, (), ())
    assert (summary.hits, summary.misses) == (0, 0)
