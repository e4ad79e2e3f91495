"""The FUDGE trait ladder: names and numbers both ways, including results past either end."""

from __future__ import annotations

import re

from combat.errors import InvalidInput

__all__ = ["LEGENDARY", "NAMES", "SUPERB", "TERRIBLE", "level_name", "parse_level", "result_name"]

TERRIBLE = -3
SUPERB = 3
LEGENDARY = 4

NAMES: dict[int, str] = {
    -3: "Terrible",
    -2: "Poor",
    -1: "Mediocre",
    0: "Fair",
    1: "Good",
    2: "Great",
    3: "Superb",
}
_BY_NAME = {name.lower(): value for value, name in NAMES.items()} | {"legendary": LEGENDARY}
_WORDED = re.compile(r"^([a-z]+)\s*(?:([+-])\s*(\d+))?$")
_NUMBER = re.compile(r"^[+-]?\d+$")


def result_name(value: int) -> str:
    """Name a rolled result: 'Good', or past the ends 'Superb+2' and 'Terrible-1'."""
    if value > SUPERB:
        return f"Superb+{value - SUPERB}"
    if value < TERRIBLE:
        return f"Terrible-{TERRIBLE - value}"
    return NAMES[value]


def level_name(value: int) -> str:
    """Name a trait level; Legendary is +4, and beyond it 'Legendary+1'."""
    if value >= LEGENDARY:
        return "Legendary" if value == LEGENDARY else f"Legendary+{value - LEGENDARY}"
    return result_name(value)


def parse_level(text: str) -> int:
    """Read a ladder level from a name ('great', 'Superb+2', 'Terrible−1') or a number ('+2', '-1')."""
    cleaned = text.strip().lower().replace("−", "-").replace("–", "-")
    if _NUMBER.match(cleaned):
        value = int(cleaned)
        if abs(value) > 20:
            raise InvalidInput(f"'{text}' is too far off the ladder; use a level from -20 to +20.")
        return value
    match = _WORDED.match(cleaned)
    if match is None or match.group(1) not in _BY_NAME:
        names = ", ".join([*NAMES.values(), "Legendary"])
        raise InvalidInput(f"'{text}' is not a ladder level; use one of {names}, or a number like +1.")
    base = _BY_NAME[match.group(1)]
    if match.group(2) is None:
        return base
    step = int(match.group(3))
    if step > 20:
        raise InvalidInput(f"'{text}' is too far off the ladder.")
    return base + step if match.group(2) == "+" else base - step
