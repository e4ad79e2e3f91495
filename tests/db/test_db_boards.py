"""Status boards and posted summaries in storage (the 0007 and 0008 migrations), and 0009's settings touches."""

from __future__ import annotations

import pytest
from dbsamples import sample_encounter
from sqlalchemy import text
from sqlalchemy.pool import NullPool

from bot.db.engine import Database, create_engine
from bot.db.migrate import downgrade, upgrade
from bot.db.repositories.boards import PostedSummary

pytestmark = pytest.mark.asyncio


async def encounter(db: Database, channel: int) -> int:
    async with db.unit_of_work(channel) as uow:
        loaded = await uow.encounters.create(guild_id=10, channel_id=channel, system="farscape", name="Moya",
                                             gm_id=1, encounter=sample_encounter())
        await uow.commit()
    return loaded.row.id


async def test_0007_adds_the_boards_and_takes_them_away(db_url: str) -> None:
    await upgrade(db_url, "0006")
    engine = create_engine(db_url, poolclass=NullPool)
    try:
        await upgrade(db_url)
        async with engine.connect() as conn:
            assert (await conn.execute(text("SELECT count(*) FROM status_boards"))).scalar_one() == 0
        await downgrade(db_url, "0006")
        async with engine.connect() as conn:
            tables = (await conn.execute(text(
                "SELECT table_name FROM information_schema.tables WHERE table_name = 'status_boards'"
                if engine.dialect.name == "postgresql" else
                "SELECT name FROM sqlite_master WHERE name = 'status_boards'"))).all()
        assert tables == []
    finally:
        await engine.dispose()


async def test_each_active_encounter_shows_its_last_board_and_an_ended_one_none(db: Database) -> None:
    await encounter(db, 100)
    ended = await encounter(db, 101)
    async with db.unit_of_work() as uow:
        assert await uow.boards.posted(100, 9001)
        assert await uow.boards.posted(100, 9002), "a board posted anew replaces the one before"
        assert await uow.boards.posted(101, 9100)
        assert not await uow.boards.posted(102, 9200), "no fight in that channel: nothing is noted"
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.boards.shown() == {100: 9002, 101: 9100}
        row = await uow.encounters.get(ended)
        assert row is not None
        await uow.encounters.end(row.row)
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.boards.shown() == {100: 9002}
    await encounter(db, 101)  # a new fight in the channel does not take up the ended one's board
    async with db.unit_of_work() as uow:
        assert await uow.boards.shown() == {100: 9002}


async def test_0008_adds_the_posted_summaries_and_takes_them_away(db_url: str) -> None:
    await upgrade(db_url, "0007")
    engine = create_engine(db_url, poolclass=NullPool)
    try:
        await upgrade(db_url)
        async with engine.connect() as conn:
            assert (await conn.execute(text("SELECT count(*) FROM round_summaries"))).scalar_one() == 0
        await downgrade(db_url, "0007")
        async with engine.connect() as conn:
            with pytest.raises(Exception, match="round_summaries"):
                await conn.execute(text("SELECT count(*) FROM round_summaries"))
    finally:
        await engine.dispose()


async def test_each_active_encounter_keeps_its_posted_summaries_until_an_undo_takes_them_back(db: Database) -> None:
    fight = await encounter(db, 100)
    async with db.unit_of_work() as uow:
        for round_number in (1, 2, 3):
            assert await uow.boards.summary_posted(100, PostedSummary(round_number, 555, 9000 + round_number, fight))
        assert await uow.boards.summary_posted(100, PostedSummary(3, 555, 9999)), "posted anew: replaces the last"
        assert not await uow.boards.summary_posted(101, PostedSummary(1, 555, 1)), "no fight in that channel"
        assert not await uow.boards.summary_posted(100, PostedSummary(4, 555, 1, fight + 1)), "another fight's"
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.boards.summaries() == {100: [PostedSummary(1, 555, 9001, fight),
                                                      PostedSummary(2, 555, 9002, fight),
                                                      PostedSummary(3, 555, 9999, fight)]}
        assert await uow.boards.summaries_taken_back(100, 2, fight + 1) == []  # another fight's undo: none of these
        assert await uow.boards.summaries_taken_back(100, 2, fight) == [PostedSummary(2, 555, 9002, fight),
                                                                         PostedSummary(3, 555, 9999, fight)]
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.boards.summaries() == {100: [PostedSummary(1, 555, 9001, fight)]}


async def test_a_board_is_noted_for_its_own_fight_only_while_that_fight_is_active(db: Database) -> None:
    fight = await encounter(db, 100)
    async with db.unit_of_work() as uow:
        assert not await uow.boards.posted(100, 7, fight + 1), "an ended fight's board is nobody's"
        assert await uow.boards.posted(100, 8, fight)
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.boards.shown() == {100: 8}


async def test_0009_counts_the_settings_touches_from_zero_and_takes_them_away(db_url: str) -> None:
    await upgrade(db_url, "0008")
    engine = create_engine(db_url, poolclass=NullPool)
    try:
        async with engine.begin() as conn:
            await conn.execute(text("INSERT INTO encounters (guild_id, channel_id, system, name, gm_id, version, "
                                    "state) VALUES (10, 100, 'farscape', 'Moya', 1, 7, '{}')"))
        await upgrade(db_url)
        async with engine.connect() as conn:
            assert (await conn.execute(text("SELECT version, touched FROM encounters"))).one() == (7, 0)
        await downgrade(db_url, "0008")
        async with engine.connect() as conn:
            assert (await conn.execute(text("SELECT version FROM encounters"))).scalar_one() == 7
            with pytest.raises(Exception, match="touched"):
                await conn.execute(text("SELECT touched FROM encounters"))
    finally:
        await engine.dispose()


async def test_a_summary_posted_after_its_fight_ended_is_noted_with_that_fight(db: Database) -> None:
    # The end of a fight ends its last round: that summary goes out after the end, and an undo may reopen the fight.
    fight = await encounter(db, 100)
    async with db.unit_of_work() as uow:
        row = await uow.encounters.get(fight)
        assert row is not None
        await uow.encounters.end(row.row)
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.boards.summary_posted(100, PostedSummary(2, 555, 9002, fight))
        assert not await uow.boards.summary_posted(100, PostedSummary(2, 555, 9003)), "no fight named, none active"
        assert not await uow.boards.summary_posted(101, PostedSummary(2, 555, 9004, fight)), "not that channel's"
        await uow.commit()
