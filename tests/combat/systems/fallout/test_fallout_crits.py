"""Critical points spent after the roll: asked of a player's attacker one point at a time (default: damage),
on critical damage, knockback, knockdown or stun; or given beforehand with crits:."""

from __future__ import annotations

from dataclasses import replace

from fallout_kit import SYSTEM, act, hp, person, scene, state

from combat.dice import ScriptedDice
from combat.intent import Intent, PendingReaction
from combat.systems.fallout.pause import Pause


def hammer_fight(owner: str | None = "7"):
    hitter = person("Hitter", "vault", "C5", weapons=("sledgehammer",), melee=5, owner=owner)
    target = person("Target", "foes", "C4")
    return scene(hitter, target)


def answer(encounter, outcome, intent: Intent, choice: str, faces: tuple[int, ...] = ()):
    pending = PendingReaction(intent, outcome.ask, 0.0, "after", outcome.context)
    dice = ScriptedDice(faces)
    after = SYSTEM.resolve_choice(outcome.encounter, pending, choice, dice)
    assert dice.remaining == 0
    return after


SWING = Intent("hitter", "attack", ("target",), {"mode": "swing"})


def test_a_player_is_asked_where_each_point_goes_with_damage_the_default() -> None:
    fight = hammer_fight()
    # Melee 5 + ST 5 = 10: 2d10 [10, 10] = 30 vs 15, 3 points; 2d8 [4, 4] + ST 5 = 13 damage, no armour.
    asked = act(fight, "hitter", "attack", "target", mode="swing", faces=(10, 10, 4, 4))
    assert asked.ask is not None and asked.ask.combatant == "hitter" and asked.ask.default == "damage"
    assert asked.ask.answers() == ("damage", "knockback", "knockdown", "stun")
    assert "Critical point 1 of 3" in asked.ask.prompt
    assert isinstance(asked.context, Pause) and asked.result.pending == 3
    assert hp(asked.encounter, "target") == 40  # nothing applied yet
    second = answer(fight, asked, SWING, "knockdown")
    assert second.ask is not None and "Critical point 2 of 3" in second.ask.prompt
    third = answer(fight, second, SWING, "stun")
    done = answer(fight, third, SWING, "damage", faces=(6, 3))  # stun 1d8 [6], damage 1d8 [3]
    result = done.result
    assert [(c.effect, c.amount) for c in result.crits] == [("knockdown", 1), ("stun", 6), ("damage", 3)]
    assert hp(done.encounter, "target") == 40 - 13 - 3
    assert done.encounter.get("target").health.stun == 6 and state(done.encounter, "target").stance == "crouch"


def test_knockback_drives_a_standing_target_a_hex_per_4_rolled() -> None:
    fight = hammer_fight(owner=None)
    # 2d10 [8, 7] + 10 = 25: 2 points, given beforehand: knockback [8] -> 2 hexes north, then damage [1].
    out = act(fight, "hitter", "attack", "target", mode="swing", crits="knockback", faces=(8, 7, 1, 1, 8, 1))
    assert [(c.effect, c.amount) for c in out.result.crits] == [("knockback", 2), ("damage", 1)]
    assert state(out.encounter, "target").hex == "C2"
    assert [(p.start, p.end) for p in out.result.pushed] == [("C4", "C2")]


def test_several_knockback_points_add_up_the_points_they_roll() -> None:
    # "Every four points of damage rolled drives the target back one hex" [seed]: [3] and [5] are 8 points, 2 hexes
    # (each alone would drive him 0 and 1).
    fight = hammer_fight(owner=None)
    out = act(fight, "hitter", "attack", "target", mode="swing", crits="knockback, knockback",
              faces=(8, 7, 1, 1, 3, 5))
    assert [(c.effect, c.amount) for c in out.result.crits] == [("knockback", 0), ("knockback", 2)]
    assert state(out.encounter, "target").hex == "C2"


def test_knockback_stops_at_a_wall() -> None:
    fight = replace(hammer_fight(owner=None), state=replace(hammer_fight().state, walls=("C2",)))
    out = act(fight, "hitter", "attack", "target", mode="swing", crits="knockback", faces=(5, 5, 1, 1, 8))
    assert state(out.encounter, "target").hex == "C3"


def test_a_crouching_target_is_not_knocked_back() -> None:
    fight = hammer_fight(owner=None)
    fight = fight.put(replace(fight.get("target"), state=replace(state(fight, "target"), stance="crouch")))
    out = act(fight, "hitter", "attack", "target", mode="swing", crits="knockback", faces=(5, 5, 1, 1, 8))
    assert state(out.encounter, "target").hex == "C4" and out.result.pushed == ()
    assert [b.note for b in SYSTEM.digest(out.result)] == [None], "the summary says nothing drove him back"


def test_a_knockdown_on_one_lying_prone_already_does_nothing_and_the_summary_says_nothing() -> None:
    fight = hammer_fight(owner=None)
    fight = fight.put(replace(fight.get("target"), state=replace(state(fight, "target"), stance="prone")))
    out = act(fight, "hitter", "attack", "target", mode="swing", crits="knockdown", faces=(5, 5, 1, 1))
    assert [(c.effect, c.amount, c.stance) for c in out.result.crits] == [("knockdown", 0, "prone")]
    assert [b.note for b in SYSTEM.digest(out.result)] == [None]
    standing = act(hammer_fight(owner=None), "hitter", "attack", "target", mode="swing", crits="knockdown",
                   faces=(5, 5, 1, 1))
    assert [b.note for b in SYSTEM.digest(standing.result)] == ["knocked down"]


def test_a_stunned_target_cannot_act_until_the_pool_drains() -> None:
    fight = hammer_fight(owner=None)
    out = act(fight, "hitter", "attack", "target", mode="swing", crits="stun", faces=(5, 5, 1, 1, 8))
    target = out.encounter.get("target")
    assert target.health.stun == 8 and not SYSTEM.can_act(target, "action")
    drained, _ = SYSTEM.start_round(out.encounter, ScriptedDice())
    assert drained.get("target").health.stun == 0 and SYSTEM.can_act(drained.get("target"), "move")


def test_effects_a_weapon_lacks_are_refused() -> None:
    pistol = person("Gun", "vault", "C6", weapons=("10mm pistol",), firearms=5)
    fight = scene(pistol, person("Target", "foes", "C3"))
    import pytest

    from combat.errors import InvalidInput
    with pytest.raises(InvalidInput, match="crits takes damage, knockdown"):
        act(fight, "gun", "attack", "target", crits="stun", faces=(10, 10, 1, 1))


def test_no_question_when_only_damage_is_possible_or_nothing_is_left() -> None:
    knife = person("Cutter", "vault", "C5", weapons=("knife",), melee=5, owner="9")
    out = act(scene(knife, person("Target", "foes", "C4")), "cutter", "attack", "target", mode="thrust",
              faces=(10, 10, 2, 3, 4, 5))
    assert out.ask is None and [c.effect for c in out.result.crits] == ["damage"] * 3
