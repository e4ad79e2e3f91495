"""Load a rule system's data tables from TOML files and validate them with the system's own models."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from bot.datafiles import table_files, table_source
from combat.errors import UnknownSystem
from combat.systems.farscape.tables import FarscapeTables, load_tables

__all__ = ["VALIDATORS", "load_system_tables"]

# The tables any system returns; widen to a union as systems with tables are added.
SystemTables = FarscapeTables
Validator = Callable[[Mapping[str, Mapping[str, Any]], str], SystemTables]

# Each system with data tables: its validator takes {file stem: parsed TOML} and the source label for errors.
VALIDATORS: dict[str, Validator] = {
    "farscape": load_tables,
}


def load_system_tables(key: str, data_dir: Path | None = None) -> SystemTables:
    """Read and validate the data tables of system ``key``: the shipped ones, or those in ``data_dir/<key>/``."""
    validator = VALIDATORS.get(key)
    if validator is None:
        raise UnknownSystem(f"There are no data tables for the system '{key}'; known: {', '.join(VALIDATORS)}.")
    return validator(table_files(key, data_dir), table_source(key, data_dir))
