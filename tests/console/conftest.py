"""Local-table fixtures: the example fight run once per session as the reference, and a fresh PostgreSQL database.

Every run is `fray console` in a subprocess (about a second each), so runs other tests compare against are shared.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from console_kit import Run, example_lines, json_objects, run_script
from sqlalchemy import make_url, text
from sqlalchemy.ext.asyncio import create_async_engine

PG_ENV = "FRAY_TEST_PG_URL"


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


async def _admin(base_url: str, statement: str) -> None:
    admin = create_async_engine(base_url, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as conn:
            await conn.execute(text(statement))
    finally:
        await admin.dispose()


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database next to FRAY_TEST_PG_URL, dropped afterwards."""
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"{PG_ENV} is not set, so the PostgreSQL variant was not run (CI sets it)")
    name = f"fray_console_{uuid.uuid4().hex[:16]}"
    asyncio.run(_admin(base, f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        asyncio.run(_admin(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
