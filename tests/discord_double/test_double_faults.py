from __future__ import annotations

import discord
import pytest

from . import DiscordDouble

SEND = r"/channels/\d+/messages$"


@pytest.mark.asyncio
async def test_429_with_via_is_retried_after_retry_after(double: DiscordDouble, bot, table) -> None:
    double.fail_next("POST", SEND, 429, retry_after=0.3)
    rec = await double.invoke("announce", {"text": "hello"})
    await rec.response()
    first, second = double.requests_to("POST", SEND)
    assert (first.status, first.faulted, second.status) == (429, True, 200)
    assert second.at - first.at >= 0.29
    assert [m.content for m in double.messages()] == ["hello"] and table.errors == []


@pytest.mark.asyncio
async def test_429_without_via_is_not_retried(double: DiscordDouble, bot, table) -> None:
    double.fail_next("POST", SEND, 429, via=False)
    await double.invoke("announce", {"text": "hello"})
    await double.wait_for(lambda: table.errors)
    error = table.errors[0].original
    assert isinstance(error, discord.HTTPException) and error.status == 429
    assert len(double.requests_to("POST", SEND)) == 1 and double.messages() == []


@pytest.mark.asyncio
async def test_500_on_a_bot_route_is_retried_503_is_not(double: DiscordDouble, bot, table) -> None:
    # discord.py 2.7.1 http.py: 500/502/504/524 -> sleep 1 + 2*try and retry; other 5xx -> DiscordServerError.
    double.fail_next("POST", SEND, 502)
    await (await double.invoke("announce", {"text": "once"})).response(timeout=4)
    assert [r.status for r in double.requests_to("POST", SEND)] == [502, 200]
    double.fail_next("POST", SEND, 503)
    await double.invoke("announce", {"text": "twice"})
    await double.wait_for(lambda: table.errors)
    assert isinstance(table.errors[0].original, discord.DiscordServerError)
    assert [r.status for r in double.requests_to("POST", SEND)] == [502, 200, 503]


@pytest.mark.asyncio
async def test_500_on_the_interaction_callback_is_retried(double: DiscordDouble, bot) -> None:
    # The webhook adapter retries every status >= 500 after 1 + 2*attempt seconds; each attempt is recorded.
    double.fail_next("POST", r"/interactions/\d+/[^/]+/callback$", 500)
    rec = await double.invoke("ping")
    cb = await rec.response(timeout=4)
    attempts = double.requests_to("POST", rf"/interactions/{rec.id}/")
    assert [a.status for a in attempts] == [500, 200] and cb.latency >= 1.0
    assert all("Authorization" not in a.headers for a in attempts)


@pytest.mark.asyncio
async def test_injected_errors_carry_discord_codes(double: DiscordDouble, bot, table) -> None:
    fault = double.fail_next("POST", SEND, 403, code=50013, message="Missing Permissions")
    await double.invoke("announce", {"text": "hi"})
    await double.wait_for(lambda: table.errors)
    assert isinstance(table.errors[0].original, discord.Forbidden) and table.errors[0].original.code == 50013
    assert fault.times == 0


@pytest.mark.asyncio
async def test_rate_limit_headers_make_discord_py_wait(double: DiscordDouble, bot) -> None:
    bucket = double.rate_limit("POST", SEND, limit=2, per=0.3)
    channel = bot.get_channel(double.channel_id)
    for text in ("one", "two", "three"):
        await channel.send(text)
    sends = double.requests_to("POST", SEND)
    assert [r.status for r in sends] == [200, 200, 200] and bucket.refused == 0  # waited instead of hitting 429
    assert sends[2].at - sends[0].at >= 0.25
    assert [m.content for m in double.messages()] == ["one", "two", "three"]
