"""d6 pool fights a GM sets up from the seed's own words, through `fray console --script` with hand-worked dice.

A success is a die showing 4, 5 or 6; the attacker must beat the defence total; every die is scripted with !dice.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from console_kit import Run, run_script

pytestmark = pytest.mark.slow  # fray console in a subprocess

START = [
    "@gm /encounter start system:d6pool name:Docks",
    "@gm /encounter add name:Sword owner:@bob side:heroes template:swordsman",
    "@gm /encounter add name:Thug template:thug",
]


def _play(tmp: Path, name: str, lines: list[str]) -> Run:
    return Run(run_script(tmp, name, [*START, *lines], str(tmp / f"{name}.sqlite3"), "--strict"))


def test_a_hit_with_no_success_through_offers_an_effect_in_one_sentence(tmp_path: Path) -> None:
    # "might require a Strength vs. Strength contest after successfully hitting the target". Initiative: Sword
    # 3 + [6] + 3 = 12, Thug 3 + [1] + 1 = 5. Sword 3d6 [6 6 6] + 3 = 21 against the Thug's 3d6 [1 1 1] + 1 clubs
    # = 4: a hit. PF 3 [1 1 1]: 0 successes against heavy clothes 1d6 [1]: nothing through, so only effects.
    out = _play(tmp_path, "effect", [
        "!dice 6 1",
        "@gm /encounter begin",
        "!dice 6 6 6 1 1 1 1 1 1 1",
        "@bob /attack target:Thug",
    ]).output
    assert "No damage got through; an effect instead: No effect, Knock down (Strength contest)" in out
    assert "?:" not in out


def test_a_damaged_object_reads_as_damaged_not_hurt(tmp_path: Path) -> None:
    # "What if a character attacks an object": the truck defends with the GM's 2 dice. Initiative: Sword 12, Thug 5.
    # Sword 3d6 [6 6 6] + 3 = 21 against 2d6 [1 1] = 2: a hit. PF 3 [6 6 6]: 3 successes against vehicle armour
    # 6d6 [1 1 1 1 1 1]: none, so "for each success ... the target takes 1 HTK": 3, the truck at 9 of 12 HTK.
    out = _play(tmp_path, "truck", [
        '@gm /encounter add name:Truck template:"dump truck"',
        "!dice 6 1",
        "@gm /encounter begin",
        "!dice 6 6 6 1 1 6 6 6 1 1 1 1 1 1",
        "@bob /attack target:Truck",
        "@gm /encounter export format:markdown",
    ]).output
    assert "Truck: HTK 9/12" in out
    assert "Truck (Damaged)" in out
    assert "Truck (Hurt)" not in out


def test_help_says_full_defence_adds_a_die_and_the_skill(tmp_path: Path) -> None:
    # "A character that is completely on the defensive adds 1d6 to his Agility ... He may also add any appropriate
    # Skill Modifiers"; "Skill Modifiers only add to the overall 'to hit' total and never to defending" (ranged).
    out = _play(tmp_path, "help", ["@gm /help"]).output
    assert "defends with one die more (and his skill, except against a shot)" in out
    assert "Agility + 1 dice" not in out
