"""Throwaway PostgreSQL databases next to FRAY_TEST_PG_URL, shared by the storage, service and end-to-end tests."""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import AsyncIterator

from sqlalchemy import make_url, text
from sqlalchemy.ext.asyncio import create_async_engine

__all__ = ["PG_ENV", "admin", "create_database", "drop_database", "fresh_pg_database", "pg_base"]

PG_ENV = "FRAY_TEST_PG_URL"


def pg_base() -> str | None:
    """Return the PostgreSQL URL CI gives the tests, or None when it is not set."""
    return os.environ.get(PG_ENV) or None


async def admin(base_url: str, statement: str) -> None:
    """Run one statement outside a transaction (CREATE/DROP DATABASE) on the server of ``base_url``."""
    engine = create_async_engine(base_url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            await conn.execute(text(statement))
    finally:
        await engine.dispose()


async def create_database(base_url: str, prefix: str = "fray_test") -> str:
    """Create a uniquely named database next to ``base_url``; return its URL."""
    name = f"{prefix}_{uuid.uuid4().hex[:16]}"
    await admin(base_url, f'CREATE DATABASE "{name}"')
    return make_url(base_url).set(database=name).render_as_string(hide_password=False)


async def drop_database(base_url: str, url: str) -> None:
    """Drop a database made by ``create_database``."""
    await admin(base_url, f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)')


@contextlib.asynccontextmanager
async def fresh_pg_database(base_url: str, prefix: str = "fray_test") -> AsyncIterator[str]:
    """Create a throwaway database; drop it afterwards."""
    url = await create_database(base_url, prefix)
    try:
        yield url
    finally:
        await drop_database(base_url, url)
