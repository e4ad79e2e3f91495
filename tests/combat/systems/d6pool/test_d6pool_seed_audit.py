"""Seed sentences not pinned elsewhere, each with its dice worked out by hand from the seed text (seed 003).

Faces follow the documented draw order: Initiative; attacker's pool, defender's pool; PF dice, protection dice.
"""

from d6_kit import SYSTEM, TABLES, attack, begin, choose, fighter, htk, move, slots

from combat.intent import Asked
from combat.systems.d6pool.results import Attack


def test_an_initiative_of_5_or_less_acts_once() -> None:
    # "Subtract 6 until you reach 5 or less": Agility 2 + [3] = 5 is already 5 or less: one action, on 5.
    # Agility 1 + [1] = 2: one action, on 2. Neither carries a weapon: fists ready, Brawling 0.
    enc = begin(fighter("a", agility=2), fighter("b", agility=1), init=(3, 1))
    assert slots(enc) == [(5, ("a",)), (2, ("b",))]


def test_an_unarmed_attack_is_melee_and_the_defender_adds_his_melee_skill() -> None:
    # "Unarmed attacks ... is fought in Melee." Brawler (Agility 3, Brawling +2): 3 + [6] + 2 = 11 (11, 5);
    # Swordsman (Agility 3, Swords +3): 3 + [1] + 3 = 7 (7, 1). Punch [5, 5, 5] 15 + 2 = 17 against
    # [3, 3, 3] 9 + 3 = 12: hit. Fist PF 1 (Strength 3: +0) [4]: 1 success; no armour: no dice. 1 HTK: 7 → 6.
    brawler = fighter("brawler", agility=3, brawling=2)
    swordsman = fighter("swordsman", weapons=("sword",), agility=3, swords=3)
    enc = begin(brawler, swordsman, init=(6, 1))
    assert slots(enc)[0] == (11, ("brawler",))
    step = attack(enc, "brawler", "swordsman", [5, 5, 5, 3, 3, 3, 4])
    assert isinstance(step.result, Asked)
    roll = step.result.result
    assert (roll.kind, roll.attack.total, roll.defence_skill, roll.defence.total) == ("melee", 17, "swords", 12)
    assert (roll.pf, roll.protection, roll.successes) == (1, 0, 1)
    assert htk(choose(step.encounter, "damage").encounter, "swordsman") == 6


def test_ranged_skills_never_help_a_melee_attack() -> None:
    # "Melee skills do not add to Ranged combat attacks and vice versa." Gunman (Agility 3, Marksmanship +3, a
    # pistol ready: 3 + [6] + 3 = 12) punches: [4, 4, 4] 12 + Brawling 0 = 12 against [3, 3, 3] 9: hit, no +3.
    # Fist PF 1 [1]: no success.
    gunman = fighter("gunman", weapons=("pistol",), agility=3, marksmanship=3)
    enc = begin(gunman, fighter("foe", agility=3), init=(6, 1))
    roll = attack(enc, "gunman", "foe", [4, 4, 4, 3, 3, 3, 1], weapon="fist").result.result
    assert (roll.kind, roll.skill, roll.skill_mod, roll.attack.total, roll.hit) == ("melee", "brawling", 0, 12, True)
    assert roll.successes == 0


def test_full_defence_against_a_mind_blast_adds_a_psi_die_and_psionics() -> None:
    # Full defence "adds 1d6" to the defending pool, "and any appropriate Skill Modifiers"; psionics defends with
    # Psi [seed] + Psionics [ours: a duel of minds]. Foe Psi 2 + 1 die: [5, 5, 3] 13 + 1 = 14 against the blast
    # [4, 4, 4] 12 + 2 = 14: a tie, a miss.
    mind = fighter("mind", weapons=("mind blast",), psi=3, psionics=2, intelligence=5)
    foe = fighter("foe", psi=2, psionics=1, psyche=2, agility=1)
    enc = move(begin(mind, foe, init=(1, 1)), "foe", "dodge").encounter
    step = attack(enc, "mind", "foe", [4, 4, 4, 5, 5, 3])
    assert isinstance(step.result, Attack)
    roll = step.result.roll
    assert (len(roll.defence.faces), roll.defence.modifier, roll.defence.total, roll.hit) == (3, 1, 14, False)


