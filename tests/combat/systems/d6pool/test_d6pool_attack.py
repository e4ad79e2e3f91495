"""Hitting: Agility dice + skill against the defence; melee skills on both sides, ranged skills only to hit."""

import pytest
from d6_kit import SYSTEM, attack, begin, choose, fighter, htk

from combat import reactions
from combat.dice import ScriptedDice
from combat.errors import CannotAct
from combat.intent import Asked
from combat.systems.d6pool.results import Attack, AttackRoll, Spent


def duel(**foe_traits: int):
    hero = fighter("hero", weapons=("sword",), agility=3, swords=3)
    foe = fighter("foe", weapons=("club",), armour="leather", **({"agility": 3, "clubs": 2} | foe_traits))
    return begin(hero, foe, init=(6, 1))


def test_melee_adds_both_sides_melee_skills_and_a_tie_goes_to_the_defender() -> None:
    step = attack(duel(), "hero", "foe", [4, 4, 4, 5, 5, 3])  # 12+3 = 15 vs 13+2 = 15
    assert isinstance(step.result, Attack)
    roll = step.result.roll
    assert (roll.attack.total, roll.defence.total, roll.defence_skill, roll.hit) == (15, 15, "clubs", False)
    assert step.encounter.turns.current.count == 6  # the miss used hero's action at 9


def test_a_melee_hit_rolls_power_factor_dice_against_protection_dice() -> None:
    # 4+4+5 +3 = 16 vs 1+2+3 +2 = 8: hit; sword PF 3 [6, 4, 1] = 2 successes vs leather PF 1 [5] = 1 → 1.
    step = attack(duel(), "hero", "foe", [4, 4, 5, 1, 2, 3, 6, 4, 1, 5])
    assert isinstance(step.result, Asked)
    roll = step.result.result
    assert isinstance(roll, AttackRoll) and roll.hit
    assert (roll.pf, roll.damage.faces, roll.protection, roll.soak.faces, roll.successes) == (3, (6, 4, 1), 1,
                                                                                               (5,), 1)
    assert step.encounter.pending.reaction.combatant == "hero"  # the attacker spends, after the roll
    done = choose(step.encounter, "damage")
    assert isinstance(done.result, Spent) and done.result.lost == 1
    assert htk(done.encounter, "foe") == htk(step.encounter, "foe") - 1


def test_ranged_adds_the_marksman_s_skill_and_the_target_dodges_with_agility_alone() -> None:
    gunman = fighter("gunman", weapons=("pistol",), agility=3, marksmanship=2)
    swordsman = fighter("swordsman", weapons=("sword",), agility=3, swords=3)
    enc = begin(gunman, swordsman, init=(6, 1))
    step = attack(enc, "gunman", "swordsman", [3, 3, 3, 3, 3, 4, 1, 1, 1])  # 9+2 = 11 vs 10 (no +3 swords)
    assert isinstance(step.result, Attack) and step.result.spent is not None  # PF [1, 1, 1]: nothing to choose
    roll = step.result.roll
    assert (roll.attack.total, roll.defence.total, roll.defence_skill, roll.hit) == (11, 10, None, True)


def test_the_swordsman_defends_with_swords_whatever_he_has_ready() -> None:
    # "If he were defending he would do the same thing [add +3], unless he was attacked by a gunman": with his
    # pistol ready (or nothing), a club's 4+4+4 +2 = 14 meets 4+4+4 +3 swords = 15: a miss.
    from dataclasses import replace

    from combat.systems.d6pool.model import Ready

    swordsman = fighter("swordsman", weapons=("sword", "pistol"), agility=3, swords=3, brawling=1)
    foe = fighter("foe", weapons=("club",), agility=3, clubs=2)
    for ready in ("pistol", None):
        held = replace(swordsman, state=Ready(ready))
        enc = begin(foe, held, init=(6, 1))
        result = attack(enc, "foe", "swordsman", [4, 4, 4, 4, 4, 4]).result
        assert isinstance(result, Attack), ready  # a miss: nothing to spend
        roll = result.roll
        assert (roll.defence_skill, roll.defence.total, roll.hit) == ("swords", 15, False), ready


def test_melee_skills_never_help_a_ranged_attack() -> None:
    swordsman = fighter("swordsman", weapons=("sword", "pistol"), agility=3, swords=3)
    foe = fighter("foe", agility=3)
    enc = begin(swordsman, foe, init=(6, 1))
    step = attack(enc, "swordsman", "foe", [2, 2, 2, 3, 3, 3], weapon="pistol")
    roll = step.result.roll
    assert (roll.skill, roll.skill_mod, roll.attack.total) == ("marksmanship", 0, 6)


def test_the_gm_s_modifier_adds_to_the_attack_total() -> None:
    step = attack(duel(), "hero", "foe", [4, 4, 4, 5, 5, 3, 1, 1, 1, 1], modifier=1)  # 16 vs 15: now a hit
    assert step.result.result.hit


def test_strength_adds_to_muscle_powered_power_factor() -> None:
    brute = fighter("brute", weapons=("sword",), agility=3, strength=7)  # +2 PF: 7 - 3 = 4, 4 // 2 = 2
    foe = fighter("foe", agility=1)
    enc = begin(brute, foe, init=(6, 1))
    step = attack(enc, "brute", "foe", [6, 6, 6, 1, 1, 1, 1, 1, 1])
    assert step.result.result.pf == 5 and len(step.result.result.damage.faces) == 5


def test_only_weapons_carried_and_never_oneself() -> None:
    enc = duel()
    with pytest.raises(CannotAct, match="carries no 'rifle'"):
        attack(enc, "hero", "foe", [1] * 9, weapon="rifle")
    with pytest.raises(Exception, match="cannot attack themself"):
        attack(enc, "hero", "hero", [1] * 9)
    fists = begin(fighter("hero", weapons=("sword", "fist"), agility=3), fighter("foe", agility=3), init=(6, 1))
    with pytest.raises(CannotAct, match=r"they carry sword, fist\.$"):  # a sheet listing the fist names it once
        attack(fists, "hero", "foe", [1] * 9, weapon="rifle")


def test_unanswered_the_successes_all_go_to_damage() -> None:
    step = attack(duel(), "hero", "foe", [4, 4, 5, 1, 2, 3, 6, 6, 6, 1])  # 3 successes vs 0
    assert step.encounter.pending.reaction.default == "damage"
    lapsed = reactions.lapse(SYSTEM, step.encounter, ScriptedDice([]), 0.0)
    assert lapsed.result.choice == "damage" and htk(lapsed.encounter, "foe") == htk(step.encounter, "foe") - 3
