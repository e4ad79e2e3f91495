"""Two weapons at once: each hand's roll, damage and critical dice in dice order, and both magazines counted."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fallout_kit import act, person, scene, state

from bot.systems.fallout.render import FalloutRenderer
from combat.errors import CannotAct
from combat.systems.fallout.state import Vitals

NAMES = {"zed": "Zed", "raider": "Raider"}
RENDER = FalloutRenderer()


def raider() -> object:
    return person("Raider", "foes", "C3", armour="leather jacket")


def test_two_pistols_alike_spend_two_rounds_from_their_one_count() -> None:
    zed = person("Zed", "vault", "C6", weapons=("10mm pistol", "10mm pistol"), firearms=5,
                 hands=("10mm pistol", "10mm pistol"))
    # Main hand: [9, 9] + 10 - 8 = 20 hits, 1 point; [3, 3] + 2 - DT 1 = 7; critical damage 1d6 [4].
    # Off hand: [5, 5] + 10 - 8 = 12 misses.
    out = act(scene(zed, raider()), "zed", "attack", "raider", offhand="10mm pistol", faces=(9, 9, 3, 3, 4, 5, 5))
    assert (out.result.rounds, out.result.ammo) == (2, 10)
    assert state(out.encounter, "zed").loaded("10mm pistol") == 10
    assert RENDER.result(out.result, NAMES) == [
        "Zed shoots (10mm pistol, single, and 10mm pistol)",
        "Roll at Raider: 2d10 [9, 9] + Firearms 10 - 8 two weapons = 20 vs 15: hit, 1 critical point",
        "Damage to Raider: [3, 3] + 2 - DT 1 = 7 HP",
        "Critical damage on Raider [4]: 4 more HP",
        "Roll at Raider: 2d10 [5, 5] + Firearms 10 - 8 two weapons = 12 vs 15: miss",
        "Raider: 29 HP, fatigue 0, stun 0",
        "2 rounds fired, 10 left (one count for both 10mm pistols)",
    ]


def test_two_different_pistols_each_say_their_own_magazine() -> None:
    zed = person("Zed", "vault", "C6", weapons=("10mm pistol", "laser pistol"), firearms=5,
                 hands=("10mm pistol", "laser pistol"))
    # Main hand misses: [2, 2] + 10 - 8 = 6. Off hand: [9, 8] + 10 + 1 - 8 = 20 hits, 1 point;
    # 2d8+4 laser [3, 3] + 4 - DT 0 = 10; critical damage 1d8 [5].
    out = act(scene(zed, raider()), "zed", "attack", "raider", offhand="laser pistol", faces=(2, 2, 9, 8, 3, 3, 5))
    lines = RENDER.result(out.result, NAMES)
    assert lines[1:5] == [
        "Roll at Raider: 2d10 [2, 2] + Firearms 10 - 8 two weapons = 6 vs 15: miss",
        "Roll at Raider: 2d10 [9, 8] + Firearms 10 + 1 accuracy - 8 two weapons = 20 vs 15: hit, 1 critical point",
        "Damage to Raider: [3, 3] + 4 - DT 0 = 10 HP",
        "Critical damage on Raider [5]: 5 more HP",
    ]
    assert lines[-2:] == ["1 round fired, 11 left in the 10mm pistol", "1 round fired, 11 left in the laser pistol"]
    assert state(out.encounter, "zed").loaded("laser pistol") == 11


def test_a_disarm_or_a_punch_with_an_offhand_weapon_is_refused_not_a_crash() -> None:
    zed = person("Zed", "vault", "C6", weapons=("knife", "knife"), melee=5, hands=("knife",))
    for mode in ("disarm", "punch"):
        with pytest.raises(CannotAct) as refused:
            act(scene(zed, person("Raider", "foes", "C5")), "zed", "attack", "raider", mode=mode, offhand="knife",
                faces=(5, 5))
        assert refused.value.message == "Two weapons means a one-handed weapon in each hand."


def test_two_pistols_may_shoot_at_two_targets() -> None:
    # "The player chooses to perform two actions simultaneously": a pistol at each raider, each at -8. Main hand at
    # Raider: [9, 9] + 10 - 8 = 20 hits, 1 point; [3, 3] + 2 - DT 1 = 7, critical damage [4]. Off hand at Other (2
    # hexes, point blank): [9, 8] + 10 - 8 = 19 hits; [2, 2] + 2 = 6.
    zed = person("Zed", "vault", "C6", weapons=("10mm pistol", "10mm pistol"), firearms=5,
                 hands=("10mm pistol", "10mm pistol"))
    other = person("Other", "foes", "E5")
    out = act(scene(zed, raider(), other), "zed", "attack", "raider", "other", offhand="10mm pistol",
              faces=(9, 9, 3, 3, 4, 9, 8, 2, 2))
    assert [(c.target, c.total) for c in out.result.checks] == [("raider", 20), ("other", 19)]
    assert [(h.target, h.damage) for h in out.result.hits] == [("raider", 7), ("other", 6)]
    assert {h.target for h in out.result.harms} == {"raider", "other"}


def test_two_weapons_at_a_dead_target_are_refused_before_any_die() -> None:
    zed = person("Zed", "vault", "C6", weapons=("10mm pistol", "10mm pistol"), firearms=5,
                 hands=("10mm pistol", "10mm pistol"))
    alive = person("Other", "foes", "E5")
    dead = replace(alive, health=Vitals(-50, alive.health.max_hp))
    with pytest.raises(CannotAct, match="Other is dead"):
        act(scene(zed, raider(), dead), "zed", "attack", "raider", "other", offhand="10mm pistol")
