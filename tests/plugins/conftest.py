"""The plugins' local-table tests share one database per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.db.engine import Database, open_database


@pytest_asyncio.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    """Open a fresh, migrated SQLite database for the test."""
    database = await open_database(f"sqlite+aiosqlite:///{tmp_path / 'fray.sqlite3'}")
    yield database
    await database.dispose()
