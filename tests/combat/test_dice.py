"""Dice: scripted and seeded sources, notation parsing, bounds and totals."""

import pytest

from combat.dice import (
    FUDGE,
    MAX_DICE,
    MAX_SIDES,
    DiceSpec,
    Die,
    RandomDice,
    Roll,
    ScriptedDice,
    parse_dice,
    roll,
    roll_d,
    roll_fudge,
)
from combat.errors import DiceError, DiceExhausted, FrayError, InvalidInput, TooManyDice

D6 = Die(6)


def test_scripted_dice_return_exact_faces_in_order():
    dice = ScriptedDice([3, 1, 6])
    assert [dice.face(D6), dice.face(D6), dice.face(D6)] == [3, 1, 6]
    assert dice.remaining == 0


def test_scripted_dice_push_appends_to_the_script():
    dice = ScriptedDice([1])
    dice.push(-1, 0)
    assert dice.remaining == 3
    assert dice.face(D6) == 1
    assert (dice.face(FUDGE), dice.face(FUDGE)) == (-1, 0)


@pytest.mark.parametrize(("die", "face"), [(D6, 7), (D6, 0), (FUDGE, 2), (FUDGE, -2), (Die(10), 11)])
def test_scripted_face_that_cannot_come_up_is_an_error(die, face):
    dice = ScriptedDice([face])
    with pytest.raises(DiceError) as caught:
        dice.face(die)
    assert str(face) in caught.value.message
    assert die.label in caught.value.message
    assert dice.remaining == 1


def test_scripted_dice_running_dry_say_which_roll_and_die():
    dice = ScriptedDice([1, 1])
    dice.face(FUDGE)
    dice.face(FUDGE)
    with pytest.raises(DiceExhausted) as caught:
        dice.face(D6)
    assert caught.value.message == "The scripted dice ran out: roll 3 needed a d6 and none was queued."
    assert isinstance(caught.value, FrayError)


def test_fudge_faces_and_labels():
    assert list(FUDGE.faces) == [-1, 0, 1]
    assert FUDGE.fudge
    assert FUDGE.label == "dF"
    assert list(Die(3).faces) == [1, 2, 3]
    assert Die(3).label == "d3"
    assert not Die(3).fudge


def test_random_dice_are_reproducible_for_a_seed():
    a, b = RandomDice(42), RandomDice(42)
    seq_a = [a.face(Die(20)) for _ in range(50)]
    seq_b = [b.face(Die(20)) for _ in range(50)]
    assert seq_a == seq_b
    assert seq_a != [RandomDice(43).face(Die(20)) for _ in range(50)]
    assert len(set(seq_a)) > 1


@pytest.mark.parametrize("die", [FUDGE, Die(2), Die(6), Die(10), Die(20), Die(100), Die(1000)])
def test_random_dice_draw_what_random_choice_over_the_faces_draws_for_the_seed(die):
    import random

    # A seeded fight rolls the same dice as before: the same faces, in the same order, for the same seed.
    dice, reference = RandomDice(2026), random.Random(2026)
    assert [dice.face(die) for _ in range(300)] == [reference.choice(die.faces) for _ in range(300)]


def test_random_dice_stay_within_the_faces():
    dice = RandomDice(7)
    d6 = {dice.face(D6) for _ in range(400)}
    fudge = {dice.face(FUDGE) for _ in range(400)}
    assert d6 == {1, 2, 3, 4, 5, 6}
    assert fudge == {-1, 0, 1}


def test_random_dice_do_not_touch_the_global_generator():
    import random

    random.seed(1)
    expected = random.random()
    random.seed(1)
    RandomDice(3).face(D6)
    assert random.random() == expected


