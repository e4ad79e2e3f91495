"""Fallout fights set up from the seed's own words, played through `fray console --script` with exact dice."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_kit import run_script

pytestmark = pytest.mark.slow  # fray console in a subprocess

# The seed's burst example, with the weapon and armour named as the seed names them (any case, "Armor").
# Sequence: Frank d10 [6] + ST 5 + AG 5 = 16, Tom d10 [5] + 10 = 15 (Ike 11, Ray 12, too far to charge).
# Frank needs 15: 2d10 [5, 6] + Firearms 10 (AG 5 + 5 ranks, the 9mm submachinegun's accuracy 0) = 21;
# round 2 at 16 hits, rounds 3-6 at 11 miss.
# Damage 2d6 - DT 2 (leather armour) each: [3, 4] → 5, [2, 5] → 5, each +1 fatigue (half of the 2 stopped);
# 21 is 6 over 15: one critical point, critical damage one d6 [6]. Tom: 40 - 16 = 24 HP, fatigue 2.
FRANK = [
    "@gm /encounter start system:fallout name:burst",
    '@gm /encounter add name:Frank owner:@frank side:vault stats:"agility=5, firearms=5" '
    'weapon:"9mm submachinegun, Frag Grenade"',
    '@gm /encounter add name:Tom side:raiders stats:"agility=5" armour:"Leather Armor"',
    '@gm /encounter add name:Ike side:raiders weapon:"7.62mm Machinegun" armour:"Power Armor"',
    '@gm /encounter add name:Ray side:raiders weapon:"Rocket Launcher, double-barreled shotgun" armour:"Tesla Armor"',
    "@gm /encounter gm tool:place target:Frank hex:C8 facing:n",
    "@gm /encounter gm tool:place target:Tom hex:C4 facing:s",
    "@gm /encounter gm tool:place target:Ike hex:K1 facing:s",
    "@gm /encounter gm tool:place target:Ray hex:M1 facing:s",
    "!dice 6 5 1 2",
    "@gm /encounter begin",
    *["@gm /encounter next"] * 6,
    "!dice 5 6 3 4 2 5 6",
    '@frank /attack target:Tom weapon:"9mm Submachinegun" mode:burst crits:damage',
    "@gm /encounter status",
]


@pytest.fixture(scope="module")
def frank(tmp_path_factory: pytest.TempPathFactory) -> str:
    scratch: Path = tmp_path_factory.mktemp("fallout-names")
    return run_script(scratch, "frank", FRANK, ":memory:", "--strict").stdout


def test_the_seeds_weapon_and_armour_names_are_taken(frank: str) -> None:
    assert not [line for line in frank.splitlines() if line.startswith("✗")]
    assert "Added Ike." in frank and "Added Ray." in frank


def test_the_seeds_burst_example_with_franks_9mm_submachinegun(frank: str) -> None:
    assert "Roll at Tom: 2d10 [5, 6] + Firearms 10 = 21 vs 15: hit, 1 critical point" in frank
    assert ("Burst of 6 rounds against 15: round 1 at 21 hits, round 2 at 16 (-5) hits, "
            "rounds 3-6 at 11 (-10) miss") in frank
    assert "Damage to Tom (round 1): [3, 4] - DT 2 = 5 HP, +1 fatigue" in frank
    assert "Damage to Tom (round 2): [2, 5] - DT 2 = 5 HP, +1 fatigue" in frank
    assert "Critical damage on Tom [6]: 6 more HP" in frank
    assert "Tom: 24 HP, fatigue 2, stun 0" in frank


# The seed's spray example: Bob's sawed-off shotgun (wide cone, Point Blank 2) catches Tom 3 hexes away and Frank 6.
# Sequence: Bob d10 [9] + 10 = 19, Tom [2] + 10 = 12, Frank [1] + 10 = 11 (Frank too far to charge: passed over).
# Dice go target by target, nearest first: Tom's 2d10 [5, 5] + 10 - 2 close = 18, his damage [1, 2, 3] + 4 = 10,
# / 3 = 3; then Frank's 2d10 [6, 6] + 10 - 4 medium = 18, his damage [6, 5, 4] + 4 = 19, / 6 = 3. The lines
# show them in that order.
BOB = [
    "@gm /encounter start system:fallout name:spray",
    '@gm /encounter add name:Bob owner:@bob side:vault stats:"agility=5, firearms=5" weapon:"sawed-off shotgun"',
    "@gm /encounter add name:Tom side:raiders",
    "@gm /encounter add name:Frank side:raiders",
    "@gm /encounter gm tool:place target:Bob hex:E10 facing:n",
    "@gm /encounter gm tool:place target:Tom hex:E7 facing:s",
    "@gm /encounter gm tool:place target:Frank hex:E4 facing:s",
    "!dice 9 2 1",
    "@gm /encounter begin",
    *["@gm /encounter next"] * 5,
    "!dice 5 5 1 2 3 6 6 6 5 4",
    "@bob /attack target:Tom mode:spray crits:damage",
]


def test_a_spray_shows_each_targets_roll_then_its_damage(tmp_path: Path) -> None:
    out = run_script(tmp_path, "bob", BOB, ":memory:", "--strict").stdout
    lines = out.splitlines()
    at = lines.index("Roll at Tom: 2d10 [5, 5] + Firearms 10 - 2 close range = 18 vs 15: hit")
    assert lines[at:at + 4] == [
        "Roll at Tom: 2d10 [5, 5] + Firearms 10 - 2 close range = 18 vs 15: hit",
        "Damage to Tom: [1, 2, 3] + 4 = 10, / 3 for the distance = 3 - DT 0 = 3 HP",
        "Roll at Frank: 2d10 [6, 6] + Firearms 10 - 4 medium range = 18 vs 15: hit",
        "Damage to Frank: [6, 5, 4] + 4 = 19, / 6 for the distance = 3 - DT 0 = 3 HP",
    ]


# "A disarm is essentially an unarmed attack and can occur during either the charge or action phases": Ike, prone
# next to Tom, keeps his charge turn and disarms him there, with no charge. Sequence: Ike [6] + 10 = 16, Tom [5] +
# 10 = 15. Ike's Unarmed ST 5 + 3 = 8; he needs Very Easy 10 + Tom's Unarmed 5 = 15: [4, 3] + 8 = 15, the knife is his.
# /attack mode:disarm in the charge phase is that same disarm.
IKE = [
    "@gm /encounter start system:fallout name:disarm",
    '@gm /encounter add name:Ike owner:@ike side:vault stats:"ST=5, AG=5, unarmed=3"',
    '@gm /encounter add name:Tom side:raiders stats:"ST=5, AG=5" weapon:knife',
    "@gm /encounter gm tool:place target:Ike hex:C4 facing:n stance:prone",
    "@gm /encounter gm tool:place target:Tom hex:C3 facing:s",
    "!dice 6 5",
    "@gm /encounter begin",
    *["@gm /encounter next"] * 2,
    "!dice 4 3",
]


@pytest.mark.parametrize("disarm", ["@ike /act move:charge target:Tom mode:disarm",
                                    "@ike /attack target:Tom mode:disarm"])
def test_a_disarm_in_the_charge_phase_is_made_where_the_disarmer_lies(tmp_path: Path, disarm: str) -> None:
    out = run_script(tmp_path, "ike", [*IKE, disarm], ":memory:", "--strict").stdout
    assert not [line for line in out.splitlines() if line.startswith("✗")]
    assert "Round 1, charge phase — Ike's turn" in out
    assert "Roll at Tom: 2d10 [4, 3] + Unarmed 8 = 15 vs 15: hit" in out
    assert "Ike takes the knife" in out and "Ike charges" not in out
