"""A faster ``dataclasses.replace`` for the rules' frozen dataclasses (the model changes by copies)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from dataclasses import replace as copy_with_init
from functools import cache
from typing import Any, Generic, TypeVar, overload

__all__ = ["kept", "replace"]

T = TypeVar("T")
V = TypeVar("V")


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


class kept(Generic[T, V]):
    """Work a value out from a frozen instance once and keep it in the instance's dict, beside the fields.

    As ``functools.cached_property``, without its lock (Python 3.11 takes one on every first read): the rules run
    on one thread, and working a value out twice would give the same value. ``replace`` leaves it behind.
    """

    def __init__(self, compute: Callable[[T], V]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> kept[T, V]: ...

    @overload
    def __get__(self, instance: T, owner: type | None = None) -> V: ...

    def __get__(self, instance: T | None, owner: type | None = None) -> V | kept[T, V]:
        if instance is None:
            return self
        value = self.compute(instance)
        instance.__dict__[self.name] = value  # read from the dict from now on: this is a non-data descriptor
        return value


def replace(obj: T, /, **changes: Any) -> T:
    """Return a copy of a frozen dataclass with ``changes``, as ``dataclasses.replace`` does, without running __init__.

    The generated __init__ of a frozen dataclass sets each field through ``object.__setattr__`` after checking the
    arguments; copying the instance's fields as one dict gives the same object several times faster. Values cached
    on the original beside its fields (a ``kept`` value) are not copied: they may not hold for the copy.
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
