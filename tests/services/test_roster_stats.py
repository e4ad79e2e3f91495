"""Stats are read as players write them: 'Agility=Good', 'Agility: Good', 'Agility Good', 'Swords +3', 'Guns 3D+1'."""

from __future__ import annotations

import pytest

from bot.services.roster import parse_stats
from combat.errors import InvalidInput


@pytest.mark.parametrize(("text", "stats"), [
    ("Agility=Good, Brawling=+2", {"agility": "Good", "brawling": "+2"}),
    ("Agility: Good", {"agility": "Good"}),
    ("Agility 4, Swords +3", {"agility": "4", "swords": "+3"}),
    ("Damage Capacity Good", {"damage capacity": "Good"}),  # no number: the last word is the level
    ("Ranged Weapons 3D+1", {"ranged weapons": "3D+1"}),  # the level starts at the first word with a digit
    ("Hits to kill 12", {"hits to kill": "12"}),
    ("Swords −1", {"swords": "−1"}),
])
def test_stats_are_read_in_any_of_the_usual_forms(text: str, stats: dict[str, str]) -> None:
    assert parse_stats(text) == stats


@pytest.mark.parametrize(("text", "fragment"), [
    ("Agility", "'Agility' is not a trait with a level"),
    ("Agility:", "needs a trait and a level"),
    ("Agility 4, agility 3", "given twice"),
])
def test_a_stat_with_no_level_or_given_twice_is_refused(text: str, fragment: str) -> None:
    with pytest.raises(InvalidInput, match=fragment):
        parse_stats(text)
