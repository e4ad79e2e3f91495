"""The brute-force walker itself: every face sequence once, each with its exact chance, branches included."""

from fractions import Fraction

from odds_kit import every_roll, tally

from combat.dice import FUDGE, Die, roll_d, roll_fudge
from combat.distributions import dice_sum, fudge


def test_the_walk_visits_every_sequence_once() -> None:
    leaves = every_roll(lambda dice: roll_d(dice, 2, 6).total)
    assert len(leaves) == 36 and len({faces for _, _, faces in leaves}) == 36
    assert tally(lambda dice: roll_d(dice, 2, 6).total, lambda t: t) == dice_sum(2, 6)
    assert tally(lambda dice: roll_fudge(dice, 3).total, lambda t: t) == fudge(3)


def test_branches_that_roll_more_dice_weigh_each_face_they_add() -> None:
    def exploding(dice) -> int:
        first = dice.face(Die(6))
        return first + (dice.face(Die(6)) if first == 6 else 0)

    leaves = every_roll(exploding)
    assert len(leaves) == 5 + 6
    assert tally(exploding, lambda t: t >= 10) == {False: Fraction(5, 6) + Fraction(3, 36), True: Fraction(3, 36)}
    assert tally(lambda dice: dice.face(FUDGE) * 0, lambda t: t) == {0: Fraction(1)}
