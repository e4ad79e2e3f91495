"""How players write things is read, in every system: American spellings, plurals, 'Trait Level', /dodge as an answer.

Faces: + is +1, 0 is 0, - is -1.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from console_kit import Run, run_script

pytestmark = pytest.mark.slow  # fray console in a subprocess

DUNCAN = ('@gm /encounter add name:Duncan owner:@carol side:heroes stats:"Strength Good, Greatsword: Great, '
          'Dodge Fair, Agility Poor" weapons:greatsword armor:leather')
BANDIT = '@gm /encounter add name:"Black Bandit" side:bandits stats:"Agility=Superb, Dagger=Fair" weapon:dagger'


def _play(tmp: Path, name: str, lines: list[str]) -> Run:
    return Run(run_script(tmp, name, lines, str(tmp / f"{name}.sqlite3"), "--strict"))


def test_dodge_answers_the_waiting_defence_and_the_gear_is_read_as_typed(tmp_path: Path) -> None:
    # Stats without '=', 'weapons:' for weapon:, 'armor:' for armour:, 'bandit' for "Black Bandit" (a later word).
    # The bandit (Superb) goes first; Duncan answers "Defend how?" with /dodge. Dagger Fair + [+ +] = Great against
    # Dodge Fair + [- -] = Poor: past by 4; the leather armour is counted.
    out = _play(tmp_path, "dodge", [
        "@gm /encounter start system:deryni name:Road", DUNCAN, BANDIT, "@gm /encounter begin",
        "@gm /attack as:bandit target:Duncan",
        "!dice + + - -",
        "@carol /dodge",
    ]).output
    assert "Initiative, Duncan: Fair (0) (Agility Poor (-2), greatsword skill +1" in out
    assert "Duncan: Dodge" in out
    assert "Duncan dodges: Dodge Fair (0), dice [− −] -2 → Poor (-2)" in out
    assert "the attack beats the leather armour's Good (+1)" in out


def test_a_move_that_is_not_an_answer_still_waits(tmp_path: Path) -> None:
    # A /dodge with options, or by a player who is not asked, does not answer: the choice still waits.
    run = run_script(tmp_path, "waits", [
        "@gm /encounter start system:deryni name:Road", DUNCAN, BANDIT,
        "@gm /encounter add name:Eve owner:@eve side:heroes stats:\"Dodge=Fair\"",
        "@gm /encounter begin",
        "@gm /attack as:bandit target:Duncan",
        "@eve /dodge",
        "@carol /dodge modifier:1",
        "@gm /encounter status",
    ], str(tmp_path / "waits.sqlite3"))
    assert run.stdout.count("Waiting for Duncan to choose") == 2
    assert "Duncan dodges" not in run.stdout


def test_help_shows_a_two_word_option_as_it_is_typed(tmp_path: Path) -> None:
    # 'stand firm' is typed stand_firm:yes (a space ends a name); /help shows that form.
    out = _play(tmp_path, "help", ["@gm /encounter start system:farscape", "@gm /help"]).output
    assert "prone, stand_firm, run" in out


def test_help_leaves_out_the_move_commands_the_system_has_no_move_for(tmp_path: Path) -> None:
    # Fallout has no dodge move: /help neither lists /dodge nor names it among the commands making moves.
    fallout = _play(tmp_path, "fallout-help", ["@gm /encounter start system:fallout", "@gm /help"]).output
    assert "/dodge —" not in fallout and "Fallout (Simple) moves (/attack, /act move:…):" in fallout
    farscape = _play(tmp_path, "farscape-help", ["@gm /encounter start system:farscape", "@gm /help"]).output
    assert "/dodge —" in farscape and "FUDGE Farscape moves (/attack, /dodge, /act move:…):" in farscape


def test_discords_options_field_is_read_and_the_log_says_what_was_typed(tmp_path: Path) -> None:
    # The local table also reads Discord's `options:"name=value, …"` (and `extra:`) field; a log entry that left no
    # beats (a GM tool, an attack still waiting for its defence) shows what was typed, a player by name.
    out = _play(tmp_path, "paired", [
        "@gm /encounter start system:deryni name:Road", DUNCAN, BANDIT,
        '@gm /encounter gm tool:engage target:Duncan options:"foe=Black Bandit"',
        "@gm /encounter begin",
        '@gm /attack as:bandit extra:"target=Duncan"',
        "@gm /encounter log",
    ]).output
    assert "Duncan and Black Bandit fight each other (from round 1)" in out
    assert "encounter add by gm: name:Duncan owner:carol side:heroes" in out
    assert "encounter gm by gm: tool:engage target:Duncan foe:Black Bandit" in out
    assert "R1 attack by gm: as:bandit target:Duncan" in out
