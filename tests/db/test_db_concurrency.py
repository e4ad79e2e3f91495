import asyncio

import pytest
from dbsamples import bump, counter_of, sample_encounter
from sqlalchemy import event, text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.db.engine import Database
from bot.db.locks import ChannelLocks

pytestmark = pytest.mark.slow  # hundreds of concurrent transactions

CHANNEL = 4242
WORKERS = 200


async def start(db):
    async with db.unit_of_work(CHANNEL) as uow:
        loaded = await uow.encounters.create(
            guild_id=1, channel_id=CHANNEL, system="farscape", name="brawl", gm_id=2, encounter=sample_encounter()
        )
        await uow.commit()
    return loaded.row.id


async def increment(db, n):
    """One command: load the encounter, change it, log the change, save, commit."""
    async with db.unit_of_work(CHANNEL) as uow:
        loaded = await uow.encounters.get_active(CHANNEL)
        assert loaded is not None
        row, enc = loaded.row, loaded.encounter
        await asyncio.sleep(0)  # give every other command the chance to interleave here
        await uow.events.append(row.id, "action", round=1, payload={"n": n}, before=enc)
        await uow.encounters.save(row, bump(enc))
        await uow.commit()


async def final_state(db, encounter_id):
    async with db.unit_of_work(CHANNEL) as uow:
        row, enc, *_ = await uow.encounters.get_active(CHANNEL)
        events = await uow.events.all_events(encounter_id)
    return row.version, counter_of(enc), events


def assert_each_applied_once(version, counter, events):
    assert counter == WORKERS
    assert version == WORKERS + 1
    assert [e.seq for e in events] == list(range(1, WORKERS + 1))
    assert sorted(e.payload["n"] for e in events) == list(range(WORKERS))
    # Every command saw the state the one before it left: the counters in the undo snapshots are 0..199.
    assert [counter_of_state(e.before) for e in events] == list(range(WORKERS))


def counter_of_state(state):
    crichton = next(c for c in state["combatants"] if c["id"] == "crichton")
    return next(c["value"] for c in crichton["conditions"] if c["name"] == "counter")


@pytest.mark.asyncio
async def test_concurrent_commands_in_one_process_are_serialised(db):
    encounter_id = await start(db)
    await asyncio.gather(*(increment(db, n) for n in range(WORKERS)))
    assert_each_applied_once(*await final_state(db, encounter_id))
    assert len(db.locks) == 0


@pytest.mark.asyncio
async def test_concurrent_commands_from_two_processes_are_serialised(migrated_url):
    # Two Database objects share no in-process lock: only the database keeps them apart.
    first, second = Database(migrated_url), Database(migrated_url)
    try:
        encounter_id = await start(first)
        await asyncio.gather(*(increment(first if n % 2 else second, n) for n in range(WORKERS)))
        assert_each_applied_once(*await final_state(second, encounter_id))
    finally:
        await first.dispose()
        await second.dispose()


def watch_sqlite_begins(db: Database) -> asyncio.Event:
    """Return an event set when one of ``db``'s connections starts executing BEGIN IMMEDIATE (SQLite's trace hook).

    The trace callback runs as the statement starts, before it asks for the write lock: once it has fired while
    another connection holds that lock, the statement is waiting for it.
    """
    loop = asyncio.get_running_loop()
    began = asyncio.Event()

    def trace(statement: str) -> None:
        if statement.strip().upper() == "BEGIN IMMEDIATE":
            loop.call_soon_threadsafe(began.set)

    @event.listens_for(db.engine.sync_engine, "connect")
    def _on_connect(dbapi_connection, _record) -> None:
        dbapi_connection._connection._conn.set_trace_callback(trace)

    return began


async def until_a_backend_waits_for_a_lock(url: str) -> None:
    """Return once a PostgreSQL session of this database is waiting for a lock (asked on a connection of its own)."""
    # Autocommit: each query its own transaction, since PostgreSQL keeps one pg_stat_activity snapshot per transaction.
    watcher = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with asyncio.timeout(30), watcher.connect() as conn:
            query = text("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                         "AND wait_event_type = 'Lock'")
            # The server's own state, not a time window: the query is repeated until the waiter shows up in it.
            while not (await conn.execute(query)).scalar_one():
                await asyncio.sleep(0.01)
    finally:
        await watcher.dispose()


@pytest.mark.asyncio
async def test_the_row_lock_holds_a_second_process_until_commit(migrated_url, backend):
    first, second = Database(migrated_url), Database(migrated_url)
    began = watch_sqlite_begins(second) if backend == "sqlite" else None
    try:
        await start(first)
        order = []
        loaded = asyncio.Event()

        async def holder():
            async with first.unit_of_work(CHANNEL) as uow:
                row, enc, *_ = await uow.encounters.get_active(CHANNEL)
                loaded.set()
                # Save only once the second process is provably waiting for the lock this one holds.
                if began is not None:
                    async with asyncio.timeout(30):
                        await began.wait()
                else:
                    await until_a_backend_waits_for_a_lock(migrated_url)
                await uow.encounters.save(row, bump(enc))
                order.append("first saved")
                await uow.commit()

        async def latecomer():
            await loaded.wait()
            async with second.unit_of_work(CHANNEL) as uow:
                row, enc, *_ = await uow.encounters.get_active(CHANNEL)
                order.append(f"second loaded counter {counter_of(enc)}")
                await uow.encounters.save(row, bump(enc))
                await uow.commit()

        await asyncio.gather(holder(), latecomer())
        assert order == ["first saved", "second loaded counter 1"]
        _, counter, _ = await final_state(first, 0)
        assert counter == 2
    finally:
        await first.dispose()
        await second.dispose()


@pytest.mark.asyncio
async def test_channel_locks_are_shared_while_held_and_then_dropped():
    locks = ChannelLocks()
    first = locks.get(1)
    assert locks.get(1) is first
    assert locks.get(2) is not first
    async with first:
        assert locks.get(1).locked()
    del first
    assert len(locks) == 0


@pytest.mark.asyncio
async def test_commands_in_one_channel_wait_for_each_other(db):
    await start(db)
    inside = []
    a_inside, b_trying = asyncio.Event(), asyncio.Event()

    async def a():
        async with db.unit_of_work(CHANNEL) as uow:
            inside.append("a in")
            await uow.encounters.get_active(CHANNEL)
            a_inside.set()
            # b sets this just before asking for the channel: it runs on, without yielding, until it waits there.
            await b_trying.wait()
            inside.append("a out")

    async def b():
        await a_inside.wait()
        b_trying.set()
        async with db.unit_of_work(CHANNEL) as uow:
            inside.append("b in")
            await uow.encounters.get_active(CHANNEL)
            inside.append("b out")

    await asyncio.gather(a(), b())
    assert inside == ["a in", "a out", "b in", "b out"]
