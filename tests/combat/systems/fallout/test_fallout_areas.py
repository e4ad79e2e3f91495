"""Attacks on areas with scripted dice: spray into a cone (damage by distance), sweep (rounds shared, -10 each),
grenades thrown and lobbed (full damage in the hex, half around it, scatter on a miss, crits by d6 direction)."""

from __future__ import annotations

import pytest
from fallout_kit import SYSTEM, TABLES, act, hp, person, scene, state

from combat.dice import ScriptedDice
from combat.errors import CannotAct, InvalidInput
from combat.system import Intent
from combat.systems.fallout.hexgrid import fits_cone, parse_hex
from combat.systems.fallout.system import FalloutSystem

# The seed's spray example needs damage of 25 and 32: a test-only sawed-off with 6d6+4.
BIG = FalloutSystem(TABLES.model_copy(update={"weapons": {
    **TABLES.weapons, "sawed-off shotgun": TABLES.weapon("sawed-off shotgun").model_copy(update={"damage": "6d6+4"})}}))


def run(system: FalloutSystem, fight, actor: str, move: str, *targets: str, faces=(), **options):
    dice = ScriptedDice(faces)
    out = system.act(fight, Intent(actor, move, targets, options), dice)
    assert dice.remaining == 0
    return out


def test_the_seed_spray_divides_damage_by_distance_in_a_wide_cone() -> None:
    bob = person("Bob", "vault", "C8", weapons=("sawed-off shotgun",), firearms=10)
    tom, frank = person("Tom", "foes", "C5"), person("Frank", "foes", "C2")
    aside = person("Ann", "vault", "A8")
    fight = scene(bob, tom, frank, aside)
    # Tom (3 hexes, close -2): [2, 2] + 15 - 2 = 17, damage 21 + 4 = 25 -> 8. Frank (6, medium -4): [3, 3] + 15 - 4
    # = 17, damage 28 + 4 = 32 -> 5. Ann is outside the cone.
    out = run(BIG, fight, "bob", "attack", "tom", mode="spray", faces=(2, 2, 6, 6, 6, 1, 1, 1, 3, 3, 6, 6, 6, 6, 3, 1))
    assert [c.target for c in out.result.checks] == ["tom", "frank"]
    assert [(h.target, h.divisor, h.damage) for h in out.result.hits] == [("tom", 3, 8), ("frank", 6, 5)]
    assert (hp(out.encounter, "tom"), hp(out.encounter, "frank")) == (32, 35)
    assert state(out.encounter, "bob").loaded("sawed-off shotgun") == 1


def test_a_narrow_spray_divides_by_every_two_hexes() -> None:
    bob = person("Bob", "vault", "C8", weapons=("shotgun",), firearms=10)
    near, far = person("Near", "foes", "C6"), person("Far", "foes", "C3")
    # Near (2 hexes, PB 3): divisor 1. Far (5 hexes, close -2): divisor 5 // 2 = 2.
    out = act(scene(bob, near, far), "bob", "attack", "near", mode="spray",
              faces=(2, 2, 3, 3, 3, 2, 3, 4, 4, 4))
    assert [(h.target, h.divisor, h.rolled) for h in out.result.hits] == [("near", 1, 13), ("far", 2, 8)]


def test_a_spray_skips_whoever_is_behind_a_wall() -> None:
    bob = person("Bob", "vault", "C8", weapons=("shotgun",), firearms=10)
    fight = scene(bob, person("Near", "foes", "C6"), person("Hidden", "foes", "C3"), walls=("C4",))
    out = act(fight, "bob", "attack", "near", mode="spray", faces=(1, 1, 1, 1, 1))
    assert [c.target for c in out.result.checks] == ["near"]


def sweep_scene():
    gunner = person("Gunner", "vault", "C8", weapons=("10mm smg",), firearms=10)
    return scene(gunner, person("Left", "foes", "B6"), person("Mid", "foes", "C6"), person("Right", "foes", "D6"))


def test_a_spray_reaches_a_great_target_by_its_effective_distance() -> None:
    # Sawed-off shotgun, Point Blank 2: Maximum 10. "Great targets ... are effectively half as far away": the great
    # one on C1, 11 hexes off, is effectively 5.5 (medium, -4) and is rolled for like anyone in the cone; the
    # human-sized one beside it on D1, 11 hexes off too, is beyond Maximum and is not. Doc (Firearms 10):
    # 2d10 [6, 5] + 10 - 4 = 17 vs 15, a hit: 3d6 [4, 4, 4] + 4 = 16, / 11 for the distance = 1.
    doc = person("Doc", "vault", "C12", weapons=("sawed-off shotgun",), firearms=5)
    big, man = person("Big", "foes", "C1", tier="great"), person("Man", "foes", "D1")
    out = run(SYSTEM, scene(doc, big, man), "doc", "attack", "big", mode="spray", faces=(6, 5, 4, 4, 4))
    (check,) = out.result.checks
    assert (check.target, dict(check.modifiers), check.total) == ("big", {"medium range": -4}, 17)
    (hit,) = out.result.hits
    assert (hit.divisor, hit.damage) == (11, 1) and hp(out.encounter, "big") == 39 and hp(out.encounter, "man") == 40


