"""Seed scenarios for Fallout "Simple", worked out by hand from the seed text before running them.

Each test states the sheets, the dice faces in the order they are drawn, and the outcome the seed gives. Unless a
test says otherwise everyone has the attributes at 5: Combat Sequence ST + AG = 10, 30 + EN + ST = 40 hit points,
healing rate EN + 6 = 11, and a skill total of ranks + the governing attribute. An attack needs Very Easy (10) +
Evasion (5) = 15 (the seed's burst example "needs a 15"), and gains a critical point for every full 5 over it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from fallout_kit import SYSTEM, TABLES, act, hp, person, scene, state

from combat import engine
from combat.dice import ScriptedDice
from combat.errors import CannotAct
from combat.model import Encounter
from combat.system import Intent
from combat.systems.fallout.state import Field, Injury, Vitals
from combat.systems.fallout.system import FalloutSystem
from combat.systems.fallout.tables import Weapon
from combat.turns import Slot, TurnState


def fresh(*people) -> Encounter:
    return Encounter("fallout", people, TurnState(SYSTEM.phases), state=Field())


def order(encounter: Encounter) -> list[tuple[str, str]]:
    """Pass every turn of the current round; return (phase, actor) in order."""
    seen = []
    start = encounter.turns.round
    while encounter.turns.round == start and encounter.turns.current is not None:
        seen.append((encounter.turns.phase, encounter.turns.current.waiting[0]))
        encounter = engine.next_turn(SYSTEM, encounter, ScriptedDice()).encounter
    return seen


def mods(outcome, index: int = 0) -> dict[str, int]:
    return dict(outcome.result.checks[index].modifiers)


# -- Sequence and the three phases -------------------------------------------------------------------------------


def test_sequence_d10_plus_combat_sequence_ties_reroll_until_broken_move_lowest_first():
    # "Roll a single d10 and to it, add your combat sequence. If two or more characters are tied, have them each
    # roll a d10 ... with the highest always winning out." Ann CS 10, Bo ST 6 AG 6: CS 12, Cy CS 10.
    # d10: Ann [5] = 15, Bo [3] = 15, Cy [9] = 19. Ann and Bo tie: [6] and [6], still tied; [2] and [8]: Bo.
    # Order Cy 19, Bo 15, Ann 15. "The next round starts with the lowest sequence character acting first in the
    # movement phase ... In the charge and action phases, the highest sequence character acts first."
    people = (person("Ann"), person("Bo", strength=6, agility=6), person("Cy"))
    dice = ScriptedDice((5, 3, 9, 6, 6, 2, 8))
    step = engine.begin(SYSTEM, fresh(*people), dice)
    assert dice.remaining == 0
    rolls = step.change.started.sequence
    assert [(r.combatant, r.total, r.ties) for r in rolls] == [("cy", 19, ()), ("bo", 15, (6, 8)),
                                                                ("ann", 15, (6, 2))]
    assert order(step.encounter) == [("move", "ann"), ("move", "bo"), ("move", "cy"),
                                     ("charge", "cy"), ("charge", "bo"), ("charge", "ann"),
                                     ("action", "cy"), ("action", "bo"), ("action", "ann")]


def test_newcomers_go_at_the_end_and_roll_among_themselves():
    # "Newcomers to battles are always added on to the end. If multiple newcomers join in the same round, they
    # fight for pecking rights at the end by rolling for sequence as though they started a new battle."
    # Ann [5] 15, Bo [1] 11. Newcomers Dee [9] = 19 and Eve [2] = 12: both after Bo, Dee before Eve.
    step = engine.begin(SYSTEM, fresh(person("Ann"), person("Bo")), ScriptedDice((5, 1)))
    joined = engine.add_group(SYSTEM, step.encounter, (person("Dee"), person("Eve")), ScriptedDice((9, 2)))
    encounter = joined.encounter
    while encounter.turns.round == 1:
        encounter = engine.next_turn(SYSTEM, encounter, ScriptedDice()).encounter
    seen = order(encounter)
    assert [a for p, a in seen if p == "action"] == ["ann", "bo", "dee", "eve"]
    assert [a for p, a in seen if p == "move"] == ["eve", "dee", "bo", "ann"]


# -- The move and charge phases ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("stance", "run", "most"), [("prone", False, 1), ("crouch", False, 2), ("stand", False, 4),
                                                     ("stand", True, 8)])
def test_movement_per_stance_one_hex_more_is_refused(stance, run, most):
    # "Prone move ... up to one hex. Crouch move ... up to two hexes. Stand move to four hexes. Run move up to
    # eight hexes (character cannot participate in the charge or action phases for the round)."
    mover = person("Mover", "vault", "A1", stance=stance)
    field = scene(mover, phase="move")
    out = act(field, "mover", "move", to=f"A{1 + most}", run=run or None)
    assert state(out.encounter, "mover").hex == f"A{1 + most}"
    assert state(out.encounter, "mover").lost == (("charge", "action") if run else ())
    with pytest.raises(CannotAct):
        act(field, "mover", "move", to=f"A{2 + most}", run=run or None)


def test_charge_from_standing_one_to_four_hexes_then_a_melee_attack():
    # "From a standing position, charge no less than one hex and no more than four hexes ... to immediately
    # perform a melee attack on an adjacent target." Max: Melee 5 + ST 5 = 10, a knife (acc +1, 1d6, + ST 5).
    # Charge A1 -> A4 (3 hexes), Tom on A5. 2d10 [3, 2] + 10 + 1 = 16 vs 15: a hit, no critical point.
    # 1d6 [4] + 5 = 9 damage: 31 HP.
    max_ = person("Max", "vault", "A1", weapons=("knife",), melee=5, facing="s")
    tom = person("Tom", "foes", "A5")
    out = act(scene(max_, tom, phase="charge"), "max", "charge", "tom", to="A4", mode="thrust", faces=(3, 2, 4))
    assert state(out.encounter, "max").hex == "A4"
    assert out.result.checks[0].total == 16 and out.result.checks[0].hit
    assert hp(out.encounter, "tom") == 31
    with pytest.raises(CannotAct, match="1 to 4"):  # 5 hexes: too far
        act(scene(replace(max_, state=replace(max_.state, hex="A1")), replace(tom, state=replace(tom.state,
            hex="A7")), phase="charge"), "max", "charge", "tom", to="A6", mode="thrust")
    crouched = person("Max", "vault", "A1", weapons=("knife",), stance="crouch")
    with pytest.raises(CannotAct, match="standing"):
        act(scene(crouched, tom, phase="charge"), "max", "charge", "tom", to="A4", mode="thrust")


# -- To hit: the burst example, range, size, stance, visibility, proximity, scope --------------------------------


def test_the_seed_burst_example_needs_15_rolls_21_two_rounds_hit():
    # "He needs a 15 to hit his target. His total, after rolling, is 21, which is enough to hit. The second round
    # has a 5 penalty, pushing him to 16, which still hits. The third, fourth, fifth, and sixth rounds are at 11,
    # so they all miss." Frank: Firearms AG 5 + 7 = 12, the 10mm SMG (6-round burst, acc -1) at 3 hexes (point
    # blank 5): 2d10 [6, 4] + 12 - 1 = 21. 21 - 15 = 6: one critical point, the GM's: critical damage.
    # Round 1: 2d6 [3, 4] + 2 = 9 - DT 1 = 8; round 2: [6, 6] + 2 = 14 - 1 = 13; critical 1d6 [4] (no DT).
    frank = person("Frank", "raiders", "C6", weapons=("10mm smg",), firearms=7)
    tom = person("Tom", "vault", "C3", armour="leather jacket")
    out = act(scene(frank, tom), "frank", "attack", "tom", mode="burst", faces=(6, 4, 3, 4, 6, 6, 4))
    check = out.result.checks[0]
    assert (check.total, check.needed, check.points) == (21, 15, 1)
    assert [(h.label, h.damage) for h in out.result.hits] == [("round 1", 8), ("round 2", 13)]
    assert hp(out.encounter, "tom") == 40 - 8 - 13 - 4
    assert state(out.encounter, "frank").loaded("10mm smg") == 30 - 6


@pytest.mark.parametrize(("hex_", "stance", "tier", "expected"), [
    ("C4", "stand", "small", {"close range": -2}),       # 3 hexes, twice as far: 6 (PB 5, close 10)
    ("C10", "stand", "great", {}),                       # 9 hexes, half as far: 4.5: point blank
    ("C7", "crouch", None, {"medium range": -4}),        # 6 hexes, crouching: small, 12: medium (3R = 15)
    ("C7", "prone", None, {"far range": -6}),            # 6 hexes, prone: tiny, 18: far (4R = 20)
    ("C8", "prone", None, {"maximum range": -8}),        # 7 hexes, tiny: 21: maximum (5R = 25)
])
def test_range_penalty_by_size_and_stance(hex_, stance, tier, expected):
    # "A small target ... is effectively twice as far away ... Tiny ... three times ... Great ... half as far ...
    # A crouching target is one size category smaller ... A prone target is two size categories smaller."
    vera = person("Vera", "vault", "C1", weapons=("10mm pistol",), firearms=5)
    tom = person("Tom", "foes", hex_, stance=stance, tier=tier)
    out = act(scene(vera, tom), "vera", "attack", "tom", faces=(1, 1))
    assert mods(out) == expected


def test_beyond_maximum_range_no_attack():
    # "An attack cannot be made beyond Maximum Range." A prone man 9 hexes away: tiny, 27 > 5 x 5.
    vera = person("Vera", "vault", "C1", weapons=("10mm pistol",), firearms=5)
    with pytest.raises(CannotAct, match="maximum range"):
        act(scene(vera, person("Tom", "foes", "C10", stance="prone")), "vera", "attack", "tom")


def test_visibility_and_proximity_with_a_two_handed_weapon():
    # Vera: Firearms AG 6 + 6 = 12, the 10mm SMG single shot (two-handed, acc -1) at Tom 3 hexes off through
    # smoke ("Partially Obscured: 4 Penalty (dim lighting, light smoke)"), a raider next to her, not stunned
    # ("8 Penalty for two-handed weapons"). 2d10 [9, 9] + 12 - 1 - 4 - 8 = 17 vs 15: a hit, no point.
    # Damage 2d6 [1, 2] + 2 = 5 on Tom (no armour). With the raider stunned: no proximity penalty: 25, 2 points.
    vera = person("Vera", "vault", "C6", weapons=("10mm smg",), agility=6, firearms=6)
    tom = person("Tom", "foes", "C3")
    raider = person("Raider", "foes", "D6")
    field = scene(vera, tom, raider, terrain=(("C4", "smoke"),))
    out = act(field, "vera", "attack", "tom", mode="single", faces=(9, 9, 1, 2))
    assert mods(out) == {"accuracy": -1, "partial visibility": -4, "enemy adjacent": -8}
    assert out.result.checks[0].total == 17 and out.result.checks[0].points == 0
    assert hp(out.encounter, "tom") == 35
    stunned = replace(raider, health=replace(raider.health, stun=5))
    out = act(scene(vera, tom, stunned, terrain=(("C4", "smoke"),)), "vera", "attack", "tom", mode="single",
              faces=(9, 9, 1, 2, 3, 3))
    assert "enemy adjacent" not in mods(out) and out.result.checks[0].points == 2


def test_a_scope_costs_10_within_point_blank_only():
    # "Weapons with the Scope ... suffer an additional 10 penalty to hit when they use the Single Shot ... on
    # targets within Point Blank range." Hunting rifle: PB 8, acc +1, scope. Sam: Firearms 10.
    # Tom 5 hexes away: point blank: 2d10 [8, 8] + 10 + 1 - 10 = 17: a hit.
    # Tom 9 hexes away: close (-2), no scope penalty: [8, 8] + 10 + 1 - 2 = 25: 2 points.
    sam = person("Sam", "vault", "C1", weapons=("hunting rifle",), firearms=5)
    near = act(scene(sam, person("Tom", "foes", "C6")), "sam", "attack", "tom", faces=(8, 8, 1, 1))
    assert mods(near) == {"accuracy": 1, "scope at point blank": -10} and near.result.checks[0].total == 17
    far = act(scene(sam, person("Tom", "foes", "C10")), "sam", "attack", "tom", faces=(8, 8, 1, 1, 1, 1))
    assert mods(far) == {"accuracy": 1, "close range": -2} and far.result.checks[0].points == 2


def test_a_scope_at_a_small_target_counts_the_effective_distance():
    # The scope's "within Point Blank range" is the range band, and "a small target ... is effectively twice as
    # far away for purposes of determining range penalties": a small radscorpion 5 hexes off is 10 away, in the
    # close band (-2), so the scope costs nothing. 2d10 [8, 8] + 10 + 1 - 2 = 25.
    sam = person("Sam", "vault", "C1", weapons=("hunting rifle",), firearms=5)
    out = act(scene(sam, person("Scorp", "foes", "C6", tier="small")), "sam", "attack", "scorp",
              faces=(8, 8, 1, 1, 1, 1))
    assert mods(out) == {"accuracy": 1, "close range": -2}


def test_two_weapons_each_at_minus_8_and_evading_target_at_minus_5():
    # "both actions suffer an 8 penalty ... on top of all other penalties"; "Evade, inflicting a -5 penalty on all
    # attacks against you". Two 10mm pistols, Firearms 10, at an evading Tom 3 hexes off:
    # main [9, 9] + 10 - 8 - 5 = 15: a hit, 2d6 [1, 1] + 2 = 4; off hand [9, 8] + 10 - 13 = 14: a miss.
    gun = person("Gun", "vault", "C6", weapons=("10mm pistol", "10mm pistol"), firearms=5,
                 hands=("10mm pistol", "10mm pistol"))
    tom = person("Tom", "foes", "C3")
    tom = replace(tom, state=replace(tom.state, evading=True))
    out = act(scene(gun, tom), "gun", "attack", "tom", offhand="10mm pistol", faces=(9, 9, 1, 1, 9, 8))
    assert [c.total for c in out.result.checks] == [15, 14]
    assert mods(out) == {"target evading": -5, "two weapons": -8}
    assert hp(out.encounter, "tom") == 36


# -- Attack modes ----------------------------------------------------------------------------------------------------


def scattergun_system() -> FalloutSystem:
    """The real tables plus Bob's sawed-off with 6d6 damage, so the seed's 25 and 32 can be rolled."""
    gun = Weapon(key="bob gun", name="Bob's sawed-off", modes=("spray",), damage="6d6", range=2, hands=2,
                 size="large", magazine=2, cone="wide")
    return FalloutSystem(TABLES.model_copy(update={"weapons": {**TABLES.weapons, "bob gun": gun}}))


def test_the_seed_spray_example_damage_divided_by_distance_in_a_wide_cone():
    # "Bob fires his sawed-off shotgun in a wide cone and catches Tom and Frank. Tom is 3 hexes away and Frank is
    # 6 hexes away. Bob hits both and rolls 25 and 32 damage against them, respectively. Tom takes 8 (25/3)
    # damage and Frank takes 5 (32/6) damage." Bob: Firearms 15. Nearest first:
    # Tom: [1, 1] + 15 - 2 (close: 3 <= 2 x 2... 4) = 15: a hit; 6d6 [5, 5, 5, 5, 3, 2] = 25 / 3 = 8.
    # Frank: [2, 2] + 15 - 4 (medium: 6 <= 3 x 2) = 15: a hit; [6, 6, 6, 6, 4, 4] = 32 / 6 = 5.
    system = scattergun_system()
    bob = person("Bob", "vault", "C1", firearms=10, facing="s")
    bob = replace(bob, sheet=replace(bob.sheet, weapons=("bob gun",)),
                  state=replace(bob.state, hands=("bob gun",), ammo=(("bob gun", 2),)))
    tom, frank = person("Tom", "foes", "C4"), person("Frank", "foes", "C7")
    dice = ScriptedDice((1, 1, 5, 5, 5, 5, 3, 2, 2, 2, 6, 6, 6, 6, 4, 4))
    out = system.act(scene(bob, tom, frank), Intent("bob", "attack", ("tom",), {"mode": "spray"}), dice)
    assert dice.remaining == 0
    assert [(h.target, h.rolled, h.damage) for h in out.result.hits] == [("tom", 8, 8), ("frank", 5, 5)]
    assert hp(out.encounter, "tom") == 32 and hp(out.encounter, "frank") == 35


def test_a_narrow_cone_spray_divides_by_every_two_hexes():
    # "In narrow cone, for every two hexes away the target is, the damage is divided by that number and rounded
    # down." The double-barrel shotgun (narrow, PB 3, 3d6+4) at Tom 4 hexes off: close (-2). Firearms 10:
    # [5, 5] + 10 - 2 = 18: a hit; [6, 6, 6] + 4 = 22 / 2 = 11.
    gun = person("Gun", "vault", "C1", weapons=("shotgun",), firearms=5, facing="s")
    out = act(scene(gun, person("Tom", "foes", "C5")), "gun", "attack", "tom", mode="spray",
              faces=(5, 5, 6, 6, 6))
    assert [(h.divisor, h.damage) for h in out.result.hits] == [(2, 11)]


def test_sweep_shares_the_burst_one_roll_each_at_minus_10():
    # "divide all of the rounds of his or her burst between any number of targets ... the attacker makes one roll
    # against each target. All attack rolls suffer the worst penalty for a burst attack on the weapon. All rounds
    # that hit do normal damage." 10mm SMG (6 rounds, 5/10): 3 at Tom, 3 at Ann. Vera Firearms 12, acc -1.
    # Tom: [9, 9] + 12 - 1 - 10 = 19: a hit, 3 rounds: [1, 1] + 2, [2, 2] + 2, [3, 3] + 2 = 4 + 6 + 8 = 18.
    # Ann: [2, 3] + 12 - 11 = 6: a miss.
    vera = person("Vera", "vault", "C6", weapons=("10mm smg",), agility=6, firearms=6)
    tom, ann = person("Tom", "foes", "C3"), person("Ann", "foes", "D3")
    out = act(scene(vera, tom, ann), "vera", "attack", "tom", "ann", mode="sweep",
              faces=(9, 9, 1, 1, 2, 2, 3, 3, 2, 3))
    assert [c.total for c in out.result.checks] == [19, 6]
    assert mods(out) == {"accuracy": -1, "sweep": -10}
    assert hp(out.encounter, "tom") == 40 - 18 and hp(out.encounter, "ann") == 40


def test_disarm_unarmed_against_very_easy_plus_the_target_s_unarmed():
    # "the attacker must make an Unarmed skill check against a Very Easy difficulty + the target's Unarmed skill
    # total. If successful, the item is in the hand(s) of the attacker." Ike: Unarmed ST 5 + 3 = 8; Tom: Unarmed
    # ST 5 + 2 = 7, a knife in hand: 10 + 7 = 17. [5, 4] + 8 = 17: the knife changes hands.
    ike = person("Ike", "vault", "C4", unarmed=3)
    tom = person("Tom", "foes", "C3", weapons=("knife",), unarmed=2)
    out = act(scene(ike, tom), "ike", "attack", "tom", mode="disarm", faces=(5, 4))
    assert out.result.checks[0].needed == 17 and out.result.took == "knife"
    assert state(out.encounter, "ike").hands == ("knife",) and state(out.encounter, "tom").hands == ()


def test_human_punch_and_kick_numbers():
    # "Human Punch: Damage: 2d3, Accuracy: 0. Human Kick: Damage: 2d6, Accuracy: -2." Ike Unarmed 8, plus Melee
    # Damage (ST 5) to the roll [source]. Punch [4, 3] + 8 = 15: a hit, 2d3 [3, 3] + 5 = 11.
    # Kick [4, 3] + 8 - 2 = 13: a miss.
    ike = person("Ike", "vault", "C4", unarmed=3)
    punch = act(scene(ike, person("Tom", "foes", "C3")), "ike", "attack", "tom", mode="punch", faces=(4, 3, 3, 3))
    assert hp(punch.encounter, "tom") == 29
    kick = act(scene(ike, person("Tom", "foes", "C3")), "ike", "attack", "tom", mode="kick", faces=(4, 3))
    assert mods(kick) == {"accuracy": -2} and not kick.result.checks[0].hit


# -- Damage, DT per hit, critical points -----------------------------------------------------------------------------


def test_dt_comes_off_every_round_of_a_burst():
    # "DTs are applied on a per-hit basis. If a target is hit with six bullets, his or her DT is subtracted from
    # each of the damage rolls." Combat armour DT 5 (normal). [9, 6] + 12 - 1 = 26: round 1 at 26, round 2 at
    # 21, rounds 3 to 6 at 16: all six hit. [3, 4] + 2 = 9 - 5 = 4; [1, 1] + 2 = 4 - 5: nothing; [6, 5] + 2 = 13
    # - 5 = 8; [1, 2] + 2 = 5 - 5: nothing; [2, 2] + 2 = 6 - 5 = 1; [6, 6] + 2 = 14 - 5 = 9.
    # 26 - 15 = 11: 2 critical points, critical damage 1d6 [2] and [3], not reduced by DT.
    frank = person("Frank", "raiders", "C6", weapons=("10mm smg",), firearms=7)
    tom = person("Tom", "vault", "C3", armour="combat armour")
    out = act(scene(frank, tom), "frank", "attack", "tom", mode="burst",
              faces=(9, 6, 3, 4, 1, 1, 6, 5, 1, 2, 2, 2, 6, 6, 2, 3))
    assert [h.damage for h in out.result.hits] == [4, 0, 8, 0, 1, 9]
    assert hp(out.encounter, "tom") == 40 - 22 - 5


def test_critical_points_knockback_four_points_a_hex_and_knockdown_a_stance_a_point():
    # Sledgehammer (2d8, two hands), Max: Melee ST 5 + 5 = 10. [10, 9] + 10 = 29 vs 15: 14 over, 2 points,
    # given beforehand: knockback, knockdown. Damage 2d8 [1, 1] + 5 = 7. Knockback: half the dice, 1d8 [8]:
    # "Every four points of damage rolled drives the target back one hex": 2 hexes, C4 -> C2. Knockdown: "drop
    # one stance for every critical point spent": standing -> crouching.
    max_ = person("Max", "vault", "C5", weapons=("sledgehammer",), melee=5)
    out = act(scene(max_, person("Tom", "foes", "C4")), "max", "attack", "tom", mode="swing",
              crits="knockback, knockdown", faces=(10, 9, 1, 1, 8))
    assert out.result.checks[0].points == 2
    assert state(out.encounter, "tom").hex == "C2" and state(out.encounter, "tom").stance == "crouch"
    assert hp(out.encounter, "tom") == 33


def test_critical_stun_fills_the_stun_pool_and_removes_from_action():
    # "Every point of damage rolled goes into the target's stun pool ... effectively removing them from action."
    # [10, 5] + 10 = 25: 2 points, both stun: 1d8 [3] and [4]: stun 7; Tom cannot act.
    max_ = person("Max", "vault", "C5", weapons=("sledgehammer",), melee=5)
    out = act(scene(max_, person("Tom", "foes", "C4")), "max", "attack", "tom", mode="swing",
              crits="stun, stun", faces=(10, 5, 1, 1, 3, 4))
    assert out.encounter.get("tom").health.stun == 7
    assert not SYSTEM.can_act(out.encounter.get("tom"), "action")


# -- Called shots ----------------------------------------------------------------------------------------------------


def test_called_shot_at_the_head_is_tiny_and_10_percent_breaks():
    # "Tiny - Human Arm, Human Head": three times as far. Vera (Firearms 10, pistol PB 5) at Tom 2 hexes away:
    # 6 effective, close (-2). [5, 4] + 10 - 2 = 17: a hit. [1, 1] + 2 = 4 damage = 10% of 40: a break
    # ("10% or more of the target's total hit points").
    vera = person("Vera", "vault", "C5", weapons=("10mm pistol",), firearms=5)
    out = act(scene(vera, person("Tom", "foes", "C3")), "vera", "attack", "tom", location="head",
              faces=(5, 4, 1, 1))
    assert mods(out) == {"close range": -2}
    assert [(i.part, i.level) for i in out.result.injuries] == [("head", "break")]


def test_a_called_shot_that_hits_but_does_no_damage_past_dt_is_a_maim():
    # "If an attack hits, damage is rolled against that body part. The attack is considered a maim if it does less
    # than 10% of the target's total hit points in damage." A hit on the arm (tiny, 2 hexes: close, -2) through
    # combat armour: [5, 4] + 10 - 2 = 17; [1, 1] + 2 = 4 - DT 5 = 0 damage, less than 10%: a maim.
    vera = person("Vera", "vault", "C5", weapons=("10mm pistol",), firearms=5)
    tom = person("Tom", "foes", "C3", armour="combat armour")
    out = act(scene(vera, tom), "vera", "attack", "tom", location="left-arm", faces=(5, 4, 1, 1))
    assert [(i.part, i.level) for i in out.result.injuries] == [("left-arm", "maim")]
    assert state(out.encounter, "tom").injury("left-arm") == "maim"


def test_one_eye_broken_and_the_other_maimed_is_moderately_obscured():
    # "Eye Break: Blinded. All targets are moderately obscured. Double whammy: All targets are completely
    # obscured." and "A 'double-whammy' applies when the status applies to both/all of the creature's eyes": a
    # break on one eye and a maim on the other is not a break on both: moderately obscured (-8), as one broken eye
    # (and as both maimed).
    vera = person("Vera", "vault", "C5", weapons=("10mm pistol",), firearms=5)
    vera = replace(vera, state=replace(vera.state, injuries=(Injury("left-eye", "break"), Injury("right-eye",
                                                                                               "maim"))))
    out = act(scene(vera, person("Tom", "foes", "C3")), "vera", "attack", "tom", faces=(1, 1))
    assert mods(out) == {"moderate visibility": -8}


def test_torso_maim_bleeds_ten_percent_each_round_after_the_first():
    # "Torso Maim: Character takes 10% of damage inflicted by the attack per round after the first (rounded
    # down)." Tom has 100 of 150 HP (a big man): a torso hit ([4, 4] + 10 = 18) of [6, 6] + 2 = 14 is under 15
    # (10% of 150): a maim; he bleeds 14 // 10 = 1 HP as each later round begins.
    vera = person("Vera", "vault", "C5", weapons=("10mm pistol",), firearms=5)
    tom = replace(person("Tom", "foes", "C3"), health=Vitals(100, 150))
    out = act(scene(vera, tom), "vera", "attack", "tom", location="torso", faces=(4, 4, 6, 6))
    assert [(i.part, i.level) for i in out.result.injuries] == [("torso", "maim")]
    assert hp(out.encounter, "tom") == 86
    after, _ = SYSTEM.start_round(out.encounter, ScriptedDice())
    assert hp(after, "tom") == 85


# -- Death and fatigue -------------------------------------------------------------------------------------------


def test_fatigue_falls_by_the_healing_rate_on_the_own_turn_winded_until_below_hp():
    # "Every round, on the character's turn, his or her fatigue goes down by his or her healing rate. If a
    # character's fatigue is equal to or higher than his or her current hit points, the character is winded and
    # suffers a 4 penalty to all skill checks". Ann: 15 HP, fatigue 30; healing rate 11: on her move turn 19,
    # still >= 15: winded, -4 on her shot. Bo moves first (lower sequence).
    ann = replace(person("Ann", "vault", "C5", weapons=("10mm pistol",), firearms=5), health=Vitals(15, 40, 30))
    bo = person("Bo", "foes", "C3")
    step = engine.begin(SYSTEM, Encounter("fallout", (ann, bo), TurnState(SYSTEM.phases), state=Field()),
                        ScriptedDice((9, 1)))
    moved = engine.next_turn(SYSTEM, step.encounter, ScriptedDice())
    assert moved.encounter.get("ann").health.fatigue == 19 and moved.encounter.get("ann").health.winded
    out = act(replace(moved.encounter, turns=replace(moved.encounter.turns)), "ann", "attack", "bo", faces=(1, 1))
    assert mods(out) == {"winded": -4}


def test_fatigue_past_max_hp_passes_out_and_zero_hp_is_death():
    # "If a character's fatigue ever passes their maximum hit points, the character passes out"; "When a
    # character hits zero hit points, the character dies." Fatigue 41 > 40: out; 40: awake. A 5 HP man hit for 5
    # (2d6 [1, 2] + 2; [3, 3] + 10 = 16, no critical point) dies.
    assert Vitals(40, 40, 41).passed_out and not Vitals(40, 40, 40).passed_out
    vera = person("Vera", "vault", "C5", weapons=("10mm pistol",), firearms=5)
    frail = replace(person("Tom", "foes", "C3"), health=Vitals(5, 40))
    out = act(scene(vera, frail), "vera", "attack", "tom", faces=(3, 3, 1, 2))
    assert hp(out.encounter, "tom") == 0 and out.result.harms[0].dead


# -- Heavy weapons, overwatch, lobs ----------------------------------------------------------------------------------


def test_a_heavy_weapon_in_hand_bars_the_action_after_a_move_but_not_after_a_free_drop():
    # "Characters with a heavy weapon (Rocket Launcher, 7.62mm Machinegun, etc.) in hands cannot participate in the
    # action phase if they perform anything but free actions in the movement phase."
    gunner = person("Gunner", "vault", "A1", weapons=("machinegun",))
    moved = act(scene(gunner, phase="move"), "gunner", "move", to="A2")
    assert not SYSTEM.can_act(moved.encounter.get("gunner"), "action")
    dropped = act(scene(gunner, phase="move"), "gunner", "drop", stance="crouch")
    assert SYSTEM.can_act(dropped.encounter.get("gunner"), "action")


def test_overwatch_interrupts_the_first_enemy_entering_the_cone_next_move_phase():
    # "Declare a narrow cone overwatch zone, which allows the character to interrupt an enemy with a single attack
    # during the next movement phase if the enemy enters the overwatch zone (character cannot participate in the
    # move or charge phases for the next round)." Watcher on C1 (Firearms 0 + AG 5, pistol) watches towards C8 in
    # round 1. Round 2: Vera walks A5 -> B4 -> C5 -> D4 -> E5 and enters at B4: [6, 5] + 5 = 16 vs 15, a hit,
    # 2d6 [2, 3] + 2 = 7. She walks on to E5. The watcher has no move or charge in round 2.
    watcher = person("Watcher", "foes", "C1", weapons=("10mm pistol",))
    vera = person("Vera", "vault", "A5")
    declared = act(scene(watcher, vera, phase="action", round=1), "watcher", "overwatch", at="C8")
    after, _ = SYSTEM.start_round(declared.encounter, ScriptedDice())
    fight = replace(after, turns=replace(after.turns, round=2, queue=(Slot("move", (0,), ("vera", "watcher")),)))
    assert not SYSTEM.can_act(fight.get("watcher"), "move") and not SYSTEM.can_act(fight.get("watcher"), "charge")
    out = act(fight, "vera", "move", to="E5", faces=(6, 5, 2, 3))
    (shot,) = out.result.interrupts
    assert shot.checks[0].total == 16 and hp(out.encounter, "vera") == 33
    assert state(out.encounter, "vera").hex == "E5"


def test_a_lob_has_half_the_range_and_4_penalty():
    # "Lobs have half the range that the item normally uses ... and suffer a 4 penalty to hit." Frag grenade, range 3:
    # lobbed, Point Blank 1. Ike (Melee ST 5 + 4 = 9) lobs at C4, 2 hexes off: close (-2), -4: 2d10 [5, 5] + 9 - 6 =
    # 13, against 10 for a hex [ours]: lands. Tom on C4 takes 5d6 [1, 1, 1, 1, 1] + 5 = 10 (the centre hex).
    ike = person("Ike", "vault", "C6", weapons=("frag grenade",), melee=4)
    tom = person("Tom", "foes", "C4")
    out = act(scene(ike, tom), "ike", "lob", at="C4", faces=(5, 5, 1, 1, 1, 1, 1))
    assert mods(out) == {"close range": -2, "lob": -4} and out.result.checks[0].total == 13
    assert hp(out.encounter, "tom") == 30
