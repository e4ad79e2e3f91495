"""Deryni damage and wounds (4.3): the damage value, armour, the wound table, Death Tests with FUDGE points before
or after the roll, the end-of-round Consciousness Test in the round summary, and wound penalties."""

import pytest
from deryni_kit import SYSTEM, answer, attack, f2, f4, faces, fight, man, state, with_health, with_state

from combat import engine
from combat.dice import ScriptedDice
from combat.intent import Asked
from combat.systems.deryni.health import (
    CRITICAL,
    HURT,
    MORTAL,
    SCRATCH,
    VERY_HURT,
    consciousness_difficulty,
    level_for_damage,
)
from combat.systems.deryni.results import DeathSettled, Strike
from combat.systems.deryni.rounds import RoundEnd

SLOW = man("slow", side="onlookers", agility=-3)


def hero(**traits: int) -> object:
    return man("hero", **{"agility": 1, "broadsword": 2, **traits})


@pytest.mark.parametrize(("damage", "level"), [(-2, SCRATCH), (0, SCRATCH), (1, SCRATCH), (2, HURT), (3, VERY_HURT),
                                               (4, CRITICAL), (5, CRITICAL), (6, MORTAL), (9, MORTAL)])
def test_the_wound_table(damage: int, level: int) -> None:
    assert level_for_damage(damage) == level


def test_damage_is_the_margin_plus_strength_plus_a_sharp_edge():
    enc = fight(hero(strength=1), man("foe"), SLOW)
    value = attack(enc, "hero", "foe", faces(f2(-2), f4(4)), defence="none").result.harm.damage
    assert (value.margin, value.strength, value.weapon, value.total) == (2, 1, 1, 4)


def test_bare_hands_are_minus_one_and_a_blunt_weapon_nothing():
    enc = fight(hero(unarmed_combat=2), man("foe"), SLOW)
    assert attack(enc, "hero", "foe", f2(-2), defence="none", weapon="unarmed").result.harm.damage.total == 2 - 1
    enc = fight(man("hero", agility=1, mace=2, weapons=("mace",)), man("foe"), SLOW)
    assert attack(enc, "hero", "foe", faces(f2(-2), f4(0)), defence="none").result.harm.damage.total == 2


def test_the_attack_may_name_the_seed_s_unarmed_combat_skill():
    # "Attacker's Skill (frex, Broad Sword or Unarmed Combat Skill)" [seed]: naming the skill strikes bare-handed.
    enc = fight(hero(unarmed_combat=2), man("foe"), SLOW)
    strike = attack(enc, "hero", "foe", f2(-2), defence="none", weapon="Unarmed Combat").result
    assert (strike.weapon, strike.attack.trait, strike.harm.damage.total) == ("unarmed", "unarmed combat", 1)


def test_armour_not_beaten_takes_its_modifier_and_beaten_does_not():
    # Mail: difficulty Great, -2. An attack result of Great only meets it (not beaten): -2.
    enc = fight(hero(), man("foe", armour="mail"), SLOW)
    value = attack(enc, "hero", "foe", faces(f2(0), f4(0)), defence="none").result.harm.damage
    assert (value.beaten, value.armour_modifier, value.total) == (False, -2, 4 + 1 - 2)
    value = attack(enc, "hero", "foe", f2(1), defence="none").result.harm.damage  # Mortal: no test to roll
    assert (value.beaten, value.armour_modifier, value.total) == (True, 0, 5 + 1)


@pytest.mark.parametrize(("level", "difficulty"), [(HURT, -1), (VERY_HURT, 1), (CRITICAL, 3)])
def test_death_test_difficulties(level: int, difficulty: int) -> None:
    from combat.systems.deryni import death

    enc = fight(man("foe", agility=1), SLOW)
    script = ScriptedDice(f4(difficulty))  # Damage Capacity Fair + exactly the difficulty: passes
    _, test, ask, _ = death.begin(enc, "foe", level, script)
    assert ask is None and test is not None and test.difficulty == difficulty and test.passed
    script = ScriptedDice(f4(difficulty - 1))
    _, test, _, _ = death.begin(enc, "foe", level, script)
    assert not test.passed


def test_a_scratch_needs_no_death_test():
    enc = fight(hero(strength=-1), man("foe"), SLOW)
    harm = attack(enc, "hero", "foe", faces(f2(-2), f2(1)), defence="dodge").result.harm  # 1 - 1 + 1: a Scratch
    assert harm.level == SCRATCH and harm.death is None


