from __future__ import annotations

import aiohttp
import discord
import pytest

from . import DiscordDouble


async def _post(url: str, body: dict) -> tuple[int, dict]:
    async with aiohttp.ClientSession() as session, session.post(url, json=body) as resp:
        return resp.status, await resp.json()


@pytest.mark.asyncio
async def test_a_late_initial_response_gets_unknown_interaction(double: DiscordDouble, bot, table) -> None:
    double.clock.freeze()
    rec = await double.invoke("gated")
    double.advance(double.ack_deadline + 0.01)
    table.gate.set()
    rejection = await rec.rejected(10062)
    assert rejection.status == 404 and rec.callback is None and rec.expired
    await double.wait_for(lambda: table.errors)
    assert isinstance(table.errors[0].original, discord.NotFound) and table.errors[0].original.code == 10062


@pytest.mark.asyncio
async def test_an_answer_inside_the_deadline_is_accepted(double: DiscordDouble, bot, table) -> None:
    double.clock.freeze()
    rec = await double.invoke("gated")
    double.advance(double.ack_deadline - 0.01)
    table.gate.set()
    cb = await rec.response()
    assert cb.type == 4 and cb.latency == pytest.approx(double.ack_deadline - 0.01)
    assert not rec.failures


@pytest.mark.asyncio
async def test_double_acknowledgement_and_bad_types_are_refused(double: DiscordDouble, bot, table) -> None:
    rec = await double.invoke("ping")
    await rec.response()
    url = f"{double.api_base}/interactions/{rec.id}/{rec.token}/callback"
    assert await _post(url, {"type": 4, "data": {"content": "again"}}) == (
        400, {"code": 40060, "message": "Interaction has already been acknowledged."})
    fresh = await double.invoke("gated")  # not answered yet: a slash command cannot take type 7
    status, body = await _post(f"{double.api_base}/interactions/{fresh.id}/{fresh.token}/callback", {"type": 7})
    assert (status, body["code"]) == (400, 50035) and "invalid for a slash command" in body["message"]
    table.gate.set()
    assert (await fresh.response()).type == 4  # the refusal did not consume the acknowledgement
    status, body = await _post(f"{double.api_base}/interactions/1/nope/callback", {"type": 4})
    assert (status, body["code"]) == (404, 10062)


@pytest.mark.asyncio
async def test_interaction_tokens_expire_after_15_minutes(double: DiscordDouble, bot) -> None:
    rec = await double.invoke("ping")
    await rec.response()
    url = f"{double.api_base}/webhooks/{double.app_id}/{rec.token}?wait=1"
    status, body = await _post(url, {"content": "still here"})
    assert status == 200 and body["content"] == "still here"
    double.advance(15 * 60 + 1)
    assert await _post(url, {"content": "too late"}) == (401, {"code": 50027, "message": "Invalid Webhook Token"})
    assert [m.content for m in rec.followup_messages] == ["still here"]


@pytest.mark.asyncio
async def test_followups_need_an_acknowledged_interaction(double: DiscordDouble, bot, table) -> None:
    double.clock.freeze()
    rec = await double.invoke("gated")
    status, body = await _post(f"{double.api_base}/webhooks/{double.app_id}/{rec.token}", {"content": "x"})
    assert (status, body["code"]) == (404, 10015)
    double.advance(double.ack_deadline + 1)
    table.gate.set()
    await rec.rejected(10062)
