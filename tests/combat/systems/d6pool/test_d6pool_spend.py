"""Spending successes after the roll: damage, knock-down, throw, hold, stun and knock-out, with their rolls."""

import pytest
from d6_kit import SYSTEM, attack, begin, choose, fighter, htk, move, next_turn, slots

from combat import engine
from combat.dice import ScriptedDice
from combat.errors import CannotAct
from combat.systems.d6pool.model import HELD, KO, PRONE, STUNNED
from combat.systems.d6pool.results import Attack, RoundBegins, Spent
from combat.systems.d6pool.spend import offer

HIT = [6, 6, 6, 1]  # hero 18 + 3 swords = 21 against foe's Agility 1d6 [1] = 1


def fight(foe_init: int = 1, **foe: object):
    hero = fighter("hero", weapons=("sword",), agility=3, swords=3)
    traits = {"agility": 1, "stamina": 3} | foe
    return begin(hero, fighter("foe", **traits), init=(6, foe_init))  # hero 12: 12, 6, 0


def test_the_choices_grow_with_the_successes() -> None:
    assert offer("a", 0).answers() == ("none", "knockdown", "throw", "hold")
    assert offer("a", 0).default == "none"
    assert offer("a", 1).answers() == ("damage", "knockdown", "throw", "hold")
    assert offer("a", 2).answers() == ("damage", "knockdown", "throw", "hold", "stun")
    assert offer("a", 5).answers() == ("damage", "knockdown", "throw", "hold", "stun", "knockout")
    assert offer("a", 3).default == "damage"


def test_a_shot_or_a_mind_blast_offers_no_hold_and_no_strength_contest() -> None:
    # Holding and Strength contests are hand to hand: a pistol's successes buy damage, a knock-down or throw (one
    # success, as Amra's), a stun, a knock-out; with none through there is nothing to choose.
    for kind in ("ranged", "psionic"):
        assert offer("a", 0, kind) is None
        assert offer("a", 3, kind).answers() == ("damage", "knockdown", "throw", "stun", "knockout")


def test_a_shot_with_no_success_through_ends_without_a_choice() -> None:
    # Gunman (Agility 3, Marksmanship +2) [6, 6, 6] 18 + 2 = 20 against foe's Agility 1d6 [1]: hit. Pistol PF 3
    # [3, 2, 1]: 0 successes, no protection: no effect, and the turn goes on without asking.
    gunman = fighter("gunman", weapons=("pistol",), agility=3, marksmanship=2)
    enc = begin(gunman, fighter("foe", agility=1, stamina=3), init=(6, 1))
    step = attack(enc, "gunman", "foe", [6, 6, 6, 1, 3, 2, 1])
    assert isinstance(step.result, Attack) and step.result.spent is not None
    assert (step.result.spent.choice, step.result.spent.lost) == ("none", 0)
    assert step.encounter.pending is None and htk(step.encounter, "foe") == 7
    from d6_kit import SYSTEM

    (beat,) = SYSTEM.digest(step.result)
    assert (beat.hit, beat.wound, beat.note) == (True, None, "no effect")  # the summary says so, as the log does


def test_a_success_spent_on_a_knock_down_the_rest_as_damage() -> None:
    asked = attack(fight(), "hero", "foe", [*HIT, 6, 6, 1])  # PF 3: 2 successes, no protection
    done = choose(asked.encounter, "knockdown")
    assert (done.result.lost, done.result.took) == (1, True)
    assert done.encounter.get("foe").has(PRONE) and htk(done.encounter, "foe") == 6


def test_the_knocked_down_stand_up_before_attacking() -> None:
    enc = choose(attack(fight(foe_init=6), "hero", "foe", [*HIT, 6, 1, 1]).encounter, "throw").encounter
    # foe: 1 + 6 = 7 (7, 1); hero's 12 is done, foe's 7 comes next
    assert enc.turns.current.waiting == ("foe",)
    with pytest.raises(CannotAct, match="stand up first"):
        attack(enc, "foe", "hero", [6] * 9)
    up = move(enc, "foe", "stand").encounter
    assert not up.get("foe").has(PRONE)


def test_with_no_success_an_effect_takes_a_strength_contest() -> None:
    asked = attack(fight(armour="plate"), "hero", "foe", [*HIT, 1, 1, 1, 6, 6, 6])
    assert asked.encounter.pending.reaction.default == "none"
    won = choose(asked.encounter, "knockdown", (4, 4, 4, 3, 3, 3))  # Strength 12 vs 9
    assert won.result.took and won.result.contest.won and won.encounter.get("foe").has(PRONE)
    tied = choose(asked.encounter, "knockdown", (3, 3, 3, 3, 3, 3))  # a tie goes to the defender
    assert not tied.result.took and not tied.encounter.get("foe").has(PRONE)


