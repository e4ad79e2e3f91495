"""Encounter work on the driver (bot/db/lane.py): the same rows as through SQLAlchemy, the version check, rollback,
and a connection whose driver failed never handed out again."""

import asyncio
import logging

import pytest
from dbsamples import bump, counter_of, sample_encounter
from sqlalchemy import text
from sqlalchemy.util import greenlet_spawn

from bot.db.errors import ConcurrentUpdate
from bot.db.repositories.encounter_sql import GET_ACTIVE
from bot.db.repositories.guild_settings import GuildSettings
from combat.errors import FrayError

pytestmark = pytest.mark.asyncio

GUILD, CHANNEL, GM = 111, 222, 333


async def _start(db, counter=0):
    async with db.unit_of_work(CHANNEL) as uow:
        created = await uow.encounters.create(guild_id=GUILD, channel_id=CHANNEL, system="farscape", name="Ambush",
                                              gm_id=GM, encounter=sample_encounter(counter))
        await uow.commit()
    return created


async def _stored(db):
    async with db.unit_of_work() as uow:
        loaded = await uow.encounters.get_active(CHANNEL, for_update=False)
        events = await uow.events.all_events(loaded.row.id, states=False)
    return loaded, [e.kind for e in events]


async def test_the_driver_reads_what_sqlalchemy_reads(db):
    await _start(db)
    async with db.unit_of_work() as uow:
        through_session = [dict(r) for r in (await uow.session.execute(GET_ACTIVE[False], {"channel": CHANNEL}))
                           .mappings()]
    async with db.encounter_work(CHANNEL) as work:
        through_driver = await work.lane.rows(GET_ACTIVE[False], {"channel": CHANNEL})
    assert through_driver == through_session  # dates, booleans and the missing settings come out alike
    assert through_driver[0]["active"] is True and through_driver[0]["s_guild_id"] is None


async def test_save_and_log_on_the_driver_are_kept_only_once_committed(db):
    created = await _start(db, counter=1)
    async with db.encounter_work(CHANNEL) as work:
        loaded = await work.encounters.get_active(CHANNEL)
        await work.encounters.save(loaded.row, bump(loaded.encounter))
        await work.events.append(loaded.row.id, "attack", round=1, payload={"hit": True}, before=loaded.row.document)
    stored, kinds = await _stored(db)
    assert counter_of(stored.encounter) == 1 and kinds == [] and stored.row.version == created.row.version
    async with db.encounter_work(CHANNEL) as work:
        loaded = await work.encounters.get_active(CHANNEL)
        await work.encounters.save(loaded.row, bump(loaded.encounter))
        await work.events.append(loaded.row.id, "attack", round=1, payload={"hit": True}, before=loaded.row.document)
        await work.commit()
    stored, kinds = await _stored(db)
    assert counter_of(stored.encounter) == 2 and kinds == ["attack"] and stored.row.version == created.row.version + 1


async def test_a_stale_save_on_the_driver_is_refused_and_nothing_is_stored(db):
    await _start(db, counter=1)
    with pytest.raises(ConcurrentUpdate):
        async with db.encounter_work(CHANNEL) as work:
            loaded = await work.encounters.get_active(CHANNEL)
            # someone else's save, inside this very transaction, bumps the version under us
            await work.lane.change(text("UPDATE encounters SET version = version + 1 WHERE id = :i"),
                                   {"i": loaded.row.id})
            await work.encounters.save(loaded.row, bump(loaded.encounter))
            await work.events.append(loaded.row.id, "attack", round=1, payload={}, before=loaded.row.document)
            await work.commit()
    stored, kinds = await _stored(db)
    assert counter_of(stored.encounter) == 1 and kinds == []  # the version bump was rolled back with the rest
    assert db.cache.get(stored.row.id, stored.row.version + 1) is None  # nothing uncommitted was kept


async def test_a_refusal_inside_encounter_work_rolls_back_and_the_connection_serves_on(db):
    await _start(db, counter=1)
    for locking in (True, False):  # read under the writer lock, or (optimistic) read first and write at the commit
        with pytest.raises(FrayError):
            async with db.encounter_work(CHANNEL, locking=locking) as work:
                loaded = await work.encounters.get_active(CHANNEL)
                await work.encounters.save(loaded.row, bump(loaded.encounter))
                raise FrayError("no such move")
        kept = db.sqlite_writer.kept if db.sqlite_writer is not None else None
        assert (kept is not None) == (db.dialect == "sqlite")  # SQLite keeps its connection for the next command
        stored, _ = await _stored(db)
        assert counter_of(stored.encounter) == 1


async def test_a_connection_whose_driver_failed_is_not_handed_out_again(db):
    await _start(db, counter=1)
    with pytest.raises(Exception, match="no_such_table"):
        async with db.encounter_work(CHANNEL, locking=True) as work:  # on SQLite: on the writer's connection
            await work.lane.rows(text("SELECT * FROM no_such_table"), {})
    assert db.sqlite_writer is None or db.sqlite_writer.kept is None
    async with db.encounter_work(CHANNEL) as work:  # a fresh connection
        loaded = await work.encounters.get_active(CHANNEL)
        await work.encounters.save(loaded.row, bump(loaded.encounter))
        await work.commit()
    stored, _ = await _stored(db)
    assert counter_of(stored.encounter) == 2


