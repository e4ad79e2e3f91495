from dataclasses import replace

import pytest
from dbsamples import bump, counter_of, sample_encounter
from sqlalchemy import event, func, select

from bot.db.errors import ActiveEncounterExists, CharacterExists, ConcurrentUpdate
from bot.db.repositories import GuildSettings
from bot.db.rows import CombatantRow, EncounterRow, EventRow
from combat.sheet import Sheet

pytestmark = pytest.mark.asyncio

GUILD, CHANNEL, GM = 111, 222, 333


async def start(db, channel=CHANNEL, counter=0):
    async with db.unit_of_work(channel) as uow:
        loaded = await uow.encounters.create(
            guild_id=GUILD,
            channel_id=channel,
            system="farscape",
            name="Ambush",
            gm_id=GM,
            encounter=sample_encounter(counter),
        )
        await uow.commit()
    return loaded


async def test_create_then_load_the_active_encounter(db):
    created = await start(db, counter=5)
    async with db.unit_of_work(CHANNEL) as uow:
        loaded = await uow.encounters.get_active(CHANNEL)
        assert loaded is not None
        row, enc = loaded.row, loaded.encounter
        assert row.id == created.row.id
        assert (row.guild_id, row.channel_id, row.system, row.name, row.gm_id) == (
            GUILD,
            CHANNEL,
            "farscape",
            "Ambush",
            GM,
        )
        assert row.active and row.version == 1
        assert enc == sample_encounter(5)
        assert await uow.encounters.get_active(CHANNEL + 1) is None
        again = await uow.encounters.get(row.id)
        assert again is not None and again.encounter == enc


async def test_nothing_is_kept_without_commit(db):
    async with db.unit_of_work(CHANNEL) as uow:
        await uow.encounters.create(
            guild_id=GUILD, channel_id=CHANNEL, system="farscape", name="x", gm_id=GM, encounter=sample_encounter()
        )
    async with db.unit_of_work(CHANNEL) as uow:
        assert await uow.encounters.get_active(CHANNEL) is None


async def test_an_error_inside_the_block_rolls_back(db):
    await start(db)
    with pytest.raises(RuntimeError):
        async with db.unit_of_work(CHANNEL) as uow:
            row, enc, *_ = await uow.encounters.get_active(CHANNEL)
            await uow.encounters.save(row, bump(enc))
            raise RuntimeError("boom")
    async with db.unit_of_work(CHANNEL) as uow:
        row, enc, *_ = await uow.encounters.get_active(CHANNEL)
        assert counter_of(enc) == 0 and row.version == 1


async def test_one_active_encounter_per_channel(db):
    first = await start(db)
    async with db.unit_of_work(CHANNEL) as uow:
        with pytest.raises(ActiveEncounterExists):
            await uow.encounters.create(
                guild_id=GUILD,
                channel_id=CHANNEL,
                system="farscape",
                name="again",
                gm_id=GM,
                encounter=sample_encounter(),
            )
        # The unit of work survives the refusal: another channel can still start one in it.
        other = await uow.encounters.create(
            guild_id=GUILD,
            channel_id=CHANNEL + 1,
            system="farscape",
            name="other",
            gm_id=GM,
            encounter=sample_encounter(),
        )
        await uow.commit()
    async with db.unit_of_work(CHANNEL) as uow:
        row, _, *_ = await uow.encounters.get_active(CHANNEL)
        assert row.id == first.row.id
        await uow.encounters.end(row)
        assert row.version == 2 and not row.active
        await uow.commit()
    second = await start(db)
    assert second.row.id != first.row.id
    async with db.unit_of_work() as uow:
        ended = await uow.encounters.get(first.row.id)
        assert ended is not None and not ended.row.active
        assert [r.id for r in await uow.encounters.list_active(GUILD)] == sorted([second.row.id, other.row.id])


