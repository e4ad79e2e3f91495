"""Database fixtures: every storage test runs on a SQLite file and on PostgreSQL (when FRAY_TEST_PG_URL is set)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from pgtools import PG_ENV, fresh_pg_database

from bot.db.engine import Database
from bot.db.migrate import upgrade

BACKENDS = ("sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql))


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest_asyncio.fixture
async def db_url(backend: str, tmp_path) -> AsyncIterator[str]:
    """An empty database: a SQLite file in tmp_path, or a fresh PostgreSQL database."""
    if backend == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'fray.sqlite3'}"
        return
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"{PG_ENV} is not set, so the PostgreSQL variant was not run (CI sets it)")
    async with fresh_pg_database(base) as url:
        yield url


@pytest_asyncio.fixture
async def migrated_url(db_url: str) -> str:
    """A database brought to the newest schema by the migrations."""
    await upgrade(db_url)
    return db_url


@pytest_asyncio.fixture
async def db(migrated_url: str) -> AsyncIterator[Database]:
    """A Database on a migrated database."""
    database = Database(migrated_url)
    try:
        yield database
    finally:
        await database.dispose()
