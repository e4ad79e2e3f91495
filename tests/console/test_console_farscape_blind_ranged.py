"""Farscape ranged scenarios worked out by hand from the seed text, every die scripted, then played on the local table.

One dodge against several shots, minions, and surprise. Each scenario's arithmetic was done from the seed's words
before the script was run; the comments carry it. Where the seed is silent, the comment names the rules page's
decision ([ours]) the expected line relies on. Melee: test_console_farscape_blind.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from console_kit import played

pytestmark = pytest.mark.slow  # fray console in a subprocess


# -- Ranged: one dodge against several shots, the range DL as a minimum ----------------------------------------------

# [seed] "A character's single dodge result applies against all ranged attacks, but not always at it's full value.
# Use the full value for the first attack (highest Initiative) and decrease the value by one level for every
# additional attack directed at them after that, in Initiative order." "Additionally, the attacker must achieve a
# minimum result dependant on the range". Protagonists: "Dodging: Character always gets their full dodge against all
# attacks." Range DLs are [ours]: medium Good, long Great. Light holdout: DR 1, accuracy 0 ([ours] table).
# Rygel (ally), Agility Good, dodges [0 0 0 0]: Good (+1).
# Hawk (Speed Great, Firearms Great), medium: [+ 0 0 0] = Superb (+3) against dodge +1 and DL Good: margin 2:
#   1 + 2 = 3: Hurt (ally 3-4).
# Kite (Speed Good, Firearms Good), medium: [0 0 0 0] = Good (+1) against the dodge one lower, Fair (0), and DL Good:
#   margin 1: 1 + 1 = 2: Scratch.
# Owl (Speed Fair, Firearms Good), long: [0 0 0 0] = Good (+1) beats the dodge two lower, Mediocre (-1), but falls
#   short of the DL Great: miss.
# The same two first shots at Crichton, a protagonist with the same dodge Good: Kite's Good ties the full dodge: miss.
DECLINING_DODGE = [
    '@gm /encounter start system:farscape name:"Crossfire"',
    '@gm /encounter add name:Rygel owner:@rob side:crew tier:ally stats:"Agility=Good, Speed=Poor"',
    '@gm /encounter add name:Hawk side:foes tier:henchman stats:"Speed=Great, Firearms=Great" weapon:"light holdout"',
    '@gm /encounter add name:Kite side:foes tier:henchman stats:"Speed=Good, Firearms=Good" weapon:"light holdout"',
    '@gm /encounter add name:Owl side:foes tier:henchman stats:"Speed=Fair, Firearms=Good" weapon:"light holdout"',
    "@gm /encounter begin",
    "!dice 0 0 0 0",
    "@rob /dodge",
    "!dice + 0 0 0",
    "@gm /attack as:Hawk target:Rygel range:medium",
    "!dice 0 0 0 0",
    "@gm /attack as:Kite target:Rygel range:medium",
    "!dice 0 0 0 0",
    "@gm /attack as:Owl target:Rygel range:long",
]

FULL_DODGE = [
    '@gm /encounter start system:farscape name:"Crossfire"',
    '@gm /encounter add name:Crichton owner:@bob side:crew tier:protagonist stats:"Agility=Good, Speed=Poor"',
    '@gm /encounter add name:Hawk side:foes tier:henchman stats:"Speed=Great, Firearms=Great" weapon:"light holdout"',
    '@gm /encounter add name:Kite side:foes tier:henchman stats:"Speed=Good, Firearms=Good" weapon:"light holdout"',
    "@gm /encounter begin",
    "!dice 0 0 0 0",
    "@bob /dodge",
    "!dice + 0 0 0",
    "@gm /attack as:Hawk target:Crichton range:medium",
    "!dice 0 0 0 0",
    "@gm /attack as:Kite target:Crichton range:medium",
]


def test_an_allys_dodge_declines_shot_by_shot_and_a_protagonists_does_not(tmp_path: Path) -> None:
    ally = played(tmp_path, "declining", DECLINING_DODGE).splitlines()
    assert "Rygel dodges: Agility Good (+1), dice [▢ ▢ ▢ ▢] +0 → Good (+1)" in ally
    assert "Shot at Rygel: Firearms Great (+2), dice [+ ▢ ▢ ▢] +1 → Superb (+3)" in ally
    assert "Damage: DR 1 + success 2 = 3" in ally and "Rygel takes 3 lethal: Hurt (box 1)" in ally
    assert "Rygel's dodge Good (+1), -1 for earlier attacks = Fair (0)" in ally
    assert "Damage: DR 1 + success 1 = 2" in ally and "Rygel takes 2 lethal: Scratch (box 1)" in ally
    assert "Rygel's dodge Good (+1), -2 for earlier attacks = Mediocre (-1)" in ally
    assert "The shot must also reach the range DL Great (+2)" in ally
    assert "Miss: the shot falls short of the range DL (margin +2 against the dodge)" in ally

    hero = played(tmp_path, "full", FULL_DODGE).splitlines()
    assert "Crichton takes 3 lethal: Hurt (box 1)" in hero
    assert "-1 for earlier attacks" not in "\n".join(hero)
    assert "Miss: the dodge holds (margin +0)" in hero


# -- Minions: Unopposed, armour and penetration, their own track, the warning shot, wound penalties -------------------

# [seed] Bystanders and Minions: "Character does not dodge at all. All attacks are effectively Unopposed, using the
# appropriate trait (attribute or combat skill) as the difficulty." Lethal track 1-2 Scratch, 3 Hurt, 4 Very Hurt,
# 5 Incapacitated, 6+ Near Death. "Ranged weapon damage: Add attack success level to Damage Rating." Armour's
# protective rating, modified by penetration. "Attacking: Character always fires a warning shot ... before shooting
# for effect". Very Hurt: "-2 penalty to all appropriate actions", and "in most cases" a Good Willpower roll.
# Element 1. Crichton (protagonist, Speed Good, Firearms Good) fires a light rifle (DR 4, projectile, accuracy +1
#   [Farscape page / ours]) at the Peacekeeper trooper (minion, Agility Fair, light combat armour: medium 2),
#   short range (DL Fair [ours]): [0 0 0 0]: Good + 1 = Great (+2) against Fair: success 2. Armour: medium 2,
#   projectile +0 = 2. 4 + 2 - 2 = 4: the minion's Very Hurt (on an ally's track it would only be Hurt). Good
#   Willpower: Fair + [+ 0 0 0] = Good: he stays up.
#   The trooper's first shot at Crichton is a warning: pulse rifle, Energy Weapons Good (+1) + accuracy 1 - wounds 2
#   + [0 0 0 0] = Fair (0); it harms no one.
# Element 2. Crichton dodges: Agility Good + [0 0 0 0] = Good (+1), and passes. The trooper fires for effect:
#   +1 + 1 - 2 + [+ + 0 0] = Great (+2) beats the dodge Good by 1 and reaches Fair: pulse rifle DR 5 + 1 = 6: Very
#   Hurt (protagonist 5-6); Good Willpower: Good + [0 0 0 0]: he stays up.
MINION = [
    '@gm /encounter start system:farscape name:"Trooper"',
    "@gm /encounter add name:Crichton owner:@bob side:crew tier:protagonist "
    'stats:"Agility=Good, Speed=Good, Firearms=Good, Willpower=Good" weapon:"light rifle"',
    '@gm /encounter add template:"peacekeeper trooper" count:1',
    "@gm /encounter begin",
    "!dice 0 0 0 0 + 0 0 0",
    '@bob /attack target:"Peacekeeper trooper"',
    "!dice 0 0 0 0",
    '@gm /attack as:"Peacekeeper trooper" target:Crichton',
    "!dice 0 0 0 0",
    "@bob /dodge",
    "@gm /encounter next",
    "!dice + + 0 0 0 0 0 0",
    '@gm /attack as:"Peacekeeper trooper" target:Crichton',
]


def test_a_minion_is_shot_unopposed_takes_his_own_track_and_warns_before_he_wounds(tmp_path: Path) -> None:
    out = played(tmp_path, "minion", MINION).splitlines()
    assert "Shot at Peacekeeper trooper: Firearms Good (+1), dice [▢ ▢ ▢ ▢] +0, modifiers +1 → Great (+2)" in out
    assert any(line.startswith("Peacekeeper trooper never dodges: unopposed against Fair (0)") for line in out)
    assert "Damage: DR 4 + success 2 - armour 2 (medium 2, projectile +0) = 4" in out
    assert "Peacekeeper trooper takes 4 lethal: Very Hurt (box 1)" in out
    assert "Shot at Crichton: Energy Weapons Good (+1), dice [▢ ▢ ▢ ▢] +0, modifiers -1 → Fair (0)" in out
    assert "Warning given (margin +0)" in out
    warning = out.index("Warning given (margin +0)")
    assert not any(line.startswith("Crichton takes") for line in out[:warning])
    assert "Shot at Crichton: Energy Weapons Good (+1), dice [+ + ▢ ▢] +2, modifiers -1 → Great (+2)" in out
    assert "Attack modifiers: accuracy +1, wounds -2" in out
    assert "Damage: DR 5 + success 1 = 6" in out
    assert "Crichton takes 6 lethal: Very Hurt (box 1)" in out


# -- Surprise: freezing, recovery, and the wound penalty on the first roll after ---------------------------------------

# [seed] "the group that is caught by surprise ... will 'freeze' and be unable to act for one element, not even to
# defend themselves or seek cover. ... Characters with the Cool Head Talent will still be able to act". "Every
# element after the characters must make a Fair Willpower test to regain their wits." "If the target is unaware of
# the attack, or is caught by surprise, the attack is an Unopposed action." Hurt: "-1 penalty to all appropriate
# actions"; Initiative is Speed "modified by injury".
# The crew is ambushed: Crichton (protagonist, Speed Fair, Willpower Fair, Energy Weapons Good) freezes; Chiana
# (Cool Head) does not. Guard (henchman, Speed Good, Agility Fair, Energy Weapons Good, pulse pistol DR 3).
# Element 1: the Guard shoots frozen Crichton at medium range: Unopposed against Good: [0 0 0 0] = Good: success
#   0: 3 + 0 = 3: Hurt (protagonist, box 1).
# Element 2: Willpower Fair + [- 0 0 0] = Mediocre < Fair: still frozen (it fails with or without his -1). The
#   Guard shoots again, still Unopposed: [0 0 0 0] = Good: 3: Hurt again, the second Hurt box.
# Element 3: Willpower [+ 0 0 0] = Good >= Fair: he recovers (it succeeds with or without his -1) and acts last
#   (Speed Fair - 1 = Mediocre). He shoots at short range (Fair): Energy Weapons Good + [+ 0 0 0] - 1 (Hurt) = Good
#   (+1). The Guard, aware, dodges Agility Fair + [0 0 0 0] = Fair (0): margin 1: 3 + 1 = 4: Hurt (henchman 3-4).
SURPRISE = [
    '@gm /encounter start system:farscape name:"Ambush"',
    "@gm /encounter add name:Crichton owner:@bob side:crew tier:protagonist "
    'stats:"Agility=Good, Speed=Fair, Willpower=Fair, Energy Weapons=Good" weapon:"pulse pistol"',
    '@gm /encounter add name:Chiana owner:@cc side:crew tier:protagonist stats:"Agility=Great, Speed=Great" '
    'talents:"cool head"',
    "@gm /encounter add name:Guard side:foes tier:henchman "
    'stats:"Speed=Good, Agility=Fair, Energy Weapons=Good" weapon:"pulse pistol"',
    "@gm /encounter gm tool:surprise side:crew",
    "@gm /encounter begin",
    "@gm /encounter next",
    "!dice 0 0 0 0 - 0 0 0",
    "@gm /attack as:Guard target:Crichton range:medium",
    "@gm /encounter next",
    "!dice 0 0 0 0 + 0 0 0",
    "@gm /attack as:Guard target:Crichton range:medium",
    "@gm /encounter next",
    "@gm /encounter next",
    "!dice + 0 0 0 0 0 0 0",
    "@bob /attack target:Guard",
]


def test_a_frozen_man_is_shot_unopposed_until_his_willpower_frees_him_and_then_shoots_hurt(tmp_path: Path) -> None:
    out = played(tmp_path, "ambush", SURPRISE).splitlines()
    assert out.count("Crichton cannot defend: unopposed against the range DL Good (+1)") == 2
    assert "Crichton takes 3 lethal: Hurt (box 1)" in out
    assert "Crichton takes 3 lethal: Hurt (box 2)" in out
    assert (
        "Crichton tries to shake off the surprise: Willpower Fair (0), dice [− ▢ ▢ ▢] -1 → Mediocre (-1) against "
        "Fair (0): fails by 1" in out
    )
    assert "Crichton stays frozen" in out
    assert (
        "Crichton tries to shake off the surprise: Willpower Fair (0), dice [+ ▢ ▢ ▢] +1 → Good (+1) against "
        "Fair (0): succeeds by 1" in out
    )
    assert "Crichton recovers and acts this element" in out
    assert "Order for round 3: Chiana, Guard, Crichton" in out
    assert "Shot at Guard: Energy Weapons Good (+1), dice [+ ▢ ▢ ▢] +1, modifiers -1 → Good (+1)" in out
    assert "Attack modifiers: wounds -1" in out
    assert "Guard dodges (a free roll): Agility Fair (0), dice [▢ ▢ ▢ ▢] +0 → Fair (0)" in out
    assert "Damage: DR 3 + success 1 = 4" in out and "Guard takes 4 lethal: Hurt (box 1)" in out
