"""Farscape played through `fray console --script` as a GM would, with every die scripted and worked by hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_kit import run_script

pytestmark = pytest.mark.slow  # fray console in a subprocess

# [seed] The ambushed side freezes; "every element after the characters must make a Fair Willpower test to regain
# their wits". Crichton (frozen) is shot unconscious in the first element: the commando's Energy Weapons Great
# (+2) + [+ 0 0 0] (+1) + accuracy +1 = Superb+1 (+4) against the range DL Fair (0): margin 4, DR 5 + 4 = 9, Near
# Death. An unconscious man regains no wits: at the start of element 2 he rolls nothing, so the next four faces
# [- - - -] are still queued for Chiana's dodge: Agility Great (+2) - 4 = Poor (-2).
AMBUSH = [
    '@gm /encounter start system:farscape name:"Ambush"',
    '@gm /encounter add name:Crichton owner:@bob side:crew tier:protagonist '
    'stats:"Agility=Good, Speed=Fair, Willpower=Fair" weapon:"pulse pistol"',
    '@gm /encounter add name:Chiana owner:@cc side:crew tier:protagonist stats:"Agility=Great, Speed=Great" '
    'talents:"cool head"',
    '@gm /encounter add template:"peacekeeper commando" count:1',
    "@gm /encounter gm tool:surprise side:crew",
    "@gm /encounter begin",
    "@gm /encounter next",
    "!dice + 0 0 0 - - - -",
    '@gm /attack as:"Peacekeeper commando" target:Crichton',
    "@cc /dodge",
]


def test_an_unconscious_frozen_man_rolls_no_willpower_to_recover(tmp_path: Path) -> None:
    out = run_script(tmp_path, "ambush", AMBUSH, ":memory:", "--strict").stdout
    assert "Shot at Crichton: Energy Weapons Great (+2), dice [+ ▢ ▢ ▢] +1, modifiers +1 → Superb+1 (+4)" in out
    assert "Damage: DR 5 + success 4 = 9" in out and "Crichton is unconscious" in out
    assert "shake off the surprise" not in out and "Crichton recovers" not in out
    assert "Chiana dodges: Agility Great (+2), dice [− − − −] -4 → Poor (-2)" in out


# [seed] "Penetration by damage type: modifies protective rating of armour ... Can not reduce protection below
# zero." The damage line shows how the armour's number is made, and shows it even when it comes to 0.
# Aeryn's pulse pistol (DR 3, energy) at medium range (DL Good): Energy Weapons Great (+2) + [+ + 0 0] = Superb+1
# (+4). The trooper (a minion, Agility Fair) is hit Unopposed against his Agility, the range DL Good reached: margin
# 4. Light combat armour is medium 2, energy -2: 0; 3 + 4 - 0 = 7. Rygel's pulse pistol at the guard in a flexible
# vest (light 1, energy -3, not below 0): Energy Weapons Good (+1) + [+ 0 0 0] = Great (+2) against the DL Good (+1)
# (the guard, a henchman with `aware:no`): margin 1, 3 + 1 - 0 = 4.
ARMOUR = [
    '@gm /encounter start system:farscape name:"Armour"',
    '@gm /encounter add name:Aeryn owner:@carol side:crew tier:protagonist stats:"Speed=Great, Energy Weapons=Great" '
    'weapon:"pulse pistol"',
    '@gm /encounter add name:Rygel owner:@rob side:crew tier:ally stats:"Speed=Good, Energy Weapons=Good" '
    'weapon:"pulse pistol"',
    '@gm /encounter add template:"peacekeeper trooper" count:1',
    '@gm /encounter add name:Guard side:foes tier:henchman armour:"flexible vest"',
    "@gm /encounter begin",
    "!dice + + 0 0",
    '@carol /attack target:"Peacekeeper trooper" range:medium',
    "!dice + 0 0 0",
    "@rob /attack target:Guard range:medium aware:no",
]


def test_the_damage_line_shows_the_armour_rating_and_its_penetration(tmp_path: Path) -> None:
    out = run_script(tmp_path, "armour", ARMOUR, ":memory:", "--strict").stdout
    assert "Damage: DR 3 + success 4 - armour 0 (medium 2, energy -2) = 7" in out
    assert "Damage: DR 3 + success 1 - armour 0 (light 1, energy -3, not below 0) = 4" in out


# Chiana's martial-arts kick (DR +1, Strength Fair 0): Martial Arts Good (+1) + [0 0 0 0] = Good (+1) against the
# minion's Melee Weapon Fair (0), no dice: margin 1. Light combat armour against impact is medium 2 +2 = 4:
# 1 + 1 - 4 = -2, nothing: the line says no damage, not "takes -2 stun".
KICK = [
    '@gm /encounter start system:farscape name:"Kick"',
    '@gm /encounter add name:Chiana owner:@cc side:crew tier:protagonist stats:"Agility=Great, Martial Arts=Good"',
    '@gm /encounter add template:"peacekeeper trooper" count:1',
    "@gm /encounter begin",
    "!dice 0 0 0 0",
    '@cc /attack target:"Peacekeeper trooper" move:kick',
]

# A frag grenade (concussion DR 6) thrown true: Throwing Weapon Good (+1) + [+ 0 0 0] = Great (+2) against Fair.
# The guard stands 1 motra from it (fragments still Superb): "1 motra", not "1 motras"; he stands firm.
FRAG = [
    '@gm /encounter start system:farscape name:"Frag"',
    '@gm /encounter add name:Crichton owner:@bob side:crew tier:protagonist stats:"Speed=Good, Throwing Weapon=Good"',
    "@gm /encounter add name:Guard side:foes tier:henchman",
    "@gm /encounter begin",
    "!dice + 0 0 0",
    '@bob /act move:grenade target:Guard grenade:"frag grenade" distance:1 stand_firm:yes',
]


def test_a_blow_stopped_by_armour_and_a_blast_one_motra_away_read_plainly(tmp_path: Path) -> None:
    kick = run_script(tmp_path, "kick", KICK, ":memory:", "--strict").stdout
    assert "Damage: DR 1 + success 1 - armour 4 (medium 2, impact +2) = -2 (stun)" in kick
    assert "Peacekeeper trooper takes no stun damage (-2): no wound" in kick
    frag = run_script(tmp_path, "frag", FRAG, ":memory:", "--strict").stdout
    assert "Guard, 1 motra from the blast:" in frag and "Concussion damage: DR 6 - distance 1 = 5" in frag


# [seed] Incapacitated: "In some cases a character can perform more complex actions on a Great Willpower roll, but
# the action has a -3 penalty": the sentence names no kind of action, so a shot is one. The sniper (Speed Great)
# shoots Aeryn unaware: Energy Weapons Good (+1) + [+ + + +] = Superb+2 (+5) against Fair: DR 3 + 5 = 8,
# Incapacitated; Willpower Great + [0 0 0 0] = Great keeps her awake. The GM lets her strain; in element 2 she rolls
# Willpower Great + [0 0 0 0] = Great against Great and shoots: Energy Weapons Great (+2) + [+ + 0 0] - 3 = Good
# (+1) against Fair: DR 3 + 1 = 4, Hurt. In element 3 Willpower Great + [- 0 0 0] = Good fails: nothing is fired.
STRAIN = [
    '@gm /encounter start system:farscape name:"Strain"',
    '@gm /encounter add name:Aeryn owner:@bob side:crew tier:ally '
    'stats:"Speed=Good, Energy Weapons=Great, Willpower=Great" weapon:"pulse pistol"',
    '@gm /encounter add name:Sniper side:pk tier:ally stats:"Speed=Great, Energy Weapons=Good" weapon:"pulse pistol"',
    "@gm /encounter begin",
    "!dice + + + + 0 0 0 0",
    "@gm /attack as:Sniper target:Aeryn aware:no",
    "@gm /encounter gm tool:strain target:Aeryn",
    "@gm /encounter next",
    "!dice 0 0 0 0 + + 0 0",
    "@bob /attack target:Sniper aware:no",
    "@gm /encounter next",
    "!dice - 0 0 0",
    "@bob /attack target:Sniper aware:no",
]


def test_an_incapacitated_shooter_strains_with_great_willpower_and_shoots_at_minus_three(tmp_path: Path) -> None:
    out = run_script(tmp_path, "strain", STRAIN, ":memory:", "--strict").stdout
    assert "Aeryn takes 8 lethal: Incapacitated (box 1)" in out
    assert "Aeryn strains to act while Incapacitated: Willpower Great (+2), dice [▢ ▢ ▢ ▢] +0 → Great (+2)" in out
    assert "Shot at Sniper: Energy Weapons Great (+2), dice [+ + ▢ ▢] +2, modifiers -3 → Good (+1)" in out
    assert "Damage: DR 3 + success 1 = 4" in out and "Sniper takes 4 lethal: Hurt (box 1)" in out
    assert "Aeryn strains to shoot while Incapacitated: Willpower Great (+2), dice [− ▢ ▢ ▢] -1 → Good (+1)" in out
    assert "Aeryn cannot manage it: the element is spent and nothing happens" in out


# [seed] "Explosives are much like grenades, except that typically they are usually put in place before detonation
# ... requires the use of the Demolitions skill." A sheet lists its grenades and charges among its weapons, and
# `detonate` sets off the first charge on it. Crichton carries "frag grenade, pulse pistol, breaching charge":
# /attack fires the pulse pistol (the first weapon that shoots or strikes), and a grenade named as the weapon is
# sent to its own move. The charge: Demolitions Good (+1) + [+ + 0 0] (+2) = Superb (+3) against Fair: it goes off.
# The trooper 2 motras away: breaching charge DR 10 - 2 - armour 2 (light combat armour, medium 2, explosive +0)
# = 6, a minion's Near Death.
CARRIED = [
    '@gm /encounter start system:farscape name:"Carried"',
    '@gm /encounter add name:Crichton owner:@bob side:crew tier:protagonist '
    'stats:"Speed=Superb, Energy Weapons=Good, Demolitions=Good" weapon:"frag grenade, pulse pistol, breaching charge"',
    '@gm /encounter add template:"peacekeeper trooper" count:1',
    "@gm /encounter begin",
    '@bob /attack target:"Peacekeeper trooper" weapon:"frag grenade"',
    "!dice + + 0 0",
    '@bob /act move:detonate target:"Peacekeeper trooper" distance:2',
]


def test_grenades_and_charges_ride_on_the_sheet_and_detonate_takes_the_first_charge(tmp_path: Path) -> None:
    out = run_script(tmp_path, "carried", CARRIED, ":memory:").stdout
    assert "Added Crichton." in out
    assert 'A frag grenade is not fired or swung: set it off with /act move:grenade grenade:"frag grenade".' in out
    assert "Crichton sets off a breaching charge" in out
    assert "Demolitions: Demolitions Good (+1), dice [+ + ▢ ▢] +2 → Superb (+3) against Fair (0): succeeds by 3" in out
    assert "Concussion damage: DR 10 - distance 2 - armour 2 (medium 2, explosive +0) = 6" in out
    assert "Peacekeeper trooper's lethal track: Healthy → Near Death" in out