async def test_save_bumps_the_version_and_a_stale_save_is_refused(db):
    await start(db)
    async with db.unit_of_work(CHANNEL) as uow:
        stale_row, stale_enc, *_ = await uow.encounters.get_active(CHANNEL)
    async with db.unit_of_work(CHANNEL) as uow:
        row, enc, *_ = await uow.encounters.get_active(CHANNEL)
        await uow.encounters.save(row, bump(enc))
        assert row.version == 2
        await uow.encounters.save(row, bump(bump(enc)))
        assert row.version == 3
        await uow.commit()
    async with db.unit_of_work(CHANNEL) as uow:
        with pytest.raises(ConcurrentUpdate) as caught:
            await uow.encounters.save(stale_row, bump(stale_enc))
        assert caught.value.encounter_id == stale_row.id
        with pytest.raises(ConcurrentUpdate):
            await uow.encounters.end(stale_row)
    async with db.unit_of_work(CHANNEL) as uow:
        row, enc, *_ = await uow.encounters.get_active(CHANNEL)
        assert (row.version, counter_of(enc)) == (3, 2)


async def test_roster_follows_the_encounter(db):
    created = await start(db)
    async with db.unit_of_work(CHANNEL) as uow:
        rows = (
            (
                await uow.session.execute(
                    select(CombatantRow)
                    .where(CombatantRow.encounter_id == created.row.id)
                    .order_by(CombatantRow.position)
                )
            )
            .scalars()
            .all()
        )
        assert [(r.key, r.name, r.side, r.owner_id, r.position) for r in rows] == [
            ("crichton", "John Crichton", "moya", "1001", 0),
            ("aeryn", "Aeryn Sun", "moya", "1002", 1),
            ("pk1", "Peacekeeper", "pk", None, 2),
        ]
        assert [r.id for r in await uow.encounters.owned_by("1002")] == [created.row.id]
        row, enc, *_ = await uow.encounters.get_active(CHANNEL)
        await uow.encounters.save(row, enc.drop("aeryn"))
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.encounters.owned_by("1002") == []
        assert [r.id for r in await uow.encounters.owned_by("1001")] == [created.row.id]
        keys = (await uow.session.execute(select(CombatantRow.key).order_by(CombatantRow.position))).scalars().all()
        assert keys == ["crichton", "pk1"]


async def test_event_log_seq_last_action_and_rounds(db):
    created = await start(db)
    eid = created.row.id
    enc = created.encounter
    async with db.unit_of_work(CHANNEL) as uow:
        await uow.events.append(eid, "action", round=1, payload={"hit": True}, user_id=1001, before=enc)
        await uow.events.append(eid, "next", round=1, payload=None, user_id=GM)
        await uow.events.append(eid, "action", round=2, payload={"hit": False}, user_id=1002, before=bump(enc))
        await uow.events.append(eid, "round", round=2, payload={"round": 2})
        await uow.commit()
    async with db.unit_of_work(CHANNEL) as uow:
        logged = await uow.events.all_events(eid, states=False)
    assert [(e.seq, e.kind) for e in logged] == [(1, "action"), (2, "next"), (3, "action"), (4, "round")]
    async with db.unit_of_work(CHANNEL) as uow:
        last = await uow.events.last_action(eid)
        assert last is not None and last.seq == 3 and last.payload == {"hit": False}
        assert uow.encounters.decode("farscape", last.before) == bump(enc)
        await uow.events.mark_undone(last)
        assert last.undone
        await uow.commit()
    async with db.unit_of_work(CHANNEL) as uow:
        last = await uow.events.last_action(eid)
        assert last is not None and last.seq == 1
        assert await uow.events.last_action(eid, kinds=("spell",)) is None
        assert await uow.events.round_payloads(eid, 2) == [{"round": 2}]  # seq 3 was undone: left out
        assert await uow.events.round_payloads(eid, 1) == [{"hit": True}, None]  # in order
        everything = await uow.events.all_events(eid)
        assert [(e.seq, e.kind, e.user_id) for e in everything] == [
            (1, "action", 1001),
            (2, "next", GM),
            (3, "action", 1002),
            (4, "round", None),
        ]
        assert everything[1].payload is None and everything[1].before is None
        await uow.events.mark_undone(last)
        assert await uow.events.last_action(eid) is None


