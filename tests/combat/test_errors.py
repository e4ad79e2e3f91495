"""The error family: readable messages, suggestions and the hierarchy."""

import pytest

from combat.errors import (
    AmbiguousName,
    CannotAct,
    DataError,
    FrayError,
    InvalidInput,
    InvalidSheet,
    NotYourTurn,
    RulesError,
    UnknownName,
    UnknownSystem,
)


def test_unknown_name_suggests_the_nearest():
    error = UnknownName("combatant", "Bobbo", ["Aeryn", "Bobo", "Crichton"])
    assert error.message == "No combatant named 'Bobbo' here; did you mean 'Bobo'?"
    assert error.suggestion == "Bobo"
    assert (error.kind, error.name) == ("combatant", "Bobbo")
    assert str(error) == error.message


def test_unknown_name_suggests_across_case():
    error = UnknownName("skill", "FIREARM", ["firearms", "brawling"])
    assert error.suggestion == "firearms"
    assert error.message.endswith("did you mean 'firearms'?")


def test_unknown_name_without_a_close_match_says_so_plainly():
    error = UnknownName("talent", "zzz", ["cool head", "quick draw"])
    assert error.suggestion is None
    assert error.message == "No talent named 'zzz' here."


def test_unknown_name_with_no_candidates():
    assert UnknownName("tier", "boss", []).message == "No tier named 'boss' here."


def test_ambiguous_name_lists_the_matches_sorted():
    error = AmbiguousName("combatant", "cr", ["Crichton", "Crais"])
    assert error.message == "'cr' could be more than one combatant ('Crais', 'Crichton'); give the full name."


def test_not_your_turn_names_whose_turn_it_is():
    error = NotYourTurn("Bobo", ["Aeryn"])
    assert error.message == "It is Aeryn's turn, not Bobo's."
    assert error.actor == "Bobo"


def test_not_your_turn_with_several_acting_together():
    assert NotYourTurn("Bobo", ["Aeryn", "D'Argo"]).message == "It is Aeryn and D'Argo's turns (together), not Bobo's."


def test_not_your_turn_between_rounds():
    assert NotYourTurn("Bobo", []).message == "It is nobody's turn, not Bobo's."


def test_data_error_names_the_source_and_field():
    error = DataError("weapons.yaml", "pulse pistol.dr", "must be at most 12")
    assert error.message == "weapons.yaml: pulse pistol.dr: must be at most 12"
    assert (error.source, error.field) == ("weapons.yaml", "pulse pistol.dr")


@pytest.mark.parametrize(
    ("child", "parent"),
    [
        (InvalidInput, FrayError),
        (UnknownName, InvalidInput),
        (AmbiguousName, InvalidInput),
        (UnknownSystem, InvalidInput),
        (InvalidSheet, InvalidInput),
        (DataError, FrayError),
        (RulesError, FrayError),
        (CannotAct, RulesError),
        (NotYourTurn, RulesError),
    ],
)
def test_hierarchy(child, parent):
    assert issubclass(child, parent)


def test_every_fray_error_carries_its_message():
    error = CannotAct("Aeryn is unconscious.")
    assert error.message == "Aeryn is unconscious."
    assert error.args == ("Aeryn is unconscious.",)
