"""Seed scenarios for the d6 pool / HTK system, worked out by hand from the seed text (seed 003) before running.

Each test states the sheets, the d6 faces in the documented draw order (Initiative; attacker's pool, defender's
pool; PF dice, protection dice; saves and contests) and the outcome. Where the seed is silent the rules page's
decisions apply: a success is a die of 4-6, net of the protection's; totals must beat the defence; ties go to the
one resisting; a count of 0 acts.
"""

from dataclasses import replace

from d6_kit import SYSTEM, TABLES, attack, begin, choose, encounter, fighter, htk, move, next_turn, slots

from combat import engine
from combat.dice import ScriptedDice
from combat.intent import Asked
from combat.model import Combatant
from combat.sheet import SheetRequest
from combat.systems.d6pool.model import KO, PRONE, STUNNED, Htk
from combat.systems.d6pool.results import Attack, RoundBegins
from combat.systems.d6pool.tools import use

# -- Initiative ---------------------------------------------------------------------------------------------------


def test_agility_4_rolling_3_is_initiative_7_acting_on_7_and_1() -> None:
    # "If the character had an Agility of 4 and rolled a 3, then he would have an Initiative of (4+3) 7." Nothing
    # ready, no skill. 7 - 6 = 1, which is 5 or less: he acts on 7 and 1.
    step = engine.begin(SYSTEM, encounter(fighter("hero", agility=4)), ScriptedDice([3]))
    (roll,) = step.change.started.rolls
    assert (roll.base, roll.die, roll.modifier, roll.total, roll.counts) == (4, 3, 0, 7, (7, 1))


def test_the_swordsman_with_his_sword_ready_adds_his_plus_three() -> None:
    # Agility 3 + d6 [4] + Swords +3 = 10: acts on 10 and 4.
    enc = begin(fighter("swordsman", weapons=("sword",), agility=3, swords=3), init=(4,))
    assert slots(enc) == [(10, ("swordsman",)), (4, ("swordsman",))]


def test_megaman_14_acts_three_times_badguy_11_twice_interleaved() -> None:
    # Megaman Agility 5 + [6] + Powers +3 = 14: 14, 8, 2. Badguy Agility 4 + [5] + Knives +2 = 11: 11, 5.
    megaman = fighter("megaman", weapons=("mega buster",), agility=5, powers=3)
    badguy = fighter("badguy", weapons=("knife",), agility=4, knives=2)
    enc = begin(megaman, badguy, init=(6, 5))
    assert slots(enc) == [(14, ("megaman",)), (11, ("badguy",)), (8, ("megaman",)), (5, ("badguy",)),
                          (2, ("megaman",))]


def test_initiative_12_reaches_0_which_is_5_or_less_and_acts() -> None:
    # Agility 3 + [6] + Swords +3 = 12: 12, 6, then 0 (5 or less): three actions [ours: 0 is such a count].
    enc = begin(fighter("hero", weapons=("sword",), agility=3, swords=3), fighter("foe", agility=1), init=(6, 1))
    assert slots(enc) == [(12, ("hero",)), (6, ("hero",)), (2, ("foe",)), (0, ("hero",))]


# -- Hitting --------------------------------------------------------------------------------------------------------


def test_melee_both_add_their_skills_a_hit_rolls_pf_against_protection() -> None:
    # Swordsman (Agility 3, Swords +3) attacks a clubman (Agility 3, Clubs +2, leather PF 1, Stamina 3: HTK 7).
    # Attack [6, 5, 2] 13 + 3 = 16 against [4, 4, 5] 13 + 2 = 15: hit. Sword PF 3 (Strength 3: no bonus)
    # [4, 3, 6]: 2 successes; leather [4]: 1. Net 1: one HTK, taken as damage.
    hero = fighter("hero", weapons=("sword",), agility=3, swords=3)
    foe = fighter("foe", weapons=("club",), armour="leather", agility=3, clubs=2)
    enc = begin(hero, foe, init=(6, 1))
    step = attack(enc, "hero", "foe", [6, 5, 2, 4, 4, 5, 4, 3, 6, 4])
    roll = step.result.result
    assert (roll.attack.total, roll.defence.total, roll.hit) == (16, 15, True)
    assert (roll.pf, roll.damage.successes, roll.protection, roll.soak.successes, roll.successes) == (3, 2, 1, 1, 1)
    done = choose(step.encounter, "damage")
    assert htk(done.encounter, "foe") == 6


