"""Service fixtures: every test runs on a SQLite file and on PostgreSQL (when FRAY_TEST_PG_URL is set).

The approach of tests/db/conftest.py, made cheap per test: the migrations run once per run, into a SQLite file
that each test gets a copy of (in its tmp_path), and into a fresh PostgreSQL database created next to
FRAY_TEST_PG_URL (dropped at the end) that each test gets emptied; creating a PostgreSQL database takes a third
of a second, emptying one a few milliseconds.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio
from pgtools import PG_ENV, create_database, drop_database
from services_kit import Table, make_services, start_duel
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.db.engine import Database, open_database
from bot.db.migrate import upgrade
from bot.services import Services

BACKENDS = ("sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql))
TABLES = ("events", "combatants", "encounters", "characters", "guild_settings")


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A SQLite file brought to the newest schema by the migrations, for tests to copy."""
    path = tmp_path_factory.mktemp("schema") / "fray.sqlite3"
    asyncio.run(upgrade(f"sqlite+aiosqlite:///{path}"))
    return str(path)


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str | None]:
    """A PostgreSQL database for this run, migrated to the newest schema; None when FRAY_TEST_PG_URL is unset."""
    base = os.environ.get(PG_ENV)
    if not base:
        yield None
        return
    url = asyncio.run(create_database(base, "fray_svc"))
    try:
        asyncio.run(upgrade(url))
        yield url
    finally:
        asyncio.run(drop_database(base, url))


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
async def db_url(backend: str, tmp_path, sqlite_template: str, pg_url: str | None) -> AsyncIterator[str]:
    """An empty, migrated database: a copy of the SQLite template in tmp_path, or this run's PostgreSQL emptied."""
    if backend == "sqlite":
        path = tmp_path / "fray.sqlite3"
        shutil.copyfile(sqlite_template, path)
        yield f"sqlite+aiosqlite:///{path}"
        return
    if pg_url is None:
        pytest.skip(f"{PG_ENV} is not set, so the PostgreSQL variant was not run (CI sets it)")
    await _empty(pg_url)
    yield pg_url


@pytest_asyncio.fixture
async def db(db_url: str) -> AsyncIterator[Database]:
    """A Database on the empty database (already migrated, so ``open_database`` skips the migrations)."""
    database = await open_database(db_url, migrate=False)
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


class _Sent(logging.Handler):
    """The statements a driver lane sends (it names each at DEBUG on the fray.db.lane logger)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.sent: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.sent.append(record.getMessage())


@pytest.fixture
def lane_sent():
    """Record what the driver lanes send for the rest of the test."""
    logger, handler = logging.getLogger("fray.db.lane"), _Sent()
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield handler.sent
    logger.removeHandler(handler)
    logger.setLevel(level)
