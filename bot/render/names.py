"""Display names for combatant ids, made safe: no '@' mention can ever come out of a rendered line."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

__all__ = ["Names", "listing", "possessive", "safe", "who"]

Names = Mapping[str, str]

_ZERO_WIDTH_SPACE = "\u200b"
_BROKEN_AT = "@" + _ZERO_WIDTH_SPACE


def safe(text: str) -> str:
    """Break every '@' so Discord never reads a mention (and no @everyone ever pings)."""
    return text.replace("@", _BROKEN_AT)


def who(names: Names, combatant: str | None) -> str:
    """Return a combatant's display name (their id when unnamed), made safe."""
    if combatant is None:
        return "nobody"
    return safe(names.get(combatant, combatant))


def possessive(name: str) -> str:
    """Return 'Aeryn's' or 'Rygel XVI's' (a name ending in s takes a bare apostrophe: 'Chiana's', 'Jones'')."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def listing(items: Iterable[str]) -> str:
    """Join words as 'A', 'A and B' or 'A, B and C'."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
