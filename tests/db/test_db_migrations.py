import json
import os

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import NullPool

from bot.db import cli
from bot.db.engine import Database, create_engine, open_database
from bot.db.migrate import current_revision, downgrade, head, upgrade
from bot.db.rows import Base

TABLES = {"guild_settings", "characters", "encounters", "combatants", "events"}
# (table, column) of the documents written on every command, as SQL.
HOT_DOCUMENTS = "(('encounters', 'state'), ('events', 'payload'), ('events', 'before'))"


async def table_names(url):
    engine = create_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            return set(await conn.run_sync(lambda sync: inspect(sync).get_table_names()))
    finally:
        await engine.dispose()


@pytest.mark.asyncio
async def test_upgrade_creates_the_schema_at_head(db_url):
    assert await current_revision(db_url) is None
    assert not (await table_names(db_url)) & TABLES
    await upgrade(db_url)
    assert await table_names(db_url) >= TABLES
    assert await current_revision(db_url) == head()


@pytest.mark.asyncio
async def test_upgrade_twice_is_harmless(migrated_url):
    await upgrade(migrated_url)
    assert await current_revision(migrated_url) == head()


@pytest.mark.asyncio
# SQLite cannot reflect the expression index on lower(name); test_db_uow checks what it does instead.
@pytest.mark.filterwarnings("ignore:.*expression-based index:UserWarning", "ignore:.*expression-based index")
async def test_the_models_match_the_migrated_schema(migrated_url):
    engine = create_engine(migrated_url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            diff = await conn.run_sync(
                lambda sync: compare_metadata(
                    MigrationContext.configure(sync, opts={"compare_type": True}), Base.metadata
                )
            )
    finally:
        await engine.dispose()
    assert diff == []


@pytest.mark.asyncio
async def test_downgrade_to_base_and_upgrade_again(migrated_url):
    await downgrade(migrated_url, "base")
    assert await current_revision(migrated_url) is None
    assert not (await table_names(migrated_url)) & TABLES
    await upgrade(migrated_url)
    assert await table_names(migrated_url) >= TABLES


@pytest.mark.asyncio
async def test_foreign_keys_are_enforced(db):
    async with db.unit_of_work() as uow:
        with pytest.raises(IntegrityError):
            await uow.session.execute(
                text(
                    "INSERT INTO events (encounter_id, seq, round, kind, payload, undone) "
                    "VALUES (424242, 1, 1, 'x', '{}', false)"
                )
            )


@pytest.mark.asyncio
async def test_sqlite_connections_use_wal_busy_timeout_and_foreign_keys(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'sub' / 'fray.sqlite3'}"
    await upgrade(url)
    db = Database(url)
    try:
        async with db.engine.connect() as conn:
            assert (await conn.exec_driver_sql("PRAGMA journal_mode")).scalar() == "wal"
            assert (await conn.exec_driver_sql("PRAGMA foreign_keys")).scalar() == 1
            assert (await conn.exec_driver_sql("PRAGMA busy_timeout")).scalar() == 5000
    finally:
        await db.dispose()
    assert (tmp_path / "sub" / "fray.sqlite3").exists()


def test_cli_upgrades_reports_and_downgrades(tmp_path, capsys):
    url = f"sqlite+aiosqlite:///{tmp_path / 'cli.sqlite3'}"
    assert cli.main(["--url", url, "current"]) == 0
    assert "none (not migrated)" in capsys.readouterr().out
    assert cli.main(["--url", url, "upgrade"]) == 0
    assert cli.main(["--url", url, "current"]) == 0
    assert f"Database revision: {head()}" in capsys.readouterr().out
    assert cli.main(["--url", url, "downgrade", "base"]) == 0
    assert cli.main(["--url", url, "current"]) == 0
    assert "none (not migrated)" in capsys.readouterr().out


@pytest.mark.asyncio
async def test_open_database_migrates_first(db_url):
    async with await open_database(db_url) as db:
        assert await current_revision(db_url) == head()
        async with db.unit_of_work(1) as uow:
            assert await uow.encounters.get_active(1) is None


@pytest.mark.asyncio
@pytest.mark.parametrize("backend", [pytest.param("postgresql", marks=pytest.mark.postgresql)])
async def test_postgresql_compresses_the_hot_documents_with_lz4_and_back(migrated_url):
    query = text(
        "SELECT c.relname || '.' || a.attname, a.attcompression::text FROM pg_attribute a JOIN pg_class c "
        f"ON c.oid = a.attrelid WHERE (c.relname, a.attname) IN {HOT_DOCUMENTS} ORDER BY 1"
    )

    async def methods() -> dict[str, str]:
        engine = create_engine(migrated_url, poolclass=NullPool)
        try:
            async with engine.connect() as conn:
                return {name: method for name, method in (await conn.execute(query)).all()}
        finally:
            await engine.dispose()

    assert await methods() == dict.fromkeys(["encounters.state", "events.before", "events.payload"], "l")  # lz4
    await downgrade(migrated_url, "0003")
    assert set((await methods()).values()) == {"p"}  # pglz
    await upgrade(migrated_url)


@pytest.mark.asyncio
@pytest.mark.parametrize("backend", [pytest.param("postgresql", marks=pytest.mark.postgresql)])
async def test_postgresql_keeps_the_hot_documents_in_their_rows_while_they_fit_a_page(migrated_url):
    options = text("SELECT relname, reloptions FROM pg_class WHERE relname IN ('encounters', 'events') ORDER BY 1")
    # A document that lz4 cannot shrink below PostgreSQL's default target (2 KB): by default it goes out of line.
    document = json.dumps(os.urandom(3000).hex())
    insert = text(
        "INSERT INTO encounters (guild_id, channel_id, system, name, gm_id, state) "
        "VALUES (1, :channel, 'farscape', 'fight', 1, CAST(:state AS json))"
    )

    async def stored(channel: int) -> tuple[dict[str, list[str] | None], int]:
        """Store a document; return the tables' options and how many rows the encounters' TOAST table holds."""
        engine = create_engine(migrated_url, poolclass=NullPool)
        try:
            async with engine.begin() as conn:
                await conn.execute(insert, {"channel": channel, "state": document})
                toast = (await conn.execute(text(
                    "SELECT reltoastrelid::regclass::text FROM pg_class WHERE relname = 'encounters'"
                ))).scalar_one()
                outside = (await conn.execute(text(f"SELECT count(*) FROM {toast}"))).scalar_one()
                return dict((await conn.execute(options)).all()), outside
        finally:
            await engine.dispose()

    whole_page = {table: ["toast_tuple_target=8160"] for table in ("encounters", "events")}
    found, outside = await stored(1)
    assert found == whole_page
    assert outside == 0  # the 6 KB document stayed in its row
    await downgrade(migrated_url, "0004")
    found, outside = await stored(2)
    assert found == dict.fromkeys(["encounters", "events"], None)
    assert outside > 0  # PostgreSQL's default: out of line, in the TOAST table
    await upgrade(migrated_url)
    assert (await stored(3))[0] == whole_page


@pytest.mark.asyncio
@pytest.mark.parametrize("backend", [pytest.param("postgresql", marks=pytest.mark.postgresql)])
async def test_postgresql_keeps_the_hot_documents_as_text_and_they_survive_the_change_both_ways(migrated_url):
    types = text(
        "SELECT table_name || '.' || column_name, data_type FROM information_schema.columns WHERE "
        f"(table_name, column_name) IN {HOT_DOCUMENTS}"
    )
    document = {"name": "fight", "combatants": [{"id": "a", "wounds": [1, 2]}], "round": 3}
    documents = ["encounters.state", "events.payload", "events.before"]
    engine = create_engine(migrated_url, poolclass=NullPool)

    async def read() -> tuple[dict[str, str], object]:
        async with engine.connect() as conn:
            found = dict((await conn.execute(types)).all())
            state = (await conn.execute(text("SELECT state::text FROM encounters WHERE channel_id = 7"))).scalar_one()
            return found, json.loads(state)

    try:
        await downgrade(migrated_url, "0005")
        async with engine.begin() as conn:
            await conn.execute(text(
                "INSERT INTO encounters (guild_id, channel_id, system, name, gm_id, state) "
                "VALUES (1, 7, 'farscape', 'fight', 1, CAST(:state AS json))"
            ), {"state": json.dumps(document)})
        assert await read() == (dict.fromkeys(documents, "json"), document)
        await upgrade(migrated_url)
        assert await read() == (dict.fromkeys(documents, "character varying"), document)
        await downgrade(migrated_url, "0005")
        assert (await read())[1] == document
        await upgrade(migrated_url)
    finally:
        await engine.dispose()
