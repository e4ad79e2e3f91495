"""The option parser reads names and choices as players write them: any case, '-', '_' or spaces, American, plural."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_engine import SYSTEM, encounter, fighter, strike
from test_reactions import begun_with_owner

from combat import reactions
from combat.dice import ScriptedDice
from combat.errors import AmbiguousName, InvalidInput, UnknownName
from combat.options import OptionChoice, OptionSpec, parse_options, same_name, spelling

SPECS = (
    OptionSpec("armour", "what he wears"),
    OptionSpec("defence", "how he defends", "choice", (OptionChoice("knockout"), OptionChoice("all-out parry"))),
    OptionSpec("weapon", "what he fights with"),
    OptionSpec("shots", "how many", "number", low=1, high=10),
    OptionSpec("stand firm", "who stands", "flag"),
)


@pytest.mark.parametrize(("typed", "name"), [
    ("armor", "armour"),
    ("Armor", "armour"),
    ("defense", "defence"),
    ("weapons", "weapon"),  # a plural of the name
    ("shot", "shots"),  # a singular of it
    ("stand_firm", "stand firm"),
    ("Stand-Firm", "stand firm"),
    ("standfirm", "stand firm"),
])
def test_an_option_name_is_read_as_players_write_it(typed: str, name: str) -> None:
    text = {"shots": "2", "stand firm": "yes", "defence": "knockout"}.get(name, "leather")
    assert name in parse_options(SPECS, {typed: text}, owner="add")


@pytest.mark.parametrize(("typed", "key"), [
    ("knockout", "knockout"), ("knock-out", "knockout"), ("Knock Out", "knockout"),
    ("allout-parry", "all-out parry"), ("all out parry", "all-out parry"),
])
def test_a_choice_is_read_with_spaces_and_hyphens_forgiven(typed: str, key: str) -> None:
    assert parse_options(SPECS, {"defence": typed}, owner="add") == {"defence": key}


def test_a_name_still_must_be_one_of_them() -> None:
    with pytest.raises(InvalidInput, match="add has no option 'armory'"):
        parse_options(SPECS, {"armory": "x"}, owner="add")
    with pytest.raises(InvalidInput, match="defence takes knockout or all-out parry; 'knock' is not one"):
        parse_options(SPECS, {"defence": "knock"}, owner="add")


def test_spelling_sets_case_spaces_hyphens_and_american_aside() -> None:
    assert spelling("Leather Armor") == spelling("leather-armour") == "leatherarmour"
    assert same_name("Defense", "defence")
    assert not same_name("arm", "armour")


def test_an_answer_is_read_by_key_or_label_with_spaces_and_hyphens_forgiven() -> None:
    begun = begun_with_owner()
    declared = reactions.attempt(SYSTEM, begun, strike("bobo", "aeryn"), ScriptedDice([]), 1e12)
    pending = declared.encounter.pending
    assert pending is not None
    assert reactions.answer_key(pending, "Par-ry") == "parry"
    assert reactions.offered_key(pending, "duck") is None


def test_a_combatant_is_found_by_a_later_word_of_his_name_when_no_name_starts_so() -> None:
    wall = replace(fighter("cw"), name="Concrete wall")
    guards = [replace(fighter(f"g{n}"), name=f"Wall guard {n}") for n in (1, 2)]
    assert encounter(fighter("bobo"), wall).find("wall").id == "cw"
    assert encounter(fighter("bobo"), wall).find("WAL").id == "cw"
    assert encounter(wall, guards[0]).find("wall").id == "g1"  # a name that starts so comes first
    with pytest.raises(AmbiguousName):
        encounter(wall, replace(fighter("crate"), name="Wooden wall")).find("wall")
    with pytest.raises(UnknownName):
        encounter(wall).find("all")  # inside a word is not a word


def test_an_option_is_read_by_its_other_names_as_by_its_name() -> None:
    specs = (OptionSpec("allow_join", "may join", "flag", other_names=("join",)), OptionSpec("join", "a real one"))
    assert parse_options(specs[:1], {"Join": "no"}, owner="/settings") == {"allow_join": False}
    assert parse_options(specs[:1], {"joins": "yes"}, owner="/settings") == {"allow_join": True}  # a plural too
    assert parse_options(specs, {"join": "x"}, owner="/settings") == {"join": "x"}  # a name wins over an other name


def test_an_option_given_twice_by_two_of_its_names_is_refused() -> None:
    with pytest.raises(InvalidInput, match=r"^weapon is given twice \(as weapon and weapons\); give it once\.$"):
        parse_options(SPECS, {"weapon": "sword", "weapons": "axe"}, owner="add")