def test_a_failed_death_test_leaves_him_dying_fighting_on_and_dead_as_the_round_ends():
    enc = fight(hero(), man("foe", agility=0, broadsword=0, dodge=-1), SLOW)
    step = attack(enc, "hero", "foe", faces(f2(-1), f2(0), f4(-2)), defence="dodge")  # Very Hurt, test fails
    assert step.result.harm.death is not None and not step.result.harm.death.passed
    foe = step.encounter.get("foe")
    assert foe.health.dying == 1 and SYSTEM.can_act(foe, "action")
    # He fights on; a new wound takes no test.
    step2 = attack(step.encounter, "foe", "hero", faces(f2(2), f2(2)), defence="dodge")
    assert [(m.name, m.value) for m in step2.result.attack.modifiers] == [("wounds", -2), ("dodged", -1)]
    enc = step2.encounter
    assert step2.change.ended_round is None
    end = engine.next_turn(SYSTEM, enc, ScriptedDice([]))  # slow passes: the round ends
    assert isinstance(end.change.round_end, RoundEnd) and end.change.round_end.deaths == ("foe",)
    assert end.encounter.get("foe").health.dead
    # The round's summary counts him down: "dies" is a beat of his own, with no victim.
    (dies,) = [b for b in SYSTEM.digest(end.change.round_end) if b.move == "dies"]
    assert (dies.actor, dies.target, dies.out) == ("foe", None, True)


def test_a_dying_fighter_s_new_wound_shows_no_death_test_in_the_summary():
    enc = with_health(fight(hero(), man("foe", agility=0, broadsword=0, dodge=-1), SLOW), "foe", dying=1)
    step = attack(enc, "hero", "foe", faces(f2(-1), f2(0)), defence="dodge")  # Very Hurt: no test, he is dying
    assert step.result.harm.death is not None and step.result.harm.death.reason == "dying"
    (beat,) = SYSTEM.digest(step.result)
    assert beat.wound == "Very Hurt" and "Death Test" not in (beat.note or "")


def test_a_dying_fighter_takes_no_more_tests():
    from combat.systems.deryni import death

    enc = fight(man("foe", agility=1), SLOW)
    enc = with_health(enc, "foe", dying=1)
    _, test, ask, _ = death.begin(enc, "foe", CRITICAL, ScriptedDice([]))
    assert ask is None and test.reason == "dying"


def test_a_natural_plus_four_passes_every_later_test_this_round():
    from combat.systems.deryni import death

    enc = fight(man("foe", agility=1), SLOW)
    enc, test, _, _ = death.begin(enc, "foe", CRITICAL, ScriptedDice([1, 1, 1, 1]))
    assert test.passed and test.charmed and state(enc, "foe").charmed == 1
    _, later, _, _ = death.begin(enc, "foe", CRITICAL, ScriptedDice([]))
    assert later.passed and later.reason == "charmed"


def test_one_fudge_point_before_the_roll_passes_it():
    enc = fight(man("foe", agility=2), man("hero", owner="bob", tier="hero", agility=1, dodge=-3), SLOW)
    step = attack(enc, "foe", "hero", faces(f2(2), f2(0)), defence="dodge")  # Fair+2 vs Poor: 4 +1 sharp: Crit
    assert isinstance(step.result, Asked) and step.result.reaction.answers() == ("roll", "spend")
    assert step.result.reaction.default == "roll" and step.encounter.pending.stage == "after"
    done = answer(step.encounter, "spend")
    assert isinstance(done.result, DeathSettled) and done.result.test.passed and done.result.test.spent == 1
    assert state(done.encounter, "hero").fudge_points == 2


def test_two_fudge_points_after_a_failed_roll_pass_it():
    enc = fight(man("foe", agility=2), man("hero", owner="bob", tier="hero", agility=1, dodge=-3), SLOW)
    step = attack(enc, "foe", "hero", faces(f2(2), f2(0)), defence="dodge")
    asked = answer(step.encounter, "roll", f4(0))  # Fair against Superb: fails; now 2 points may buy it
    assert isinstance(asked.result, Asked) and asked.result.reaction.answers() == ("spend", "accept")
    assert asked.result.reaction.default == "spend"
    done = answer(asked.encounter, "spend")
    assert done.result.test.passed and done.result.test.spent == 2 and done.result.test.roll.faces == (0, 0, 0, 0)
    assert state(done.encounter, "hero").fudge_points == 1
    assert done.encounter.get("hero").health.dying is None


def test_accepting_a_failed_death_test_leaves_him_dying():
    enc = fight(man("foe", agility=2), man("hero", owner="bob", tier="hero", agility=1, dodge=-3), SLOW)
    step = attack(enc, "foe", "hero", faces(f2(2), f2(0)), defence="dodge")
    asked = answer(step.encounter, "roll", f4(0))
    done = answer(asked.encounter, "accept")
    assert not done.result.test.passed and done.encounter.get("hero").health.dying == 1
    assert state(done.encounter, "hero").fudge_points == 3


def test_without_fudge_points_nothing_is_asked():
    enc = fight(man("foe", agility=2), man("hero", owner="bob", agility=1, dodge=-3), SLOW)
    step = attack(enc, "foe", "hero", faces(f2(2), f2(0), f4(3)), defence="dodge")
    assert isinstance(step.result, Strike) and step.result.harm.death.passed