def test_melee_a_tie_on_totals_misses() -> None:
    # [6, 5, 1] 12 + 3 = 15 against [4, 4, 5] 13 + 2 = 15: the attacker must beat the defence [ours]: a miss.
    hero = fighter("hero", weapons=("sword",), agility=3, swords=3)
    foe = fighter("foe", weapons=("club",), agility=3, clubs=2)
    step = attack(begin(hero, foe, init=(6, 1)), "hero", "foe", [6, 5, 1, 4, 4, 5])
    assert isinstance(step.result, Attack) and not step.result.roll.hit


def test_ranged_the_gunman_adds_his_skill_the_swordsman_dodges_without_his() -> None:
    # Gunman (Agility 3, Marksmanship +2) shoots the Swordsman (Agility 3, Swords +3, leather): [4, 4, 4] 12 + 2 =
    # 14 against [5, 5, 3] = 13 (his +3 would make 16): hit. Pistol PF 3 [4, 5, 6]: 3 against leather [3]: 0 → 3.
    gunman = fighter("gunman", weapons=("pistol",), agility=3, marksmanship=2)
    swordsman = fighter("swordsman", weapons=("sword",), armour="leather", agility=3, swords=3)
    step = attack(begin(gunman, swordsman, init=(6, 1)), "gunman", "swordsman", [4, 4, 4, 5, 5, 3, 4, 5, 6, 3])
    roll = step.result.result
    assert (roll.attack.total, roll.defence.total, roll.defence.modifier, roll.successes) == (14, 13, 0, 3)


def test_blocking_adds_a_die_to_agility_and_the_swordsman_s_plus_three_against_a_melee_attack() -> None:
    # The Swordsman blocks (declared before any attack): 4d6 + 3. The thug (Agility 3, Clubs +1): [6, 6, 6] 18 + 1
    # = 19 against [5, 5, 4, 1] 15 + 3 = 18: hit. Against a shot he rolls 4d6 and adds nothing.
    swordsman = fighter("swordsman", weapons=("sword",), agility=3, swords=3)
    thug = fighter("thug", weapons=("club", "pistol"), agility=3, clubs=1, marksmanship=1)
    enc = move(begin(thug, swordsman, init=(6, 1)), "swordsman", "block").encounter
    roll = attack(enc, "thug", "swordsman", [6, 6, 6, 5, 5, 4, 1, 1, 1]).result.result
    assert (len(roll.defence.faces), roll.defence.total, roll.hit) == (4, 18, True)
    shot = attack(enc, "thug", "swordsman", [6, 6, 6, 5, 5, 4, 1, 1, 1, 1], weapon="pistol").result.roll
    assert (len(shot.defence.faces), shot.defence.modifier, shot.defence.total) == (4, 0, 15)


def test_a_dump_truck_half_a_block_away_defends_with_the_2_dice_the_gm_assigns() -> None:
    # Foxfire (Agility 4, Powers +2) Power Blasts the truck (2 defence dice, vehicle PF 6, HTK 12): [3, 3, 3, 3]
    # 12 + 2 = 14 against [6, 6] 12: hit. PF 4 [6, 6, 6, 6]: 4 against 6 dice [1, 1, 1, 1, 1, 4]: 1. Net 3: all
    # damage (an object), HTK 9.
    truck = SYSTEM.build_sheet(SheetRequest(template="dump truck")).sheet
    foxfire = fighter("foxfire", weapons=("power blast",), agility=4, powers=2)
    enc = begin(foxfire, Combatant("truck", "Truck", "scenery", truck, SYSTEM.new_health(truck)), init=(6,))
    enc = use(enc, "difficulty", {"target": "truck", "dice": 2}, TABLES).encounter
    step = attack(enc, "foxfire", "truck", [3, 3, 3, 3, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 4])
    assert isinstance(step.result, Attack) and step.result.spent is not None
    assert (step.result.roll.defence.faces, step.result.roll.successes) == ((6, 6), 3)
    assert htk(step.encounter, "truck") == 9