async def test_encounter_work_has_no_session_for_the_rest(db):
    async with db.encounter_work(CHANNEL) as work:
        with pytest.raises(RuntimeError, match="encounters and events only"):
            await work.encounters.list_active(GUILD)


POSTGRESQL_ONLY = pytest.mark.parametrize("backend", [pytest.param("postgresql", marks=pytest.mark.postgresql)])


@POSTGRESQL_ONLY
async def test_postgresql_encounter_work_holds_no_lock_and_its_save_checks_the_version(db, migrated_url):
    from bot.db.engine import Database

    await _start(db, counter=1)
    other = Database(migrated_url)
    try:
        with pytest.raises(ConcurrentUpdate):
            async with db.encounter_work(CHANNEL) as work:
                loaded = await work.encounters.get_active(CHANNEL)
                async with other.unit_of_work(CHANNEL) as uow:  # not kept waiting: nothing is locked
                    theirs = await uow.encounters.get_active(CHANNEL)
                    await uow.encounters.save(theirs.row, bump(bump(theirs.encounter)))
                    await uow.commit()
                await work.encounters.save(loaded.row, bump(loaded.encounter))
                await work.events.append(loaded.row.id, "attack", round=1, payload={}, before=loaded.row.document)
                await work.commit()
    finally:
        await other.dispose()
    stored, kinds = await _stored(db)
    assert counter_of(stored.encounter) == 3 and kinds == []  # theirs stands; ours wrote neither row nor event


@POSTGRESQL_ONLY
async def test_a_state_read_after_the_row_must_be_at_the_rows_version(db):
    created = await _start(db)
    async with db.encounter_work(CHANNEL) as work:
        with pytest.raises(ConcurrentUpdate):
            await work.encounters._kept(created.row.id, created.row.version + 1, "farscape", {}, GuildSettings(1))


@POSTGRESQL_ONLY
async def test_postgresql_locking_encounter_work_holds_the_row_until_it_commits(db, caplog):
    await _start(db, counter=1)
    with caplog.at_level(logging.DEBUG, logger="fray.db.lane"):
        async with db.encounter_work(CHANNEL, locking=True) as work:
            loaded = await work.encounters.get_active(CHANNEL)
            await work.encounters.save(loaded.row, bump(loaded.encounter))
            await work.events.append(loaded.row.id, "attack", round=1, payload={}, before=loaded.row.document)
            await work.commit()
    sent = [r.getMessage() for r in caplog.records if r.name == "fray.db.lane"]
    kinds_sent = [s.split()[0] for s in sent]  # the state is read too: this process never kept this encounter
    assert kinds_sent == ["BEGIN", "SELECT", "SELECT", "WITH", "COMMIT"]
    assert "FOR UPDATE" in sent[1]  # locked from the read to the commit
    stored, kinds = await _stored(db)
    assert counter_of(stored.encounter) == 2 and kinds == ["attack"]


SQLITE_ONLY = pytest.mark.parametrize("backend", ["sqlite"])


async def _pragma(connection, sql: str):
    driver = connection.driver_connection
    return await driver._execute(lambda conn: conn.execute(sql).fetchone(), driver._conn)


@SQLITE_ONLY
async def test_sqlite_commands_leave_the_log_to_a_background_checkpoint(db):
    await _start(db, counter=1)
    writer = db.sqlite_writer
    writer.every = 2
    for _ in range(2):
        async with db.encounter_work(CHANNEL) as work:
            loaded = await work.encounters.get_active(CHANNEL)
            await work.encounters.save(loaded.row, bump(loaded.encounter))
            await work.commit()
        assert (await _pragma(writer.kept, "PRAGMA wal_autocheckpoint")) == (0,)  # never inside a COMMIT
    await writer.idle()
    assert writer.checkpoints == 1  # after the second commit, on another connection
    other = await db.engine.raw_connection()
    try:
        busy, frames, done = await _pragma(other, "PRAGMA wal_checkpoint(PASSIVE)")
    finally:
        await greenlet_spawn(other.close)
    assert busy == 0 and frames == done  # nothing left in the log that is not in the database file
    stored, _ = await _stored(db)
    assert counter_of(stored.encounter) == 3


@SQLITE_ONLY
async def test_sqlite_encounter_work_takes_the_writer_lock_only_when_it_goes_to_the_database(db):
    await _start(db, counter=1)
    other_channel_done = asyncio.Event()
    async with db.encounter_work(CHANNEL + 1) as idle:  # works out its rules, touching nothing yet
        assert not db._writer.locked()

        async def another_channel() -> None:
            async with db.encounter_work(CHANNEL) as work:
                loaded = await work.encounters.get_active(CHANNEL)
                await work.encounters.save(loaded.row, bump(loaded.encounter))
                await work.commit()
            other_channel_done.set()

        await asyncio.wait_for(another_channel(), 10)  # not held up by the work still open
        assert other_channel_done.is_set()
        assert await idle.encounters.get_active(CHANNEL + 1) is None  # a read before any write: no lock
        assert not db._writer.locked()
    async with db.encounter_work(CHANNEL + 1, locking=True) as locked:  # a locking read takes the lock at once
        assert await locked.encounters.get_active(CHANNEL + 1) is None
        assert db._writer.locked()
    assert not db._writer.locked() and db.sqlite_writer.kept is not None  # given back, connection kept
    stored, _ = await _stored(db)
    assert counter_of(stored.encounter) == 2
