"""Round summaries in the reply, built from the round's log only; a command's cost does not grow with the log."""

import pytest
from services_kit import (
    BOB,
    CAROL,
    CHANNEL,
    GM,
    OTHER_CHANNEL,
    SURE_HIT,
    SURE_MISS,
    TROOPER_1,
    TROOPER_2,
    Table,
    in_channel,
    start_duel,
)
from sqlalchemy import event

from combat.summary import Beat

pytestmark = pytest.mark.asyncio

T1, T2 = TROOPER_1.lower(), TROOPER_2.lower()


async def _play_round_one(duel: Table):
    """Crichton fells Trooper 2 (undone), then misses him; Aeryn fells Trooper 1; the GM ends the round."""
    await duel.shoot(BOB, TROOPER_2, SURE_HIT)
    await duel.run(GM, "encounter undo")
    await duel.shoot(BOB, TROOPER_2, SURE_MISS)
    await duel.shoot(CAROL, TROOPER_1, SURE_HIT)
    return await duel.run(GM, "encounter next")


async def test_the_reply_that_ends_a_round_carries_its_summary(duel: Table):
    reply = await _play_round_one(duel)
    assert reply.change is not None and reply.change.ended_round == 1
    (summary,) = reply.summaries
    assert summary.round == 1
    # The undone hit on Trooper 2 is not there: only the miss and Aeryn's hit, in order.
    assert summary.beats == (
        Beat("crichton", "shoot", T2, hit=False),
        Beat("aeryn", "shoot", T1, hit=True, wound="Near Death", track="lethal", out=True),
    )
    assert (summary.hits, summary.misses) == (1, 1)
    assert summary.down == (T1,)
    assert (T1, "unconscious") in summary.conditions
    assert not any(who == T2 for who, _ in summary.conditions)
    # Trooper 1 is out, so the next order has everyone but him.
    assert summary.next_order == (("crichton",), ("aeryn",), (T2,))


async def test_only_the_reply_that_ends_the_round_has_a_summary(duel: Table):
    replies = [await duel.shoot(BOB, TROOPER_2, SURE_MISS), await duel.shoot(CAROL, TROOPER_1, SURE_MISS)]
    assert all(r.summaries == () for r in replies)
    # The troopers' shot ends the round: the summary comes with the attack that ended it.
    last = await duel.shoot(GM, "Crichton", SURE_MISS, **{"as": TROOPER_1})
    assert last.summaries == ()  # Trooper 2 still has to act in the same slot
    final = await duel.shoot(GM, "Aeryn", SURE_MISS, **{"as": TROOPER_2})
    (summary,) = final.summaries
    assert summary.round == 1 and summary.down == ()
    assert [b.actor for b in summary.beats] == ["crichton", "aeryn", T1, T2]
    # Minions' first shots are warning shots; they hit nobody.
    assert [b.note for b in summary.beats[2:]] == ["warning shot", "warning shot"]
    assert [b.target for b in summary.beats[2:]] == ["crichton", "aeryn"] and summary.misses == 2, "no blow: no miss"
    assert summary.next_order == (("crichton",), ("aeryn",), (T1, T2))


async def test_the_second_rounds_summary_has_only_the_second_rounds_beats(duel: Table):
    await _play_round_one(duel)
    await duel.shoot(BOB, TROOPER_2, SURE_HIT)
    reply = await duel.run(CAROL, "encounter next")  # Aeryn passes; nobody else can act
    (summary,) = reply.summaries
    assert summary.round == 2
    assert summary.beats == (Beat("crichton", "shoot", T2, hit=True, wound="Near Death", track="lethal", out=True),)
    assert summary.down == (T2,)
    assert summary.next_order == (("crichton",), ("aeryn",))


class StatementCounter:
    """Count the SQL statements sent on an engine."""

    def __init__(self, engine) -> None:
        self.engine = engine.sync_engine
        self.statements: list[str] = []

    def _count(self, conn, cursor, statement, parameters, context, executemany) -> None:
        self.statements.append(statement)

    def __enter__(self) -> "StatementCounter":
        event.listen(self.engine, "before_cursor_execute", self._count)
        return self

    def __exit__(self, *exc) -> None:
        event.remove(self.engine, "before_cursor_execute", self._count)


async def _pad_log(duel: Table, channel: int, events: int) -> None:
    """Give the channel's encounter ``events`` more log entries, each an undoable action of round one."""
    async with duel.svc.db.unit_of_work(channel) as uow:
        row, encounter, *_ = await uow.encounters.get_active(channel)
        for n in range(events):
            payload = {"move": "dodge", "beats": [{"actor": "aeryn", "move": "dodge", "note": f"pad {n}"}]}
            await uow.events.append(row.id, "dodge", round=1, payload=payload, user_id=GM.user_id, before=encounter)
        await uow.commit()


async def _costs(table: Table, channel: int) -> tuple[list[str], ...]:
    """Return the SQL statements of an attack, of an attack that ends the round, and of an undo."""
    gm, bob, carol = (in_channel(c, channel) for c in (GM, BOB, CAROL))
    with StatementCounter(table.svc.db.engine) as attack:
        await table.shoot(bob, TROOPER_1, SURE_MISS)
    await table.shoot(carol, TROOPER_2, SURE_MISS)
    with StatementCounter(table.svc.db.engine) as ending:
        reply = await table.shoot(gm, "Crichton", SURE_MISS, **{"as": TROOPER_1})
        reply = await table.shoot(gm, "Crichton", SURE_MISS, **{"as": TROOPER_2})
    assert reply.summaries and reply.summaries[0].round == 1
    with StatementCounter(table.svc.db.engine) as undo:
        await table.run(gm, "encounter undo")
    return attack.statements, ending.statements, undo.statements


async def test_the_cost_of_a_command_does_not_grow_with_the_log(table: Table):
    await start_duel(table, GM)
    await start_duel(table, in_channel(GM, OTHER_CHANNEL))
    await _pad_log(table, OTHER_CHANNEL, 295)
    assert len(await table.log(GM)) == 5  # start, three adds and begin
    assert len(await table.log(in_channel(GM, OTHER_CHANNEL))) == 300

    short = await _costs(table, CHANNEL)
    long = await _costs(table, OTHER_CHANNEL)
    assert [len(s) for s in long] == [len(s) for s in short]
    assert long == short  # the very same statements, not just as many
    # An attack is a handful of statements, and none of them reads the whole log.
    attack = short[0]
    assert len(attack) <= 8
    log_reads = [s for s in attack if "FROM events" in s and "ORDER BY" in s]
    assert all("LIMIT" in s for s in log_reads)


async def test_ending_sums_up_the_round_under_way(duel: Table):
    missed = await duel.shoot(BOB, TROOPER_2, SURE_MISS)
    assert missed.summaries == ()
    (summary,) = (await duel.run(GM, "encounter end")).summaries
    assert summary.round == 1 and summary.beats == (Beat("crichton", "shoot", T2, hit=False),)

