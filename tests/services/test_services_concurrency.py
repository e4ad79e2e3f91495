"""Many commands at once on one encounter: none lost, none applied twice, no 'database is locked'.

On SQLite and PostgreSQL, in one process (asyncio.gather on one Services) and in two processes (two Database and
Services objects on one database, sharing no in-process lock).
"""

import asyncio
from dataclasses import replace

import pytest
from services_kit import BOB, CAROL, GM, TROOPER_1, Table, second_process

from bot.db.errors import ActiveEncounterExists, CharacterExists
from bot.services import Reply, Services
from bot.services.roster import MAX_ROSTER
from combat.errors import FrayError, InvalidInput, NotYourTurn, RulesError

pytestmark = [pytest.mark.asyncio, pytest.mark.slow]  # hundreds of concurrent commands

COMMANDS = 200


async def _log(table: Table) -> list[dict]:
    return await table.log(GM)


def _assert_seq_unbroken(entries: list[dict]) -> None:
    assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))


def _assert_no_storage_failure(results: list[object]) -> None:
    """Every outcome is a reply or a player-readable refusal: no driver error, no 'database is locked'."""
    for outcome in results:
        assert isinstance(outcome, Reply | FrayError), repr(outcome)
        assert "locked" not in str(outcome).lower()


async def test_200_simultaneous_adds_fill_the_roster_exactly_once(table: Table):
    await table.run(GM, "encounter start", system="farscape", name="Crowd")
    results = await asyncio.gather(
        *(table.run(GM, "encounter add", name=f"N{i}") for i in range(COMMANDS)), return_exceptions=True
    )
    _assert_no_storage_failure(results)
    added = [r for r in results if isinstance(r, Reply)]
    assert len(added) == MAX_ROSTER
    assert all(isinstance(r, InvalidInput) and "at most 100" in r.message for r in results if r not in added)
    names = [c["name"] for c in (await table.export())["combatants"]]
    assert len(names) == MAX_ROSTER and set(names) <= {f"N{i}" for i in range(COMMANDS)}
    entries = await _log(table)
    assert len(entries) == MAX_ROSTER + 1  # start, then one entry per add that got in
    _assert_seq_unbroken(entries)
    # Each add saw the roster the one before it left: every reply has one more combatant than the last.
    sizes = sorted(len(r.encounter.combatants) for r in added)
    assert sizes == list(range(1, MAX_ROSTER + 1))


async def test_a_simultaneous_mix_of_adds_attacks_and_dodges(duel: Table):
    start = len(await _log(duel))
    adds = [duel.run(GM, "encounter add", name=f"N{i}") for i in range(60)]
    attacks = [duel.run(BOB, "attack", target=TROOPER_1) for _ in range(70)]
    dodges = [duel.run(CAROL, "dodge") for _ in range(70)]
    # Interleave them, so attacks and dodges arrive among the adds rather than after them.
    mixed = [task for trio in zip(adds, attacks, dodges, strict=False) for task in trio] + attacks[60:] + dodges[60:]
    assert len(mixed) == COMMANDS
    results = await asyncio.gather(*mixed, return_exceptions=True)
    _assert_no_storage_failure(results)
    add_results = results[0:180:3]
    attack_results = results[1:180:3] + results[180:190]
    dodge_results = results[2:180:3] + results[190:]
    assert all(isinstance(r, Reply) and r.command == "encounter add" for r in add_results)
    # Crichton's turn comes once: one attack goes through, the rest are told it is not his turn.
    assert sum(isinstance(r, Reply) for r in attack_results) == 1
    assert all(isinstance(r, NotYourTurn) for r in attack_results if not isinstance(r, Reply))
    # One dodge covers the element: the first counts, the others are refused.
    assert sum(isinstance(r, Reply) for r in dodge_results) == 1
    assert all(isinstance(r, RulesError) for r in dodge_results if not isinstance(r, Reply))

    entries = await _log(duel)
    _assert_seq_unbroken(entries)
    new = entries[start:]
    assert len(new) == sum(isinstance(r, Reply) for r in results) == 62
    assert sorted(e["kind"] for e in new) == ["attack"] + ["dodge"] + ["encounter add"] * 60
    exported = await duel.export()
    names = [c["name"] for c in exported["combatants"]]
    assert len(names) == len(set(names)) == 4 + 60
    assert exported["turn"] != "Crichton"
    assert "dodging" in next(c for c in exported["combatants"] if c["name"] == "Aeryn")["status"]


