"""Load a rule system's data tables from TOML files and validate them with the system's own models."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from combat.errors import DataError, UnknownSystem
from combat.systems.farscape.tables import FarscapeTables, load_tables

__all__ = ["DATA_DIR", "VALIDATORS", "load_system_tables", "read_table_files"]

DATA_DIR = Path(__file__).resolve().parents[1] / "data"

# The tables any system returns; widen to a union as systems with tables are added.
SystemTables = FarscapeTables
Validator = Callable[[Mapping[str, Mapping[str, Any]], str], SystemTables]

# Each system with data tables: its validator takes {file stem: parsed TOML} and the source label for errors.
VALIDATORS: dict[str, Validator] = {
    "farscape": load_tables,
}


def read_table_files(directory: Path, source: str) -> dict[str, dict[str, Any]]:
    """Parse every *.toml file in ``directory`` by file stem; name the file on a syntax error."""
    if not directory.is_dir():
        raise DataError(source, "(directory)", "no such data directory")
    files: dict[str, dict[str, Any]] = {}
    for path in sorted(directory.glob("*.toml")):
        try:
            files[path.stem] = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as err:
            raise DataError(f"{source}/{path.name}", "(file)", f"not valid TOML: {err}") from None
        except UnicodeDecodeError:
            raise DataError(f"{source}/{path.name}", "(file)", "not UTF-8 text") from None
    return files


def load_system_tables(key: str, data_dir: Path | None = None) -> SystemTables:
    """Read and validate the data tables of system ``key`` from ``data_dir/<key>/`` (the repo's data/ by default)."""
    validator = VALIDATORS.get(key)
    if validator is None:
        raise UnknownSystem(f"There are no data tables for the system '{key}'; known: {', '.join(VALIDATORS)}.")
    root = DATA_DIR if data_dir is None else data_dir
    source = f"{root.name}/{key}"
    return validator(read_table_files(root / key, source), source)