def test_a_hold_costs_one_success_as_a_throw_does_and_an_escape_is_a_strength_contest() -> None:
    # "He might wish instead to hold his opponent still or throw him through a wall ... If Amra rolled 3 successes
    # then he would do 2 HTK to his target and throw it": a hold is bought as the throw is, the rest is damage.
    asked = attack(fight(foe_init=6), "hero", "foe", [*HIT, 6, 6, 6])
    assert ("hold", "Hold + 2 HTK") in [(c.key, c.label) for c in offer("hero", 3).choices]
    held = choose(asked.encounter, "hold", ())
    assert held.result.lost == 2 and held.result.contest is None
    assert held.encounter.get("foe").condition(HELD).source == "hero"
    unpaid = attack(fight(foe_init=6), "hero", "foe", [*HIT, 1, 1, 1])  # nothing through: a Strength contest
    contested = choose(unpaid.encounter, "hold", (5, 5, 5, 1, 1, 1))
    assert contested.result.contest.won and contested.result.lost == 0
    assert contested.encounter.get("foe").has(HELD)
    with pytest.raises(CannotAct, match="held"):
        attack(held.encounter, "foe", "hero", [6] * 9)
    stuck = move(held.encounter, "foe", "escape", (3, 3, 3, 3, 3, 3))  # foe's 9 vs hero's 9: the holder keeps him
    assert stuck.encounter.get("foe").has(HELD)
    free = move(held.encounter, "foe", "escape", (4, 3, 3, 3, 3, 3))
    assert not free.encounter.get("foe").has(HELD)


def test_a_stun_with_actions_left_loses_the_rest_of_this_round() -> None:
    enc = fight(foe_init=1)  # foe: 1 + 1 = 2 → acts at 2, after hero's 12 and 6
    asked = attack(enc, "hero", "foe", [*HIT, 6, 6, 1])  # 2 successes
    stunned = choose(asked.encounter, "stun", (1, 1, 1, 6, 1, 1))  # Stamina 0 successes vs PF 3: 1
    spent = stunned.result
    assert isinstance(spent, Spent) and (spent.lost, spent.took, spent.next_round) == (1, True, False)
    assert spent.save.stamina.faces == (1, 1, 1) and spent.save.against.faces == (6, 1, 1)
    enc = next_turn(stunned.encounter).encounter  # hero passes at 6: foe's 2 is skipped, hero's 0 is up
    assert slots(enc) == [(0, ("hero",))]
    after = next_turn(enc, (3, 4)).encounter  # round 2: the stun is over, both roll
    assert not after.get("foe").has(STUNNED) and len(after.turns.order) == 2


def test_a_stun_resisted_still_costs_one_htk_and_a_tie_resists() -> None:
    asked = attack(fight(), "hero", "foe", [*HIT, 6, 6, 1])
    tied = choose(asked.encounter, "stun", (6, 1, 1, 6, 1, 1))
    assert not tied.result.took and tied.result.lost == 1 and not tied.encounter.get("foe").has(STUNNED)


def test_a_stun_with_no_actions_left_takes_the_next_round() -> None:
    enc = fight(foe_init=3)  # foe: 1 + 3 = 4 (4); hero 12, 6, 0
    enc = next_turn(next_turn(enc).encounter).encounter  # hero passes at 12 and 6
    enc = next_turn(enc).encounter  # foe passes at 4: hero's 0 is up
    stunned = choose(attack(enc, "hero", "foe", [*HIT, 6, 6, 1]).encounter, "stun", (1, 1, 1, 6, 1, 1, 6))
    assert stunned.result.next_round
    round2 = stunned.encounter  # hero's last action: round 2 began; only hero rolled (6 → 12)
    assert round2.turns.round == 2 and [e.combatant for e in round2.turns.order] == ["hero"]
    started = stunned.change.started
    assert isinstance(started, RoundBegins) and started.stunned == ("foe",)
    for _ in range(3):
        round2 = next_turn(round2, (2, 2)).encounter
    assert round2.turns.round == 3 and not round2.get("foe").has(STUNNED)
    assert [e.combatant for e in round2.turns.order] == ["hero", "foe"]


def test_a_second_stun_in_the_round_finds_no_actions_left_and_takes_the_next_round() -> None:
    enc = fight(foe_init=1)  # foe: 1 + 1 = 2 → acts at 2; hero 12, 6, 0
    first = choose(attack(enc, "hero", "foe", [*HIT, 6, 6, 1]).encounter, "stun", (1, 1, 1, 6, 1, 1))
    assert not first.result.next_round  # foe's 2 was still to come: only this round is lost
    assert slots(first.encounter)[0] == (6, ("hero",))  # at 6 the hero stuns him again
    again = choose(attack(first.encounter, "hero", "foe", [*HIT, 6, 6, 1]).encounter, "stun", (1, 1, 1, 6, 1, 1))
    assert again.result.took and again.result.next_round  # his 2 is already lost: none left this round
    assert again.encounter.get("foe").condition(STUNNED).elements == 2
    round2 = next_turn(again.encounter, (6,)).encounter  # hero's 0 passes: round 2, only hero rolls
    assert round2.turns.round == 2 and [e.combatant for e in round2.turns.order] == ["hero"]