def test_a_howitzer_rolls_6_dice_against_a_concrete_wall_s_4() -> None:
    # The gunner: Agility 3 + [6] = 9 (9, 3). The wall defends with 0 dice: [2, 2, 2] 6 > 0, a hit. PF 6
    # [4, 5, 6, 1, 2, 3]: 3 against PF 4 [4, 4, 1, 1]: 2. One HTK off the wall's 20.
    wall = SYSTEM.build_sheet(SheetRequest(template="concrete wall")).sheet
    gunner = fighter("gunner", weapons=("howitzer",), agility=3)
    enc = begin(gunner, Combatant("wall", "Wall", "scenery", wall, SYSTEM.new_health(wall)), init=(6,))
    step = attack(enc, "gunner", "wall", [2, 2, 2, 4, 5, 6, 1, 2, 3, 4, 4, 1, 1])
    roll = step.result.roll
    assert (len(roll.damage.faces), len(roll.soak.faces), roll.successes) == (6, 4, 1)
    assert htk(step.encounter, "wall") == 19


# -- Spending successes ---------------------------------------------------------------------------------------------

HIT = [6, 6, 6, 1]  # hero [6, 6, 6] 18 + 3 against the foe's Agility 1: [1]


def duel(foe_init: int = 1, **foe: object):
    hero = fighter("hero", weapons=("sword",), agility=3, swords=3)
    return begin(hero, fighter("foe", **({"agility": 1, "stamina": 3} | foe)), init=(6, foe_init))


def test_amra_s_three_successes_do_two_htk_and_throw_the_target() -> None:
    # PF 3 [6, 6, 6]: 3 successes, no armour. "He would use one of his successes to simulate the attack throwing
    # the target": 2 HTK (7 → 5) and thrown.
    step = attack(duel(), "hero", "foe", [*HIT, 6, 6, 6])
    assert isinstance(step.result, Asked) and step.result.result.successes == 3
    done = choose(step.encounter, "throw")
    assert (done.result.lost, done.result.took) == (2, True)
    assert htk(done.encounter, "foe") == 5 and done.encounter.get("foe").has(PRONE)


def test_a_stun_does_one_htk_then_stamina_against_pf_and_costs_the_rest_of_the_round() -> None:
    # Foe: Agility 1 + [1] = 2 (acts on 2). PF 3 [6, 6, 1]: 2 successes: stun. 1 HTK (7 → 6). Save: Stamina 3
    # [1, 2, 3]: 0 successes against PF 3 [4, 1, 1]: 1: stunned. His count 2 is still to come: he loses it.
    step = attack(duel(), "hero", "foe", [*HIT, 6, 6, 1])
    done = choose(step.encounter, "stun", (1, 2, 3, 4, 1, 1))
    assert (done.result.lost, done.result.took, done.result.next_round) == (1, True, False)
    assert htk(done.encounter, "foe") == 6
    enc = next_turn(done.encounter).encounter  # hero passes at 6: the foe's 2 is passed over, hero's 0 is up
    assert slots(enc) == [(0, ("hero",))]


def test_a_stun_on_a_victim_with_no_action_left_costs_all_of_next_round() -> None:
    # Foe Agility 1 + [3] = 4 (acts on 4). Hero 12, 6, 0 strikes at 0 after the foe has acted: stunned with no
    # actions left, he loses all of round 2: round 2 rolls only the hero's Initiative ([5]: 11, 5).
    enc = duel(foe_init=3)
    for _ in range(3):
        enc = next_turn(enc).encounter  # hero 12, hero 6, foe 4 pass
    asked = attack(enc, "hero", "foe", [*HIT, 6, 6, 1])
    done = choose(asked.encounter, "stun", (1, 2, 3, 4, 1, 1, 5))
    assert done.result.next_round and done.encounter.turns.round == 2
    assert slots(done.encounter) == [(11, ("hero",)), (5, ("hero",))]
    assert isinstance(done.change.started, RoundBegins) and done.change.started.stunned == ("foe",)


