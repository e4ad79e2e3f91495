"""Fallout "Simple" attacks and their harm worked out by hand from the seed,
then played through `fray console --script`.

Every number below was computed from the seed before the script was run: the dice are queued with `!dice`, and the
comments give the arithmetic. Unless a sheet says otherwise the attributes are 5: Combat Sequence ST + AG = 10, hit
points 30 + EN + ST = 40, a skill total of ranks + its attribute. An attack needs Very Easy 10 + Evasion 5 = 15 (the
seed's burst example "needs a 15") and gains one critical point for every full 5 over it. Hexes: columns B, D, F …
sit half a hex lower than A, C, E …, so a column is a straight line and distances along it are row differences.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from console_kit import after, errors_at, played

pytestmark = pytest.mark.slow  # fray console in a subprocess

NEXT = "@gm /encounter next"


# 1. A charge of four hexes with a sledgehammer, two critical points: knockdown, then damage.
# "From a standing position, charge no less than one hex and no more than four hexes overlapping a straight line to
# immediately perform a melee attack on an adjacent target." Max ST 7, Melee 7 + 3 = 10, CS 12, HP 42.
# Sequence: Max [5] + 12 = 17, Tom [2] + 10 = 12. Both pass their moves; Max charges C7 -> C3 (4 hexes), Tom on C2.
# Swing: 2d10 [9, 8] + 10 = 27 vs 15: 12 over, 2 critical points. Damage 2d8 [3, 5] + Melee Damage (ST 7) = 15.
# "Critical knockdown allow the attacker to force the target to drop one stance for every critical point spent":
# standing -> crouching. Critical damage: one die of 2d8: [6]. Tom 40 - 15 - 6 = 19.
CHARGE = [
    "@gm /encounter start system:fallout name:charge",
    '@gm /encounter add name:Max owner:@max side:vault stats:"ST=7, melee=3" weapon:sledgehammer',
    "@gm /encounter add name:Tom side:raiders",
    "@gm /encounter gm tool:place target:Max hex:C7 facing:n",
    "@gm /encounter gm tool:place target:Tom hex:C2 facing:s",
    "!dice 5 2",
    "@gm /encounter begin",
    NEXT,
    NEXT,
    "!dice 9 8 3 5 6",
    '@max /act move:charge target:Tom to:C3 mode:swing crits:"knockdown, damage"',
    "@gm /encounter status",
]


def test_a_four_hex_charge_and_its_critical_points(tmp_path: Path) -> None:
    out = played(tmp_path, "charge", CHARGE).splitlines()
    assert after(out, "Round 1, charge phase — Max's turn", 8) == [
        "Round 1, charge phase — Max's turn",
        "Max charges C7 → C6 → C5 → C4 → C3",
        "Max swings (sledgehammer, swing)",
        "Roll at Tom: 2d10 [9, 8] + Melee 10 = 27 vs 15: hit, 2 critical points",
        "Damage to Tom: [3, 5] + 7 - DT 0 = 15 HP",
        "Critical knockdown on Tom: knocked down, now crouching",
        "Critical damage on Tom [6]: 6 more HP",
        "Tom: 19 HP, fatigue 0, stun 0",
    ]
    assert "• Tom [raiders] Sequence 12: crouching, at C2 facing s" in out
    assert "• Max (max) [vault] Sequence 17: at C3 facing n" in out


# 2. A burst with an enemy at the shooter's elbow, at close range, into combat armour: DT off every hit.
# Vera AG 6: CS 11, Firearms 6 + 6 = 12; the 10mm SMG (2d6+2, PB 5, accuracy -1, two-handed, 6-round burst 5/10).
# Sequence: Vera [9] + 11 = 20, Tom [1] + 10 = 11, Rex [2] + 10 = 12. Tom 8 hexes off (close, -2); Rex next to Vera
# and not stunned: "8 Penalty for two-handed weapons". 2d10 [10, 10] + 12 - 1 - 2 - 8 = 21: round 1 at 21 hits,
# round 2 at 16 hits, rounds 3-6 at 11 miss. 6 over: 1 critical point.
# "DTs are applied on a per-hit basis": [6, 5] + 2 = 13 - 5 = 8; [1, 2] + 2 = 5 - 5 = 0. Critical damage [4].
# Tom 40 - 8 - 4 = 28. (Half of what DT stops becoming fatigue, +2 a hit, is Fray's [ours].)
BURST = [
    "@gm /encounter start system:fallout name:burst",
    '@gm /encounter add name:Vera owner:@vera side:vault stats:"AG=6, firearms=6" weapon:"10mm smg"',
    '@gm /encounter add name:Tom side:raiders armour:"combat armour"',
    "@gm /encounter add name:Rex side:raiders",
    "@gm /encounter gm tool:place target:Vera hex:C9 facing:n",
    "@gm /encounter gm tool:place target:Tom hex:C1 facing:s",
    "@gm /encounter gm tool:place target:Rex hex:D9 facing:nw",
    "!dice 9 1 2",
    "@gm /encounter begin",
    *[NEXT] * 5,
    "!dice 10 10 6 5 1 2 4",
    "@vera /attack target:Tom mode:burst crits:damage",
]


def test_a_burst_with_proximity_range_and_dt_per_hit(tmp_path: Path) -> None:
    out = played(tmp_path, "burst", BURST).splitlines()
    first = ("Roll at Tom: 2d10 [10, 10] + Firearms 12 - 1 accuracy - 2 close range - 8 enemy adjacent = 21 vs 15: "
             "hit, 1 critical point")
    assert after(out, first, 7) == [
        first,
        "Burst of 6 rounds against 15: round 1 at 21 hits, round 2 at 16 (-5) hits, rounds 3-6 at 11 (-10) miss",
        "Damage to Tom (round 1): [6, 5] + 2 - DT 5 = 8 HP, +2 fatigue",
        "Damage to Tom (round 2): [1, 2] + 2 - DT 5 = 0 HP, +2 fatigue",
        "Critical damage on Tom [4]: 4 more HP",
        "Tom: 28 HP, fatigue 4, stun 0",
        "6 rounds fired, 24 left",
    ]


# 3. A narrow-cone spray down a column: everyone in the cone is rolled for, friend or foe, nearest first.
# Double-barrel shotgun: 3d6+4, PB 3, narrow cone. Doc Firearms 10 on E1, Tom on E4 (3 hexes: point blank),
# Frank on E7 (6: close, -2), Doc's friend Ann on E9 (8: medium, -4). "In narrow cone, for every two hexes away the
# target is, the damage is divided by that number and rounded down": 3 hexes -> 1, 6 hexes -> 3.
# Tom: [4, 5] + 10 = 19: hit, [6, 6, 6] + 4 = 22. Frank: [5, 2] + 10 - 2 = 15: hit, [3, 3, 3] + 4 = 13 / 3 = 4.
# Ann: [1, 2] + 10 - 4 = 9: miss. "each action only costs one round of ammo".
SPRAY = [
    "@gm /encounter start system:fallout name:spray",
    '@gm /encounter add name:Doc owner:@doc side:vault stats:"firearms=5" weapon:"double-barrel shotgun"',
    "@gm /encounter add name:Tom side:raiders",
    "@gm /encounter add name:Frank side:raiders",
    "@gm /encounter add name:Ann side:vault",
    "@gm /encounter gm tool:place target:Doc hex:E1 facing:s",
    "@gm /encounter gm tool:place target:Tom hex:E4 facing:n",
    "@gm /encounter gm tool:place target:Frank hex:E7 facing:n",
    "@gm /encounter gm tool:place target:Ann hex:E9 facing:n",
    "!dice 9 1 2 3",
    "@gm /encounter begin",
    *[NEXT] * 8,
    "!dice 4 5 6 6 6 5 2 3 3 3 1 2",
    "@doc /attack target:Tom mode:spray",
]


def test_a_narrow_cone_spray_divides_by_every_two_hexes_and_hits_friends_too(tmp_path: Path) -> None:
    out = played(tmp_path, "spray", SPRAY).splitlines()
    assert after(out, "Doc sprays (shotgun, spray)", 10) == [
        "Doc sprays (shotgun, spray)",
        "Roll at Tom: 2d10 [4, 5] + Firearms 10 = 19 vs 15: hit",
        "Damage to Tom: [6, 6, 6] + 4 - DT 0 = 22 HP",
        "Roll at Frank: 2d10 [5, 2] + Firearms 10 - 2 close range = 15 vs 15: hit",
        "Damage to Frank: [3, 3, 3] + 4 = 13, / 3 for the distance = 4 - DT 0 = 4 HP",
        "Roll at Ann: 2d10 [1, 2] + Firearms 10 - 4 medium range = 9 vs 15: miss",
        "Tom: 18 HP, fatigue 0, stun 0",
        "Frank: 36 HP, fatigue 0, stun 0",
        "Ann: 40 HP, fatigue 0, stun 0",
        "1 round fired, 1 left",
    ]


# 4. A called shot at a crouching man's leg in dim light; the broken leg halves his movement.
# "Small - Human Leg"; "A crouching target is one size category smaller": the leg counts as tiny, three times as
# far: 3 hexes -> 9, close (PB 5, close 10): -2. Dim lighting: "Partially Obscured: 4 Penalty".
# Vera Firearms 12 (CS 11): [5] + 11 = 16; Tom [1] + 10 = 11. Pistol: [8, 7] + 12 - 2 - 4 = 21: 1 critical point.
# [1, 1] + 2 = 4 = 10% of Tom's 40: "a break if the attack does 10% or more"; critical damage [3]: Tom 33.
# Round 2: "Leg Break: ... Movement rates are halved (rounded down)": crouching, 2 hexes -> 1: C4 -> C6 is refused,
# C4 -> C5 is made.
CALLED = [
    "@gm /encounter start system:fallout name:called",
    '@gm /encounter add name:Vera owner:@vera side:vault stats:"AG=6, firearms=6" weapon:"10mm pistol"',
    "@gm /encounter add name:Tom side:raiders",
    "@gm /encounter gm tool:terrain hexes:C4 kind:dim",
    "@gm /encounter gm tool:place target:Vera hex:C1 facing:s",
    "@gm /encounter gm tool:place target:Tom hex:C4 facing:n stance:crouch",
    "!dice 5 1",
    "@gm /encounter begin",
    *[NEXT] * 3,
    "!dice 8 7 1 1 3",
    "@vera /attack target:Tom location:leg crits:damage",
    NEXT,
    "@gm /act move:move as:Tom to:C6",
    "@gm /act move:move as:Tom to:C5",
    "@gm /encounter status",
]


def test_a_called_shot_at_a_crouching_leg_in_dim_light_breaks_it_and_halves_movement(tmp_path: Path) -> None:
    out, refused = errors_at(tmp_path, "called", CALLED)
    first = ("Roll at Tom: 2d10 [8, 7] + Firearms 12 - 2 close range - 4 partial visibility = 21 vs 15: hit, "
             "1 critical point")
    assert after(out, first, 5) == [
        first,
        "Damage to Tom: [1, 1] + 2 - DT 0 = 4 HP",
        "Critical damage on Tom [3]: 3 more HP",
        "Tom's right-leg is broken",
        "Tom: 33 HP, fatigue 0, stun 0",
    ]
    assert list(refused) == ["@gm /act move:move as:Tom to:C6"]
    assert refused["@gm /act move:move as:Tom to:C6"] == "That is 2 hexes; Tom can move 1 (crouch move)."
    assert "Tom moves C4 → C5, facing s" in out


# 5. Disarm: a large item needs two open hands; the disarm may be made in the charge phase.
# "Disarming a small item requires only one open hand. Disarming a large item requires two. To disarm, the attacker
# must make an Unarmed skill check against a Very Easy difficulty + the target's Unarmed skill total."
# Ike Unarmed 5 + 3 = 8, a pistol in one hand; Tom Unarmed 5 with the 10mm SMG (large): 10 + 5 = 15.
# Sequence Ike [8] + 10 = 18, Tom [2] + 10 = 12. Round 1 charge phase: one hand is free and the SMG needs two: the
# disarm is refused before any die (tests/combat/systems/fallout/test_fallout_arms.py), and Ike passes. Tom's single
# shot at Ike, adjacent: two-handed, -8; accuracy -1:
# [9, 9] + 5 - 9 = 14: a miss (29 rounds left). Round 2: Ike drops the pistol (a free action), then disarms in the
# charge phase: [5, 5] + 8 = 18: the SMG is his, loaded as it was. His single shot at Tom, adjacent, two-handed:
# [10, 10] + Firearms 5 - 1 - 8 = 16: a hit, [2, 3] + 2 = 7: Tom 33; 28 rounds left.
DISARM = [
    "@gm /encounter start system:fallout name:disarm",
    '@gm /encounter add name:Ike owner:@ike side:vault stats:"unarmed=3" weapon:"10mm pistol"',
    '@gm /encounter add name:Tom side:raiders weapon:"10mm smg"',
    "@gm /encounter gm tool:place target:Ike hex:C5 facing:n",
    "@gm /encounter gm tool:place target:Tom hex:C4 facing:s",
    "!dice 8 2",
    "@gm /encounter begin",
    NEXT,
    NEXT,
    NEXT,
    NEXT,
    NEXT,
    "!dice 9 9",
    "@gm /attack as:Tom target:Ike",
    NEXT,
    '@ike /act move:drop item:"10mm pistol"',
    NEXT,
    "!dice 5 5",
    "@ike /act move:charge target:Tom mode:disarm",
    NEXT,
    "!dice 10 10 2 3",
    "@ike /attack target:Tom",
]


def test_a_large_item_needs_two_open_hands_to_disarm(tmp_path: Path) -> None:
    out = played(tmp_path, "disarm", DISARM).splitlines()
    assert "Roll at Ike: 2d10 [9, 9] + Firearms 5 - 1 accuracy - 8 enemy adjacent = 14 vs 15: miss" in out
    assert "Ike drops 10mm pistol" in out
    assert after(out, "Round 2, charge phase — Ike's turn", 4) == [
        "Round 2, charge phase — Ike's turn",
        "Ike tries to disarm (fists, disarm)",
        "Roll at Tom: 2d10 [5, 5] + Unarmed 8 = 18 vs 15: hit",
        "Ike takes the 10mm smg",
    ]
    assert after(out, "Ike shoots (10mm smg, single)", 5) == [
        "Ike shoots (10mm smg, single)",
        "Roll at Tom: 2d10 [10, 10] + Firearms 5 - 1 accuracy - 8 enemy adjacent = 16 vs 15: hit",
        "Damage to Tom: [2, 3] + 2 - DT 0 = 7 HP",
        "Tom: 33 HP, fatigue 0, stun 0",
        "1 round fired, 28 left",
    ]


# 6. A broken torso turns damage into fatigue; fatigue at or over current HP winds: -4 to skill checks.
# Tom ST 1, EN 1: HP 30 + 1 + 1 = 32, CS 6, healing rate 7. Sequence: Sam [5] + 10 = 15, Ann [6] + 10 = 16,
# Tom [9] + 6 = 15; Sam and Tom tie: Sam [8], Tom [3]. Order Ann, Sam, Tom. Both rifles (2d8+4, PB 8, acc +1,
# scope) are 5 hexes from Tom.
# Ann's called shot at the torso ("Small"): 10 effective, close, -2, so no scope penalty: [5, 5] + 10 + 1 - 2 = 19,
# no critical point. [3, 3] + 4 = 10 >= 3.2 (10%): "Torso Break ... Any damage inflicted on the target is also applied
# as fatigue." Sam's plain shot: 5 hexes is point blank, "an additional 10 penalty" for the scope:
# [9, 8] + 10 + 1 - 10 = 18: a hit, [5, 6] + 4 = 15. Tom 32 - 25 = 7 HP; fatigue at least the 15 of Sam's hit
# (Fray also counts the breaking blow's 10 [ours]: 25): winded. Tom's pistol shot: [9, 9] + 5 - 4 winded = 19.
# Round 2 begins: "10% of damage inflicted by the attack per round after the first (rounded down)": 1 HP: 6.
FATIGUE = [
    "@gm /encounter start system:fallout name:fatigue",
    '@gm /encounter add name:Sam owner:@sam side:vault stats:"firearms=5" weapon:"hunting rifle"',
    '@gm /encounter add name:Ann owner:@ann side:vault stats:"firearms=5" weapon:"hunting rifle"',
    '@gm /encounter add name:Tom side:raiders stats:"ST=1, EN=1" weapon:"10mm pistol"',
    "@gm /encounter gm tool:place target:Sam hex:E1 facing:s",
    "@gm /encounter gm tool:place target:Ann hex:E11 facing:n",
    "@gm /encounter gm tool:place target:Tom hex:E6 facing:n",
    "!dice 5 6 9 8 3",
    "@gm /encounter begin",
    *[NEXT] * 6,
    "!dice 5 5 3 3",
    "@ann /attack target:Tom location:torso",
    "!dice 9 8 5 6",
    "@sam /attack target:Tom",
    "!dice 9 9 1 1",
    "@gm /attack as:Tom target:Sam",
]


def test_a_broken_torso_winds_its_owner_and_bleeds(tmp_path: Path) -> None:
    out = played(tmp_path, "fatigue", FATIGUE).splitlines()
    assert after(out, "Sequence: Ann d10 [6] + 10 = 16", 3) == [
        "Sequence: Ann d10 [6] + 10 = 16",
        "Sequence: Sam d10 [5] + 10 = 15, tie d10 [8]",
        "Sequence: Tom d10 [9] + 6 = 15, tie d10 [3]",
    ]
    assert after(out, "Ann shoots (hunting rifle, single) at the torso", 4) == [
        "Ann shoots (hunting rifle, single) at the torso",
        "Roll at Tom: 2d10 [5, 5] + Firearms 10 + 1 accuracy - 2 close range = 19 vs 15: hit",
        "Damage to Tom: [3, 3] + 4 - DT 0 = 10 HP",
        "Tom's torso is broken",
    ]
    assert "Roll at Tom: 2d10 [9, 8] + Firearms 10 + 1 accuracy - 10 scope at point blank = 18 vs 15: hit" in out
    assert "Damage to Tom: [5, 6] + 4 - DT 0 = 15 HP" in out
    assert "Tom: 7 HP, fatigue 25, stun 0 — winded" in out
    assert "Roll at Sam: 2d10 [9, 9] + Firearms 5 - 4 winded = 19 vs 15: hit" in out
    assert "Tom bleeds: Tom: 6 HP, fatigue 26, stun 0 — winded" in out
    assert "As round 2 begins: Tom: bleeds (6 HP left)" in out  # round 1's summary tells it too


# The last raider falls to the step that ends round 1; round 2 begins with Sam bleeding from his broken torso. Round
# 1's summary tells the bleeding, and the recap still has the vault win in round 1: the start of a round nobody
# fought in is no round of the fight (it took nobody out).
BLEED_AFTER_THE_WIN = [
    "@gm /encounter start system:fallout name:Bleed",
    '@gm /encounter add name:Sam owner:@sam side:vault stats:"firearms=5" weapon:"hunting rifle"',
    '@gm /encounter add name:Tom owner:@tom side:vault stats:"firearms=5" weapon:"hunting rifle"',
    '@gm /encounter add name:Ann side:raiders stats:"ST=1, EN=1, firearms=5" weapon:"hunting rifle"',
    "@gm /encounter gm tool:place target:Sam hex:E1 facing:s",
    "@gm /encounter gm tool:place target:Tom hex:E11 facing:n",
    "@gm /encounter gm tool:place target:Ann hex:E6 facing:n",
    "!dice 2 1 10",
    "@gm /encounter begin",
    *[NEXT] * 6,
    "!dice 5 5 3 3",
    "@gm /attack as:Ann target:Sam location:torso",
    "!dice 9 8 5 6",
    "@sam /attack target:Ann",
    "!dice 9 9 8 8",
    "@tom /attack target:Ann",
    "@gm /encounter export format:markdown",
]


def test_bleeding_as_the_next_round_begins_is_told_but_the_fight_was_won_in_the_round_before(tmp_path: Path) -> None:
    out = played(tmp_path, "bleedwin", BLEED_AFTER_THE_WIN)
    assert "As round 2 begins: Sam: bleeds (" in out
    assert "**vault** won in round 1." in out and "## Round 2" not in out
