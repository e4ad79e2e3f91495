"""What every system's tables share: a keyed row, one file of rows validated, and errors naming file and field.

A system's ``tables.py`` declares its row models and its cross-table checks; reading the files is done here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from combat.errors import DataError, UnknownName
from combat.options import spelling

__all__ = [
    "Ref",
    "TableRow",
    "check_refs",
    "field_path",
    "find_row",
    "invalid",
    "match_row",
    "parse_files",
    "parse_rows",
]

# A template's reference to another table: (the field naming it, the table, the row key or None).
Ref = tuple[str, str, str | None]


class TableRow(BaseModel):
    """One row of a table: a key (what files and commands use) and the name shown to players."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(min_length=1, max_length=40, pattern=r"^[a-z0-9][a-z0-9 _-]*$")
    name: str = Field(min_length=1, max_length=60)
    aliases: tuple[str, ...] = Field(default=(), description="Other names players use (the seed's spellings)")


def match_row(text: str, rows: Mapping[str, TableRow], *extra: str) -> str | None:
    """Return the key of the row ``text`` names (its key, shown name or an alias; a plural too), or None.

    ``extra`` are keys that are no row of the table (a system's bare fists) and match by key alone.
    """
    wanted = spelling(text)
    names = {spelling(key): key for key in extra}
    for key, row in rows.items():
        names.update({spelling(name): key for name in (row.name, *row.aliases)})
    names.update({spelling(key): key for key in rows})  # a key wins over another row's name
    return names.get(wanted) or names.get(wanted.removesuffix("s"))


def find_row(kind: str, text: str, rows: Mapping[str, TableRow], *extra: str) -> str:
    """Return the key of the row ``text`` names (see ``match_row``), or raise UnknownName listing the keys."""
    key = match_row(text, rows, *extra)
    if key is None:
        raise UnknownName(kind, text, [*rows, *extra], offer=True)
    return key


def field_path(loc: Iterable[int | str]) -> str:
    """Write a pydantic error location as 'dr', 'weapons[0]' or 'traits.strength'."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def invalid(where: str, err: ValidationError, prefix: str = "") -> DataError:
    """Return the DataError for a validation's first error, its field written after ``prefix``."""
    first = err.errors()[0]
    field = field_path(tuple(first["loc"]))
    return DataError(where, prefix + (f".{field}" if prefix and field else field), first["msg"])


def parse_rows(where: str, stem: str, content: Mapping[str, Any], model: type[TableRow]) -> dict[str, Any]:
    """Validate one file: a list of rows under its stem and nothing else, each a ``model`` with a unique key."""
    extra = [k for k in content if k != stem]
    if extra:
        raise DataError(where, extra[0], f"unexpected top-level entry; rows go under [[{stem}]]")
    rows = content.get(stem)
    if not isinstance(rows, list):
        raise DataError(where, stem, f"expected a list of [[{stem}]] rows")
    parsed_rows: dict[str, Any] = {}
    for index, row in enumerate(rows):
        try:
            parsed = model.model_validate(row)
        except ValidationError as err:
            raise invalid(where, err, f"{stem}[{index}]") from None
        if parsed.key in parsed_rows:
            raise DataError(where, f"{stem}[{index}].key", f"duplicate key '{parsed.key}'")
        parsed_rows[parsed.key] = parsed
    return parsed_rows


def parse_files(
    files: Mapping[str, Mapping[str, Any]], source: str, models: Mapping[str, type[TableRow]]
) -> dict[str, dict[str, Any]]:
    """Validate every file (stem → content) whose stem names one of ``models``; refuse any other file."""
    tables: dict[str, dict[str, Any]] = {}
    for stem, content in files.items():
        where = f"{source}/{stem}.toml"
        if stem not in models:
            raise DataError(where, "(file)", f"unknown table; expected one of {', '.join(models)}")
        tables[stem] = parse_rows(where, stem, content, models[stem])
    return tables


def check_refs(tables: Mapping[str, Mapping[str, Any]], source: str, refs: Callable[[Any], list[Ref]]) -> None:
    """Check that every template's references name a row of a table that was given."""
    where = f"{source}/templates.toml"
    for index, template in enumerate(tables.get("templates", {}).values()):
        for field, table, key in refs(template):
            if key is not None and table in tables and key not in tables[table]:
                raise DataError(where, f"templates[{index}].{field}", f"no row '{key}' in {table}.toml")
