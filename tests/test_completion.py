"""Completing Discord's 'name=value, …' field reads option names as the services do (spelling, a plural)."""

from __future__ import annotations

from bot.completion import complete_pairs
from combat.options import OptionChoice, OptionSpec

SPECS = (
    OptionSpec("mode", "How to fire.", "choice", (OptionChoice("single"), OptionChoice("burst"))),
    OptionSpec("stand firm", "Stand firm?", "flag"),
    OptionSpec("aware", "Aware?", "flag"),
)


def test_values_are_offered_for_a_name_typed_in_another_spelling() -> None:
    assert complete_pairs("modes=b", SPECS, None, None, None) == ["mode=burst"]
    assert complete_pairs("Stand_Firm=", SPECS, None, None, None) == ["stand firm=yes", "stand firm=no"]


def test_a_name_already_given_in_another_spelling_is_not_offered_again() -> None:
    assert complete_pairs("stand_firm=yes, ", SPECS, None, None, None) == [
        "stand_firm=yes, mode=", "stand_firm=yes, aware="]
