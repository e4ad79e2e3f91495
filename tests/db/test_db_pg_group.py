"""Group commit on PostgreSQL (bot/db/pg_group.py): saves with their events that come together go as one batch;
a stale save or a statement that raises fails only its own command; each is stored once its commit returns."""

import asyncio

import asyncpg
import pytest
from dbsamples import bump, counter_of, sample_encounter
from sqlalchemy import text
from test_db_group_commit import CHANNELS, Together, _counters, _start

from bot.db.errors import ConcurrentUpdate

pytestmark = [pytest.mark.asyncio, pytest.mark.parametrize("backend", [pytest.param("postgresql",
                                                                                    marks=pytest.mark.postgresql)])]


async def _logged(db) -> dict[int, list[str]]:
    """Return each channel's event kinds, in order."""
    async with db.unit_of_work() as uow:
        rows = (await uow.session.execute(text(
            "SELECT e.channel_id, v.kind FROM events v JOIN encounters e ON e.id = v.encounter_id ORDER BY v.seq"
        ))).all()
    found: dict[int, list[str]] = {c: [] for c in CHANNELS}
    for channel, kind in rows:
        found[channel].append(kind)
    return found


async def _save_and_log(db, together: Together, channel: int, kind: str = "attack", stale: bool = False) -> None:
    """Save the channel's encounter with its event, then commit with the others (``stale``: someone saved first)."""
    async with db.encounter_work(channel) as work:
        loaded = await work.encounters.get_active(channel)
        if stale:
            async with db.unit_of_work(None) as uow:
                found = await uow.encounters.get_active(channel)
                await uow.encounters.save(found.row, bump(bump(found.encounter)))
                await uow.commit()
        await work.encounters.save(loaded.row, bump(loaded.encounter))
        await work.events.append(loaded.row.id, kind, round=1, payload={"n": channel}, before=loaded.row.document)
        await together.commit(work, channel)


async def _run(db, *works) -> list[object]:
    together = Together()
    tasks = [asyncio.create_task(work(together)) for work in works]
    await together.all_holding(len(tasks))
    together.go.set()
    return await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 10)


async def test_saves_that_come_together_go_as_one_batch(db):
    await _start(db)
    group = db.pg_group
    trips, commits = group.trips, group.commits
    results = await _run(db, *(lambda t, c=c: _save_and_log(db, t, c) for c in CHANNELS))
    assert results == [None] * len(CHANNELS)
    assert group.trips == trips + 1 and group.commits == commits + len(CHANNELS)
    assert await _counters(db) == dict.fromkeys(CHANNELS, 2)  # every command stored
    assert await _logged(db) == {c: ["attack"] for c in CHANNELS}


async def test_a_stale_save_fails_only_its_own_command(db):
    await _start(db)
    group = db.pg_group
    trips = group.trips
    first, *others = CHANNELS
    results = await _run(db, lambda t: _save_and_log(db, t, first, stale=True),
                         *(lambda t, c=c: _save_and_log(db, t, c) for c in others))
    assert isinstance(results[0], ConcurrentUpdate) and results[1:] == [None] * len(others)
    assert group.trips == trips, "the batch did not commit whole: it went again one statement at a time"
    assert await _counters(db) == {first: 3, **dict.fromkeys(others, 2)}  # the other save stands, untouched
    assert await _logged(db) == {first: [], **{c: ["attack"] for c in others}}  # no event for the stale save


async def test_a_statement_that_raises_fails_only_its_own_command_and_the_connection_serves_on(db):
    await _start(db)
    first, *others = CHANNELS
    too_long = "k" * 40  # events.kind holds 32 characters
    results = await _run(db, lambda t: _save_and_log(db, t, first, kind=too_long),
                         *(lambda t, c=c: _save_and_log(db, t, c) for c in others))
    assert isinstance(results[0], asyncpg.StringDataRightTruncationError)
    assert results[1:] == [None] * len(others)
    assert await _counters(db) == {first: 1, **dict.fromkeys(others, 2)}  # its save went with its failed event
    trips = db.pg_group.trips
    again = await _run(db, *(lambda t, c=c: _save_and_log(db, t, c) for c in CHANNELS))
    assert again == [None] * len(CHANNELS) and db.pg_group.trips == trips + 1
    assert await _counters(db) == {first: 2, **dict.fromkeys(others, 3)}


async def test_a_lone_save_is_committed_before_its_command_returns(db):
    await _start(db)
    channel = CHANNELS[0]
    async with db.encounter_work(channel) as work:
        loaded = await work.encounters.get_active(channel)
        await work.encounters.save(loaded.row, bump(loaded.encounter))
        await work.events.append(loaded.row.id, "attack", round=1, payload={}, before=loaded.row.document)
        await work.commit()
        async with db.unit_of_work(None) as uow:  # another connection sees it at once
            found = await uow.encounters.get_active(channel, for_update=False)
    assert counter_of(found.encounter) == 2
    assert sample_encounter(1) != found.encounter


async def test_a_lost_connection_fails_its_batch_and_the_next_batch_checks_out_another(db):
    await _start(db)
    first = await _run(db, *(lambda t, c=c: _save_and_log(db, t, c) for c in CHANNELS))
    assert first == [None] * len(CHANNELS)
    kept = db.pg_group._connection
    assert kept is not None
    pid = kept.driver_connection.get_server_pid()
    async with db.unit_of_work() as uow:  # the server drops the group's connection
        await uow.session.execute(text(f"SELECT pg_terminate_backend({pid})"))
    lost = await _run(db, *(lambda t, c=c: _save_and_log(db, t, c) for c in CHANNELS))
    assert all(isinstance(r, Exception) and not isinstance(r, ConcurrentUpdate) for r in lost)
    assert await _counters(db) == dict.fromkeys(CHANNELS, 2)  # nothing of the lost batch was written
    again = await _run(db, *(lambda t, c=c: _save_and_log(db, t, c) for c in CHANNELS))
    assert again == [None] * len(CHANNELS)
    assert db.pg_group._connection is not kept
    assert await _counters(db) == dict.fromkeys(CHANNELS, 3)
