from __future__ import annotations

import aiohttp
import discord
import pytest

from . import DiscordDouble


@pytest.mark.asyncio
async def test_uploads_through_channel_send_and_the_callback(double: DiscordDouble, bot) -> None:
    rec = await double.invoke("upload")
    cb = await rec.response()
    sheet, log = double.messages()
    assert sheet.file_bytes("sheet.csv") == b"hp,10\n" and sheet.attachments[0]["filename"] == "sheet.csv"
    assert cb.message is log and log.file_bytes("log.txt") == b"round 1"
    callback = double.requests_to("POST", r"/callback$")[0]
    assert callback.json["type"] == 4 and [f.filename for f in callback.files] == ["log.txt"]
    fetched = await bot.get_channel(double.channel_id).fetch_message(sheet.id)
    assert await fetched.attachments[0].read() == b"hp,10\n"


@pytest.mark.asyncio
async def test_ephemeral_defer_edits_and_followup_edit(double: DiscordDouble, bot) -> None:
    rec = await double.invoke("progress")
    assert (await rec.response()).ephemeral
    await rec.wait_for(lambda r: [m.content for m in r.ephemeral] == ["75%", "done!"], what="progress")
    original = rec.original
    assert [r.content for r in original.revisions] == ["", "25%", "75%"] and not original.loading
    assert double.messages() == [] and [m.content for m in rec.messages] == ["75%", "done!"]
    assert double.requests_to("GET", r"/messages/@original$")[0].status == 200
    assert double.requests_to("DELETE", r"^/webhooks/")[0].status == 204


@pytest.mark.asyncio
async def test_pins_typing_history_and_echo(double: DiscordDouble, bot, table) -> None:
    await (await double.invoke("encounter start", {"system": "farscape"})).followups(1)
    channel = bot.get_channel(double.channel_id)
    pins = [m async for m in channel.pins()]
    assert [m.id for m in pins] == [table.encounters[1].message_id]
    await (await double.invoke("announce", {"text": "hello"})).response()
    assert double.requests_to("POST", rf"/channels/{double.channel_id}/typing$")
    history = [m.content async for m in channel.history(limit=10)]
    assert history[0] == "hello" and len(history) == 3
    await double.wait_for(lambda: any(m.content == "hello" for m in bot.cached_messages))  # MESSAGE_CREATE echo
    assert not any(m.flags.ephemeral for m in bot.cached_messages)


@pytest.mark.asyncio
async def test_edit_and_delete_from_the_bot(double: DiscordDouble, bot) -> None:
    sent = await bot.get_channel(double.channel_id).send("draft")
    await sent.edit(content="final", embed=discord.Embed(title="T"))
    stored = double.message(sent.id)
    assert stored.content == "final" and stored.embed["title"] == "T" and stored.edited
    await sent.delete()
    assert stored.deleted and double.messages() == []
    with pytest.raises(discord.NotFound):
        await sent.edit(content="ghost")


@pytest.mark.asyncio
async def test_discord_limits_are_enforced(double: DiscordDouble, bot, table) -> None:
    await double.invoke("announce", {"text": "x" * 2001})
    await double.wait_for(lambda: table.errors)
    error = table.errors[0].original
    assert isinstance(error, discord.HTTPException) and error.code == 50035 and "2000" in error.text
    channel = bot.get_channel(double.channel_id)
    with pytest.raises(discord.HTTPException, match="6000"):
        await channel.send(embeds=[discord.Embed(description="y" * 4000), discord.Embed(description="z" * 2001)])
    with pytest.raises(discord.HTTPException) as empty:
        await channel.send()
    assert empty.value.code == 50006 and double.messages() == []


@pytest.mark.asyncio
async def test_bot_routes_need_the_token_and_unknown_routes_are_listed(double: DiscordDouble) -> None:
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{double.api_base}/users/@me") as resp:
            assert resp.status == 401
        async with session.get(f"{double.api_base}/voice/regions", headers={"Authorization": "Bot x"}) as resp:
            assert resp.status == 404 and resp.headers["Content-Type"] == "application/json"
    assert [r.path for r in double.unhandled] == ["/voice/regions"]
    assert all("Authorization" not in r.headers for r in double.requests)
