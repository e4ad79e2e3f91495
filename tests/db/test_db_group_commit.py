"""Group commit on SQLite (bot/db/sqlite_group.py): commits that come together share one transaction and one trip;
a command whose check fails or whose statement raises is undone alone; each is stored once its commit returns."""

import asyncio
import sqlite3

import pytest
from dbsamples import bump, counter_of, sample_encounter
from sqlalchemy import text

from bot.db.errors import ConcurrentUpdate

pytestmark = [pytest.mark.asyncio, pytest.mark.parametrize("backend", ["sqlite"])]

GUILD, GM = 111, 333
CHANNELS = (501, 502, 503, 504)


async def _start(db) -> None:
    async with db.unit_of_work() as uow:
        for channel in CHANNELS:
            await uow.encounters.create(guild_id=GUILD, channel_id=channel, system="farscape", name="Ambush",
                                        gm_id=GM, encounter=sample_encounter(1))
        await uow.commit()


async def _counters(db) -> dict[int, int]:
    async with db.unit_of_work() as uow:
        found = {c: await uow.encounters.get_active(c, for_update=False) for c in CHANNELS}
    return {c: counter_of(loaded.encounter) for c, loaded in found.items() if loaded is not None}


class Together:
    """Works that hold their writes, each saying so, until the test lets them all commit at once."""

    def __init__(self) -> None:
        self.go = asyncio.Event()
        self.holding: asyncio.Queue[int] = asyncio.Queue()

    async def all_holding(self, count: int) -> None:
        """Return once ``count`` works hold their writes."""
        async with asyncio.timeout(10):
            for _ in range(count):
                await self.holding.get()

    async def commit(self, work, channel: int) -> None:
        self.holding.put_nowait(channel)
        await self.go.wait()
        await work.commit()


async def _together(db, together: Together, channel: int, extra: str | None = None) -> None:
    """Read and save the channel's encounter, then commit with the others."""
    async with db.encounter_work(channel) as work:
        loaded = await work.encounters.get_active(channel)
        await work.encounters.save(loaded.row, bump(loaded.encounter))
        if extra is not None:
            await work.lane.change(text(extra), {})
        await together.commit(work, channel)


async def test_commits_that_come_together_share_one_transaction(db):
    await _start(db)
    group = db.group_commit
    trips, commits = group.trips, group.commits
    together = Together()
    tasks = [asyncio.create_task(_together(db, together, c)) for c in CHANNELS]
    await together.all_holding(len(CHANNELS))
    assert not db._writer.locked(), "reading and holding writes takes no lock"
    together.go.set()
    await asyncio.wait_for(asyncio.gather(*tasks), 10)
    assert group.trips == trips + 1 and group.commits == commits + len(CHANNELS)
    assert await _counters(db) == dict.fromkeys(CHANNELS, 2)  # every command stored


async def test_a_failed_version_check_undoes_only_its_own_command(db):
    await _start(db)
    together = Together()
    first, *others = CHANNELS

    async def stale() -> None:
        async with db.encounter_work(first) as work:
            loaded = await work.encounters.get_active(first)
            async with db.unit_of_work(None) as uow:  # someone else saves it meanwhile
                found = await uow.encounters.get_active(first)
                await uow.encounters.save(found.row, bump(bump(found.encounter)))
                await uow.commit()
            await work.encounters.save(loaded.row, bump(loaded.encounter))
            await together.commit(work, first)

    tasks = [asyncio.create_task(stale()), *(asyncio.create_task(_together(db, together, c)) for c in others)]
    await together.all_holding(len(CHANNELS))
    together.go.set()
    results = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 10)
    assert isinstance(results[0], ConcurrentUpdate) and results[1:] == [None] * len(others)
    assert await _counters(db) == {first: 3, **dict.fromkeys(others, 2)}  # the other save stands, untouched


async def test_a_statement_that_raises_fails_only_its_own_command(db):
    await _start(db)
    together = Together()
    first, *others = CHANNELS
    tasks = [asyncio.create_task(_together(db, together, first, "INSERT INTO no_such_table VALUES (1)")),
             *(asyncio.create_task(_together(db, together, c)) for c in others)]
    await together.all_holding(len(CHANNELS))
    together.go.set()
    results = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 10)
    assert isinstance(results[0], sqlite3.OperationalError) and "no_such_table" in str(results[0])
    assert results[1:] == [None] * len(others)
    assert await _counters(db) == {first: 1, **dict.fromkeys(others, 2)}  # its save went with its failed statement
    async with db.encounter_work(first) as work:  # the connection serves on
        loaded = await work.encounters.get_active(first)
        await work.encounters.save(loaded.row, bump(loaded.encounter))
        await work.commit()
    assert (await _counters(db))[first] == 2
