"""One way every system finds a table row by what a player types: key, shown name or alias, spelling forgiven."""

import pytest

from combat.errors import UnknownName
from combat.tables import TableRow, find_row, match_row

ROWS = {
    "greatsword": TableRow(key="greatsword", name="Great sword"),
    "leather": TableRow(key="leather", name="Leather armour"),
    "10mm smg": TableRow.model_construct(key="10mm smg", name="10mm submachinegun", aliases=("10mm SMG-45",)),
    "sword": TableRow(key="sword", name="Swords"),
}


@pytest.mark.parametrize(("typed", "key"), [
    ("greatsword", "greatsword"),
    ("Great-Sword", "greatsword"),  # case, hyphen and space aside
    ("great_sword", "greatsword"),
    ("Leather Armor", "leather"),  # the shown name, in American spelling
    ("10MM Submachinegun", "10mm smg"),
    ("10mm smg-45", "10mm smg"),  # an alias
    ("greatswords", "greatsword"),  # a plural
    ("swords", "sword"),  # the key wins over another reading
])
def test_a_row_is_found_by_key_name_alias_and_spelling(typed: str, key: str) -> None:
    assert find_row("weapon", typed, ROWS) == key


def test_extra_keys_match_and_an_unknown_name_is_none_or_refused() -> None:
    assert find_row("weapon", "Fist", ROWS, "fist") == "fist"
    assert match_row("spear", ROWS) is None
    with pytest.raises(UnknownName):
        find_row("weapon", "spear", ROWS)
