"""Round summaries through the real client: after the answers in flight, yet never after the channel's next answer."""

from __future__ import annotations

import asyncio

import pytest
from answering_kit import note_waits
from discord_double import SEND_MESSAGES, StoredMessage
from fray_kit import Fray
from test_e2e_encounter import set_the_scene

from bot.discord.client import FrayBot


def summaries(fray: Fray) -> list[StoredMessage]:
    return [m for m in fray.double.messages() if m.embeds and m.embeds[0].get("title", "").endswith("summary")]


async def _end_the_round(fray: Fray, bot: FrayBot, number: int = 1) -> StoredMessage:
    """Pass turns until round ``number`` is over; return the answer that ended it."""
    for _ in range(10):
        answer = await fray.answer(fray.gm, "encounter next")
        if bot.rosters[fray.double.channel_id][1].turns.round == number + 1:
            return answer
    pytest.fail(f"round {number} did not end in 10 turns")


async def _play_rounds(fray: Fray, bot: FrayBot, count: int) -> None:
    """Set the scene, begin, and pass turns until ``count`` rounds are over."""
    await set_the_scene(fray)
    await fray.answer(fray.gm, "encounter begin")
    for number in range(1, count + 1):
        await _end_the_round(fray, bot, number)


async def _round_one_posted_again(fray: Fray, bot: FrayBot) -> None:
    """End round 1 (again, after an undo): its summary is posted once, the only one in the channels."""
    await _end_the_round(fray, bot)
    again = await fray.double.wait_for(lambda: summaries(fray) or None, what="the round 1 summary again")
    assert [m.embeds[0]["title"] for m in again] == ["Round 1 summary"], "posted once, not twice"


@pytest.mark.asyncio
async def test_a_summary_waits_for_the_commands_in_flight_but_comes_before_its_channels_next_answer(
    fray: Fray,
) -> None:
    other = fray.double.add_channel("elsewhere")
    async with fray.running() as bot:
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        waiting = note_waits(bot)  # every command deferred; ``waiting`` set once background work waits
        async with bot.services.db.locks.get(other):  # a command in another channel waits here, being answered
            held = await fray.double.invoke("encounter start", {"system": "farscape"}, user=fray.gm, channel=other)
            assert (await held.response()).type == 5
            ended = await _end_the_round(fray, bot)
            async with asyncio.timeout(10):
                await waiting.wait()
            assert summaries(fray) == [], "the summary waits while a command is being answered"
            following = await fray.answer(fray.gm, "encounter next")  # the other command is still held
            [summary] = summaries(fray)
            assert summary.embeds[0]["title"] == "Round 1 summary"
            order = [m.id for m in fray.double.messages()]
            assert order.index(ended.id) < order.index(summary.id) < order.index(following.id)
            assert fray.double.pinged(summary) == set()
        await held.followups(1)


@pytest.mark.asyncio
async def test_an_undo_back_into_a_round_takes_its_summary_back_and_its_end_posts_it_anew(fray: Fray) -> None:
    async with fray.running() as bot:
        await _play_rounds(fray, bot, 1)
        posted = await fray.double.wait_for(lambda: summaries(fray) or None, what="the round 1 summary")
        await fray.answer(fray.gm, "encounter undo")  # back into round 1: its summary is gone
        await fray.double.wait_for(lambda: not summaries(fray) or None, what="the summary taken back")
        assert fray.double.message(posted[0].id).deleted
        await _round_one_posted_again(fray, bot)


@pytest.mark.asyncio
async def test_an_undo_back_over_two_rounds_takes_both_summaries_back_and_each_end_posts_one(fray: Fray) -> None:
    async with fray.running() as bot:
        await _play_rounds(fray, bot, 2)
        posted = await fray.double.wait_for(lambda: (len(summaries(fray)) == 2 and summaries(fray)) or None,
                                            what="the summaries of rounds 1 and 2")
        while bot.rosters[fray.double.channel_id][1].turns.round > 1:
            await fray.answer(fray.gm, "encounter undo")
        await fray.double.wait_for(lambda: not summaries(fray) or None, what="both summaries taken back")
        assert all(fray.double.message(m.id).deleted for m in posted)
        await _round_one_posted_again(fray, bot)


@pytest.mark.asyncio
async def test_the_summary_channel_is_set_and_cleared_on_discord(fray: Fray) -> None:
    # A channel option cannot be given 'none' on Discord: clear:summary_channel takes it back.
    elsewhere = fray.double.add_channel("summaries")
    async with fray.running() as bot:
        owner = fray.double.owner_id
        shown = await fray.answer(owner, "encounter settings", summary_channel=str(elsewhere))
        assert f"summary_channel: <#{elsewhere}>" in shown.embeds[0]["description"], "Discord shows its name"
        assert fray.double.pinged(shown) == set()
        await _play_rounds(fray, bot, 1)
        [posted] = await fray.double.wait_for(lambda: summaries(fray) or None, what="the summary")
        assert posted.channel_id == elsewhere
        fields = {f["name"]: f["value"] for f in posted.embeds[0].get("fields", [])}
        assert fields["Fight"] == f"<#{fray.double.channel_id}>", "a shared summary channel names the fight's channel"
        assert fray.double.pinged(posted) == set()
        cleared = await fray.answer(owner, "encounter settings", clear="summary_channel")
        assert "summary_channel: none" in cleared.embeds[0]["description"]