def test_a_sweep_shares_the_burst_and_rolls_each_at_minus_10() -> None:
    # Each: 2d10 + 15 - 1 (accuracy) - 10 (sweep) vs 15. Left [6, 5] = 15 hits with 2 rounds; Mid [1, 1] misses;
    # Right [5, 6] hits with 2 rounds.
    out = act(sweep_scene(), "gunner", "attack", "left", "mid", "right", mode="sweep",
              faces=(6, 5, 1, 1, 1, 2, 1, 1, 5, 6, 2, 2, 3, 3))
    assert next(dict(c.modifiers) for c in out.result.checks) == {"accuracy": -1, "sweep": -10}
    assert [(h.target, h.label, h.damage) for h in out.result.hits] == [
        ("left", "round 1", 4), ("left", "round 2", 5), ("right", "round 1", 6), ("right", "round 2", 8)]
    assert out.result.rounds == 6 and out.result.ammo == 24
    assert (hp(out.encounter, "left"), hp(out.encounter, "mid"), hp(out.encounter, "right")) == (31, 40, 26)


def test_sweep_rounds_can_be_shared_unevenly() -> None:
    out = act(sweep_scene(), "gunner", "attack", "left", "mid", mode="sweep", rounds="5,1",
              faces=(6, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1))
    assert [h.target for h in out.result.hits] == ["left"] * 5


def test_sweep_targets_must_share_a_60_degree_cone() -> None:
    fight = sweep_scene().put(person("Behind", "foes", "C10"))
    with pytest.raises(CannotAct, match="outside a 60° cone"):
        act(fight, "gunner", "attack", "left", "behind", mode="sweep")


def test_a_near_and_a_far_target_share_a_cone_that_is_not_aimed_between_their_centres() -> None:
    # [seed] "in hexes within or falling on the edge of a 60 degree cone": from F6, Near on E6 (adjacent, a wide
    # hex seen so close) and Far on C10 are some 83° apart centre to centre, yet a cone turned toward Far reaches
    # into Near's hex. A cone aimed halfway between their centres misses one of them; any cone that fits will do.
    gunner = person("Gunner", "vault", "F6", weapons=("10mm smg",), firearms=10)
    fight = scene(gunner, person("Near", "foes", "E6"), person("Far", "foes", "C10"))
    out = act(fight, "gunner", "attack", "near", "far", mode="sweep", faces=(1,) * 4)  # two misses
    assert out.result.mode == "sweep"
    assert fits_cone(parse_hex("F6"), [parse_hex("E6"), parse_hex("C10")], 60)
    assert not fits_cone(parse_hex("F6"), [parse_hex("E6"), parse_hex("A12")], 30), "a narrow cone does not"
    assert not fits_cone(parse_hex("F6"), [parse_hex("F3"), parse_hex("F9")], 60), "straight ahead and behind"


def grenadier(hex: str = "C7"):
    return person("Gren", "vault", hex, weapons=("frag grenade", "frag grenade"), melee=5,
                  hands=("frag grenade",))


def test_a_thrown_grenade_blasts_its_hex_fully_and_the_next_ring_by_half() -> None:
    fight = scene(grenadier(), person("Target", "foes", "C4"), person("Beside", "foes", "B4"),
                  person("Away", "foes", "C1"))
    # [6, 6] + 10 = 22: a hit and a point. Target 5d6 [1 x5] + 5 = 10; Beside [2 x5] + 5 = 15, halved 7.
    # The point: d6 [5] south-west, Beside's cone: one die of the 5d6, "always one die" [4]. The centre's Target is
    # in no cone (a sixth of his hex lies in each; "inside" is more than half [seed]).
    out = act(fight, "gren", "attack", "target", mode="throw",
              faces=(6, 6, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 5, 4))
    assert out.result.blast.centre == "C4" and out.result.blast.victims == (("target", 0), ("beside", 1))
    assert (hp(out.encounter, "target"), hp(out.encounter, "beside"), hp(out.encounter, "away")) == (30, 29, 40)
    # [seed] "Critical results that fall in empty hex cones have no effect": d6 [3] south-east, where nobody stands.
    out = act(fight, "gren", "attack", "target", mode="throw", faces=(6, 6, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3))
    assert [(c.target, c.effect) for c in out.result.crits] == [("", "scatter se")]
    assert (hp(out.encounter, "target"), hp(out.encounter, "beside")) == (30, 33)
    assert state(out.encounter, "gren").hands == () and state(out.encounter, "gren").spent == ("frag grenade",)


