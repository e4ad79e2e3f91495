"""A faster ``dataclasses.replace`` for the rules' frozen dataclasses (the model changes by copies)."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from dataclasses import replace as copy_with_init
from functools import cache
from typing import Any, TypeVar

__all__ = ["replace"]

T = TypeVar("T")


@cache
def _fields_to_copy(cls: type) -> tuple[tuple[str, ...], frozenset[str]] | None:
    """Return the fields to copy (in order, and as a set), or None when only ``dataclasses.replace`` will do."""
    if not is_dataclass(cls) or hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__:
        return None
    found = fields(cls)
    if any(not f.init for f in found):
        return None
    names = tuple(f.name for f in found)
    return names, frozenset(names)


def replace(obj: T, /, **changes: Any) -> T:
    """Return a copy of a frozen dataclass with ``changes``, as ``dataclasses.replace`` does, without running __init__.

    The generated __init__ of a frozen dataclass sets each field through ``object.__setattr__`` after checking the
    arguments; copying the instance's fields as one dict gives the same object several times faster. Values cached
    on the original beside its fields (a ``cached_property``) are not copied: they may not hold for the copy.
    Classes with a __post_init__ (or fields left out of __init__, or slots) still go through ``dataclasses.replace``.
    """
    cls: type = type(obj)
    plan = _fields_to_copy(cls)
    if plan is None:
        return copy_with_init(obj, **changes)  # type: ignore[type-var]
    names, known = plan
    if not known.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(set(changes) - known))}")
    source = obj.__dict__
    copy: T = object.__new__(cls)
    state = copy.__dict__
    state.update(source if len(source) == len(names) else {name: source[name] for name in names})
    state.update(changes)
    return copy
