"""A SQLAlchemy Core statement compiled once for one dialect, to be run on the database driver directly.

The statement stays the one definition (the session runs it as it is); ``Prepared`` holds what SQLAlchemy works
out on every execution: the SQL text, the order of the positional parameters, and the type processors of each
parameter and result column (JSON, dates, booleans on SQLite), so values go in and come out exactly as through
SQLAlchemy, without its per-statement machinery.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, cast

from sqlalchemy import BindParameter
from sqlalchemy.engine import Dialect
from sqlalchemy.sql.base import Executable
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.elements import ClauseElement

__all__ = ["Prepared", "PreparedCache"]

Processor = Callable[[Any], Any] | None
Picker = Callable[[Mapping[str, Any]], tuple[Any, ...]]
_GIVEN = object()  # the parameter's value comes from the caller, not from the statement


def _picker(names: tuple[str, ...]) -> Picker:
    """Return a function that picks the values of ``names`` from a mapping, in order, as a tuple (one C call)."""
    if len(names) > 1:
        return cast(Picker, operator.itemgetter(*names))  # a tuple for two names or more
    return lambda params: tuple(params[name] for name in names)


def _argument(bind: BindParameter[Any], dialect: Dialect) -> tuple[str, Any, Processor]:
    """Return a parameter's name, its fixed value (or _GIVEN) and its bind processor."""
    fixed = _GIVEN if bind.required or bind.callable is not None else bind.value
    return bind.key, fixed, bind.type.dialect_impl(dialect).bind_processor(dialect)


class Prepared:
    """One statement's SQL for one dialect, its positional parameters and its columns, with their processors."""

    __slots__ = ("_fixed", "_pick", "_processors", "arguments", "columns", "sql")

    def __init__(self, statement: Executable, dialect: Dialect) -> None:
        if not isinstance(statement, ClauseElement):
            raise TypeError(f"not a Core statement: {statement!r}")
        # for_executemany: no RETURNING of the new key added to an INSERT (nothing here reads it back)
        compiled = cast(SQLCompiler, statement.compile(dialect=dialect, for_executemany=True))
        self.sql = str(compiled)
        names = compiled.positiontup or []
        self.arguments = tuple(_argument(compiled.binds[name], dialect) for name in names)
        self._pick = _picker(tuple(name for name, _, _ in self.arguments))
        self._fixed = {name: fixed for name, fixed, _ in self.arguments if fixed is not _GIVEN}
        self._processors = tuple((i, process) for i, (_, _, process) in enumerate(self.arguments) if process)
        exported = getattr(statement, "exported_columns", ())
        self.columns = tuple(
            (column.key, column.type.dialect_impl(dialect).result_processor(dialect, None)) for column in exported
        )

    def values(self, params: Mapping[str, Any]) -> tuple[Any, ...]:
        """Return the positional parameters for ``params``, processed as SQLAlchemy would."""
        picked = self._pick({**params, **self._fixed} if self._fixed else params)
        if not self._processors:
            return picked
        out = list(picked)
        for i, process in self._processors:
            out[i] = process(out[i])
        return tuple(out)

    def rows(self, raw: Iterable[Sequence[Any]]) -> list[dict[str, Any]]:
        """Return the driver's rows as mappings by column key, each value processed as SQLAlchemy would."""
        columns = self.columns
        return [
            {key: value if process is None else process(value)
             for (key, process), value in zip(columns, row, strict=True)}
            for row in raw
        ]


class PreparedCache:
    """Statements prepared for one dialect, each compiled the first time it runs."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self._prepared: dict[Executable, Prepared] = {}

    def __call__(self, statement: Executable) -> Prepared:
        """Return ``statement`` prepared for this dialect."""
        found = self._prepared.get(statement)
        if found is None:
            found = self._prepared[statement] = Prepared(statement, self.dialect)
        return found
