"""Recovering from surprise, each combatant against his own difficulty.

[seed] "Every element after the characters must make a Fair Willpower test to regain their wits. This difficulty is
modified by the circumstances and the nature of the character; a soldier would recover faster, and a librarian
attacked by monsters in his library would typically have a harder time recovering."
"""

from dataclasses import replace

import pytest
from farscape_melee_kit import TABLES, encounter, f4, fighter

from bot.systems.farscape.render import render_result
from combat.dice import ScriptedDice
from combat.errors import CannotAct, InvalidInput, UnknownName
from combat.model import Condition
from combat.systems.farscape.surprise import freeze_side, recover
from combat.systems.farscape.system import FarscapeSystem

SYSTEM = FarscapeSystem(TABLES)
GREAT, POOR = 2, -2
NAMES = {"crichton": "Crichton", "foe1": "Librarian", "foe2": "Veteran", "foe3": "Soldier"}


def library():
    veteran = fighter("foe2")
    veteran = replace(veteran, sheet=replace(veteran.sheet, talents=frozenset({"cool head"})))
    return encounter(fighter("crichton", speed=2), fighter("foe1"), veteran, fighter("foe3"))


def test_each_combatant_named_gets_his_own_recovery_difficulty_the_rest_the_sides():
    frozen, who = freeze_side(library(), "foes", difficulty=1, difficulties={"foe1": GREAT, "foe3": POOR})
    assert who == ("foe1", "foe3")
    assert frozen.get("foe1").condition("frozen").value == GREAT
    assert frozen.get("foe3").condition("frozen").value == POOR
    default, _ = freeze_side(library(), "foes", difficulty=1, difficulties={"foe1": GREAT})
    assert default.get("foe3").condition("frozen").value == 1


def test_the_librarian_fails_where_the_soldier_recovers():
    frozen, _ = SYSTEM.surprise(library(), "foes", difficulties={"foe1": GREAT, "foe3": POOR})
    librarian = replace(frozen.get("foe1"), conditions=(replace(frozen.get("foe1").condition("frozen"), uses=1),))
    soldier = replace(frozen.get("foe3"), conditions=(replace(frozen.get("foe3").condition("frozen"), uses=1),))
    _, theirs = recover(librarian, ScriptedDice(f4(1)))  # Willpower Fair + 1 = Good against Great
    _, his = recover(soldier, ScriptedDice(f4(-1)))  # Mediocre against Poor
    assert (theirs.check.difficulty, theirs.recovered) == (GREAT, False)
    assert (his.check.difficulty, his.recovered) == (POOR, True)


def test_the_result_lists_each_frozen_combatants_difficulty():
    _, frozen = SYSTEM.surprise(library(), "foes", difficulties={"foe1": GREAT, "foe2": POOR})
    assert frozen.recovery == (("foe1", GREAT), ("foe3", 0))  # the veteran keeps his head (Cool Head)
    lines = render_result(frozen, NAMES)
    assert "Librarian recovers on Willpower against Great (+2)" in lines
    assert "Soldier recovers on Willpower against Fair (0)" in lines


def test_the_old_call_still_freezes_a_side_at_one_difficulty():
    enc, frozen = SYSTEM.surprise(library(), "foes", False, 1)
    assert enc.get("foe1").condition("frozen").value == 1
    assert frozen.recovery == (("foe1", 1), ("foe3", 1))
    assert render_result(frozen, NAMES)[-1] == "Soldier recovers on Willpower against Good (+1)"
    _, fair = SYSTEM.surprise(library(), "foes")
    assert len(render_result(fair, NAMES)) == 2  # all at Fair: nothing more to say


def test_a_mutual_surprise_lowers_each_ones_own_difficulty_every_element():
    frozen, _ = freeze_side(library(), "foes", mutual=True, difficulties={"foe1": GREAT})
    librarian = frozen.get("foe1")
    librarian, first = recover(librarian, ScriptedDice([]))  # the first element: frozen, no roll
    # Willpower Fair: +0 against Good (Great one level down, the second element), then +0 against Fair.
    librarian, second = recover(librarian, ScriptedDice(f4(0)))
    librarian, third = recover(librarian, ScriptedDice(f4(0)))
    assert first is None
    assert [(r.check.difficulty, r.recovered) for r in (second, third)] == [(GREAT - 1, False), (GREAT - 2, True)]


@pytest.mark.parametrize(("difficulties", "error", "message"), [
    ({"crichton": GREAT}, InvalidInput, "not on the side 'foes'"),
    ({"foe1": 5}, InvalidInput, "Terrible to Legendary"),
    ({"foe1": -4}, InvalidInput, "Terrible to Legendary"),
    ({"nobody": GREAT}, UnknownName, "nobody"),
])
def test_difficulties_that_are_refused(difficulties, error, message):
    with pytest.raises(error, match=message):
        SYSTEM.surprise(library(), "foes", difficulties=difficulties)


def test_the_leaders_contest_uses_only_the_losing_sides_difficulties():
    enc = library()
    # Crichton's Speed +2 beats the foes' leader (+1 for Cool Head on his side)
    after, contest = SYSTEM.leaders_contest(enc, "crichton", "foe1", difficulties={"foe1": GREAT, "crichton": 1})
    assert contest.frozen.side == "foes"
    assert contest.frozen.recovery == (("foe1", GREAT), ("foe3", 0))
    assert after.get("foe1").condition("frozen") == Condition("frozen", value=GREAT, source="mutual", uses=0)


def test_the_leaders_contest_refuses_a_difficulty_for_a_bystander_of_neither_side():
    enc = encounter(*library().combatants, replace(fighter("bob"), side="bystanders"))
    with pytest.raises(CannotAct, match="neither leader's side"):
        SYSTEM.leaders_contest(enc, "crichton", "foe1", difficulties={"bob": GREAT})