async def test_queries_stay_bounded_by_what_they_need(db):
    created = await start(db)
    async with db.unit_of_work(CHANNEL) as uow:
        for n in range(30):
            await uow.events.append(created.row.id, "action", round=n // 10, payload={"n": n}, before=created.encounter)
        await uow.commit()
    statements = []

    def record(_conn, _cursor, statement, *_args):
        statements.append(" ".join(statement.split()).lower())

    event.listen(db.engine.sync_engine, "before_cursor_execute", record)
    try:
        async with db.unit_of_work(CHANNEL) as uow:
            await uow.encounters.get_active(CHANNEL)
            loading = list(statements)
            last = await uow.events.last_action(created.row.id)
            undo = statements[len(loading) :]
            in_round = await uow.events.round_payloads(created.row.id, 1)
    finally:
        event.remove(db.engine.sync_engine, "before_cursor_execute", record)
    assert all("events" not in s for s in loading)
    assert any("from encounters" in s for s in loading)
    assert last is not None and last.payload == {"n": 29}
    assert len(undo) == 1 and "order by events.seq desc" in undo[0] and "limit" in undo[0]
    assert [p["n"] for p in in_round] == list(range(10, 20))
    if db.dialect == "postgresql":
        assert "for update" in loading[0]  # the row is locked by the first read; its state may follow, by id


async def test_characters(db):
    sheet = Sheet(traits={"agility": 2}, talents=frozenset({"lucky"}), tier="protagonist")
    async with db.unit_of_work() as uow:
        row = await uow.characters.create(
            guild_id=GUILD, owner_id=1001, system="farscape", name="Crichton", sheet=sheet
        )
        await uow.characters.create(guild_id=GUILD, owner_id=1002, system="deryni", name="crichton", sheet=Sheet())
        await uow.characters.create(
            guild_id=GUILD + 1, owner_id=1002, system="farscape", name="Crichton", sheet=Sheet()
        )
        with pytest.raises(CharacterExists):
            await uow.characters.create(
                guild_id=GUILD, owner_id=1002, system="farscape", name="CRICHTON", sheet=Sheet()
            )
        await uow.characters.create(guild_id=GUILD, owner_id=1002, system="farscape", name="Aeryn", sheet=Sheet())
        await uow.commit()
    async with db.unit_of_work() as uow:
        found = await uow.characters.find(GUILD, "farscape", " crichton ")
        assert found is not None and found.id == row.id and uow.characters.sheet(found) == sheet
        assert [c.name for c in await uow.characters.list(GUILD, system="farscape")] == ["Aeryn", "Crichton"]
        assert [c.name for c in await uow.characters.list(GUILD, owner_id=1002)] == ["Aeryn", "crichton"]
        aeryn = await uow.characters.find(GUILD, "farscape", "aeryn")
        with pytest.raises(CharacterExists):
            await uow.characters.update(aeryn, name="Crichton")
        assert aeryn.name == "Aeryn"
        await uow.characters.update(found, sheet=replace(sheet, tier="ally"), name="John")
        await uow.commit()
    async with db.unit_of_work() as uow:
        john = await uow.characters.get(row.id)
        assert john is not None and john.name == "John" and uow.characters.sheet(john).tier == "ally"
        await uow.characters.delete(john)
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.characters.get(row.id) is None
        count = (await uow.session.execute(select(func.count()).select_from(EncounterRow))).scalar_one()
        assert count == 0


async def test_guild_settings_default_then_saved(db):
    async with db.unit_of_work() as uow:
        assert await uow.settings.get(GUILD) == GuildSettings(GUILD, None, None, True, True)
        await uow.settings.save(GuildSettings(GUILD, gm_role_id=9, players_end_turn=False))
        assert await uow.settings.get(GUILD) == GuildSettings(GUILD, 9, None, False, True)
        await uow.settings.save(GuildSettings(GUILD, gm_role_id=None, summary_channel_id=7, allow_join=False))
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert await uow.settings.get(GUILD) == GuildSettings(GUILD, None, 7, True, False)
        assert await uow.settings.get(GUILD + 1) == GuildSettings(GUILD + 1)


async def test_events_go_with_their_encounter(db):
    created = await start(db)
    async with db.unit_of_work(CHANNEL) as uow:
        await uow.events.append(created.row.id, "action", round=1, before=created.encounter)
        await uow.session.delete(await uow.session.get(EncounterRow, created.row.id))
        await uow.commit()
    async with db.unit_of_work() as uow:
        assert (await uow.session.execute(select(func.count()).select_from(EventRow))).scalar_one() == 0
        assert (await uow.session.execute(select(func.count()).select_from(CombatantRow))).scalar_one() == 0
