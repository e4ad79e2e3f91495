"""Deryni fights a GM sets up from the seed's own words, through `fray console --script` with hand-worked dice.

Faces: + is +1, 0 is 0, - is -1. Ladder: Terrible -3, Poor -2, Mediocre -1, Fair 0, Good +1, Great +2, Superb +3.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from console_kit import Run, run_script

pytestmark = pytest.mark.slow  # fray console in a subprocess

START = [
    "@gm /encounter start system:deryni name:Road",
    '@gm /encounter add name:Bob owner:@bob side:heroes stats:"Agility=Good, Broadsword=Good, Strength=Good" '
    "weapon:broadsword",
]


def _play(tmp: Path, name: str, lines: list[str]) -> Run:
    return Run(run_script(tmp, name, [*START, *lines], str(tmp / f"{name}.sqlite3"), "--strict"))


def test_disarm_names_the_dagger_as_the_seed_does(tmp_path: Path) -> None:
    # "-1: Disarming a one-handed weapon (Broad sword, Dagger)"; resisted, Skill vs Skill then Strength vs Strength.
    # Bob: Good Agility +1 for the longer weapon = Great, first. Attack Broadsword Good + [+ +] - 1 = Great; the
    # bandit parries Dagger Fair + [0 0] = Fair: past by 2. Strength: Bob Good + [+ 0] = Great, bandit Fair + [0 0]
    # = Fair: Bob wins, the dagger falls.
    out = _play(tmp_path, "disarm", [
        '@gm /encounter add name:Bandit side:bandits stats:"Agility=Fair, Dagger=Fair" weapon:dagger',
        "@gm /encounter begin",
        "!dice + + 0 0 + 0 0 0",
        "@bob /attack target:Bandit disarm:dagger",
    ]).output
    assert "Bob attacks Bandit with their broadsword: a disarm, for the dagger" in out
    assert "Bob: Broadsword Good (+1), dice [+ +] +2, disarm -1 → Great (+2)" in out
    assert "Bandit parries with their dagger: Dagger Fair (0), dice [▢ ▢] 0 → Fair (0)" in out
    assert ("Strength: Bob Strength Good (+1), dice [+ ▢] +1 → Great (+2) against Bandit Strength Fair (0), "
            "dice [▢ ▢] 0 → Fair (0): Bob wins") in out
    assert "Bandit's dagger falls to the floor" in out


def test_a_called_shot_at_the_sword_arm_and_a_critical_wound_dying_incapacitated(tmp_path: Path) -> None:
    # "Attacking the arm or hand ... requires a Called Shot"; "It takes an Incapacitating blow to break the one in
    # question". Bob Broadsword Good + [0 0] = Good; the bandit parries Broadsword Fair + [- -] = Poor: past by 3.
    # Damage 3 + Strength 1 + sharp 1 = 5: Critical, the arm is useless. Death Test: Damage Capacity Fair
    # + [- - 0 -] = Terrible against Superb: fails, and an incapacitated man does not fight on.
    out = _play(tmp_path, "called", [
        '@gm /encounter add name:Bandit side:bandits stats:"Agility=Fair, Broadsword=Fair" weapon:broadsword',
        "@gm /encounter begin",
        "!dice 0 0 - - - - 0 -",
        '@bob /attack target:Bandit called:"sword arm"',
    ]).output
    assert "Bob attacks Bandit with their broadsword: a called shot at the weapon arm" in out
    assert "Damage: relative degree 3, Strength +1, sharp +1 = 5" in out
    assert "Critical wound to the weapon arm: it is useless" in out
    assert "Bandit is dying: incapacitated, and dead as the round ends" in out
    assert "fights on" not in out


def test_the_seeds_initiative_and_greatsword_against_dagger(tmp_path: Path) -> None:
    # "Bob's Initiative is Good, while the bandit's is Fair"; "Bob has a Greatsword, and his opponent a Dagger. Bob
    # gets a +1 to his Initiative": Good + 1 = Great, the bandit Fair. No die is rolled.
    out = Run(run_script(tmp_path, "initiative", [
        "@gm /encounter start system:deryni name:Road",
        '@gm /encounter add name:Bob owner:@bob side:heroes stats:"Initiative=Good, Great Sword=Good" '
        'weapon:"Great sword"',
        '@gm /encounter add name:Bandit side:bandits stats:"Initiative=Fair, Dagger=Fair" weapon:dagger',
        "@gm /encounter begin",
    ], str(tmp_path / "initiative.sqlite3"), "--strict")).output
    assert "Initiative, Bob: Great (+2) (Initiative Good (+1), longer weapon than Bandit +1)" in out
    assert "Initiative, Bandit: Fair (0) (Initiative Fair (0))" in out
    assert "Roll-off" not in out and "Round 1 — Bob's turn" in out


def test_example_3_both_initiatives_good_roll_off_mediocre_against_great(tmp_path: Path) -> None:
    # "Bob is fighting the new target, whose Initiative is also Good. They roll an Opposed roll, and Bob ends up with
    # a Mediocre, while the bandit is at Great. The bandit goes first." Bob's Broadsword is Great, yet his Initiative
    # is the Good the sheet gives. Roll-off: Bob Good + [- -] = Mediocre, the bandit Good + [+ 0] = Great.
    out = Run(run_script(tmp_path, "example3", [
        "@gm /encounter start system:deryni name:Road",
        '@gm /encounter add name:Bob owner:@bob side:heroes stats:"Initiative=Good, Broadsword=Great" '
        "weapon:broadsword",
        '@gm /encounter add name:Bandit side:bandits stats:"Initiative=Good, Broadsword=Good" weapon:broadsword',
        "!dice - - + 0",
        "@gm /encounter begin",
    ], str(tmp_path / "example3.sqlite3"), "--strict")).output
    assert "Initiative, Bob: Good (+1) (Initiative Good (+1))" in out
    assert "Roll-off at Good (+1), Initiative + 2dF: Bob [− −] → Mediocre (-1); Bandit [+ ▢] → Great (+2)" in out
    assert "Roll-off order: Bandit, Bob" in out and "Round 1 — Bandit's turn" in out


def test_example_2_bob_waits_his_friend_runs_the_bandit_through_bob_runs_to_the_next(tmp_path: Path) -> None:
    # "Bob chooses to wait, and sees that his friend runs the bandit through from behind. Bob then spends his action
    # to run over to the next target, and is in place the next round." Bob Good holds; the bandit (Fair) waits; the
    # friend (Mediocre, Broadsword Good, Strength Good) strikes from behind, no defence: Good + [+ +] = Superb, 5
    # above Poor; 5 + 1 + 1 = 7, Mortal. Bob's held action comes last: he runs to the rider.
    out = _play(tmp_path, "example2", [
        '@gm /encounter add name:Bandit side:bandits stats:"Initiative=Fair, Broadsword=Fair" weapon:broadsword',
        '@gm /encounter add name:Friend owner:@carol side:heroes stats:"Initiative=Mediocre, Broadsword=Good, '
        'Strength=Good" weapon:broadsword',
        '@gm /encounter add name:Rider side:bandits stats:"Initiative=Terrible, Dagger=Fair" weapon:dagger',
        "@gm /encounter begin",
        "@bob /encounter hold",
        "@gm /encounter next",
        "!dice + + - - - -",
        "@gm /attack as:Friend target:Bandit defence:none",
        "@gm /encounter next",
        "@bob /act move:run target:Rider",
    ]).output
    assert "Bandit takes a Mortal wound" in out
    assert "Round 1 — Bob's turn with the held action, before the round ends" in out
    assert "Bob runs over to Rider: in place to fight them next round" in out
    assert "Bob: run (to Rider)" in out and "— Round 2 begins —" in out


def test_the_defence_question_names_the_weapon_without_a_stray_question_mark(tmp_path: Path) -> None:
    # Step 4: "The Attacker defines his attack (which Skill used ...), and the Defender determines whether or not he
    # will defend himself, and how." The question reads as one sentence: no "?:" before the choices.
    out = _play(tmp_path, "asked", [
        '@gm /encounter add name:Bandit side:bandits stats:"Initiative=Great, Dagger=Fair" weapon:dagger',
        "@gm /encounter begin",
        "@gm /attack as:Bandit target:Bob",
    ]).output
    assert "Defend against the dagger: Parry (broadsword), Dodge, Acrobatics" in out
    assert "?:" not in out


def test_a_pairing_made_before_the_fight_counts_from_round_1(tmp_path: Path) -> None:
    # "Determine who's fighting who": the GM pairs Bob with the second bandit before the fight; Bob's broadsword is
    # longer than that bandit's dagger, so round 1 already gives Bob +1: Good Agility, +1 length = Great.
    out = _play(tmp_path, "engage", [
        '@gm /encounter add name:Bandit side:bandits stats:"Agility=Fair, Shortsword=Fair" weapon:shortsword',
        '@gm /encounter add name:Cutter side:bandits stats:"Agility=Fair, Dagger=Fair" weapon:dagger',
        "@gm /encounter gm tool:engage target:Bob foe:Cutter",
        "@gm /encounter begin",
    ]).output
    assert "Bob and Cutter fight each other (from round 1)" in out
    assert "from the next round" not in out
    assert "longer weapon than Cutter +1" in out


def test_an_unresisted_disarm_short_of_fair_never_says_it_lands(tmp_path: Path) -> None:
    # "If for some reason the Defender is not attempting to stop the disarm, then the Attacker makes his Skill check
    # (with disarm and other modifiers), with a Fair or better result succeeding." The bandit goes first (Great);
    # Shortsword Good + [- 0] - 1 = Mediocre: past Poor, but short of Fair, so Bob keeps his broadsword.
    out = _play(tmp_path, "unresisted", [
        '@gm /encounter add name:Bandit side:bandits stats:"Initiative=Superb, Shortsword=Good" weapon:shortsword',
        "@gm /encounter begin",
        "@gm /attack as:Bandit target:Bob disarm:weapon",
        "!dice - 0",
        "@bob /encounter react choice:none",
    ]).output
    assert "Bandit: Shortsword Good (+1), dice [− ▢] -1, disarm -1 → Mediocre (-1)" in out
    assert "Bob does not resist: the attacker rolls 2dF alone, Fair or better takes it" in out
    assert "Unresisted, the disarm needs Fair: short of Fair" in out
    assert "It lands" not in out and "Poor or better hits" not in out