def test_a_lob_needs_no_sight_and_scatters_when_it_misses() -> None:
    fight = scene(grenadier(), person("Target", "foes", "E5"), person("Other", "foes", "E7"), walls=("D6",))
    # Lob: half range (1.5: "half the range" [seed], not rounded), E5 is 3 away: close -2, lob -4; needs 10.
    # [1, 1] + 10 - 6 = 6: missed by 4. Scatter d6 [4] south, 1 hex: E6. Target (E5) and Other (E7) are each 1 away:
    # half damage.
    out = act(fight, "gren", "lob", at="E5", faces=(1, 1, 4, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1))
    check = out.result.checks[0]
    assert (check.needed, dict(check.modifiers)) == (10, {"close range": -2, "lob": -4})
    assert out.result.blast.scatter.landed == "E6" and out.result.blast.centre == "E6"
    assert [(h.target, h.divisor) for h in out.result.hits] == [("target", 2), ("other", 2)]
    assert (hp(out.encounter, "target"), hp(out.encounter, "other")) == (40 - 7, 40 - 5)
    # The round summary says the blast that caught them came from a scattered throw.
    assert [(b.target, b.hit, b.note) for b in SYSTEM.digest(out.result)] == [
        ("target", True, "scattered"), ("other", True, "scattered")]


def test_a_wide_miss_scatters_a_hex_per_five() -> None:
    fight = scene(grenadier("C9"), person("Target", "foes", "C7"))
    # [1, 1] + 10 - 4 (lob) - 2 (close: 2 hexes at half range 1) - 10 (GM) = -4 vs 10: missed by 14, two hexes;
    # d6 [1]: north, C7 -> C5. Nobody within a hex of C5.
    out = act(fight, "gren", "lob", at="C7", faces=(1, 1, 1), modifier=-10)
    scatter = out.result.blast.scatter
    assert (scatter.direction, scatter.hexes, scatter.landed) == ("n", 2, "C5") and out.result.blast.victims == ()


def test_nobody_chooses_an_explosion_s_critical_effects() -> None:
    fight = scene(grenadier(), person("Target", "foes", "E5"))
    with pytest.raises(InvalidInput, match="leave crits: out"):
        act(fight, "gren", "attack", "target", mode="throw", crits="knockback")


def test_no_throw_without_the_grenade_in_hand() -> None:
    fight = scene(person("Gren", "vault", "C7", weapons=("knife", "frag grenade"), melee=5), person("T", "foes", "C4"))
    with pytest.raises(CannotAct, match="not in hand"):
        act(fight, "gren", "lob", at="C4", weapon="frag grenade")
    assert SYSTEM.moves()


def test_a_spray_judges_proximity_once_as_it_begins() -> None:
    # Near stands next to Bob: -8 (two-handed) on every roll of the spray, though the first one's critical point
    # knocks Near down to a crouch before Far is rolled [ours]. Near: [10, 10] + 15 - 8 = 27, two points: knockdown,
    # then critical damage [3]; 3d6 [1, 1, 1] + 4 = 7. Far (3 hexes): [5, 5] + 15 - 8 = 17, still a hit.
    bob = person("Bob", "vault", "C8", weapons=("shotgun",), firearms=10)
    fight = scene(bob, person("Near", "foes", "C7"), person("Far", "foes", "C5"))
    out = act(fight, "bob", "attack", "near", mode="spray", crits="knockdown",
              faces=(10, 10, 1, 1, 1, 3, 5, 5, 1, 1, 1))
    assert state(out.encounter, "near").stance == "crouch"
    assert [(c.target, dict(c.modifiers).get("enemy adjacent"), c.total) for c in out.result.checks] == [
        ("near", -8, 27), ("far", -8, 17)]
    # The round summary names the critical effect, not only the HP lost.
    assert [(b.target, b.note) for b in SYSTEM.digest(out.result)] == [("near", "knocked down"), ("far", None)]


def test_a_spray_or_a_throw_at_ones_own_hex_is_refused() -> None:
    bob = person("Bob", "vault", "C8", weapons=("shotgun",), firearms=10)
    with pytest.raises(InvalidInput, match="away from your own hex"):
        act(scene(bob, person("Near", "foes", "C6")), "bob", "attack", mode="spray", at="C8")
    with pytest.raises(InvalidInput, match="Gren stands on C7: aim it at another hex"):
        act(scene(grenadier(), person("Near", "foes", "C5")), "gren", "attack", mode="throw", at="C7")
