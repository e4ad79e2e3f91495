"""The Odds result: exact chances that add up to one, and the default of a system that has no odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from combat.errors import RulesError
from combat.intent import Intent
from combat.model import Encounter
from combat.odds import Band, Effect, Odds, RollShown, bands_from
from combat.system import RulesDefaults

ORDER = (Band("miss", "Miss"), Band("hit", "Hit", hit=True, severity=1), Band("out", "Out", hit=True, severity=4))


def odds(*bands: Band, effects: tuple[Effect, ...] = ()) -> Odds:
    return Odds("a", "b", "attack", (RollShown("a", "attack", "4dF", "brawling", 1, (("wounds", -1),)),), bands,
                effects)


def test_bands_add_up_to_one_and_give_the_chance_of_a_hit() -> None:
    made = odds(*bands_from({"miss": Fraction(1, 3), "hit": Fraction(1, 2), "out": Fraction(1, 6)}, ORDER))
    assert made.hit == Fraction(2, 3)
    assert made.chance("out") == Fraction(1, 6) and made.chance("nothing") == 0
    assert made.by_key() == {"miss": Fraction(1, 3), "hit": Fraction(1, 2), "out": Fraction(1, 6)}
    assert made.rolls[0].modifier == -1


def test_impossible_bands_are_left_out_in_order() -> None:
    made = bands_from({"out": Fraction(1, 2), "miss": Fraction(1, 2), "hit": Fraction(0)}, ORDER)
    assert [b.key for b in made] == ["miss", "out"]


def test_chances_that_are_not_exact_are_refused() -> None:
    with pytest.raises(RulesError, match="exactly one"):
        odds(Band("miss", "Miss", Fraction(1, 3)))
    with pytest.raises(RulesError, match="between 0 and 1"):
        odds(Band("miss", "Miss", Fraction(1)), effects=(Effect("x", Fraction(3, 2)),))
    with pytest.raises(RulesError, match="twice"):
        odds(Band("miss", "Miss", Fraction(1, 2)), Band("miss", "Miss", Fraction(1, 2)))
    with pytest.raises(RulesError, match="0 to 4"):
        odds(Band("miss", "Miss", Fraction(1), severity=5))
    with pytest.raises(RulesError, match="no band for 'lost'"):
        bands_from({"lost": Fraction(1)}, ORDER)


def test_a_system_without_odds_refuses_clearly() -> None:
    class Plain(RulesDefaults):
        title = "Plain"

    with pytest.raises(RulesError, match=r"Plain has no odds in Fray\."):
        Plain().odds(Encounter("plain"), Intent("a", "attack", ("b",)))