def test_a_knock_out_does_two_htk_saves_against_pf_plus_one_and_wakes_as_the_pf_falls() -> None:
    # PF 3 [6, 6, 6]: 3 successes: knock-out. 2 HTK (7 → 5). Save: Stamina [1, 1, 1] 0 against PF 3 + 1 = 4 dice
    # [4, 1, 1, 1]: 1: unconscious. Round 2: Stamina [1, 2, 3] 0 against PF 3 [5, 1, 1] 1: out. Round 3: Stamina
    # [5, 4, 1] 2 against PF 2 [6, 1] 1: he wakes, and rolls Initiative ([2]: 1 + 2 = 3).
    asked = attack(duel(), "hero", "foe", [*HIT, 6, 6, 6])
    out = choose(asked.encounter, "knockout", (1, 1, 1, 4, 1, 1, 1))
    assert (out.result.lost, out.result.save.pf, len(out.result.save.against.faces), out.result.took) == (2, 4, 4,
                                                                                                          True)
    enc = out.encounter
    assert htk(enc, "foe") == 5 and enc.get("foe").condition(KO).value == 3
    enc = next_turn(enc).encounter  # hero passes at 6; the foe's 2 is passed over; hero's 0 is up
    step = next_turn(enc, (1, 2, 3, 5, 1, 1, 6))  # round 2: the recovery roll, then the hero's Initiative
    (recovery,) = step.change.started.recoveries
    assert (recovery.save.pf, recovery.woke) == (3, False)
    enc = step.encounter
    while len(enc.turns.queue) > 1:
        enc = next_turn(enc).encounter
    step = next_turn(enc, (5, 4, 1, 6, 1, 6, 2))  # round 3
    (recovery,) = step.change.started.recoveries
    assert (recovery.save.pf, recovery.woke) == (2, True)
    assert not step.encounter.get("foe").has(KO) and step.encounter.get("foe").has(STUNNED) is False
    assert (3, ("foe",)) in slots(step.encounter)


def test_zero_htk_is_unconscious_and_minus_htk_is_dead() -> None:
    # A mook (HTK 3) takes 3: 0, down. A helpless target rolls no defence: [1, 1, 1] 3 + 3 > 0; PF 3 [6, 6, 6]:
    # 3 more: -3 = minus his HTK: dead.
    enc = begin(fighter("hero", weapons=("sword",), swords=3), fighter("foe", tier="mook", agility=1), init=(6, 1))
    down = choose(attack(enc, "hero", "foe", [*HIT, 6, 6, 6]).encounter, "damage")
    assert htk(down.encounter, "foe") == 0 and down.result.down and not down.result.dead
    dead = choose(attack(down.encounter, "hero", "foe", [1, 1, 1, 6, 6, 6]).encounter, "damage")
    assert htk(dead.encounter, "foe") == -3 and dead.result.dead


def test_healing_one_htk_the_first_day_then_the_level_each_day_plus_rest_and_care() -> None:
    # Level 3, Stamina 4: HTK 11, 11 lost. 3 days resting and treated: day 1: 1 + 1 + 1 = 3; days 2 and 3: 3 + 2 =
    # 5 each: 13, capped at the 11 lost. 2 days, no rest, no care: 1 + 3 = 4.
    hero = fighter("hero", stamina=4, level=3)
    assert hero.health == Htk(11)
    hurt = encounter(hero).put(replace(hero, health=replace(hero.health, lost=11)))
    both = use(hurt, "recover", {"target": "hero", "days": 3, "rest": True, "treated": True}, TABLES)
    assert (both.result.gained, both.result.htk) == (11, 11)
    plain = use(hurt, "recover", {"target": "hero", "days": 2}, TABLES)
    assert (plain.result.gained, plain.result.htk) == (4, 4)
    rest = use(hurt, "recover", {"target": "hero", "days": 2, "rest": True}, TABLES)
    assert rest.result.gained == 2 + 4


def test_psionic_combat_intelligence_initiative_psi_pools_and_psyche_as_armour() -> None:
    # Mind (Intelligence 5, Psi 3, Psionics +2, mind blast ready): Initiative 5 + [1] + 2 = 8. Foe (Psi 2,
    # Psionics +1, Psyche 2). Attack Psi [4, 4, 4] 12 + 2 = 14 against Psi [2, 2] 4 + 1 = 5: hit. PF 3 [6, 6, 6]:
    # 3 against Psyche [5, 1]: 1 → 2.
    mind = fighter("mind", weapons=("mind blast",), psi=3, psionics=2, intelligence=5)
    foe = fighter("foe", psi=2, psionics=1, psyche=2, agility=1)
    enc = begin(mind, foe, init=(1, 1))
    assert slots(enc)[0] == (8, ("mind",))
    roll = attack(enc, "mind", "foe", [4, 4, 4, 2, 2, 6, 6, 6, 5, 1]).result.result
    assert (roll.attack.total, roll.defence.total, roll.protection, roll.successes) == (14, 5, 2, 2)