def test_an_object_is_disabled_at_0_htk_and_destroyed_at_minus_its_htk() -> None:
    # "Unconscious or dysfunctional at 0 HTK ... destroyed at a negative HTK equal to its HTK value." A crate
    # (HTK 3, 0 defence dice, no protection). Hero 3 + [6] + 3 = 12. [1, 1, 1] 3 + 3 = 6 > 0: hit; sword PF 3
    # [6, 6, 6]: 3 successes, all damage (an object): 0, disabled. Again: -3, destroyed.
    hero = fighter("hero", weapons=("sword",), agility=3, swords=3)
    enc = begin(hero, fighter("crate", tier="object", side="scenery", htk=3, defence=0), init=(6,))
    first = attack(enc, "hero", "crate", [1, 1, 1, 6, 6, 6])
    assert htk(first.encounter, "crate") == 0 and SYSTEM.status(first.encounter.get("crate")) == ("disabled",)
    second = attack(first.encounter, "hero", "crate", [1, 1, 1, 6, 6, 6])
    assert htk(second.encounter, "crate") == -3 and SYSTEM.status(second.encounter.get("crate")) == ("destroyed",)


def test_the_seed_s_daggers_and_baseball_bats_are_muscle_powered_melee_weapons() -> None:
    # "Muscle powered weapons, such as swords, daggers, baseball bats, etc is fought in Melee." Slugger (Agility 3,
    # Clubs +2, Strength 5: +1 PF): 3 + [6] + 2 = 11. Bat [4, 4, 4] 12 + 2 = 14 against [3, 3, 3] 9: hit. PF 2 + 1
    # = 3 [6, 5, 1]: 2 successes, no armour: 2 HTK (7 → 5).
    assert (TABLES.weapons["dagger"].skill, TABLES.weapons["dagger"].pf) == ("knives", 2)
    slugger = fighter("slugger", weapons=("baseball bat",), agility=3, clubs=2, strength=5)
    enc = begin(slugger, fighter("foe", agility=3), init=(6, 1))
    assert slots(enc)[0] == (11, ("slugger",))
    step = attack(enc, "slugger", "foe", [4, 4, 4, 3, 3, 3, 6, 5, 1])
    roll = step.result.result
    assert (roll.kind, roll.attack.total, roll.pf, roll.successes) == ("melee", 14, 3, 2)
    assert htk(choose(step.encounter, "damage").encounter, "foe") == 5


def test_the_swordsman_who_last_punched_still_parries_with_his_swords() -> None:
    # "If he were defending he would do the same thing [3d6 + 3]": his fists, used last, are ready only for
    # Initiative. Swordsman 3 + [6] + 3 = 12 (12, 6, 0); clubman 3 + [5] + 2 = 10 (10, 4). The punch [1, 1, 1] 3
    # against [6, 6, 6] 18 + 2 = 20 misses. The club [4, 4, 4] 12 + 2 = 14 against [4, 4, 4] 12 + 3 = 15: a miss
    # (with Brawling 0 it would have been 12, a hit).
    swordsman = fighter("swordsman", weapons=("sword",), agility=3, swords=3)
    enc = begin(swordsman, fighter("foe", weapons=("club",), agility=3, clubs=2), init=(6, 5))
    punch = attack(enc, "swordsman", "foe", [1, 1, 1, 6, 6, 6], weapon="fist")
    assert isinstance(punch.result, Attack) and not punch.result.roll.hit
    assert slots(punch.encounter)[0] == (10, ("foe",))
    blow = attack(punch.encounter, "foe", "swordsman", [4, 4, 4, 4, 4, 4])
    assert isinstance(blow.result, Attack)
    roll = blow.result.roll
    assert (roll.defence_skill, roll.defence.total, roll.hit) == ("swords", 15, False)
