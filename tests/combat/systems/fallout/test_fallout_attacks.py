"""To hit and damage with scripted dice: the number needed, range bands by size and stance, visibility, proximity,
scopes, bursts, doubles, DT per hit, armour's fatigue, melee damage, disarm, trip, throws and beans."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fallout_kit import act, hp, person, scene, state

from combat.errors import CannotAct, InvalidInput
from combat.systems.fallout.results import Attack
from combat.systems.fallout.state import Vitals


def shooter(hex: str = "C6", **extra) -> object:
    return person("Vera", "vault", hex, weapons=("10mm pistol",), firearms=5, **extra)


def raider(hex: str = "C3", **extra) -> object:
    return person("Raider", "foes", hex, weapons=("10mm pistol",), armour="leather jacket", **extra)


def mods(outcome) -> dict[str, int]:
    return dict(outcome.result.checks[0].modifiers)


def test_a_single_shot_needs_15_and_dt_comes_off_the_hit() -> None:
    fight = scene(shooter(), raider())
    # 2d10 [3, 4] + Firearms 10 = 17 vs 15: a hit; 2d6+2 [4, 5] + 2 = 11, DT 1: 10 HP.
    out = act(fight, "vera", "attack", "raider", faces=(3, 4, 4, 5))
    check = out.result.checks[0]
    assert (check.total, check.needed, check.hit, check.points, check.modifiers) == (17, 15, True, 0, ())
    assert [(h.rolled, h.dt, h.damage) for h in out.result.hits] == [(11, 1, 10)]
    assert hp(out.encounter, "raider") == 40 - 10
    assert state(out.encounter, "vera").loaded("10mm pistol") == 11


def test_a_miss_does_nothing_and_still_uses_the_round() -> None:
    out = act(scene(shooter(), raider()), "vera", "attack", "raider", faces=(1, 3))
    assert not out.result.checks[0].hit and out.result.hits == ()
    assert hp(out.encounter, "raider") == 40 and state(out.encounter, "vera").loaded("10mm pistol") == 11


def test_critical_points_one_per_full_five_over() -> None:
    # 2d10 [10, 10] + 10 = 30 vs 15: 3 points; the GM's raider has no player, so all go to critical damage.
    fight = scene(shooter(), raider())
    out = act(fight, "vera", "attack", "raider", faces=(10, 10, 1, 1, 2, 3, 4))
    assert out.result.checks[0].points == 3
    assert [(c.effect, c.faces) for c in out.result.crits] == [("damage", (2,)), ("damage", (3,)), ("damage", (4,))]
    # Hit: [1, 1] + 2 = 4 - DT 1 = 3; criticals 2 + 3 + 4 past DT.
    assert hp(out.encounter, "raider") == 40 - 3 - 9


@pytest.mark.parametrize(("target_hex", "stance", "tier", "band"), [
    ("C7", "stand", None, ("close range", -2)),      # 6 hexes, PB 5: close
    ("C7", "crouch", None, ("medium range", -4)),    # one size smaller: 12 effective
    ("C7", "prone", None, ("far range", -6)),        # two sizes smaller: 18 effective
    ("C7", "stand", "great", None),                  # half as far: 3 effective, point blank
    ("C7", "stand", "small", ("medium range", -4)),  # twice as far: 12
    ("C11", "stand", None, ("close range", -2)),     # 10 hexes: 2 x PB
    ("C11", "crouch", None, ("far range", -6)),      # 20 effective: 4 x PB
    ("C9", "crouch", "small", ("maximum range", -8)),  # 8 hexes, tiny: 24 effective, up to 5 x PB
])
def test_range_bands_scale_with_size_and_stance(target_hex, stance, tier, band) -> None:
    fight = scene(shooter("C1"), raider(target_hex, stance=stance, tier=tier))
    out = act(fight, "vera", "attack", "raider", faces=(1, 1))
    assert mods(out).get(band[0]) == band[1] if band else mods(out) == {}


def test_beyond_maximum_range_is_refused() -> None:
    fight = scene(shooter("C1"), raider("C12", stance="prone"))  # 11 hexes, tiny: 33 > 5 x 5
    with pytest.raises(CannotAct, match="beyond maximum range"):
        act(fight, "vera", "attack", "raider")


@pytest.mark.parametrize(("kind", "word", "penalty"), [("smoke", "partial", -4), ("dim", "partial", -4),
                                                        ("heavy-smoke", "moderate", -8), ("dark", "moderate", -8)])
def test_terrain_on_the_line_obscures_the_target(kind, word, penalty) -> None:
    fight = scene(shooter(), raider(), terrain=(("C4", kind),))
    assert mods(act(fight, "vera", "attack", "raider", faces=(1, 1)))[f"{word} visibility"] == penalty


@pytest.mark.parametrize("smoke", ["B1", "B2"])
def test_smoke_beside_a_line_along_an_edge_gives_the_shooter_the_clear_side(smoke) -> None:
    # A2 -> C2 runs along the edge between B1 and B2: either side is the line; smoke on one side leaves the other
    # clear, whichever side it is on (a set-up and its mirror image give the same shot).
    fight = scene(shooter("A2"), raider("C2"), terrain=((smoke, "heavy-smoke"),))
    assert "moderate visibility" not in mods(act(fight, "vera", "attack", "raider", faces=(1, 1)))
    both = scene(shooter("A2"), raider("C2"), terrain=(("B1", "smoke"), ("B2", "heavy-smoke")))
    assert mods(act(both, "vera", "attack", "raider", faces=(1, 1)))["partial visibility"] == -4


def test_visibility_can_be_said_without_the_map() -> None:
    fight = scene(shooter(None), raider(None))
    out = act(fight, "vera", "attack", "raider", faces=(1, 1), range=12, visibility="complete")
    assert mods(out) == {"close range": -2, "complete visibility": -20} or mods(out) == {
        "medium range": -4, "complete visibility": -20}
    assert mods(out)["complete visibility"] == -20


def test_off_the_map_a_shot_needs_a_distance() -> None:
    fight = scene(shooter(None), raider(None))
    with pytest.raises(InvalidInput, match="range:"):
        act(fight, "vera", "attack", "raider")
    assert mods(act(fight, "vera", "attack", "raider", faces=(1, 1), range=11)) == {"medium range": -4}


def test_walls_block_the_line_of_sight() -> None:
    fight = scene(shooter(), raider(), walls=("C4",))
    with pytest.raises(CannotAct, match="no line of sight"):
        act(fight, "vera", "attack", "raider")


def test_an_unstunned_enemy_next_to_the_shooter_costs_4_one_handed_8_two_handed() -> None:
    thug = person("Thug", "foes", "C7")  # next to Vera behind her, not on the line to the raider (that would block)
    fight = scene(shooter(), raider(), thug)
    assert mods(act(fight, "vera", "attack", "raider", faces=(1, 1)))["enemy adjacent"] == -4
    gunner = person("Vera", "vault", "C6", weapons=("10mm smg",), firearms=5)
    out = act(scene(gunner, raider(), thug), "vera", "attack", "raider", faces=(1, 1), mode="single")
    assert mods(out)["enemy adjacent"] == -8
    for stance in ("crouch", "prone"):  # "an enemy is standing within one hex": there, in whatever stance
        low = replace(thug, state=replace(thug.state, stance=stance))
        assert mods(act(scene(shooter(), raider(), low), "vera", "attack", "raider", faces=(1, 1)))[
            "enemy adjacent"] == -4
    dazed = replace(thug, health=Vitals(40, 40, 0, 3))
    assert "enemy adjacent" not in mods(act(scene(shooter(), raider(), dazed), "vera", "attack", "raider",
                                            faces=(1, 1)))
    assert mods(act(scene(shooter(None), raider(None)), "vera", "attack", "raider", faces=(1, 1), range=3,
                    proximity=True))["enemy adjacent"] == -4


def test_a_scope_costs_10_within_point_blank() -> None:
    sniper = person("Vera", "vault", "C6", weapons=("hunting rifle",), firearms=5)
    assert mods(act(scene(sniper, raider()), "vera", "attack", "raider", faces=(1, 1))) == {
        "accuracy": 1, "scope at point blank": -10}
    far = act(scene(replace(sniper, state=replace(sniper.state, hex="C1")), raider("C11")), "vera", "attack",
              "raider", faces=(1, 1))
    assert mods(far) == {"accuracy": 1, "close range": -2}


def test_a_scope_s_point_blank_is_the_band_so_a_small_target_counts_double() -> None:
    # A small radscorpion 5 hexes off is effectively 10 away: close (-2), outside Point Blank (8): no scope penalty.
    # 2d10 [8, 8] + Firearms 10 + 1 - 2 = 25: 2 critical points, to damage (1d8 [1], [1]).
    sniper = person("Vera", "vault", "C1", weapons=("hunting rifle",), firearms=5)
    out = act(scene(sniper, raider("C6", tier="small")), "vera", "attack", "raider", faces=(8, 8, 1, 1, 1, 1))
    assert mods(out) == {"accuracy": 1, "close range": -2} and out.result.checks[0].points == 2
    # A great target 11 hexes off is effectively 5.5: inside Point Blank, so the scope costs 10.
    big = act(scene(sniper, raider("C12", tier="great")), "vera", "attack", "raider", faces=(1, 1))
    assert mods(big) == {"accuracy": 1, "scope at point blank": -10}


def test_the_seed_burst_one_roll_rounds_at_5_and_10() -> None:
    # Firearms 7 + AG 5 = 12, accuracy -1: 2d10 [4, 6] + 12 - 1 = 21 vs 15. Round 2 at 16 hits, 3-6 at 11 miss.
    gunner = person("Frank", "vault", "C6", weapons=("10mm smg",), firearms=7)
    out = act(scene(gunner, raider()), "frank", "attack", "raider", mode="burst", faces=(4, 6, 1, 1, 2, 2, 3))
    result: Attack = out.result
    assert result.checks[0].total == 21 and len(result.hits) == 2 and result.rounds == 6 and result.ammo == 24
    assert [h.damage for h in result.hits] == [3, 5]  # [1,1]+2-1 and [2,2]+2-1
    assert [(c.effect, c.amount) for c in result.crits] == [("damage", 3)]  # 1 point: half of 2d6 is 1d6
    assert hp(out.encounter, "raider") == 40 - 3 - 5 - 3


def test_a_short_burst_fires_what_is_loaded() -> None:
    gunner = person("Frank", "vault", "C6", weapons=("10mm smg",), firearms=7)
    gunner = replace(gunner, state=gunner.state.with_ammo("10mm smg", 2))
    out = act(scene(gunner, raider()), "frank", "attack", "raider", mode="burst", faces=(1, 1))
    assert (out.result.rounds, out.result.ammo) == (2, 0)
    with pytest.raises(CannotAct, match="empty"):
        act(out.encounter, "frank", "attack", "raider", mode="burst")
    reloaded = act(out.encounter, "frank", "reload")
    assert state(reloaded.encounter, "frank").loaded("10mm smg") == 30


def test_a_double_shot_hits_twice_on_one_roll() -> None:
    gunner = person("Bob", "vault", "C6", weapons=("shotgun",), firearms=5)
    # [5, 5] + 10 = 20: both barrels hit, and 1 critical point (half of 3d6: 1d6).
    out = act(scene(gunner, raider()), "bob", "attack", "raider", mode="double", faces=(5, 5, 1, 1, 1, 2, 2, 2, 1))
    assert [h.rolled for h in out.result.hits] == [7, 10] and out.result.ammo == 0
    assert hp(out.encounter, "raider") == 40 - 6 - 9 - 1


def test_a_double_shot_with_one_shell_loaded_is_one_barrel_one_hit() -> None:
    gunner = person("Bob", "vault", "C6", weapons=("shotgun",), firearms=5)
    gunner = replace(gunner, state=state(scene(gunner), "bob").with_ammo("shotgun", 1))
    out = act(scene(gunner, raider()), "bob", "attack", "raider", mode="double", faces=(5, 5, 1, 1, 1, 2))
    assert [h.rolled for h in out.result.hits] == [7] and out.result.ammo == 0 and out.result.rounds == 1


def test_armour_turns_half_of_what_it_stops_into_fatigue() -> None:
    tank = person("Tank", "foes", "C3", armour="combat armour")
    out = act(scene(shooter(), tank), "vera", "attack", "tank", faces=(3, 3, 1, 2))
    hit = out.result.hits[0]
    assert (hit.rolled, hit.dt, hit.damage, hit.fatigue) == (5, 5, 0, 2)
    assert out.encounter.get("tank").health.fatigue == 2


def test_melee_adds_strength_and_needs_an_adjacent_target() -> None:
    brawler = person("Brawler", "vault", "C4", strength=7, unarmed=3)
    out = act(scene(brawler, raider()), "brawler", "attack", "raider", mode="punch", faces=(4, 4, 2, 3))
    check = out.result.checks[0]
    assert (check.skill, check.skill_total, check.total) == ("unarmed", 10, 18)
    assert out.result.hits[0].rolled == 2 + 3 + 7 and hp(out.encounter, "raider") == 40 - 11
    with pytest.raises(CannotAct, match="not next to"):
        act(scene(replace(brawler, state=replace(brawler.state, hex="C6")), raider()), "brawler", "attack",
            "raider", mode="punch")


def test_a_disarm_beats_very_easy_plus_the_target_s_unarmed() -> None:
    grabber = person("Grab", "vault", "C4", unarmed=3, hands=())
    target = raider(unarmed=2)  # Unarmed 2 + ST 5 = 7: needs 17
    out = act(scene(grabber, target), "grab", "attack", "raider", mode="disarm", faces=(5, 5))
    assert out.result.checks[0].needed == 17 and out.result.took == "10mm pistol"
    assert state(out.encounter, "grab").hands == ("10mm pistol",) and state(out.encounter, "raider").hands == ()
    missed = act(scene(grabber, target), "grab", "attack", "raider", mode="disarm", faces=(4, 4))
    assert state(missed.encounter, "raider").hands == ("10mm pistol",)
    # "the item is in the hand(s) of the attacker": loaded as it was, and gone from the raider's kit.
    loaded = state(scene(grabber, target), "raider").loaded("10mm pistol")
    assert loaded > 0 and state(out.encounter, "grab").loaded("10mm pistol") == loaded
    assert state(out.encounter, "raider").loaded("10mm pistol") == 0
    with pytest.raises(CannotAct):
        act(replace(out.encounter, turns=scene(*out.encounter.combatants, phase="move").turns), "raider", "item",
            draw="10mm pistol")


def test_a_trip_drops_the_target_a_stance() -> None:
    tripper = person("Trip", "vault", "C4", unarmed=5)
    out = act(scene(tripper, raider()), "trip", "attack", "raider", mode="trip", faces=(4, 4))
    # Feet: accuracy -2; 8 + Unarmed 10 - 2 = 16 vs 15.
    assert out.result.checks[0].total == 16 and state(out.encounter, "raider").stance == "crouch"
    assert out.result.hits == ()


def test_throws_use_melee_and_stop_at_the_throwing_range() -> None:
    thrower = person("Tosser", "vault", "C1", weapons=("knife",), melee=5)
    out = act(scene(thrower, raider("C4")), "tosser", "attack", "raider", mode="throw", faces=(4, 4, 3))
    assert out.result.checks[0].skill == "melee" and state(out.encounter, "tosser").hands == ()
    far = scene(thrower, raider("C12", tier="great"))  # 11 hexes: ST 5 + 6 = 11 is the most
    act(far, "tosser", "attack", "raider", mode="throw", faces=(1, 1))
    with pytest.raises(CannotAct, match="cannot throw that far"):
        act(scene(replace(thrower, state=replace(thrower.state, hex="A1")), raider("M1", tier="great")),
            "tosser", "attack", "raider", mode="throw")


def test_a_bean_is_an_improvised_throw_at_minus_4() -> None:
    thrower = person("Tosser", "vault", "C1", weapons=("rock",), melee=5)
    out = act(scene(thrower, raider("C3")), "tosser", "attack", "raider", mode="bean", faces=(8, 8, 1, 2, 3))
    # "They operate like throws, but suffer a 4 penalty to hit": the rock's own accuracy (+0), then -4.
    assert mods(out) == {"bean": -4} and out.result.hits[0].rolled == 3
    assert out.result.crits[0].faces == (3,)  # 22 vs 15: a point, half of 2d3 is 1d3


def test_two_weapons_take_8_each() -> None:
    akimbo = person("Two", "vault", "C6", weapons=("10mm pistol", "10mm pistol"), firearms=5,
                    hands=("10mm pistol", "10mm pistol"))
    out = act(scene(akimbo, raider()), "two", "attack", "raider", offhand="10mm pistol", faces=(8, 8, 1, 1, 8, 8, 2, 2))
    assert [c.total for c in out.result.checks] == [18, 18]
    assert all(dict(c.modifiers) == {"two weapons": -8} for c in out.result.checks)
    assert len(out.result.hits) == 2


def test_the_gm_modifier_reaches_minus_20_and_beyond() -> None:
    assert SYSTEM_BOUNDS[0] <= -20
    out = act(scene(shooter(), raider()), "vera", "attack", "raider", faces=(10, 10), modifier=-25)
    assert mods(out) == {"GM": -25} and not out.result.checks[0].hit


def test_a_weapon_must_be_in_hand() -> None:
    holster = person("Vera", "vault", "C6", weapons=("knife", "10mm pistol"), firearms=5)
    with pytest.raises(CannotAct, match="not in hand"):
        act(scene(holster, raider()), "vera", "attack", "raider", weapon="10mm pistol")


from fallout_kit import SYSTEM  # noqa: E402

SYSTEM_BOUNDS = SYSTEM.modifier_bounds
