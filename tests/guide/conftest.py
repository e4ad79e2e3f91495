from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio
from guide_kit import sqlite

from bot.db.engine import Database, open_database


@pytest_asyncio.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await open_database(sqlite(tmp_path))
    yield database
    await database.dispose()
