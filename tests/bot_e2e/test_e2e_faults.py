"""Discord misbehaving: a 429, a 500, a slow database, a dropped gateway; no action is lost or applied twice."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import discord
import pytest
from discord_double import DiscordDouble
from fray_kit import Fray
from test_e2e_encounter import set_the_scene

from bot.discord.respond import DEFER_AFTER

CALLBACK = r"/interactions/\d+/[^/]+/callback"


async def log_kinds(fray: Fray) -> list[str]:
    record = await fray.say(fray.gm, "encounter export")
    [message] = record.ephemeral
    data = json.loads(message.file_bytes("encounter.json"))
    return [entry["kind"] for entry in data["log"]]


@pytest.mark.asyncio
@pytest.mark.parametrize("status", [429, 500])
async def test_a_refused_answer_is_retried_and_the_action_lands_once(fray: Fray, status: int) -> None:
    async with fray.running():
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        fray.double.fail_next("POST", CALLBACK, status=status, retry_after=0.2)
        message = await fray.answer(fray.carol, "attack", target="Peacekeeper trooper 1")
        attempts = fray.double.requests_to("POST", CALLBACK)
        assert [r.status for r in attempts[-2:]] == [status, 200]
        assert "Aeryn" in message.embeds[0]["description"]
        shown = [m for m in fray.double.messages() if m.embeds and "Aeryn fires" in m.embeds[0].get("description", "")]
        assert len(shown) == 1
        assert (await log_kinds(fray)).count("attack") == 1


@pytest.mark.asyncio
async def test_a_round_summary_survives_a_server_error_on_the_channel(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        fray.double.fail_next("POST", r"/channels/\d+/messages", status=500)
        for _ in range(4):
            await fray.answer(fray.gm, "encounter next")
        summary = await fray.double.wait_for_message(lambda m: bool(m.embeds) and "summary" in m.embeds[0]["title"])
        assert summary.embeds[0]["title"] == "Round 1 summary"
        failed = [r for r in fray.double.requests_to("POST", r"/channels/\d+/messages") if r.status == 500]
        assert len(failed) == 1
        titles = [m.embeds[0]["title"] for m in fray.double.messages() if m.embeds]
        assert titles.count("Round 1 summary") == 1


def test_the_bot_defers_well_inside_discord_s_three_seconds() -> None:
    discord_deadline = DiscordDouble().ack_deadline
    assert discord_deadline == 3.0
    assert discord_deadline >= 2 * DEFER_AFTER


@pytest.mark.asyncio
async def test_a_slow_command_defers_then_answers(fray: Fray) -> None:
    async with fray.running() as bot:
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        # Slow for as long as the test holds the channel's lock; the bot defers once defer_after has passed.
        bot.responder.defer_after = 0.0
        lock = bot.services.db.locks.get(fray.double.channel_id)
        async with lock:
            record = await fray.double.invoke("attack", {"target": "Peacekeeper trooper 1"}, user=fray.carol)
            callback = await record.response()
            assert callback.type == 5
            assert record.followup_messages == [], "nothing more while the command waits"
        [followup] = await record.followups(1)
        assert "Aeryn" in followup.embeds[0]["description"]
        assert not record.failures


@pytest.mark.asyncio
async def test_a_slow_command_that_fails_still_tells_only_the_caller(fray: Fray) -> None:
    async with fray.running() as bot:
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        bot.responder.defer_after = 0.0
        async with bot.services.db.locks.get(fray.double.channel_id):
            record = await fray.double.invoke("attack", {"target": "Peacekeeper trooper 1"}, user=fray.dave)
            assert (await record.response()).type == 5
        await record.wait_for(lambda r: r.ephemeral or None)
        assert "It is Aeryn's turn" in record.ephemeral[0].content
        assert record.original is None or record.original.deleted


@pytest.mark.asyncio
async def test_a_private_answer_that_had_to_defer_stays_private(fray: Fray) -> None:
    # Deferred, the answer first shows a public "thinking" placeholder; a private answer (a secret roll, the GM's
    # status, odds, an export, help) takes it away and goes to the caller alone.
    async with fray.running() as bot:
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        bot.responder.defer_after = 0.0  # every command defers first
        asked = [(fray.carol, "roll", {"dice": "4dF", "secret": True}), (fray.gm, "encounter status", {}),
                 (fray.carol, "odds", {"target": "Peacekeeper trooper 1"}), (fray.gm, "encounter export", {}),
                 (fray.onlooker, "help", {})]
        deferred = 0
        for user, path, options in asked:
            record = await fray.double.invoke(path, options, user=user)
            if (await record.response()).type != 5:  # done at once (a roll touches no database): answered directly
                assert record.callback is not None and record.callback.ephemeral, path
                continue
            deferred += 1
            [answer] = await record.followups(1)
            assert answer.ephemeral, f"{path}: the answer is the caller's alone"
            assert record.original is None or record.original.deleted, f"{path}: no public placeholder is left"
        assert deferred >= 4
        public = await fray.double.invoke("encounter status", {}, user=fray.carol)  # a player's view is everyone's
        await public.response()
        [shown] = await public.followups(1)
        assert not shown.ephemeral


@pytest.mark.asyncio
async def test_commands_work_after_the_gateway_reconnects_and_resumes(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        await fray.double.reconnect()
        await fray.answer(fray.gm, "encounter begin")
        await fray.double.drop_connection()
        message = await fray.answer(fray.carol, "attack", target="Peacekeeper trooper 1")
        assert "Aeryn" in message.embeds[0]["description"]


@pytest.mark.asyncio
async def test_an_answer_discord_refuses_still_posts_the_round_summary_and_says_it_was_done(fray: Fray) -> None:
    # The command that ends round 1 is done and stored; its answer refused (a 400), the caller hears it was done,
    # not "something went wrong", and the round's summary still goes out.
    async with fray.running() as bot:
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        for _ in range(3):
            await fray.answer(fray.gm, "encounter next")
        fray.double.fail_next("POST", CALLBACK, status=400, code=50035, message="Invalid Form Body")
        refused = await fray.say(fray.gm, "encounter next")
        assert bot.rosters[fray.double.channel_id][1].turns.round == 2, "the round ended all the same"
        [told] = refused.ephemeral
        assert told.content.startswith("That was done, but Discord refused to show its answer")
        summary = await fray.double.wait_for_message(lambda m: bool(m.embeds) and "summary" in m.embeds[0]["title"])
        assert summary.embeds[0]["title"] == "Round 1 summary"


@pytest.mark.asyncio
async def test_a_command_past_its_three_seconds_is_not_carried_out_and_one_only_looking_late_is(fray: Fray) -> None:
    # Replayed after a gateway resume, an interaction can reach the bot after Discord's 3 s. One that looks that old
    # is deferred first: Discord refusing it (10062) means the command is not carried out at all.
    async with fray.running() as bot:
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        before = await log_kinds(fray)
        fray.double.clock.freeze()

        def four_seconds_on() -> datetime:  # the bot sees the interaction 4 s after Discord made it
            fray.double.advance(fray.double.ack_deadline + 1)
            return discord.utils.utcnow() + timedelta(seconds=4)

        bot.responder.clock = four_seconds_on
        late = await fray.double.invoke("encounter next", {}, user=fray.gm)
        await late.rejected(10062)
        bot.responder.clock = lambda: discord.utils.utcnow() + timedelta(seconds=2.5)  # looks late, is in time
        bot.responder.defer_after = 0  # and would defer again as slow: deferred once, answered once
        shown = await fray.say(fray.gm, "encounter next")
        [answer] = await fray.double.wait_for(lambda: shown.followup_messages or None, what="the answer")
        assert answer.embeds and not shown.ephemeral, "the answer, not 'something went wrong'"
        assert (await shown.response()).type == 5, "deferred before anything was done"
        bot.responder.clock, bot.responder.defer_after = discord.utils.utcnow, DEFER_AFTER
        assert await log_kinds(fray) == [*before, "encounter next"], "the late one changed nothing; the other did"


@pytest.mark.asyncio
async def test_a_button_that_fails_unexpectedly_is_answered_privately_once_as_a_command_is(
    fray: Fray, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.discord.respond as respond

    async with fray.running():
        await set_the_scene(fray)
        begun = await fray.answer(fray.gm, "encounter begin")

        async def broken(*_: object, **__: object) -> None:
            raise RuntimeError("the database went away")  # a bug or an outage, not the user's doing

        monkeypatch.setattr(respond, "dispatch", broken)
        typed = await fray.say(fray.gm, "encounter next")
        clicked = await fray.double.click(begun, next(c for c in begun.custom_ids if c.startswith("fray:next:")),
                                          user=fray.gm)
        await clicked.response()
        for record in (typed, clicked):
            [told] = record.ephemeral
            assert told.content == "Something went wrong on Fray's side; it has been logged."
