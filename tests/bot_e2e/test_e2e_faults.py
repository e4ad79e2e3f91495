"""Discord misbehaving: a 429, a 500, a slow database, a dropped gateway; no action is lost or applied twice."""

from __future__ import annotations

import asyncio
import json

import pytest
from fray_kit import Fray
from test_e2e_encounter import set_the_scene

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


@pytest.mark.asyncio
async def test_a_slow_command_defers_within_three_seconds_then_answers(fray: Fray) -> None:
    async with fray.running() as bot:
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        lock = bot.services.db.locks.get(fray.double.channel_id)
        async with lock:
            record = await fray.double.invoke("attack", {"target": "Peacekeeper trooper 1"}, user=fray.carol)
            callback = await record.response(timeout=3.0)
            assert callback.type == 5 and callback.latency < 3.0
            await asyncio.sleep(0.2)
        [followup] = await record.followups(1)
        assert "Aeryn" in followup.embeds[0]["description"]
        assert not record.failures


@pytest.mark.asyncio
async def test_a_slow_command_that_fails_still_tells_only_the_caller(fray: Fray) -> None:
    async with fray.running() as bot:
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        async with bot.services.db.locks.get(fray.double.channel_id):
            record = await fray.double.invoke("attack", {"target": "Peacekeeper trooper 1"}, user=fray.dave)
            assert (await record.response(timeout=3.0)).type == 5
        await record.wait_for(lambda r: r.ephemeral or None)
        assert "It is Aeryn's turn" in record.ephemeral[0].content
        assert record.original is None or record.original.deleted


@pytest.mark.asyncio
async def test_commands_work_after_the_gateway_reconnects_and_resumes(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        await fray.double.reconnect()
        await fray.answer(fray.gm, "encounter begin")
        await fray.double.drop_connection()
        message = await fray.answer(fray.carol, "attack", target="Peacekeeper trooper 1")
        assert "Aeryn" in message.embeds[0]["description"]
