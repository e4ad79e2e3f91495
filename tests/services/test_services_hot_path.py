"""The hot path of a command: which statements an attack sends, the index that finds the encounter, the trips to
SQLite's thread, and the settings that ride along with the encounter."""

import contextlib

import pytest
from services_kit import (
    BOB,
    CAROL,
    GM,
    ROLE_GM,
    SURE_MISS,
    TROOPER_1,
    TROOPER_2,
    Table,
    in_channel,
    second_process,
    start_duel,
)
from sqlalchemy import event, text

from bot.db.engine import open_database
from bot.db.onehop import OneHopConnection
from bot.db.repositories.encounter_sql import GET_ACTIVE
from bot.db.repositories.guild_settings import GuildSettings

pytestmark = pytest.mark.asyncio


@contextlib.contextmanager
def _trips_to_the_thread(driver):
    """Record each function an aiosqlite connection hands its worker thread while the block runs."""
    trips: list[object] = []
    original = driver._execute

    async def counted(fn, *args, **kwargs):
        trips.append(fn)
        return await original(fn, *args, **kwargs)

    driver._execute = counted
    try:
        yield trips
    finally:
        del driver._execute


def _statements(engine) -> list[str]:
    """Start recording the statements sent on an engine through SQLAlchemy; return the list they go into."""
    sent: list[str] = []
    event.listen(engine.sync_engine, "before_cursor_execute", lambda _c, _cur, s, *_a: sent.append(" ".join(s.split())))
    return sent


async def test_an_attack_kept_here_reads_nothing_and_writes_once_on_the_driver(table: Table, lane_sent: list[str]):
    await start_duel(table)
    await table.shoot(BOB, TROOPER_1, SURE_MISS)
    through_sqlalchemy = _statements(table.svc.db.engine)
    lane_sent.clear()
    group = table.svc.db.group_commit
    trips = group.trips if group is not None else 0
    await table.shoot(CAROL, TROOPER_2, SURE_MISS)
    assert through_sqlalchemy == []  # the whole command ran on the driver
    if group is not None:  # SQLite: the writes at the commit, one trip of the group commit (BEGIN … COMMIT)
        assert [s.split()[0] for s in lane_sent] == ["UPDATE", "INSERT"]
        assert group.trips == trips + 1
        assert "AND encounters.version = ?" in lane_sent[0]
        insert = lane_sent[1]
    else:  # one round trip: the save and its event as one statement, written only at the version kept here
        assert [s.split()[0] for s in lane_sent] == ["WITH"]
        insert = lane_sent[0]
        assert insert.startswith("WITH saved AS (UPDATE encounters") and "AND encounters.version = $" in insert
        assert "INSERT INTO events" in insert and insert.endswith("FROM saved")  # logged only if saved
    assert "max(events.seq)" in insert  # the next seq is worked out inside the INSERT, not asked for first


async def test_an_attack_on_an_encounter_not_kept_reads_it_once_with_its_settings(
    table: Table, lane_sent: list[str], db_url: str
):
    await start_duel(table)
    async with second_process(db_url) as other:  # another process: it has kept nothing
        lane_sent.clear()
        await Table(other).shoot(BOB, TROOPER_1, SURE_MISS)
    reads = [s for s in lane_sent if s.startswith("SELECT")]
    assert len(reads) == 2 and "LEFT OUTER JOIN guild_settings" in reads[0]  # the settings come with the encounter
    assert reads[1].startswith("SELECT encounters.state")  # and the state, at the version just read
    if table.svc.db.dialect == "sqlite":  # the reads lock nothing (the reader's connection); the writes go at the
        assert [s.split()[0] for s in lane_sent] == ["SELECT", "SELECT", "UPDATE", "INSERT"]  # group commit
        assert "BEGIN" not in " ".join(lane_sent)
    else:  # the reads lock nothing; then the save and its event as one statement
        assert [s.split()[0] for s in lane_sent] == ["SELECT", "SELECT", "WITH"]
        assert "FOR UPDATE" not in reads[0]


@pytest.mark.parametrize("backend", ["sqlite"])
async def test_an_attack_takes_one_trip_to_sqlites_thread(table: Table):
    await start_duel(table)
    db = table.svc.db
    kept = db.sqlite_writer.kept  # SQLite: encounter work keeps its connection between commands
    assert kept is not None
    with _trips_to_the_thread(kept.driver_connection) as trips:
        await table.shoot(BOB, TROOPER_1, SURE_MISS)
    assert len(trips) == 1  # BEGIN IMMEDIATE, the UPDATE, the INSERT and COMMIT together
    assert db.sqlite_writer.kept is kept  # and the connection is kept for the next command


async def _round_but_the_last_shot(table: Table) -> None:
    await start_duel(table)
    await table.shoot(BOB, TROOPER_1, SURE_MISS)
    await table.shoot(CAROL, TROOPER_2, SURE_MISS)
    await table.shoot(GM, "Crichton", SURE_MISS, **{"as": TROOPER_1})


