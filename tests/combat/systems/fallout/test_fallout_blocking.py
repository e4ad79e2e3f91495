"""Shots blocked by combatants. Seed (Sweep): "As with normal firearm single shots and bursts, no targets may be
selected that are blocked by something between the attacker and the target." A living combatant on a hex strictly
between blocks single, double and burst shots, sweep targets, throws and beans, and overwatch; sight itself (a
spray's cone, a lob's arc) is not blocked. Along a hex edge the line is clear when either side is clear."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fallout_kit import SYSTEM, act, hp, person, scene, state

from combat.dice import ScriptedDice
from combat.errors import CannotAct
from combat.system import Intent
from combat.systems.fallout.state import Vitals
from combat.turns import Slot


def ann(*weapons: str, **extra: int):
    return person("Ann", "vault", "C1", weapons=weapons or ("10mm pistol",), firearms=5, melee=5, **extra)


def pal(hex: str = "C3", side: str = "vault"):
    return person("Pal", side, hex)


def cat(hex: str = "C5"):
    return person("Cat", "foes", hex)


@pytest.mark.parametrize(("weapon", "mode"), [("10mm pistol", "single"), ("10mm smg", "burst"),
                                              ("shotgun", "double"), ("knife", "throw"), ("rock", "bean"),
                                              ("frag grenade", "throw")])
def test_a_combatant_between_blocks_shots_and_throws_and_is_named(weapon: str, mode: str) -> None:
    # The audit's S7: Ann on C1, her friend Pal on C3, Cat on C5, all in one column. Nothing is rolled or spent.
    fight = scene(ann(weapon), pal(), cat())
    with pytest.raises(CannotAct, match="Pal stands in the way on C3: no clear shot or throw from C1 to C5"):
        act(fight, "ann", "attack", "cat", mode=mode)


def test_two_weapons_are_blocked_too_and_the_odds_say_so() -> None:
    akimbo = person("Ann", "vault", "C1", weapons=("10mm pistol", "10mm pistol"), firearms=5,
                    hands=("10mm pistol", "10mm pistol"))
    with pytest.raises(CannotAct, match="Pal stands in the way"):
        act(scene(akimbo, pal(), cat()), "ann", "attack", "cat", offhand="10mm pistol")
    with pytest.raises(CannotAct, match="Pal stands in the way"):
        SYSTEM.odds(scene(ann(), pal(), cat()), Intent("ann", "attack", ("cat",), {}))


def test_a_sweep_may_not_name_a_target_behind_another_and_spends_nothing() -> None:
    # The audit's S22: Two stands right behind One on the line from the gunner.
    gunner = person("Gunner", "vault", "C1", weapons=("10mm smg",), firearms=10)
    fight = scene(gunner, person("One", "foes", "C3"), person("Two", "foes", "C5"))
    with pytest.raises(CannotAct, match="One stands in the way on C3"):
        act(fight, "gunner", "attack", "one", "two", mode="sweep")
    assert state(fight, "gunner").loaded("10mm smg") == 30


def test_along_a_hex_edge_one_clear_side_lets_the_shot_through() -> None:
    # C6 to E6 runs along the edge between D5 and D6. 2d10 [4, 4] + Firearms 10 = 18: a hit; [1, 1] + 2 = 4.
    shooter = person("Ann", "vault", "C6", weapons=("10mm pistol",), firearms=5)
    one_side = scene(shooter, pal("D5"), cat("E6"))
    assert hp(act(one_side, "ann", "attack", "cat", faces=(4, 4, 1, 1)).encounter, "cat") == 40 - 4
    with pytest.raises(CannotAct, match="Pal stands in the way on D5"):
        act(scene(shooter, pal("D5"), person("Bo", "vault", "D6"), cat("E6")), "ann", "attack", "cat")
    with pytest.raises(CannotAct, match="Bo stands in the way on D6"):  # a wall on one side, Bo on the other
        act(scene(shooter, person("Bo", "vault", "D6"), cat("E6"), walls=("D5",)), "ann", "attack", "cat")


def test_the_living_block_whatever_their_stance_the_dead_do_not() -> None:
    prone = replace(pal(), state=replace(pal().state, stance="prone"))
    with pytest.raises(CannotAct, match="Pal stands in the way on C3"):
        act(scene(ann(), prone, cat()), "ann", "attack", "cat")
    body = replace(prone, health=Vitals(0, 40))
    out = act(scene(ann(), body, cat()), "ann", "attack", "cat", faces=(4, 4, 1, 1))
    assert hp(out.encounter, "cat") == 40 - 4


def test_a_spray_and_a_lob_reach_past_a_combatant_a_shot_does_not() -> None:
    # Seed: a spray attacks everyone in its cone "unless the attacker has no line of sight to them"; a lob arcs.
    bob = person("Bob", "vault", "C1", weapons=("shotgun",), firearms=10)
    fight = scene(bob, pal("C2", side="foes"), cat("C4"))
    sprayed = act(fight, "bob", "attack", "pal", mode="spray", faces=(1, 1, 1, 1))
    assert [c.target for c in sprayed.result.checks] == ["pal", "cat"]
    with pytest.raises(CannotAct, match="Pal stands in the way on C2"):
        act(fight, "bob", "attack", "cat", mode="double")
    # The lob over Pal: 4 hexes at half the grenade's 3 is maximum range, -8; 2d10 [6, 6] + Melee 10 - 4 - 8 = 10:
    # it lands on C5, and Cat in the centre takes 5d6+5 = 10.
    grenadier = person("Gren", "vault", "C1", weapons=("frag grenade",), melee=5)
    lobbed = act(scene(grenadier, pal(), cat()), "gren", "lob", at="C5", faces=(6, 6, 1, 1, 1, 1, 1))
    assert lobbed.result.blast.centre == "C5" and hp(lobbed.encounter, "cat") == 40 - 10


def test_an_overwatch_shot_needs_nobody_in_between_and_keeps_the_cone() -> None:
    # The watcher on C1 watches towards C8; Vera enters the cone at B4, but the watcher's friend on C2 is on both
    # sides of the line C1-B4: no shot, and the cone waits for the next enemy.
    watcher = person("Watcher", "foes", "C1", weapons=("10mm pistol",))
    fight = scene(watcher, person("Vera", "vault", "A5"), pal("C2", side="foes"), phase="action", round=1)
    declared = act(fight, "watcher", "overwatch", at="C8")
    after, _ = SYSTEM.start_round(declared.encounter, ScriptedDice())
    fight = replace(after, turns=replace(after.turns, round=2, queue=(Slot("move", (0,), ("vera", "watcher")),)))
    out = act(fight, "vera", "move", to="E5")
    assert out.result.interrupts == () and state(out.encounter, "watcher").overwatch is not None
