"""Load a rule system's data tables from its TOML files and validate them with the system's own loader."""

from __future__ import annotations

import tomllib
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from bot.registry import find
from combat.errors import DataError

__all__ = ["DATA_DIR", "load_system_tables", "read_table_files"]

DATA_DIR = Path(__file__).resolve().parents[1] / "data"


def read_table_files(directory: Traversable, source: str) -> dict[str, dict[str, Any]]:
    """Parse every *.toml file in ``directory`` by file stem; name the file on a syntax error."""
    if not directory.is_dir():
        raise DataError(source, "(directory)", "no such data directory")
    files: dict[str, dict[str, Any]] = {}
    for path in sorted((p for p in directory.iterdir() if p.name.endswith(".toml")), key=lambda p: p.name):
        try:
            files[path.name.removesuffix(".toml")] = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as err:
            raise DataError(f"{source}/{path.name}", "(file)", f"not valid TOML: {err}") from None
        except UnicodeDecodeError:
            raise DataError(f"{source}/{path.name}", "(file)", "not UTF-8 text") from None
    return files


def load_system_tables(key: str, data_dir: Path | None = None) -> Any:
    """Read and validate the tables of system ``key``: its plug-in's own folder, else ``data_dir/<key>/``.

    A system without a table loader has no tables (None).
    """
    plugin = find(key)
    data_dir = DATA_DIR if data_dir is None else data_dir
    if plugin.tables is None:
        return None
    folder: Traversable = plugin.data if plugin.data is not None else data_dir / key
    source = f"{data_dir.name}/{key}" if plugin.data is None else f"{key} tables"
    return plugin.tables(read_table_files(folder, source), source)
