"""Full defence: declared at the start of the round, before any attack; no attacks, may retreat, +1 die."""

import pytest
from d6_kit import SYSTEM, attack, begin, fighter, move, next_turn

from bot.render.guide import guide_lines
from bot.services.replies import Reply
from combat.errors import CannotAct
from combat.systems.d6pool.model import DEFENDING, RETREATED
from combat.systems.d6pool.results import Moved


def fight():
    hero = fighter("hero", weapons=("sword", "pistol"), agility=3, swords=3, marksmanship=1)
    foe = fighter("foe", weapons=("sword",), agility=3, swords=2)
    other = fighter("other", agility=2)
    return begin(hero, foe, other, init=(6, 2, 1))  # hero 12 (12, 6, 0), foe 7 (7, 1), other 3


def test_declared_out_of_turn_before_the_first_attack() -> None:
    step = move(fight(), "foe", "dodge")
    assert step.result == Moved("foe", "dodge")
    assert step.encounter.get("foe").condition(DEFENDING).source == "dodge"
    assert step.encounter.turns.current.waiting == ("hero",)  # no action used, the turn unmoved


def test_full_defence_adds_a_die_and_the_melee_skill_against_melee() -> None:
    enc = move(fight(), "foe", "block").encounter
    roll = attack(enc, "hero", "foe", [1, 1, 1, 2, 2, 2, 2]).result.roll  # 3+3 = 6 vs 4 dice 8 + 2
    assert (len(roll.defence.faces), roll.defence.modifier, roll.defending, roll.hit) == (4, 2, "block", False)


def test_full_defence_adds_a_die_but_no_skill_against_a_shot() -> None:
    enc = move(fight(), "foe", "dodge").encounter
    roll = attack(enc, "hero", "foe", [1, 1, 1, 2, 2, 2, 2], weapon="pistol").result.roll
    assert (len(roll.defence.faces), roll.defence.modifier, roll.defence.total) == (4, 0, 8)


def test_too_late_once_an_attack_has_been_rolled_this_round() -> None:
    enc = attack(fight(), "hero", "other", [1, 1, 1, 6, 6]).encounter  # a miss, but rolled
    with pytest.raises(CannotAct, match="before any attack is rolled"):
        move(enc, "foe", "dodge")


def test_no_attacks_that_round_but_a_retreat() -> None:
    enc = move(fight(), "foe", "dodge").encounter
    enc = attack(enc, "hero", "other", [1, 1, 1, 6, 6]).encounter  # hero's 12: miss; foe's turn at 7
    assert enc.turns.current.waiting == ("foe",)
    with pytest.raises(CannotAct, match="full defence this round: no attacks"):
        attack(enc, "foe", "hero", [6] * 9)
    gone = move(enc, "foe", "retreat").encounter
    assert gone.get("foe").has(RETREATED)
    with pytest.raises(CannotAct, match="retreated"):
        attack(gone, "hero", "foe", [6] * 9)


def test_retreat_only_from_full_defence() -> None:
    with pytest.raises(CannotAct, match="only on full defence"):
        move(fight(), "hero", "retreat")


def test_full_defence_lasts_one_round() -> None:
    enc = move(fight(), "foe", "dodge").encounter
    while enc.turns.round == 1 and len(enc.turns.queue) > 1:
        enc = next_turn(enc).encounter
    enc = next_turn(enc, (1, 1, 1)).encounter
    assert enc.turns.round == 2 and not enc.get("foe").has(DEFENDING)


def test_the_last_foe_retreating_is_the_step_that_ends_the_fight() -> None:
    # Foe (the only one of his side) declares full defence, then retreats on his turn: one side is left standing,
    # and that step says so, as a foe going down would.
    enc = move(fight(), "foe", "dodge").encounter
    enc = attack(enc, "hero", "other", [1, 1, 1, 6, 6]).encounter
    gone = move(enc, "foe", "retreat")
    reply = Reply("act", SYSTEM, gone.encounter, gone.result, beats=SYSTEM.digest(gone.result))
    [line] = guide_lines(reply)
    assert line.startswith("→ The fight is over — Hero and Other still stand; Foe has left the fight:")


def test_full_defence_comes_before_his_own_first_count_passes() -> None:
    # "at the beginning of the round, before any attacks are rolled": the hero lets his count 12 pass without
    # attacking; at the foe's count 7 he may no longer declare it. The foe, whose count has not passed, still may.
    enc = next_turn(fight()).encounter
    assert enc.turns.current.waiting == ("foe",)
    with pytest.raises(CannotAct, match="Hero has had a turn this round already"):
        move(enc, "hero", "dodge")
    assert move(enc, "foe", "dodge").encounter.get("foe").has(DEFENDING)
