"""The FUDGE ladder: names and numbers both ways, Legendary, and results past either end."""

import pytest

from combat.errors import InvalidInput
from combat.ladder import LEGENDARY, NAMES, SUPERB, TERRIBLE, level_name, parse_level, result_name

LADDER = [("Terrible", -3), ("Poor", -2), ("Mediocre", -1), ("Fair", 0), ("Good", 1), ("Great", 2), ("Superb", 3)]


@pytest.mark.parametrize(("name", "value"), LADDER)
def test_names_and_numbers_both_ways(name, value):
    assert parse_level(name) == value
    assert result_name(value) == name
    assert level_name(value) == name
    assert NAMES[value] == name


@pytest.mark.parametrize("text", ["great", "GREAT", "  Great ", "gReAt"])
def test_parse_level_is_case_insensitive(text):
    assert parse_level(text) == 2


def test_ends_of_the_ladder():
    assert (TERRIBLE, SUPERB, LEGENDARY) == (-3, 3, 4)


def test_legendary_is_plus_four():
    # [ours] Legendary = +4 (the rules pages in docs/rules/: the SRD gives no number; the suggested default).
    assert parse_level("Legendary") == 4
    assert parse_level("legendary+1") == 5
    assert level_name(4) == "Legendary"
    assert level_name(5) == "Legendary+1"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Superb+2", 5),
        ("Superb + 1", 4),
        ("Terrible-1", -4),
        ("Terrible−1", -4),
        ("Terrible–2", -5),
        ("Good-2", -1),
        ("Fair+0", 0),
    ],
)
def test_results_past_the_ends(text, value):
    assert parse_level(text) == value


@pytest.mark.parametrize(("value", "name"), [(4, "Superb+1"), (5, "Superb+2"), (-4, "Terrible-1"), (-6, "Terrible-3")])
def test_result_names_past_the_ends(value, name):
    assert result_name(value) == name


@pytest.mark.parametrize("value", range(-10, 11))
def test_result_and_level_names_read_back(value):
    assert parse_level(result_name(value)) == value
    assert parse_level(level_name(value)) == value


@pytest.mark.parametrize(("text", "value"), [("+2", 2), ("-1", -1), ("0", 0), ("3", 3), ("−2", -2), ("+20", 20)])
def test_numbers(text, value):
    assert parse_level(text) == value


@pytest.mark.parametrize("text", ["", "awesome", "good+", "good++1", "+", "2.5", "great plus 1", "superb+x", "goo d"])
def test_junk_is_refused_with_the_ladder_listed(text):
    with pytest.raises(InvalidInput) as caught:
        parse_level(text)
    assert "Terrible" in caught.value.message
    assert "Legendary" in caught.value.message


@pytest.mark.parametrize("text", ["+21", "-21", "Superb+21", "Terrible-99"])
def test_values_far_off_the_ladder_are_refused(text):
    with pytest.raises(InvalidInput, match="too far off the ladder"):
        parse_level(text)
