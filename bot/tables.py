"""Load a rule system's data tables from its TOML files and validate them with the system's own loader."""

from __future__ import annotations

from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from bot.datafiles import read_folder, table_files, table_source
from bot.registry import find

__all__ = ["load_system_tables"]


def load_system_tables(key: str, data_dir: Path | None = None) -> Any:
    """Read and validate the tables of system ``key``: its plug-in's own folder, else Fray's (``data_dir/<key>/``).

    Fray's own tables ship inside it (``fray_data``); ``data_dir`` points at another folder of the same layout. A
    system without a table loader has no tables (None).
    """
    plugin = find(key)
    if plugin.tables is None:
        return None
    if plugin.data is not None:
        folder: Traversable = plugin.data
        source = f"{key} tables"
        return plugin.tables(read_folder(folder, source), source)
    return plugin.tables(table_files(key, data_dir), table_source(key, data_dir))
