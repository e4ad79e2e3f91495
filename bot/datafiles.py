"""Find and parse a rule system's table files: ``<system>/*.toml``, shipped inside Fray as the package ``fray_data``.

The tables are edited in the repository's ``data/`` folder; setup.py installs that folder as ``fray_data``, so an
editable install and a wheel both read them through ``importlib.resources``. ``DATA_DIR`` (``Settings.data_dir``)
points at another folder of the same layout instead.
"""

from __future__ import annotations

import tomllib
from importlib.abc import Traversable
from importlib.resources import files
from pathlib import Path
from typing import Any

from combat.errors import DataError

__all__ = ["PACKAGE", "read_folder", "table_files", "table_source"]

PACKAGE = "fray_data"


def table_source(key: str, data_dir: Path | None = None) -> str:
    """Return how errors name system ``key``'s folder: ``data/<key>`` for the shipped tables."""
    return f"{'data' if data_dir is None else data_dir.name}/{key}"


def _folder(key: str, data_dir: Path | None) -> Traversable:
    if data_dir is not None:
        return data_dir / key
    try:
        return files(PACKAGE).joinpath(key)
    except ModuleNotFoundError:
        raise DataError(
            table_source(key), "(directory)", f"the package {PACKAGE} is not installed: install Fray, or set DATA_DIR"
        ) from None


def table_files(key: str, data_dir: Path | None = None) -> dict[str, dict[str, Any]]:
    """Parse every *.toml file of system ``key`` by file stem (the shipped tables, or ``data_dir/<key>/``).

    A missing folder, a file that is not TOML and a file that is not UTF-8 are each a ``DataError`` naming it.
    """
    return read_folder(_folder(key, data_dir), table_source(key, data_dir))


def read_folder(folder: Traversable, source: str) -> dict[str, dict[str, Any]]:
    """Parse every *.toml file of ``folder`` by file stem; ``source`` names the folder in errors."""
    if not folder.is_dir():
        raise DataError(source, "(directory)", "no such data directory")
    parsed: dict[str, dict[str, Any]] = {}
    for item in sorted((i for i in folder.iterdir() if i.name.endswith(".toml") and i.is_file()), key=_name):
        stem = item.name.removesuffix(".toml")
        try:
            parsed[stem] = tomllib.loads(item.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as err:
            raise DataError(f"{source}/{item.name}", "(file)", f"not valid TOML: {err}") from None
        except UnicodeDecodeError:
            raise DataError(f"{source}/{item.name}", "(file)", "not UTF-8 text") from None
    return parsed


def _name(item: Traversable) -> str:
    return item.name
