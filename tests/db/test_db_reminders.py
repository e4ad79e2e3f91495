"""Play-by-post reminders in storage: the 0002 migration, a guild's minutes, and the turn last reminded."""

from __future__ import annotations

import pytest
from dbsamples import sample_encounter
from sqlalchemy import text
from sqlalchemy.pool import NullPool

from bot.db.engine import Database, create_engine
from bot.db.migrate import downgrade, upgrade
from bot.db.repositories import GuildSettings

pytestmark = pytest.mark.asyncio


async def test_0002_keeps_the_guilds_settings_and_reminds_nobody(db_url: str) -> None:
    await upgrade(db_url, "0001")
    engine = create_engine(db_url, poolclass=NullPool)
    try:
        async with engine.begin() as conn:
            await conn.execute(text("INSERT INTO guild_settings (guild_id, players_end_turn, allow_join) "
                                    "VALUES (5, false, true)"))
        await upgrade(db_url)
        async with engine.connect() as conn:
            row = (await conn.execute(text("SELECT players_end_turn, remind_after FROM guild_settings"))).one()
        assert (bool(row[0]), row[1]) == (False, None)
        await downgrade(db_url, "0001")
        async with engine.connect() as conn:
            columns = (await conn.execute(text("SELECT * FROM guild_settings"))).keys()
        assert "remind_after" not in columns
    finally:
        await engine.dispose()


async def encounter(db: Database, guild: int, channel: int) -> int:
    async with db.unit_of_work(channel) as uow:
        loaded = await uow.encounters.create(guild_id=guild, channel_id=channel, system="farscape", name="Moya",
                                             gm_id=1, encounter=sample_encounter())
        await uow.commit()
    return loaded.row.id


async def test_the_waiting_encounters_are_those_of_guilds_that_remind(db: Database) -> None:
    reminding = await encounter(db, 10, 100)
    await encounter(db, 20, 200)  # a guild that never set reminders
    ended = await encounter(db, 10, 101)
    async with db.unit_of_work() as uow:
        await uow.settings.save(GuildSettings(10, remind_after=30))
        await uow.settings.save(GuildSettings(30, remind_after=None))
        row = await uow.encounters.get(ended)
        assert row is not None
        await uow.encounters.end(row.row)
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert (await uow.settings.get(10)).remind_after == 30
        assert await uow.reminders.guilds() == {10}
        waiting = await uow.reminders.waiting()
        assert [(w.row.id, w.minutes, w.reminded) for w in waiting] == [(reminding, 30, None)]
        assert (await uow.reminders.of_channel(100)) is not None
        assert await uow.reminders.of_channel(200) is None
        await uow.reminders.sent(reminding, "r1:action:3:aeryn::7")
        await uow.reminders.sent(reminding, "r1:action:2:dargo::8")  # the next turn replaces the last
        await uow.commit()
    async with db.unit_of_work() as uow:
        found = await uow.reminders.of_channel(100)
        assert found is not None and found.reminded == "r1:action:2:dargo::8"
        await uow.settings.save(GuildSettings(10, remind_after=None))
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.reminders.waiting() == []
