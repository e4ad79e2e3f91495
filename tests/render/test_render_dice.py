"""Dice faces, ladder names, names made safe, and Farscape wound boxes as text."""

from dataclasses import replace

import pytest
from render_kit import person

from bot.render.dice import check_text, fudge_faces, ladder, numbered_faces, roll_faces, signed, trait_level, trait_roll
from bot.render.names import listing, possessive, safe, who
from bot.systems.farscape.tracks import descriptor, track_line, wound_boxes
from combat.dice import FUDGE, Die, Roll, ScriptedDice
from combat.fudge import check, roll_trait
from combat.systems.farscape.wounds import Track, fresh_health, mark


def test_fudge_dice_show_as_glyphs_and_numbered_dice_as_a_list():
    assert fudge_faces((1, 0, -1, 1)) == "[+ ▢ − +]"
    assert numbered_faces((3, 6, 1)) == "[3, 6, 1]"
    assert roll_faces(Roll(FUDGE, (-1, -1, 0, 1))) == "[− − ▢ +]"
    assert roll_faces(Roll(Die(6), (3, 6, 1), 2)) == "[3, 6, 1]"


@pytest.mark.parametrize(("value", "text"), [(1, "Good (+1)"), (0, "Fair (0)"), (-2, "Poor (-2)"),
                                             (5, "Superb+2 (+5)"), (-4, "Terrible-1 (-4)")])
def test_ladder_names_carry_their_number(value, text):
    assert ladder(value) == text


def test_trait_levels_reach_legendary_and_signs_are_explicit():
    assert trait_level(4) == "Legendary (+4)"
    assert ladder(4) == "Superb+1 (+4)"
    assert (signed(2), signed(-1), signed(0)) == ("+2", "-1", "+0")


def test_a_trait_roll_shows_trait_level_faces_modifiers_and_result():
    roll = roll_trait(ScriptedDice([1, 0, -1, 1]), "energy weapons", 1, -2)
    assert trait_roll(roll) == "Energy Weapons Good (+1), dice [+ ▢ − +] +1, modifiers -2 → Fair (0)"
    critical = roll_trait(ScriptedDice([1, 1, 1, 1]), "brawling", 0)
    assert trait_roll(critical).endswith("→ Superb+1 (+4) (critical)")


def test_a_check_says_by_how_much_it_succeeded_or_failed():
    failed = check(ScriptedDice([0, 0, 0, 0]), "willpower", 0, 2)
    assert check_text(failed) == "Willpower Fair (0), dice [▢ ▢ ▢ ▢] +0 → Fair (0) against Great (+2): fails by 2"
    assert check_text(check(ScriptedDice([1, 1, 0, 0]), "willpower", 0, 1)).endswith(": succeeds by 1")
    assert check_text(check(ScriptedDice([1, 0, 0, 0]), "willpower", 0, 1)).endswith(": succeeds")


def test_names_never_carry_a_live_mention():
    assert safe("@everyone") == "@\u200beveryone"
    assert who({"a": "Cap @here"}, "a") == "Cap @\u200bhere"
    assert who({}, "x1") == "x1"
    assert who({}, None) == "nobody"


def test_listing_and_possessives():
    assert listing([]) == "" and listing(["A"]) == "A" and listing(["A", "B"]) == "A and B"
    assert listing(["A", "B", "C"]) == "A, B and C"
    assert (possessive("Aeryn"), possessive("Rygel XVI"), possessive("Jones")) == ("Aeryn's", "Rygel XVI's", "Jones'")


def test_wound_boxes_fill_as_wounds_are_marked():
    health = fresh_health("protagonist")
    empty = "Lethal: Scratch □□□ · Hurt □□ · Very Hurt □ · Incapacitated □ · Near Death □"
    assert track_line(health, "lethal") == empty
    health, _ = mark(health, "lethal", 2)
    health, _ = mark(health, "lethal", 4)
    health, _ = mark(health, "stun", 5)
    assert wound_boxes(health) == [
        "Lethal: Scratch ■□□ · Hurt ■□ · Very Hurt □ · Incapacitated □ · Near Death □",
        "Stun: Dazed □□□ · Stunned □□ · Very Stunned ■ · Unconscious □",
    ]


def test_a_minion_track_has_one_box_a_level():
    assert track_line(fresh_health("minion"), "stun") == "Stun: Dazed □ · Stunned □ · Very Stunned □ · Unconscious □"


def test_the_descriptor_hides_the_numbers():
    health = fresh_health("ally")
    assert descriptor(health) == "Unhurt"
    assert descriptor(mark(health, "stun", 1)[0]) == "Hurt"
    assert descriptor(mark(health, "lethal", 3)[0]) == "Hurt"
    assert descriptor(mark(health, "lethal", 5)[0]) == "Badly wounded"
    assert descriptor(mark(health, "stun", 5)[0]) == "Badly wounded"
    assert descriptor(mark(health, "lethal", 7)[0]) == "Down"
    # Incapacitated with the GM's leave to strain, he still acts: not down.
    assert descriptor(mark(health, "lethal", 7)[0], straining=True) == "Barely standing"
    assert descriptor(replace(health, stun=Track("stun", (0, 0, 0, 1))), straining=True) == "Down"  # out cold
    assert descriptor(replace(health, stun=Track("stun", (0, 0, 0, 1)))) == "Down"
    assert descriptor(health, unconscious=True) == "Down"
    assert descriptor(person("aeryn").health) == "Unhurt"
