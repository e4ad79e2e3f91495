"""Service fixtures: every test runs on a SQLite file and on PostgreSQL (when FRAY_TEST_PG_URL is set).

The approach of tests/db/conftest.py: a SQLite file in tmp_path per test, and a fresh PostgreSQL database per run
(created next to FRAY_TEST_PG_URL, migrated once, dropped at the end), emptied before each test; creating a
PostgreSQL database takes a third of a second, emptying one a few milliseconds.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio
from services_kit import Table, make_services, start_duel
from sqlalchemy import make_url, text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.db.engine import Database, open_database
from bot.db.migrate import upgrade
from bot.services import Services

PG_ENV = "FRAY_TEST_PG_URL"
BACKENDS = ("sqlite", "postgresql")
TABLES = ("events", "combatants", "encounters", "characters", "guild_settings")


async def _admin(base_url: str, statement: str) -> None:
    admin = create_async_engine(base_url, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as conn:
            await conn.execute(text(statement))
    finally:
        await admin.dispose()


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str | None]:
    """A PostgreSQL database for this run, migrated to the newest schema; None when FRAY_TEST_PG_URL is unset."""
    base = os.environ.get(PG_ENV)
    if not base:
        yield None
        return
    name = f"fray_svc_{uuid.uuid4().hex[:16]}"
    asyncio.run(_admin(base, f'CREATE DATABASE "{name}"'))
    try:
        url = make_url(base).set(database=name).render_as_string(hide_password=False)
        asyncio.run(upgrade(url))
        yield url
    finally:
        asyncio.run(_admin(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


async def _empty(url: str) -> None:
    engine = create_async_engine(url)
    try:
        async with engine.begin() as conn:
            await conn.execute(text(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE"))
    finally:
        await engine.dispose()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest_asyncio.fixture
async def db_url(backend: str, tmp_path, pg_url: str | None) -> AsyncIterator[str]:
    """An empty database: a new SQLite file in tmp_path, or this run's PostgreSQL database emptied."""
    if backend == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'fray.sqlite3'}"
        return
    if pg_url is None:
        pytest.skip(f"{PG_ENV} is not set, so the PostgreSQL variant was not run (CI sets it)")
    await _empty(pg_url)
    yield pg_url


@pytest_asyncio.fixture
async def db(db_url: str) -> AsyncIterator[Database]:
    """A Database on the empty database, opened as the bot opens it (``open_database`` runs the migrations)."""
    database = await open_database(db_url)
    try:
        yield database
    finally:
        await database.dispose()


@pytest.fixture
def svc(db: Database) -> Services:
    """Services on the database, with the real Farscape tables and seeded replay dice."""
    return make_services(db)


@pytest.fixture
def table(svc: Services) -> Table:
    """A table that runs commands by path on the services."""
    return Table(svc)


@pytest_asyncio.fixture
async def duel(table: Table) -> Table:
    """A table where 'Docking ring' has begun: Crichton (bob), Aeryn (carol) and two troopers (the GM's)."""
    await start_duel(table)
    return table

