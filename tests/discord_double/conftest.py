from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from . import DiscordDouble
from .botkit import Table, make_bot


@pytest_asyncio.fixture
async def double() -> AsyncIterator[DiscordDouble]:
    async with DiscordDouble() as d:
        with d.point():
            yield d


@pytest_asyncio.fixture
async def table() -> Table:
    return Table()


@pytest_asyncio.fixture
async def bot(double: DiscordDouble, table: Table) -> AsyncIterator[object]:
    async with double.running(make_bot(table)) as running:
        yield running
