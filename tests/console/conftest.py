"""Local-table fixtures: the example fight run once per session as the reference, and a fresh PostgreSQL database.

Every run is `fray console` in a subprocess (about a second each), so runs other tests compare against are shared.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from console_kit import Run, example_lines, json_objects, run_script
from pgtools import PG_ENV, create_database, drop_database, pg_base


@pytest.fixture(scope="session")
def lines() -> list[str]:
    """The example fight's lines."""
    return example_lines()


@pytest.fixture(scope="session")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("console")


@pytest.fixture(scope="session")
def reference(scratch: Path, lines: list[str]) -> Run:
    """The example fight in one process on a SQLite file, --strict (so it exits 0 only if no line failed)."""
    return Run(run_script(scratch, "reference", lines, str(scratch / "reference.sqlite3"), "--strict"))


@pytest.fixture(scope="session")
def reference_json(scratch: Path, lines: list[str]) -> list[dict[str, Any]]:
    """The example fight in one process with --json: one object per command line."""
    done = run_script(scratch, "reference-json", lines, str(scratch / "reference-json.sqlite3"), "--json", "--strict")
    return json_objects(done.stdout)


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database next to FRAY_TEST_PG_URL, dropped afterwards."""
    base = pg_base()
    if base is None:
        pytest.skip(f"{PG_ENV} is not set, so the PostgreSQL variant was not run (CI sets it)")
    url = asyncio.run(create_database(base, "fray_console"))
    try:
        yield url
    finally:
        asyncio.run(drop_database(base, url))
