"""Encounters kept decoded between commands are exactly what the database holds, and never what was rolled back."""

import json
from dataclasses import replace

import pytest
from services_kit import BOB, CAROL, GM, SURE_HIT, SURE_MISS, TROOPER_1, TROOPER_2, Table, second_process, start_duel
from sqlalchemy import text

from bot.db.cache import EncounterCache, Kept
from bot.db.codec import encode_encounter, encode_encounter_reusing
from bot.db.connect import dumps
from bot.db.repositories.guild_settings import GuildSettings


async def _stored(table: Table) -> tuple[int, int, dict]:
    async with table.svc.db.unit_of_work() as uow:
        found = (await uow.session.execute(text("SELECT id, version, state FROM encounters WHERE active"))).one()
    state = found[2]
    return found[0], found[1], state if isinstance(state, dict) else json.loads(state)


async def _assert_kept_is_stored(table: Table) -> None:
    encounter_id, version, state = await _stored(table)
    kept = table.svc.db.cache.get(encounter_id, version)
    assert kept is not None
    assert json.loads(kept.text) == state  # the document, piece for piece
    async with table.svc.db.unit_of_work() as uow:
        assert kept.encounter == uow.encounters.decode("farscape", state)  # and what decoding it gives


@pytest.mark.asyncio
async def test_every_command_leaves_kept_what_is_stored(table: Table):
    await start_duel(table)
    await _assert_kept_is_stored(table)
    for caller, target, faces in ((BOB, TROOPER_1, SURE_HIT), (CAROL, TROOPER_2, SURE_MISS)):
        await table.shoot(caller, target, faces)
        await _assert_kept_is_stored(table)
    await table.run(GM, "encounter undo")
    await _assert_kept_is_stored(table)


@pytest.mark.asyncio
async def test_a_save_never_committed_is_not_kept(table: Table):
    await start_duel(table)
    before = await table.snapshot()
    async with table.svc.db.unit_of_work(GM.channel_id) as uow:
        loaded = await uow.encounters.get_active(GM.channel_id)
        assert loaded is not None
        await uow.encounters.save(loaded.row, loaded.encounter.__class__(loaded.encounter.system))  # everyone gone
        # no commit: the unit of work rolls back
    assert await table.snapshot() == before
    await table.shoot(BOB, TROOPER_1, SURE_MISS)  # still a fight with Crichton and the troopers in it
    await _assert_kept_is_stored(table)


@pytest.mark.asyncio
async def test_another_process_writing_is_seen(table: Table, db_url: str):
    await start_duel(table)
    await table.shoot(BOB, TROOPER_1, SURE_MISS)  # kept in this process
    async with second_process(db_url) as other:
        await Table(other).shoot(CAROL, TROOPER_2, SURE_HIT)
    _, version, _ = await _stored(table)
    exported = await table.export()
    fallen = next(c for c in exported["combatants"] if c["name"] == TROOPER_2)
    assert fallen["status"]  # the other process's hit shows here
    await _assert_kept_is_stored(table)
    assert table.svc.db.cache.get((await _stored(table))[0], version) is not None


@pytest.mark.asyncio
async def test_unchanged_combatants_keep_their_documents(table: Table):
    await start_duel(table)
    async with table.svc.db.unit_of_work() as uow:
        loaded = await uow.encounters.get_active(GM.channel_id)
    assert loaded is not None
    pieces, text = encode_encounter_reusing(loaded.encounter, {})
    assert json.loads(text) == encode_encounter(loaded.encounter) and text == dumps(json.loads(text))
    again, text_again = encode_encounter_reusing(loaded.encounter, pieces)
    assert text_again == text
    assert all(again[k][1] is pieces[k][1] for k in pieces)  # each combatant's text reused, not re-made
    marked = {key: (c, '{"marked":1}') for key, (c, _) in pieces.items()}  # a reused text is taken as it is
    assert '{"marked":1}' in encode_encounter_reusing(loaded.encounter, marked)[1]
    other = {key: (replace(c), t) for key, (c, t) in marked.items()}  # an equal copy is not the same object
    assert encode_encounter_reusing(loaded.encounter, other)[1] == text


def test_the_cache_is_bounded_and_forgets_the_least_recently_used():
    cache = EncounterCache(2)
    kept = {n: Kept(1, None, "{}", {}) for n in (1, 2, 3)}  # type: ignore[arg-type]
    cache.put(1, kept[1])
    cache.put(2, kept[2])
    assert cache.get(1, 1) is kept[1]  # 1 is now the most recent
    cache.put(3, kept[3])
    assert len(cache) == 2 and cache.get(2, 1) is None and cache.get(1, 1) is kept[1]
    assert cache.get(1, 2) is None  # another version is not this one
    cache.drop(1)
    assert cache.get(1, 1) is None


def _as_active(channel: int, guild: int = 10, *, active: bool = True) -> Kept:
    """Return an entry kept as a channel's active encounter (its row's other columns and its guild's settings)."""
    return Kept(1, None, "{}", {}, head={"channel_id": channel, "active": active},  # type: ignore[arg-type]
                settings=GuildSettings(guild))


def test_a_channels_active_encounter_is_kept_once_and_forgotten_with_it():
    cache = EncounterCache(2)
    cache.put(1, _as_active(100))
    cache.put(2, _as_active(200, guild=20))
    assert cache.active(100) is cache.get(1, 1) and cache.active(200) is cache.get(2, 1)
    cache.put(3, _as_active(100))  # a new fight in channel 100: the old one is no longer its active one
    assert cache.active(100) is cache.get(3, 1) and cache.get(1, 1) is None
    cache.put(4, _as_active(300))  # beyond the size: the least recently used goes, and its channel with it
    assert cache.active(200) is None and cache.channels() == 2 and len(cache) == 2
    cache.drop_guild(10)  # settings changed in guild 10: nothing of it is taken as kept any more
    assert cache.active(100) is None and cache.active(300) is None and cache.channels() == 0


def test_an_encounter_kept_without_its_channel_is_never_taken_as_the_channels():
    cache = EncounterCache(4)
    cache.put(1, Kept(1, None, "{}", {}))  # type: ignore[arg-type]  # read by id: no settings with it
    cache.put(2, _as_active(200, active=False))  # ended
    assert cache.active(200) is None and cache.channels() == 0 and len(cache) == 2
