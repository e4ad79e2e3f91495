"""Database fixtures: every storage test runs on a SQLite file and on PostgreSQL (when FRAY_TEST_PG_URL is set)."""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from sqlalchemy import make_url, text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.db.engine import Database
from bot.db.migrate import upgrade

PG_ENV = "FRAY_TEST_PG_URL"
BACKENDS = ("sqlite", "postgresql")


@contextlib.asynccontextmanager
async def fresh_pg_database(base_url: str) -> AsyncIterator[str]:
    """Create a throwaway PostgreSQL database next to ``base_url``; drop it afterwards."""
    name = f"fray_test_{uuid.uuid4().hex[:16]}"
    admin = create_async_engine(base_url, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as conn:
            await conn.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            yield make_url(base_url).set(database=name).render_as_string(hide_password=False)
        finally:
            async with admin.connect() as conn:
                await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        await admin.dispose()


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
