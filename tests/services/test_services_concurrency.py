"""Many commands at once on one encounter: none lost, none applied twice, no 'database is locked'.

On SQLite and PostgreSQL, in one process (asyncio.gather on one Services) and in two processes (two Database and
Services objects on one database, sharing no in-process lock).
"""

import asyncio

import pytest
from services_kit import BOB, CAROL, GM, TROOPER_1, Table, second_process, start_duel

from bot.services import Reply, Services
from combat.errors import FrayError, NotYourTurn, RulesError

pytestmark = pytest.mark.asyncio

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


async def test_200_simultaneous_adds_are_each_applied_once(table: Table):
    await table.run(GM, "encounter start", system="farscape", name="Crowd")
    results = await asyncio.gather(
        *(table.run(GM, "encounter add", name=f"N{i}") for i in range(COMMANDS)), return_exceptions=True
    )
    _assert_no_storage_failure(results)
    assert all(isinstance(r, Reply) for r in results)
    names = [c["name"] for c in (await table.export())["combatants"]]
    assert sorted(names) == sorted(f"N{i}" for i in range(COMMANDS))
    entries = await _log(table)
    assert len(entries) == COMMANDS + 1  # start, then one entry per add
    _assert_seq_unbroken(entries)
    # Each add saw the roster the one before it left: every reply has one more combatant than the last.
    sizes = sorted(len(r.encounter.combatants) for r in results)
    assert sizes == list(range(1, COMMANDS + 1))


async def test_a_simultaneous_mix_of_adds_attacks_and_dodges(duel: Table):
    start = len(await _log(duel))
    adds = [duel.run(GM, "encounter add", name=f"N{i}") for i in range(100)]
    attacks = [duel.run(BOB, "attack", target=TROOPER_1) for _ in range(50)]
    dodges = [duel.run(CAROL, "dodge") for _ in range(50)]
    # Interleave them, so attacks and dodges arrive among the adds rather than after them.
    mixed = [task for trio in zip(adds[:50], attacks, dodges, strict=True) for task in trio] + adds[50:]
    results = await asyncio.gather(*mixed, return_exceptions=True)
    _assert_no_storage_failure(results)
    add_results = results[0:150:3] + results[150:]
    attack_results, dodge_results = results[1:150:3], results[2:150:3]
    assert all(isinstance(r, Reply) for r in add_results)
    # Crichton's turn comes once: one attack goes through, the rest are told it is not his turn.
    assert sum(isinstance(r, Reply) for r in attack_results) == 1
    assert all(isinstance(r, NotYourTurn) for r in attack_results if not isinstance(r, Reply))
    # One dodge covers the element: the first counts, the others are refused.
    assert sum(isinstance(r, Reply) for r in dodge_results) == 1
    assert all(isinstance(r, RulesError) for r in dodge_results if not isinstance(r, Reply))

    entries = await _log(duel)
    _assert_seq_unbroken(entries)
    new = entries[start:]
    assert len(new) == sum(isinstance(r, Reply) for r in results) == 102
    assert sorted(e["kind"] for e in new) == ["attack"] + ["dodge"] + ["encounter add"] * 100
    names = [c["name"] for c in (await duel.export())["combatants"]]
    assert len(names) == len(set(names)) == 4 + 100
    assert (await duel.export())["turn"] != "Crichton"


async def _adds(svc: Services, prefix: str, count: int) -> list[object]:
    table = Table(svc)
    return await asyncio.gather(
        *(table.run(GM, "encounter add", name=f"{prefix}{i}") for i in range(count)), return_exceptions=True
    )


async def test_two_processes_on_one_database_apply_every_command_once(db, db_url: str, table: Table):
    await table.run(GM, "encounter start", system="farscape", name="Crowd")
    async with second_process(db_url) as other:
        first, second = await asyncio.gather(_adds(table.svc, "A", 100), _adds(other, "B", 100))
    _assert_no_storage_failure([*first, *second])
    assert all(isinstance(r, Reply) for r in [*first, *second])
    names = sorted(c["name"] for c in (await table.export())["combatants"])
    assert names == sorted([*(f"A{i}" for i in range(100)), *(f"B{i}" for i in range(100))])
    entries = await _log(table)
    assert len(entries) == 201
    _assert_seq_unbroken(entries)
    assert len(db.locks) == 0


async def test_two_processes_playing_one_fight(db, db_url: str, table: Table):
    """Both processes take turns on one fight: every accepted command is in the log exactly once."""
    await start_duel(table)
    async with second_process(db_url) as other:
        theirs = Table(other)
        tasks = []
        for n in range(50):
            tasks.append(table.run(GM, "encounter add", name=f"A{n}"))
            mover = theirs if n % 2 else table
            tasks.append(mover.run(BOB if n % 3 else CAROL, "encounter next"))
        results = await asyncio.gather(*tasks, return_exceptions=True)
    _assert_no_storage_failure(results)
    accepted = [r for r in results if isinstance(r, Reply)]
    entries = await _log(table)
    _assert_seq_unbroken(entries)
    assert len(entries) == 5 + len(accepted)
    assert sum(1 for e in entries if e["kind"] == "encounter add") == 3 + 50
    assert sum(1 for e in entries if e["kind"] == "encounter next") == sum(
        1 for r in accepted if r.command == "encounter next"
    )
    assert len((await table.export())["combatants"]) == 4 + 50