async def test_a_round_followed_here_ends_without_reading_its_events(table: Table, lane_sent: list[str]):
    await _round_but_the_last_shot(table)
    lane_sent.clear()
    reply = await table.shoot(GM, "Crichton", SURE_MISS, **{"as": TROOPER_2})
    assert reply.summaries
    assert not [s for s in lane_sent if s.startswith("SELECT")]  # what the round's events said was kept with it
    assert reply.summaries[0].round == 1 and len(reply.summaries[0].beats) == 4  # every shot of the round


async def test_a_round_not_followed_here_reads_only_the_payloads_of_its_events(
    table: Table, lane_sent: list[str], db_url: str
):
    await _round_but_the_last_shot(table)
    followed = await table.shoot(GM, "Crichton", SURE_MISS, **{"as": TROOPER_2})
    await table.run(GM, "encounter undo")  # the round's end taken back: its log is no longer kept here
    async with second_process(db_url) as other:  # another process, which followed none of the round
        lane_sent.clear()
        read_back = await Table(other).shoot(GM, "Crichton", SURE_MISS, **{"as": TROOPER_2})
    round_reads = [s for s in lane_sent if s.startswith("SELECT") and "FROM events" in s]
    assert len(round_reads) == 1
    assert round_reads[0].startswith("SELECT events.payload FROM events")  # never the 'before' states
    assert read_back.summaries == followed.summaries  # kept or read back, the same summary


async def test_the_round_summary_says_where_the_guild_wants_it(table: Table):
    await table.run(ROLE_GM, "encounter settings", summary_channel="4242")
    await start_duel(table)
    await table.shoot(BOB, TROOPER_1, SURE_MISS)
    await table.shoot(CAROL, TROOPER_2, SURE_MISS)
    await table.shoot(GM, "Crichton", SURE_MISS, **{"as": TROOPER_1})
    reply = await table.shoot(GM, "Crichton", SURE_MISS, **{"as": TROOPER_2})
    assert reply.summaries and reply.summary_channel == 4242


async def test_settings_come_with_the_encounter_and_default_when_never_stored(table: Table):
    await start_duel(table)
    async with table.svc.db.unit_of_work() as uow:
        loaded = await uow.encounters.get_active(GM.channel_id)
    assert loaded is not None and loaded.settings == GuildSettings(GM.guild_id)
    await table.run(ROLE_GM, "encounter settings", players_end_turn="no")
    async with table.svc.db.unit_of_work() as uow:
        loaded = await uow.encounters.get_active(GM.channel_id)
    assert loaded is not None and loaded.settings.players_end_turn is False


async def test_the_active_encounter_is_found_through_the_partial_index(table: Table):
    await start_duel(table)
    db = table.svc.db
    async with db.engine.connect() as conn:
        bound = GET_ACTIVE[False].params(channel=GM.channel_id)
        query = str(bound.compile(db.engine.sync_engine, compile_kwargs={"literal_binds": True}))
        if db.dialect == "sqlite":
            plan = " ".join(str(r) for r in (await conn.execute(text(f"EXPLAIN QUERY PLAN {query}"))).all())
        else:
            await conn.execute(text("SET enable_seqscan = off"))  # a tiny table is scanned anyway; ask for the index
            plan = " ".join(str(r) for r in (await conn.execute(text(f"EXPLAIN {query}"))).all())
    assert "uq_encounters_active_channel" in plan, plan


async def test_sqlite_statements_take_one_trip_to_the_worker_thread(tmp_path):
    db = await open_database(f"sqlite+aiosqlite:///{tmp_path / 'fray.sqlite3'}")
    try:
        async with db.unit_of_work(GM.channel_id) as uow:
            raw = await (await uow.session.connection()).get_raw_connection()
            adapted = raw.dbapi_connection
            assert isinstance(adapted, OneHopConnection)
            with _trips_to_the_thread(adapted._connection) as trips:
                loaded = await uow.encounters.get_active(GM.channel_id)
    finally:
        await db.dispose()
    assert loaded is None and len(trips) == 1


async def test_dice_queues_are_kept_only_for_channels_with_faces_left(table: Table):
    dice = table.dice
    for channel in range(100, 1100):
        dice.for_command(channel, "1:1")  # every channel ever seen asks for its dice
    assert dice.channels() == 0
    dice.queue(7, [3, 4])
    assert dice.channels() == 1 and dice.queued(7) == 2
    dice.restore(7, [])
    assert dice.channels() == 0


async def test_a_refused_statement_is_still_the_error_it_was(table: Table):
    await start_duel(table)
    refusal = await table.refused(in_channel(GM, GM.channel_id), "encounter start", system="farscape")
    assert "already has an encounter" in refusal  # the unique index's IntegrityError, translated as before
