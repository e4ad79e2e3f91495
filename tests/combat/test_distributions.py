"""The exact distributions of dice agree with counting every face combination one by one."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from odds_kit import tally

from combat.dice import FUDGE, Die, roll_d, roll_fudge
from combat.distributions import (
    by_sums,
    certain,
    chance,
    convolve,
    dice_sum,
    difference,
    faces_for,
    fudge,
    joint,
    mapped,
    mixture,
    shifted,
    successes,
    sum_of,
    uniform,
)
from combat.errors import DiceError


def brute(count: int, die: Die, read=sum) -> dict[int, Fraction]:
    """Count every face combination of ``count`` dice, each as likely, read by ``read``."""
    combos = list(itertools.product(die.faces, repeat=count))
    counted = Counter(read(c) for c in combos)
    return {k: Fraction(v, len(combos)) for k, v in counted.items()}


def test_4df_is_the_familiar_1_4_10_16_19_out_of_81() -> None:
    assert fudge(4) == {s: Fraction(n, 81) for s, n in zip(range(-4, 5), (1, 4, 10, 16, 19, 16, 10, 4, 1), strict=True)}


@given(st.integers(0, 5))
def test_fudge_sums_match_every_face_combination(count: int) -> None:
    assert fudge(count) == brute(count, FUDGE)


@given(st.integers(0, 4), st.sampled_from([2, 3, 4, 6, 8, 10, 12]))
def test_sums_of_numbered_dice_match_every_face_combination(count: int, sides: int) -> None:
    assert dice_sum(count, sides) == brute(count, Die(sides))


@given(st.integers(0, 5), st.integers(1, 7))
def test_successes_match_counting_the_faces_at_or_above_k(count: int, at_least: int) -> None:
    expected = brute(count, Die(6), read=lambda c: sum(1 for f in c if f >= at_least))
    assert successes(count, 6, at_least) == {k: v for k, v in expected.items() if v}


@given(st.integers(0, 3), st.integers(0, 3), st.integers(-3, 3))
def test_an_opposed_difference_matches_every_face_of_both_sides(a: int, b: int, bonus: int) -> None:
    faces = list(itertools.product(FUDGE.faces, repeat=a + b))
    counted = Counter(sum(c[:a]) + bonus - sum(c[a:]) for c in faces)
    expected = {k: Fraction(v, len(faces)) for k, v in counted.items()}
    assert difference(shifted(fudge(a), bonus), fudge(b)) == expected


@pytest.mark.parametrize(("attack", "defence"), [(0, 0), (2, 1), (-1, 1)])
def test_3_to_the_8_opposed_4df_rolls_counted_one_by_one_agree(attack: int, defence: int) -> None:
    faces = list(itertools.product((-1, 0, 1), repeat=8))
    wins = sum(1 for c in faces if attack + sum(c[:4]) > defence + sum(c[4:]))
    margin = difference(shifted(fudge(4), attack), shifted(fudge(4), defence))
    assert chance(margin, lambda m: m > 0) == Fraction(wins, 3**8)


def test_every_distribution_adds_up_to_exactly_one() -> None:
    for dist in (fudge(4), fudge(2), dice_sum(2, 10), successes(7), sum_of(0, Die(6)), certain(3), uniform((1, 1, 2))):
        assert sum(dist.values()) == 1
    assert uniform((1, 1, 2)) == {1: Fraction(2, 3), 2: Fraction(1, 3)}


def test_helpers_combine_chances_exactly() -> None:
    assert convolve(certain(2), uniform((1, 2))) == {3: Fraction(1, 2), 4: Fraction(1, 2)}
    assert mapped(uniform((-1, 0, 1)), lambda v: max(0, v)) == {0: Fraction(2, 3), 1: Fraction(1, 3)}
    assert sum(p for _, _, p in joint(fudge(2), fudge(2))) == 1
    cases = [(Fraction(1, 4), {"a": Fraction(1)}), (Fraction(3, 4), {"a": Fraction(1, 3), "b": Fraction(2, 3)})]
    mixed = mixture(cases)
    assert mixed == {"a": Fraction(1, 2), "b": Fraction(1, 2)}
    assert chance(dice_sum(2, 10), lambda t: t >= 15) == Fraction(21, 100)


@given(st.integers(1, 5), st.data())
def test_representative_faces_add_up_and_keep_the_extremes(count: int, data: st.DataObject) -> None:
    total = data.draw(st.integers(-count, count))
    faces = faces_for(total, count)
    assert len(faces) == count and sum(faces) == total
    assert all(f == 1 for f in faces) == (total == count)
    assert all(f == -1 for f in faces) == (total == -count)


def test_impossible_requests_are_refused() -> None:
    with pytest.raises(DiceError):
        faces_for(5, 4)
    with pytest.raises(DiceError):
        uniform(())
    with pytest.raises(DiceError):
        successes(101)


def _again(dice) -> tuple[int, bool]:
    """Roll 4dF; on +2 or more roll again and add it; say whether any roll was all pluses."""
    first = roll_fudge(dice, 4)
    rolls = [first]
    if first.total >= 2:
        rolls.append(roll_fudge(dice, 4))
    return sum(r.total for r in rolls), any(all(f == 1 for f in r.faces) for r in rolls)


def test_counting_by_sums_agrees_with_every_face_when_later_rolls_depend_on_earlier_ones() -> None:
    by_faces = tally(_again, lambda outcome: outcome)
    counted: dict[tuple[int, bool], Fraction] = {}
    for outcome, p in by_sums(_again):
        counted[outcome] = counted.get(outcome, Fraction(0)) + p
    assert counted == by_faces
    assert len(by_sums(_again)) == 6 + 3 * 9  # -4..+1 stop; +2..+4 roll again


def test_counting_by_sums_refuses_other_dice_and_broken_rolls() -> None:
    with pytest.raises(DiceError, match="cannot roll a d6"):
        by_sums(lambda dice: roll_d(dice, 1, 6).total)
    with pytest.raises(DiceError, match="fewer than 4"):
        by_sums(lambda dice: roll_fudge(dice, 2).total)
    with pytest.raises(DiceError, match="too many"):
        by_sums(lambda dice: [roll_fudge(dice, 4) for _ in range(5)], limit=1000)