def test_a_mortal_wound_kills_unless_two_fudge_points_are_spent():
    enc = fight(hero(), man("foe", wounds=()), SLOW)
    step = attack(enc, "hero", "foe", f2(2), defence="none")  # margin 6 + 1: Mortal, no points
    harm = step.result.harm
    assert harm.level == MORTAL and harm.unconscious and not harm.death.passed
    assert step.encounter.get("foe").health.dying == 1 and step.encounter.get("foe").health.unconscious
    (beat,) = SYSTEM.digest(step.result)  # no roll was made: the summary does not call it a failed test
    assert beat.note == "no Death Test can save a Mortal wound: dying"
    enc = with_state(enc, "foe", fudge_points=2)
    step = attack(enc, "hero", "foe", f2(2), defence="none")
    assert step.result.reaction.answers() == ("spend", "accept")
    accepted = answer(step.encounter, "accept")  # nothing rolled then either: no failed test in the summary
    assert [(b.move, b.note) for b in SYSTEM.digest(accepted.result)] == [
        ("Death Test", "none can save a Mortal wound: dying")]
    done = answer(step.encounter, "spend")
    foe = done.encounter.get("foe")
    assert foe.health.unconscious and foe.health.dying is None and state(done.encounter, "foe").fudge_points == 0


def test_the_consciousness_test_ends_the_round_and_joins_its_summary():
    enc = fight(hero(), man("foe", stamina=0, wounds=(VERY_HURT, HURT)), SLOW)  # 3 wound points: Mediocre
    enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    step = engine.next_turn(SYSTEM, enc, ScriptedDice(f4(-2)))  # Fair-2 = Poor: fails Mediocre
    end = step.change.round_end
    assert isinstance(end, RoundEnd)
    (test,) = end.tests
    assert (test.combatant, test.points, test.difficulty, test.passed) == ("foe", 3, -1, False)
    assert step.encounter.get("foe").health.unconscious
    beats = SYSTEM.digest(end)
    assert [(b.actor, b.move, b.note) for b in beats] == [("foe", "Consciousness Test", "falls unconscious")]


def test_consciousness_difficulty_by_wound_points():
    assert [consciousness_difficulty(p) for p in range(1, 9)] == [-3, -2, -1, 0, 1, 2, 3, 4]


def test_each_wound_level_is_worth_its_wound_points():
    # Scratch 0, Hurt 1, Very Hurt 2, Critical 3, Mortal 4 [ours: RULES-REFERENCE's suggestion, in the page].
    for level, points in ((SCRATCH, 0), (HURT, 1), (VERY_HURT, 2), (CRITICAL, 3), (MORTAL, 4)):
        assert man("foe", wounds=(level,)).health.points == points
    assert man("foe", wounds=(CRITICAL, HURT, SCRATCH)).health.points == 4


def test_no_consciousness_test_without_wound_points():
    enc = fight(hero(), man("foe", wounds=(SCRATCH,)), SLOW)
    for _ in range(3):
        step = engine.next_turn(SYSTEM, enc, ScriptedDice([]))
        enc = step.encounter
    assert step.change.ended_round == 1 and step.change.round_end is None


def test_wound_penalties_hurt_minus_one_very_hurt_minus_two():
    enc = fight(hero(wounds=(HURT,)), man("foe"), SLOW)
    result = attack(enc, "hero", "foe", faces(f2(-2), f2(2)), defence="dodge").result
    assert ("wounds", -1) in [(m.name, m.value) for m in result.attack.modifiers]
    enc = fight(hero(wounds=(HURT, VERY_HURT)), man("foe"), SLOW)
    result = attack(enc, "hero", "foe", faces(f2(-2), f2(2)), defence="dodge").result
    assert ("wounds", -2) in [(m.name, m.value) for m in result.attack.modifiers]


def test_a_critical_wound_leaves_no_action_and_no_defence():
    enc = fight(hero(), man("foe", wounds=(CRITICAL,)), SLOW)
    assert not SYSTEM.can_act(enc.get("foe"), "action")
    result = attack(enc, "hero", "foe", faces(f2(-2), f4(3))).result  # Very Hurt: a Death Test
    assert result.defence.kind == "unable" and result.parry is None and result.margin == 2


def test_the_status_of_one_out_of_the_fight_leaves_out_this_round_s_defences():
    # A dodge's -1 and an all-out defence matter to one who fights on: not to the incapacitated (the recap showed
    # "incapacitated, dodged -1").
    enc = fight(hero(), man("foe", wounds=(CRITICAL,)), SLOW)
    enc = with_state(enc, "foe", dodges=1, all_out=True)
    assert SYSTEM.status(enc.get("foe")) == ("incapacitated",)
    standing = with_state(fight(hero(), man("foe"), SLOW), "foe", dodges=1)
    assert SYSTEM.status(standing.get("foe")) == ("dodged -1",)
