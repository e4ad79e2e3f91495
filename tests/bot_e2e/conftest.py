from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio
from discord_double import DiscordDouble
from fray_kit import Fray, sqlite_url


@pytest_asyncio.fixture
async def double() -> AsyncIterator[DiscordDouble]:
    async with DiscordDouble() as d:
        with d.point():
            yield d


@pytest_asyncio.fixture
async def fray(double: DiscordDouble, tmp_path: Path) -> Fray:
    table = Fray(double, sqlite_url(tmp_path))
    table.gm = double.add_member("gm")
    table.carol = double.add_member("carol")
    table.dave = double.add_member("dave")
    table.onlooker = double.add_member("onlooker")
    return table
