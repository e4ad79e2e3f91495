"""Undo: the last action reverted with everything it did, repeatable, and kept in the log."""

import json

import pytest
from services_kit import BOB, CAROL, GM, ROLE_GM, SURE_HIT, SURE_MISS, TROOPER_1, TROOPER_2, Table, lethal_marks

from combat.errors import RulesError

pytestmark = pytest.mark.asyncio


def _state(export: dict) -> str:
    """Return everything in an export but the log, as canonical JSON."""
    return json.dumps({k: v for k, v in export.items() if k != "log"}, sort_keys=True)


async def test_undo_of_an_attack_removes_the_wound_and_gives_back_the_turn(duel: Table):
    before = await duel.export()
    reply = await duel.shoot(BOB, TROOPER_1, SURE_HIT)
    assert reply.summaries == ()
    hurt = await duel.combatant(TROOPER_1)
    assert lethal_marks(hurt) == 1 and "unconscious" in hurt["status"]
    assert (await duel.export())["turn"] == "Aeryn"

    undo = await duel.run(GM, "encounter undo")
    assert (undo.body.seq, undo.body.kind) == (before["log"][-1]["seq"] + 1, "attack")
    after = await duel.export()
    assert _state(after) == _state(before)
    assert lethal_marks(await duel.combatant(TROOPER_1)) == 0
    assert after["turn"] == "Crichton"
    # Crichton's turn really is back: he may shoot again, and Aeryn may not.
    await duel.shoot(BOB, TROOPER_2, SURE_MISS)


async def test_undo_of_a_next_that_ended_a_round_brings_the_round_back(duel: Table):
    await duel.shoot(BOB, TROOPER_1, SURE_MISS)
    await duel.shoot(CAROL, TROOPER_2, SURE_MISS)
    late = await duel.export()
    assert late["round"] == 1 and late["turn"] == f"{TROOPER_1} and {TROOPER_2}"

    ended = await duel.run(GM, "encounter next")
    assert ended.change is not None and ended.change.ended_round == 1
    assert (await duel.export())["round"] == 2

    await duel.run(GM, "encounter undo")
    back = await duel.export()
    assert back["round"] == 1 and back["turn"] == f"{TROOPER_1} and {TROOPER_2}"
    assert _state(back) == _state(late)
    # The troopers' turn is theirs again: the GM's NPC shoots without as:.
    await duel.shoot(GM, "Crichton", SURE_MISS)


async def test_undo_is_repeatable_and_the_log_keeps_both_sides(duel: Table):
    start = await duel.export()
    await duel.shoot(BOB, TROOPER_1, SURE_HIT)
    await duel.shoot(CAROL, TROOPER_2, SURE_HIT)
    assert (await duel.export())["round"] == 2  # both troopers down: the round ended

    first = await duel.run(GM, "encounter undo")
    second = await duel.run(ROLE_GM, "encounter undo")
    assert [first.body.kind, second.body.kind] == ["attack", "attack"]
    assert first.body.seq > second.body.seq
    assert _state(await duel.export()) == _state(start)

    entries = await duel.log()
    attacks = [e for e in entries if e["kind"] == "attack"]
    undos = [e for e in entries if e["kind"] == "undo"]
    assert [a["undone"] for a in attacks] == [True, True]
    assert [u["undid"] for u in undos] == [first.body.seq, second.body.seq]
    assert [u["user"] for u in undos] == [GM.user_id, ROLE_GM.user_id]
    assert not any(u["undone"] for u in undos)
    assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))
    # The undone hits are still in the log, with their beats, for the record.
    assert all(a["beats"] and a["beats"][0]["hit"] for a in attacks)


async def test_undo_goes_back_through_begin_and_adds_then_stops(duel: Table):
    await duel.shoot(BOB, TROOPER_1, SURE_MISS)
    kinds = []
    for _ in range(5):  # the attack, begin, and the three adds
        kinds.append((await duel.run(GM, "encounter undo")).body.kind)
    assert kinds == ["attack", "encounter begin", "encounter add", "encounter add", "encounter add"]
    empty = await duel.export()
    assert empty["round"] == 0 and empty["combatants"] == []
    message = await duel.refused(GM, "encounter undo", RulesError)
    assert message == "There is nothing left to undo."


async def test_undo_in_a_new_encounter_has_nothing_to_undo(table: Table):
    await table.run(GM, "encounter start", system="farscape")
    assert await table.refused(GM, "encounter undo", RulesError) == "There is nothing left to undo."


async def test_after_an_undo_the_next_action_is_logged_and_undone_in_turn(duel: Table):
    await duel.shoot(BOB, TROOPER_1, SURE_HIT)
    await duel.run(GM, "encounter undo")
    await duel.shoot(BOB, TROOPER_2, SURE_HIT)
    assert "unconscious" in (await duel.combatant(TROOPER_2))["status"]
    assert (await duel.run(GM, "encounter undo")).body.kind == "attack"
    assert lethal_marks(await duel.combatant(TROOPER_2)) == 0
    assert lethal_marks(await duel.combatant(TROOPER_1)) == 0
    # Undo skips the undo entries and the undone attacks: next comes begin.
    assert (await duel.run(GM, "encounter undo")).body.kind == "encounter begin"