async def _process(svc: Services, prefix: str) -> list[object]:
    """One bot process's 100 commands on the fight: 40 adds and 60 turn ends by the GM, all at once."""
    table = Table(svc)
    commands = [
        table.run(GM, "encounter add", name=f"{prefix}{n // 5 * 2 + n % 5}")
        if n % 5 < 2
        else table.run(GM, "encounter next")
        for n in range(100)
    ]
    return await asyncio.gather(*commands, return_exceptions=True)


async def test_two_processes_on_one_database_apply_every_command_once(db, db_url: str, duel: Table):
    start = len(await _log(duel))
    async with second_process(db_url) as other:
        first, second = await asyncio.gather(_process(duel.svc, "A"), _process(other, "B"))
    results = [*first, *second]
    _assert_no_storage_failure(results)
    assert all(isinstance(r, Reply) for r in results)

    entries = await _log(duel)
    _assert_seq_unbroken(entries)
    new = entries[start:]
    assert len(new) == 200
    assert sum(1 for e in new if e["kind"] == "encounter next") == 120
    names = [c["name"] for c in (await duel.export())["combatants"]]
    assert names[:4] == ["Crichton", "Aeryn", TROOPER_1, "Peacekeeper trooper 2"]
    assert sorted(names[4:]) == sorted(f"{p}{n}" for p in "AB" for n in range(40))
    # Every turn end moved the fight on exactly once: the rounds ended add up.
    ended = [r.change.ended_round for r in results if r.change is not None and r.change.ended_round]
    assert sorted(ended) == list(range(1, len(ended) + 1))
    assert (await duel.export())["round"] == len(ended) + 1
    assert len(db.locks) == 0


async def test_simultaneous_starts_in_one_channel_make_one_encounter(db_url: str, table: Table):
    async with second_process(db_url) as other:
        starts = [
            Table(svc).run(replace(GM, user_id=GM.user_id + n), "encounter start", system="farscape", name=f"E{n}")
            for n, svc in enumerate([table.svc, other] * 10)
        ]
        results = await asyncio.gather(*starts, return_exceptions=True)
    _assert_no_storage_failure(results)
    won = [r for r in results if isinstance(r, Reply)]
    assert len(won) == 1
    assert all(isinstance(r, ActiveEncounterExists) for r in results if not isinstance(r, Reply))
    exported = await table.export()
    assert exported["name"] == won[0].body.name
    assert [e["kind"] for e in exported["log"]] == ["start"]


async def test_simultaneous_characters_of_one_name_make_one_character(db_url: str, table: Table):
    async with second_process(db_url) as other:
        creates = [
            Table(svc).run(replace(BOB, user_id=BOB.user_id + n), "character create", name="Rygel", system="farscape")
            for n, svc in enumerate([table.svc, other] * 10)
        ]
        results = await asyncio.gather(*creates, return_exceptions=True)
    _assert_no_storage_failure(results)
    assert sum(isinstance(r, Reply) for r in results) == 1
    assert all(isinstance(r, CharacterExists) for r in results if not isinstance(r, Reply))
    assert len((await table.run(BOB, "character list")).body.characters) == 1


@pytest.mark.parametrize("backend", [pytest.param("postgresql", marks=pytest.mark.postgresql)])
async def test_a_command_beaten_by_another_process_runs_again_on_its_state(db_url: str, duel: Table):
    from services_kit import SURE_MISS

    mine = duel.svc
    loads: list[int] = []
    original = mine.scene

    async def load_then_let_the_other_process_in(uow, caller, **options):
        scene = await original(uow, caller, **options)
        loads.append(scene.row.version)
        if len(loads) == 1:  # between this command's read and its save, another process saves first
            async with second_process(db_url) as other:
                await Table(other).run(GM, "encounter add", template="peacekeeper trooper", name="Late")
        return scene

    mine.scene = load_then_let_the_other_process_in  # type: ignore[method-assign]
    reply = await duel.shoot(BOB, TROOPER_1, SURE_MISS)
    assert len(loads) == 2 and loads[1] == loads[0] + 1  # run again, on the other process's save
    assert reply.encounter is not None
    exported = await duel.export()
    assert [e["kind"] for e in exported["log"]][-2:] == ["encounter add", "attack"]  # both logged, each once
    assert "Late" in [c["name"] for c in exported["combatants"]]
