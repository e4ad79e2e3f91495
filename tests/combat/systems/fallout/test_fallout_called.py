"""Called shots by body-part size, maims (under 10% of max HP) and breaks (10% or more), their effects and double
whammies, and Medic or Mechanics removing them (a GM tool)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fallout_kit import SYSTEM, act, person, scene, state

from bot.systems.fallout.render import FalloutRenderer
from combat.dice import ScriptedDice
from combat.errors import CannotAct
from combat.systems.fallout.state import Injury, Vitals


def gun(hex: str = "C6", **extra):
    return person("Gun", "vault", hex, weapons=("10mm pistol",), firearms=5, **extra)


def target(hex: str = "C3", *wounds: Injury, **extra):
    body = person("Target", "foes", hex, **extra)
    return replace(body, state=replace(body.state, injuries=wounds))


def hurt(who, *wounds: Injury):
    return replace(who, state=replace(who.state, injuries=wounds))


@pytest.mark.parametrize(("part", "band"), [("torso", ("close range", -2)), ("head", ("close range", -2)),
                                            ("left-arm", ("close range", -2)), ("left-eye", ("medium range", -4)),
                                            ("groin", ("medium range", -4))])
def test_the_part_s_size_sets_the_range_penalty(part, band) -> None:
    out = act(scene(gun(), target()), "gun", "attack", "target", location=part, faces=(1, 1))
    assert dict(out.result.checks[0].modifiers) == {band[0]: band[1]}


@pytest.mark.parametrize(("part", "stance", "band"), [
    ("head", "stand", ("close range", -2)),     # tiny: 3 hexes count 9, within 2 x 5
    ("head", "crouch", ("medium range", -4)),   # tiny, one smaller crouching: minute, 12, within 3 x 5
    ("torso", "crouch", ("close range", -2)),   # small, one smaller: tiny, 9
    ("torso", "prone", ("medium range", -4)),   # small, two smaller: minute, 12
    ("groin", "prone", ("medium range", -4)),   # minute already: it stays minute
])
def test_a_called_part_of_a_crouching_or_prone_target_is_smaller_still(part, stance, band) -> None:
    # Seed: "penalties are applied as though the target is actually the size of the limb at range" and "A crouching
    # target is one size category smaller for purposes of range and cover. A prone target is two size categories
    # smaller". 10mm pistol (Point Blank 5), 3 hexes; 2d10 [1, 1] + 10 misses whatever the band.
    out = act(scene(gun(), target(stance=stance)), "gun", "attack", "target", location=part, faces=(1, 1))
    assert dict(out.result.checks[0].modifiers) == {band[0]: band[1]}


def test_a_called_punch_takes_no_penalty_for_the_part_s_size() -> None:
    # Seed: "penalties are applied as though the target is actually the size of the limb at range" and "Range
    # penalties only apply to thrown and fired attacks": a punch at the head is rolled as any punch. Unarmed 5 + ST 5:
    # 2d10 [3, 2] + 10 = 15: a hit; 2d3 [1, 1] + ST 5 = 7 damage, 10% of 40 or more: the head breaks.
    boxer = person("Boxer", "vault", "C4", unarmed=5)
    out = act(scene(boxer, target()), "boxer", "attack", "target", mode="punch", location="head",
              faces=(3, 2, 1, 1))
    assert dict(out.result.checks[0].modifiers) == {} and out.result.checks[0].hit
    assert [(i.part, i.level) for i in out.result.injuries] == [("head", "break")]


def test_under_10_percent_is_a_maim_10_percent_or_more_a_break() -> None:
    # [5, 4] + 10 - 2 = 17: a hit. [1, 1] + 2 = 4 = 10% of 40: a break. [1, 0]... a 3 is a maim.
    broke = act(scene(gun(), target()), "gun", "attack", "target", location="left-arm", faces=(5, 4, 1, 1))
    assert [(i.part, i.level) for i in broke.result.injuries] == [("left-arm", "break")]
    tough = target(armour=None)
    tough = replace(tough, health=Vitals(50, 50))
    maimed = act(scene(gun(), tough), "gun", "attack", "target", location="left-arm", faces=(5, 4, 1, 1))
    assert [(i.part, i.level) for i in maimed.result.injuries] == [("left-arm", "maim")]
    missed = act(scene(gun(), target()), "gun", "attack", "target", location="head", faces=(1, 1))
    assert missed.result.injuries == () and state(missed.encounter, "target").injuries == ()


def test_a_maimed_arm_costs_8_a_broken_one_bars_two_handed_weapons() -> None:
    rifle = person("Rifle", "vault", "C6", weapons=("10mm smg",), firearms=5)
    one = act(scene(hurt(rifle, Injury("left-arm", "maim")), target()), "rifle", "attack", "target",
              mode="single", faces=(1, 1))
    assert dict(one.result.checks[0].modifiers)["maimed arm"] == -8
    pistol = act(scene(hurt(gun(), Injury("left-arm", "maim")), target()), "gun", "attack", "target", faces=(1, 1))
    assert "maimed arm" not in dict(pistol.result.checks[0].modifiers)  # the other hand holds the pistol
    with pytest.raises(CannotAct, match="broken arm"):
        act(scene(hurt(rifle, Injury("right-arm", "break")), target()), "rifle", "attack", "target", mode="single")


def test_eye_wounds_obscure_everything_and_both_eyes_are_a_double_whammy() -> None:
    cases = [((Injury("left-eye", "maim"),), "partial"),
             ((Injury("left-eye", "maim"), Injury("right-eye", "maim")), "moderate"),
             ((Injury("left-eye", "break"),), "moderate"),
             ((Injury("left-eye", "break"), Injury("right-eye", "break")), "complete")]
    for wounds, word in cases:
        out = act(scene(hurt(gun(), *wounds), target()), "gun", "attack", "target", faces=(1, 1))
        assert f"{word} visibility" in dict(out.result.checks[0].modifiers)


def test_a_second_eye_wound_is_reported_as_a_double_whammy() -> None:
    out = act(scene(gun(), target("C3", Injury("left-eye", "maim"))), "gun", "attack", "target",
              location="right-eye", faces=(8, 5, 1, 1))
    assert out.result.injuries[0].whammy


def test_both_legs_broken_or_a_broken_groin_put_you_down() -> None:
    out = act(scene(gun(), target("C3", Injury("left-leg", "break"))), "gun", "attack", "target",
              location="right-leg", faces=(5, 5, 2, 2))
    assert state(out.encounter, "target").stance == "prone" and out.result.injuries[0].whammy
    groin = act(scene(gun(), target()), "gun", "attack", "target", location="groin", faces=(6, 6, 2, 2))
    assert state(groin.encounter, "target").stance == "prone"


def test_a_wounded_torso_bleeds_10_percent_each_round_after_and_a_broken_one_tires() -> None:
    # Torso (small) 3 hexes away: 6 effective, close -2. 2d10 [6, 5] + Firearms 10 - 2 = 19 vs 15: a hit, no
    # point. 2d6 [6, 6] + 2 = 14, 10% of 40 or more: a break, bleeding 1 (14 // 10) a round after the first.
    # Seed: "Any damage inflicted on the target is also applied as fatigue": the breaking blow's 14 too.
    out = act(scene(gun(), target()), "gun", "attack", "target", location="torso", faces=(6, 5, 6, 6))
    assert [(i.part, i.level, i.bleed) for i in state(out.encounter, "target").injuries] == [("torso", "break", 1)]
    assert (out.encounter.get("target").health.hp, out.encounter.get("target").health.fatigue) == (26, 14)
    assert out.result.harms[0].fatigue == 14
    later = replace(out.encounter, turns=replace(out.encounter.turns, round=2))
    bled, start = SYSTEM.start_round(later, ScriptedDice())
    assert bled.get("target").health.hp == 40 - 14 - 1  # the broken torso turns the bleed into fatigue too
    assert bled.get("target").health.fatigue == 14 + 1 and start.bleeding[0].target == "target"


def test_a_torso_maimed_before_and_broken_now_tires_by_the_breaking_blow() -> None:
    # A maimed torso (bleeding 0) takes a second called shot: 2d10 [6, 5] + 10 - 2 = 19, a hit; 2d6 [3, 2] + 2 = 7:
    # under 4 would maim, 7 breaks it. The break turns the blow's 7 into fatigue as well [seed]; a later uncalled
    # blow (point blank: 2d10 [4, 5] + 10 = 19, no point) does 2d6 [4, 3] + 2 = 9, fatigue too: 7 + 9 = 16.
    fight = scene(gun(), target("C3", Injury("torso", "maim")))
    out = act(fight, "gun", "attack", "target", location="torso", faces=(6, 5, 3, 2))
    assert state(out.encounter, "target").injury("torso") == "break"
    assert (out.encounter.get("target").health.hp, out.encounter.get("target").health.fatigue) == (33, 7)
    again = act(out.encounter, "gun", "attack", "target", faces=(4, 5, 4, 3))
    assert (again.encounter.get("target").health.hp, again.encounter.get("target").health.fatigue) == (24, 16)


def test_a_hurt_head_costs_2_agility_a_broken_one_may_black_out() -> None:
    out = act(scene(hurt(gun(), Injury("head", "maim")), target()), "gun", "attack", "target", faces=(5, 5, 1, 1))
    assert out.result.checks[0].skill_total == 8
    broken = scene(hurt(gun(), Injury("head", "break")), target())
    dark, start = SYSTEM.start_round(broken, ScriptedDice((1,)))
    assert start.head_rolls == (("gun", 1),) and state(dark, "gun").knocked_out
    assert state(dark, "gun").stance == "prone" and not SYSTEM.can_act(dark.get("gun"), "move")
    assert [(b.actor, b.move, b.out) for b in SYSTEM.digest(start)] == [("gun", "blacks out", True)]
    # Another 1 as the next round begins keeps him out: the summary tells no new blackout.
    still, again = SYSTEM.start_round(dark, ScriptedDice((1,)))
    assert again.head_rolls == (("gun", 1),) and state(still, "gun").knocked_out and SYSTEM.digest(again) == ()
    awake, woke = SYSTEM.start_round(dark, ScriptedDice((3,)))
    assert not state(awake, "gun").knocked_out
    # Coming to is told too, as the round begins (the summary's opening) and in its lines.
    assert woke.woke == ("gun",) and [(b.actor, b.move) for b in SYSTEM.digest(woke)] == [("gun", "comes to")]
    assert "Gun's broken head: d4 [3] — comes to" in FalloutRenderer().result(woke, {"gun": "Gun"})
    _, fine = SYSTEM.start_round(awake, ScriptedDice((3,)))
    assert fine.woke == () and SYSTEM.digest(fine) == (), "awake already: nothing to tell"
    # Out with a broken head and bleeding his last HP away as the round begins: he dies; no head die is rolled for
    # him, and he comes to nothing.
    dying = dark.put(replace(hurt(dark.get("gun"), Injury("head", "break"), Injury("torso", "break", 3)),
                             health=Vitals(2, 40)))
    dice = ScriptedDice((3,))
    _, last = SYSTEM.start_round(dying, dice)
    assert last.woke == () and last.head_rolls == () and dice.remaining == 1
    assert [b.move for b in SYSTEM.digest(last)] == ["bleeds"]


def test_medic_removes_a_maim_at_average_and_a_break_at_hard() -> None:
    doc = person("Doc", "vault", "A1", medic=5, perception=5)
    patient = target("C3", Injury("left-arm", "maim"), Injury("head", "break"))
    fight = scene(doc, patient)
    fixed = SYSTEM.use_tool(fight, "treat", {"target": "target", "part": "left-arm", "healer": "doc"},
                            ScriptedDice((5, 5)))
    assert fixed.result.needed == 20 and fixed.result.fixed and state(fixed.encounter, "target").injury(
        "left-arm") is None
    failed = SYSTEM.use_tool(fight, "treat", {"target": "target", "part": "head", "healer": "doc"},
                             ScriptedDice((9, 5)))
    assert (failed.result.total, failed.result.needed, failed.result.fixed) == (24, 25, False)
    robot = SYSTEM.use_tool(fight, "treat", {"target": "target", "part": "head", "healer": "doc",
                                             "skill": "mechanics", "modifier": 10}, ScriptedDice((5, 5)))
    assert robot.result.skill == "mechanics" and robot.result.total == 25 and robot.result.fixed
    # Each is a beat of the round's summary: Doc tends the target, no attack (neither a hit nor a miss).
    assert [(b.actor, b.move, b.target, b.note, b.aid, b.hit) for b in SYSTEM.digest(fixed.result)] == [
        ("doc", "treat", "target", "maimed left-arm fixed", True, False)]
    assert SYSTEM.digest(failed.result)[0].note == "broken head not fixed"


def test_a_called_hit_stopped_by_dt_still_maims() -> None:
    # Seed: "If an attack hits, damage is rolled against that body part. The attack is considered a maim if it does
    # less than 10% of the target's total hit points in damage." Combat armour (DT 5) on the left arm (tiny, 3
    # hexes: 9 effective, close, -2): 2d10 [5, 4] + 10 - 2 = 17, a hit; 2d6 [1, 1] + 2 = 4 - 5: 0 damage, a maim.
    out = act(scene(gun(), target(armour="combat armour")), "gun", "attack", "target", location="left-arm",
              faces=(5, 4, 1, 1))
    assert [h.damage for h in out.result.hits] == [0]
    assert [(i.part, i.level) for i in out.result.injuries] == [("left-arm", "maim")]
    assert state(out.encounter, "target").injury("left-arm") == "maim"


def test_one_broken_eye_and_one_maimed_is_moderately_obscured_not_blind() -> None:
    # Seed: "Eye Break: ... moderately obscured. Double whammy: All targets are completely obscured"; "A
    # 'double-whammy' applies when the status applies to both/all of the creature's eyes". A break on one eye and a
    # maim on the other: -8 (moderately), not -20.
    wounded = hurt(gun(), Injury("left-eye", "break"), Injury("right-eye", "maim"))
    out = act(scene(wounded, target()), "gun", "attack", "target", faces=(1, 1))
    assert dict(out.result.checks[0].modifiers) == {"moderate visibility": -8}


def test_a_winded_healer_with_a_hurt_head_treats_at_minus_4_and_pe_minus_2() -> None:
    # Seed: winded "suffers a 4 penalty to all skill checks"; "Head Maim: IN, PE, and AG are all -2". Doc: Medic 5
    # + PE 5 = 10, head maimed: 8; 20 HP with fatigue 25: winded. A maimed arm needs Average (20):
    # 2d10 [9, 6] + 8 - 4 = 19: not fixed (it would be 25 unhurt and rested).
    doc = replace(hurt(person("Doc", "vault", "A1", medic=5), Injury("head", "maim")), health=Vitals(20, 40, 25))
    fight = scene(doc, target("C3", Injury("left-arm", "maim")))
    out = SYSTEM.use_tool(fight, "treat", {"target": "target", "part": "left-arm", "healer": "doc"},
                          ScriptedDice((9, 6)))
    assert (out.result.skill_total, out.result.modifiers, out.result.total) == (8, (("winded", -4),), 19)
    assert not out.result.fixed and state(out.encounter, "target").injury("left-arm") == "maim"
