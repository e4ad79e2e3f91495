"""A faster ``dataclasses.replace`` for the rules' frozen dataclasses (the model changes by copies)."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from dataclasses import replace as copy_with_init
from functools import cache
from typing import Any, TypeVar

__all__ = ["replace"]

T = TypeVar("T")
@cache
def _fields_to_copy(cls: type) -> frozenset[str] | None:
    """Return the fields to copy, or None when only ``dataclasses.replace`` will do (a __post_init__, no dict…)."""
    if not is_dataclass(cls) or hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__:
        return None
    found = fields(cls)
    if any(not f.init for f in found):
        return None
    return frozenset(f.name for f in found)


def replace(obj: T, /, **changes: Any) -> T:
    """Return a copy of a frozen dataclass with ``changes``, as ``dataclasses.replace`` does, without running __init__.

    The generated __init__ of a frozen dataclass sets each field through ``object.__setattr__`` after checking the
    arguments; copying the instance's fields as one dict gives the same object several times faster. Classes with a
    __post_init__ (or fields left out of __init__, or slots) still go through ``dataclasses.replace``.
    """
    cls: type = type(obj)
    names = _fields_to_copy(cls)
    if names is None:
        return copy_with_init(obj, **changes)  # type: ignore[type-var]
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(set(changes) - names))}")
    source = obj.__dict__
    if len(source) != len(names):  # something besides the fields is kept on it (a cached property): copy by init
        return copy_with_init(obj, **changes)  # type: ignore[type-var]
    copy: T = object.__new__(cls)
    state = copy.__dict__
    state.update(source)
    state.update(changes)
    return copy