def test_a_knock_out_and_recovery_rolls_with_the_pf_falling_until_it_reaches_0() -> None:
    asked = attack(fight(), "hero", "foe", [*HIT, 6, 6, 6])  # 3 successes
    out = choose(asked.encounter, "knockout", (1, 1, 1, 6, 1, 1, 1))  # Stamina vs PF 3 + 1 = 4 dice
    assert out.result.lost == 2 and out.result.save.pf == 4 and out.result.took
    enc = out.encounter
    assert enc.get("foe").condition(KO).value == 3 and htk(enc, "foe") == 5
    pfs = []
    for faces in ((1, 1, 1, 6, 1, 1, 2), (1, 1, 1, 6, 1, 2), (1, 1, 1, 6, 2), (2, 3)):
        while len(enc.turns.queue) > 1:
            enc = next_turn(enc).encounter
        step = next_turn(enc, faces)  # a new round: foe's recovery roll, then Initiative
        enc = step.encounter
        (recovery,) = step.change.started.recoveries
        pfs.append((recovery.save.pf if recovery.save else 0, recovery.woke))
    assert pfs == [(3, False), (2, False), (1, False), (0, True)]
    assert not enc.get("foe").has(KO) and [e.combatant for e in enc.turns.order] == ["hero", "foe"]


def test_a_recovery_roll_won_wakes_him_to_act_that_round() -> None:
    asked = attack(fight(), "hero", "foe", [*HIT, 6, 6, 6])
    enc = choose(asked.encounter, "knockout", (1, 1, 1, 6, 1, 1, 1)).encounter
    while len(enc.turns.queue) > 1:
        enc = next_turn(enc).encounter
    step = next_turn(enc, (6, 6, 1, 6, 1, 1, 2, 4))  # Stamina 2 successes vs PF 3: 1 → wakes
    assert step.change.started.recoveries[0].woke
    assert [e.combatant for e in step.encounter.turns.order] == ["hero", "foe"]


def test_letting_go_and_a_holder_who_is_knocked_down_lets_go() -> None:
    third = fighter("ally", agility=2)
    hero = fighter("hero", weapons=("sword",), agility=3, swords=3)
    foe = fighter("foe", agility=1, stamina=3)
    enc = begin(hero, foe, third, init=(6, 1, 6))  # hero 12, foe 2, ally 8
    held = choose(attack(enc, "hero", "foe", [*HIT, 6, 6, 6]).encounter, "hold", (5, 5, 5, 1, 1, 1)).encounter
    assert held.get("foe").has(HELD)
    freed = move(held, "hero", "letgo")
    assert freed.result.other == "foe" and not freed.encounter.get("foe").has(HELD)
    with pytest.raises(CannotAct, match="holding nobody"):
        move(freed.encounter, "hero", "letgo")
    # The ally (8) knocks the holder down: the hold ends.
    asked = attack(held, "ally", "hero", [6, 6, 1, 1, 1, 6])  # 12 vs 3 + 3; PF 1 (fist) [6] vs no armour
    assert asked.encounter.turns.current.waiting == ("ally",)
    down = choose(asked.encounter, "knockdown")
    assert down.result.released == ("foe",) and not down.encounter.get("foe").has(HELD)


def test_a_stun_whose_own_htk_downs_him_is_no_stun_resisted_in_the_summary() -> None:
    from d6_kit import SYSTEM

    enc = fight(foe_init=1, htk=1)  # one HTK left: the stun's own HTK takes him to 0, no save is rolled
    spent = choose(attack(enc, "hero", "foe", [*HIT, 6, 6, 1]).encounter, "stun").result
    assert isinstance(spent, Spent) and spent.down and spent.save is None and not spent.took
    (beat,) = SYSTEM.digest(spent)
    assert beat.out and beat.note is None  # not "stun resisted": nothing was rolled to resist
    resisted = choose(attack(fight(), "hero", "foe", [*HIT, 6, 6, 1]).encounter, "stun", (6, 1, 1, 6, 1, 1)).result
    assert SYSTEM.digest(resisted)[0].note == "stun resisted"


def test_a_holder_taken_out_of_the_encounter_holds_nobody_any_more() -> None:
    asked = attack(fight(foe_init=6), "hero", "foe", [*HIT, 6, 6, 6])
    held = choose(asked.encounter, "hold", ())
    assert held.encounter.get("foe").has(HELD)
    gone = engine.remove(SYSTEM, held.encounter, "hero", ScriptedDice([]))
    assert not gone.encounter.get("foe").has(HELD), "nobody is left to hold him"


def test_a_holder_the_gm_wounds_down_holds_nobody_any_more() -> None:
    asked = attack(fight(foe_init=6), "hero", "foe", [*HIT, 6, 6, 6])
    held = choose(asked.encounter, "hold", ())
    from combat.systems.d6pool.tools import use

    downed = use(held.encounter, "wound", {"target": "hero", "htk": 1000}, SYSTEM.tables)
    assert not downed.encounter.get("foe").has(HELD)
    scratched = use(held.encounter, "wound", {"target": "hero", "htk": 1}, SYSTEM.tables)
    assert scratched.encounter.get("foe").has(HELD), "still up, he still holds"
