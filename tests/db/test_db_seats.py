"""Units of work are admitted in arrival order, never more at once than the pool's size (PostgreSQL and SQLite)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager

import pytest
from pgtools import fresh_pg_database, pg_base

from bot.db.connect import dumps
from bot.db.engine import open_database


async def _seven_commands_on_two_seats(enter: Callable[[int], AbstractAsyncContextManager[object]]) -> list[int]:
    """Start seven commands on seven channels, each holding ``enter(channel)`` until let go; return who got in, in
    order, after checking that only the first two were in at once while the rest waited (only seats can hold them)."""
    release, two_in = asyncio.Event(), asyncio.Event()
    inside: list[int] = []
    finished: list[int] = []
    most = 0

    async def command(channel: int) -> None:
        nonlocal most
        async with enter(channel):
            inside.append(channel)  # admitted: noted before anything else can interleave
            most = max(most, len(inside) - len(finished))
            if len(inside) == 2:
                two_in.set()
            await release.wait()
        finished.append(channel)

    tasks = []
    for channel in range(1, 8):
        tasks.append(asyncio.create_task(command(channel)))
        await asyncio.sleep(0)  # arrival order is creation order
    try:
        await asyncio.wait_for(two_in.wait(), timeout=30)
        await asyncio.sleep(0.05)  # room for a third to slip in, were the seats not there
        assert sorted(inside) == [1, 2]  # the first two to arrive (in whatever order their own trips end)
    finally:
        release.set()  # every command ends, whatever the check found
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=30)
    assert most <= 2
    return inside


@pytest.mark.asyncio
@pytest.mark.postgresql
async def test_units_of_work_are_admitted_in_arrival_order_and_never_beyond_the_pool():
    base = pg_base()
    assert base, "marked postgresql: deselected unless FRAY_TEST_PG_URL is set (tests/conftest.py)"
    async with fresh_pg_database(base) as url:
        db = await open_database(url, pool_size=2)

        admitted: list[int] = []

        @contextlib.asynccontextmanager
        async def holding_a_connection(channel: int) -> AsyncIterator[None]:
            async with db.unit_of_work(channel) as uow:
                admitted.append(channel)  # the order of admission: the two first connections open concurrently
                await uow.session.connection()  # holds a pooled connection, as a real command does
                yield

        try:
            await _seven_commands_on_two_seats(holding_a_connection)
            assert admitted == [1, 2, 3, 4, 5, 6, 7]
        finally:
            await db.dispose()


@pytest.mark.asyncio
async def test_sqlite_admits_encounter_work_in_arrival_order_and_never_beyond_its_seats(tmp_path):
    db = await open_database(f"sqlite+aiosqlite:///{tmp_path / 'fray.sqlite3'}", pool_size=2)
    try:  # encounter work: a session's unit of work would take the writer lock, one at a time whatever the seats
        assert await _seven_commands_on_two_seats(db.encounter_work) == [1, 2, 3, 4, 5, 6, 7]
    finally:
        await db.dispose()


@pytest.mark.asyncio
async def test_sqlite_work_holding_a_seat_and_work_holding_the_writer_never_wait_for_each_other(tmp_path):
    """A seat is taken before the writer lock, always: seated work that goes on to write is never stuck behind work
    that holds the writer and waits for a seat."""
    db = await open_database(f"sqlite+aiosqlite:///{tmp_path / 'fray.sqlite3'}", pool_size=1)
    try:
        seated, release = asyncio.Event(), asyncio.Event()

        async def encounter_command() -> None:
            async with db.encounter_work(1, locking=True) as work:
                seated.set()
                await release.wait()
                await work.encounters.get_active(1)  # its first trip takes the writer lock, holding the seat
                await work.commit()

        async def other_command() -> None:
            async with db.unit_of_work(2) as uow:  # wants a seat and the writer lock
                await uow.commit()

        first = asyncio.create_task(encounter_command())
        await asyncio.wait_for(seated.wait(), timeout=30)
        second = asyncio.create_task(other_command())
        for _ in range(20):
            await asyncio.sleep(0)
        release.set()
        await asyncio.wait_for(asyncio.gather(first, second), timeout=30)
    finally:
        await db.dispose()


def test_documents_are_written_as_the_standard_library_would():
    assert dumps({1: "a", "b": [1, 2.5, None, True]}) == '{"1":"a","b":[1,2.5,null,true]}'
    assert dumps("Сrichton — ünï") == '"Сrichton — ünï"'
