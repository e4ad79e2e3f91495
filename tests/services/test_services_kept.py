"""A command starts from the encounter this process kept, reading nothing, and is never answered from a stale one.

Another process's save, a refusal worked out on a state moved on since, and settings changed elsewhere or here: each
ends with the answer a command reading the database first would have given.
"""

import pytest
from services_kit import BOB, CAROL, GM, ROLE_GM, SURE_MISS, TROOPER_1, TROOPER_2, Table, second_process

from bot.services.core import Services
from combat.errors import FrayError, NotYourTurn

pytestmark = pytest.mark.asyncio


def _count_scenes(svc: Services) -> list[int]:
    """Record the version each run of a command starts from (a run again after a conflict adds one)."""
    starts: list[int] = []
    original = svc.scene

    async def counted(uow, caller, **options):
        scene = await original(uow, caller, **options)
        starts.append(scene.row.version)
        return scene

    svc.scene = counted  # type: ignore[method-assign]
    return starts


async def _kinds(table: Table) -> list[str]:
    return [entry["kind"] for entry in (await table.export())["log"]]


async def test_a_turn_taken_in_another_process_is_not_refused_here_on_the_kept_state(duel: Table, db_url: str):
    await duel.shoot(BOB, TROOPER_1, SURE_MISS)  # kept here: Aeryn's turn
    async with second_process(db_url) as other:
        await Table(other).shoot(CAROL, TROOPER_2, SURE_MISS)  # the troopers' turn now
    starts = _count_scenes(duel.svc)
    reply = await duel.shoot(GM, "Crichton", SURE_MISS, **{"as": TROOPER_1})  # refused on the kept state alone
    assert reply.result is not None and len(starts) == 2 and starts[1] == starts[0] + 1  # checked, run again
    assert (await _kinds(duel))[-3:] == ["attack", "attack", "attack"]


async def test_a_turn_already_taken_in_another_process_is_refused_here_and_gives_its_dice_back(
    duel: Table, db_url: str
):
    await duel.shoot(BOB, TROOPER_1, SURE_MISS)
    async with second_process(db_url) as other:
        await Table(other).shoot(CAROL, TROOPER_2, SURE_MISS)
        before = await _kinds(Table(other))  # read there: a read here would keep the new state
    duel.dice.queue(CAROL.channel_id, SURE_MISS)
    starts = _count_scenes(duel.svc)
    with pytest.raises(NotYourTurn):  # allowed on the kept state; its save finds the row moved on; run again
        await duel.run(CAROL, "attack", target=TROOPER_2)
    assert len(starts) == 2
    assert await _kinds(duel) == before  # nothing logged
    assert duel.dice.queued(CAROL.channel_id) == len(SURE_MISS)  # the lost run's faces were put back


async def test_a_refusal_on_a_kept_state_still_stored_stands_after_one_check(duel: Table, lane_sent: list[str]):
    await duel.shoot(BOB, TROOPER_1, SURE_MISS)  # Aeryn's turn
    lane_sent.clear()
    starts = _count_scenes(duel.svc)
    await duel.refused(BOB, "attack", NotYourTurn, target=TROOPER_2)
    sent = [s.split()[0] for s in lane_sent if "FROM encounters" in s or not s.startswith("SELECT")]
    reads = [s for s in lane_sent if s.startswith("SELECT") and "LEFT OUTER JOIN guild_settings" in s]
    assert len(starts) == 1 and len(reads) == 1  # the version is checked once, and nothing is written
    assert not [s for s in sent if s in ("UPDATE", "INSERT", "WITH")]


async def test_settings_changed_in_another_process_reach_a_kept_encounter(duel: Table, db_url: str):
    await duel.shoot(BOB, TROOPER_1, SURE_MISS)
    await duel.shoot(CAROL, TROOPER_2, SURE_MISS)
    await duel.shoot(GM, "Crichton", SURE_MISS, **{"as": TROOPER_1})  # all kept here, no summary channel set
    async with second_process(db_url) as other:
        await Table(other).run(ROLE_GM, "encounter settings", summary_channel="4242")
    reply = await duel.shoot(GM, "Crichton", SURE_MISS, **{"as": TROOPER_2})  # the round ends
    assert reply.summaries and reply.summary_channel == 4242


async def test_settings_changed_here_are_used_at_once_without_a_conflict(duel: Table):
    await duel.shoot(BOB, TROOPER_1, SURE_MISS)
    await duel.shoot(CAROL, TROOPER_2, SURE_MISS)
    await duel.shoot(GM, "Crichton", SURE_MISS, **{"as": TROOPER_1})
    await duel.run(ROLE_GM, "encounter settings", summary_channel="4242")
    starts = _count_scenes(duel.svc)
    reply = await duel.shoot(GM, "Crichton", SURE_MISS, **{"as": TROOPER_2})
    assert reply.summary_channel == 4242 and len(starts) == 1  # read afresh, not run twice


async def test_a_fight_ended_and_started_again_elsewhere_is_the_one_a_command_here_acts_on(
    duel: Table, db_url: str
):
    await duel.shoot(BOB, TROOPER_1, SURE_MISS)  # the first fight kept here
    async with second_process(db_url) as other:
        elsewhere = Table(other)
        await elsewhere.run(GM, "encounter end")
        await elsewhere.run(GM, "encounter start", system="farscape", name="Second")
    refusal = await duel.refused(CAROL, "attack", target=TROOPER_2)  # Aeryn's turn in the kept fight only
    assert refusal.startswith("You have no combatant in this fight"), refusal  # judged on the new, empty one
    assert (await duel.export())["name"] == "Second"


async def test_the_last_round_s_summary_on_end_goes_where_the_guild_wants_summaries(duel: Table):
    await duel.run(ROLE_GM, "encounter settings", summary_channel="4242")
    await duel.shoot(BOB, TROOPER_1, SURE_MISS)
    ended = await duel.run(GM, "encounter end")
    assert ended.summaries and ended.summary_channel == 4242


async def test_a_summary_channel_or_gm_role_is_cleared_by_name(duel: Table):
    # On Discord a channel or role option cannot be given 'none': clear: names the setting instead.
    await duel.run(ROLE_GM, "encounter settings", summary_channel="4242", gm_role="77")
    shown = await duel.run(ROLE_GM, "encounter settings", clear="summary_channel")
    assert shown.body.settings["summary_channel_id"] is None and shown.body.settings["gm_role_id"] == 77
    with pytest.raises(FrayError, match="not both"):
        await duel.run(ROLE_GM, "encounter settings", gm_role="78", clear="gm_role")