@pytest.mark.parametrize(
    ("text", "count", "die", "modifier"),
    [
        ("4dF", 4, FUDGE, 0),
        ("2df", 2, FUDGE, 0),
        ("3d6+2", 3, D6, 2),
        ("d10", 1, Die(10), 0),
        ("d3", 1, Die(3), 0),
        ("2d6-1", 2, D6, -1),
        ("2d6−1", 2, D6, -1),
        (" 3 D 6 + 2 ", 3, D6, 2),
    ],
)
def test_parse_dice_reads_the_usual_notation(text, count, die, modifier):
    assert parse_dice(text) == DiceSpec(count, die, modifier)


@pytest.mark.parametrize(("text", "written"), [("4dF", "4dF"), ("3d6+2", "3d6+2"), ("d10", "1d10"), ("2d6-1", "2d6-1")])
def test_dice_spec_writes_itself_back(text, written):
    assert str(parse_dice(text)) == written


@pytest.mark.parametrize("text", ["", "abc", "d", "3d", "dd6", "3d6+", "3d6*2", "3x6", "4dF+-1", "1d6 d6", "-1d6"])
def test_parse_dice_rejects_junk(text):
    with pytest.raises(DiceError) as caught:
        parse_dice(text)
    assert "3d6+2" in caught.value.message


def test_parse_dice_rejects_overlong_text():
    with pytest.raises(DiceError, match="too long"):
        parse_dice("1" * 41 + "d6")


def test_parse_dice_rejects_more_than_max_dice():
    assert parse_dice(f"{MAX_DICE}d6").count == MAX_DICE
    with pytest.raises(TooManyDice) as caught:
        parse_dice(f"{MAX_DICE + 1}d6")
    assert str(MAX_DICE) in caught.value.message


def test_parse_dice_rejects_oversized_dice():
    assert parse_dice(f"d{MAX_SIDES}").die == Die(MAX_SIDES)
    with pytest.raises(DiceError, match="sides"):
        parse_dice(f"d{MAX_SIDES + 1}")


@pytest.mark.parametrize("text", ["0d6", "0dF"])
def test_parse_dice_rejects_zero_dice(text):
    with pytest.raises(DiceError, match="at least one"):
        parse_dice(text)


@pytest.mark.parametrize("text", ["d0", "2d0", "d1"])
def test_parse_dice_rejects_dice_with_fewer_than_two_sides(text):
    # Die(0) is how a Fudge die is represented, so 'd0' must not sneak through as dF.
    with pytest.raises(DiceError, match="sides"):
        parse_dice(text)


def test_parse_dice_rejects_huge_modifier():
    with pytest.raises(DiceError, match="modifier"):
        parse_dice("d6+10001")


def test_dice_errors_are_invalid_input():
    assert issubclass(TooManyDice, DiceError)
    assert issubclass(DiceError, InvalidInput)


def test_roll_total_adds_faces_and_modifier():
    assert Roll(D6, (3, 5, 1), 2).total == 11
    assert Roll(FUDGE, (1, -1, 0, -1)).total == -1
    assert Roll(D6, (6, 6), -1).total == 11


def test_roll_draws_faces_left_to_right():
    rolled = roll(ScriptedDice([2, 6, 4]), parse_dice("3d6+2"))
    assert rolled == Roll(D6, (2, 6, 4), 2)
    assert rolled.total == 14


def test_roll_fudge_defaults_to_four_dice():
    dice = ScriptedDice([1, 1, 0, -1, 1, -1])
    assert roll_fudge(dice).faces == (1, 1, 0, -1)
    assert roll_fudge(dice, 2).faces == (1, -1)
    assert dice.remaining == 0


def test_roll_d_rolls_numbered_dice():
    assert roll_d(ScriptedDice([10, 1]), 2, 10) == Roll(Die(10), (10, 1))
    with pytest.raises(DiceError):
        roll_d(ScriptedDice([1]), 1, 0)
    with pytest.raises(TooManyDice):
        roll_d(ScriptedDice([]), MAX_DICE + 1, 6)


def test_roll_checks_faces_against_the_requested_die():
    with pytest.raises(DiceError):
        roll_fudge(ScriptedDice([1, 0, 3, 1]))
