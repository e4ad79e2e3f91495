"""How a condition set in a fight reads: stun penalties as they will run, feints, timed conditions."""

from bot.systems.farscape.parts import condition_text
from combat.model import Condition
from combat.systems.farscape.wounds import stun_condition

NAMES = {"aeryn": "Aeryn"}


def test_a_daze_reads_as_minus_one_for_this_element_and_the_next():
    dazed = stun_condition("Dazed")
    assert dazed is not None and condition_text(dazed, NAMES) == "stunned -1 (this element and the next)"


def test_very_stunned_reads_as_minus_two_for_three_elements_then_minus_one():
    # [seed] "-2 penalty ... for two elements, then down to -1/one level for the element after that": the rest of
    # this element and two more at -2, then one at -1 (not "-2 (4 elements)").
    very = stun_condition("Very Stunned")
    assert very is not None
    assert condition_text(very, NAMES) == "stunned -2 (this element and the next 2, then -1 for one more)"
    assert condition_text(Condition("stun", value=-2, elements=2), NAMES) == (
        "stunned -2 (this element, then -1 for one more)")
    assert condition_text(Condition("stun", value=-2, elements=1), NAMES) == "stunned -1 (this element)"


def test_a_feint_reads_as_counting_next_element_against_the_feinter():
    feinted = Condition("feinted", value=-5, elements=2, source="aeryn")
    assert condition_text(feinted, NAMES) == "feinted -5 (defending against Aeryn next element)"


def test_a_timed_condition_names_the_elements_it_lasts():
    assert condition_text(Condition("prone", value=-1, elements=2, source="aeryn"), NAMES) == (
        "prone -1 (this element and the next, from Aeryn)")
    assert condition_text(Condition("retreating", elements=1), NAMES) == "retreating (this element)"