def hold_summaries(bot: FrayBot) -> asyncio.Event:
    """Hold every summary's post until the returned event is set (as Discord's rate limit would)."""
    gate = asyncio.Event()
    original = bot.summaries._target

    async def held(channel_id: int, chosen: int | None) -> object:
        target = await original(channel_id, chosen)
        await gate.wait()
        return target

    bot.summaries._target = held  # type: ignore[method-assign]
    return gate


@pytest.mark.asyncio
async def test_a_summary_held_up_defers_the_channel_s_next_answer_which_then_follows_it(fray: Fray) -> None:
    # A summary waiting out Discord's rate limit must not make the channel's next command miss its 3 seconds: after
    # the grace the command defers, and its answer follows the summary once it is out.
    async with fray.running() as bot:
        bot.responder.summary_grace = 0.0  # defer at once while a summary is still on its way
        gate = hold_summaries(bot)
        await _play_rounds(fray, bot, 1)
        record = await fray.double.invoke("encounter status", {}, user=fray.gm)
        assert (await record.response()).type == 5, "deferred in time while the summary is held up"
        assert summaries(fray) == [] and record.followup_ids == []
        before = len(fray.double.requests)
        gate.set()
        await record.followups(1)
        assert len(summaries(fray)) == 1
        since = [r.path for r in fray.double.requests[before:]]
        posted = next(i for i, path in enumerate(since) if path.startswith("/channels/"))
        answered = next(i for i, path in enumerate(since) if path.startswith("/webhooks/"))
        assert posted < answered, "the answer still follows the summary"
        assert not record.failures


@pytest.mark.asyncio
async def test_a_summary_held_up_for_good_holds_the_next_answer_up_for_a_bounded_time_only(fray: Fray) -> None:
    async with fray.running() as bot:
        bot.responder.summary_grace, bot.responder.ahead = 0.0, 0.05
        gate = hold_summaries(bot)  # let go only once the answer is in
        await _play_rounds(fray, bot, 1)
        record = await fray.double.invoke("encounter status", {}, user=fray.gm)
        assert (await record.response()).type == 5
        [answer] = await record.followups(1)
        assert summaries(fray) == [] and "Round 2" in answer.embeds[0]["footer"]["text"]
        gate.set()


@pytest.mark.asyncio
async def test_an_undo_after_a_restart_still_takes_the_posted_summary_back(fray: Fray) -> None:
    async with fray.running() as bot:
        await _play_rounds(fray, bot, 1)
        [posted] = await fray.double.wait_for(lambda: summaries(fray) or None, what="the round 1 summary")
    async with fray.running() as bot:  # a new process: it knows the summary from the database
        await fray.answer(fray.gm, "encounter undo")  # back into round 1
        await fray.double.wait_for(lambda: fray.double.message(posted.id).deleted or None, what="the summary gone")
        await _round_one_posted_again(fray, bot)


@pytest.mark.asyncio
async def test_an_undo_in_the_channel_s_next_fight_leaves_the_last_fight_s_summaries(fray: Fray) -> None:
    async with fray.running() as bot:
        await _play_rounds(fray, bot, 2)
        await fray.answer(fray.gm, "encounter end")  # posts round 3's too
        posted = await fray.double.wait_for(lambda: (len(summaries(fray)) == 3 and summaries(fray)) or None,
                                            what="the summaries of rounds 1 to 3")
        await fray.answer(fray.gm, "encounter start", system="farscape", name="Second")
        await fray.answer(fray.gm, "encounter add", template="peacekeeper trooper", count=1)
        await fray.answer(fray.gm, "encounter undo")  # takes the add back, in a fight not begun (round 0)
        await fray.double.wait_for(lambda: bot.summaries._deleting == set() or None, what="any taking back done")
        assert [m.id for m in posted if fray.double.message(m.id).deleted] == [], "another fight's summaries stay"


@pytest.mark.asyncio
async def test_an_end_undone_after_a_restart_takes_its_summary_back_and_ending_again_posts_it_once(
    fray: Fray,
) -> None:
    # The ended fight is no active one when the bot starts, so only storage knows the summaries it posted.
    def titles() -> list[str]:
        return [m.embeds[0]["title"] for m in summaries(fray)]

    async with fray.running() as bot:
        await _play_rounds(fray, bot, 1)
        await fray.answer(fray.gm, "encounter end")  # ends round 2 too
        await fray.double.wait_for(lambda: len(summaries(fray)) == 2 or None, what="both summaries")
    async with fray.running():
        await fray.answer(fray.gm, "encounter undo")
        await fray.double.wait_for(lambda: titles() == ["Round 1 summary"] or None, what="round 2's taken back")
        await fray.answer(fray.gm, "encounter end")
        await fray.double.wait_for(lambda: len(summaries(fray)) == 2 or None, what="round 2's posted again")
        assert titles() == ["Round 1 summary", "Round 2 summary"], "posted once, not twice"


@pytest.mark.asyncio
async def test_a_summary_channel_fray_may_not_post_in_gives_way_to_the_fight_s_own(fray: Fray) -> None:
    closed = fray.double.add_channel("announcements", overwrites={fray.double.bot_id: (0, SEND_MESSAGES)})
    async with fray.running() as bot:
        await fray.answer(fray.double.owner_id, "encounter settings", summary_channel=str(closed))
        await _play_rounds(fray, bot, 1)
        [posted] = await fray.double.wait_for(lambda: summaries(fray) or None, what="the summary")
        assert posted.channel_id == fray.double.channel_id and posted.embeds[0]["title"] == "Round 1 summary"
        assert "fields" not in posted.embeds[0] or all(f["name"] != "Fight" for f in posted.embeds[0]["fields"])
