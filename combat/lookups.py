"""Lookups worked out once per constant list: a system's moves by name, a move's or command's options by key.

The lists are module constants (tuples), read by every command; building a dict from one each time cost more than
using it. A lookup is kept by the list's identity, with the list itself (so its id cannot be reused while kept),
for at most ``size`` lists: a caller that hands in a fresh list every time only misses. The value is shared by every
caller: read it, never change it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["PerList"]

T = TypeVar("T")
V = TypeVar("V")


class PerList(Generic[T, V]):
    """Build a value from a tuple once, and give the same value again for that very tuple."""

    def __init__(self, build: Callable[[tuple[T, ...]], V], size: int = 256) -> None:
        self._build = build
        self._size = size
        self._kept: dict[int, tuple[tuple[T, ...], V]] = {}

    def __call__(self, items: tuple[T, ...]) -> V:
        """Return the value built from ``items``, building it the first time."""
        found = self._kept.get(id(items))
        if found is not None and found[0] is items:
            return found[1]
        value = self._build(items)
        if len(self._kept) >= self._size:
            self._kept.clear()
        self._kept[id(items)] = (items, value)
        return value
