from __future__ import annotations

import discord
import pytest

from . import DiscordDouble, DoubleError
from .botkit import make_bot


@pytest.mark.asyncio
async def test_op7_reconnect_resumes_and_commands_still_work(double: DiscordDouble, bot) -> None:
    await double.reconnect()
    session = double.sessions[0]
    assert session.resumes == 1 and len(double.sessions) == 1 and len(double.gateway.connections) == 2
    assert (await (await double.invoke("ping")).response()).data["content"] == "pong"


@pytest.mark.asyncio
async def test_events_sent_while_disconnected_are_replayed_on_resume(double: DiscordDouble, bot) -> None:
    await double.drop_connection(wait=False)
    rec = await double.invoke("ping")  # lands in the session backlog, replayed after RESUME
    assert (await rec.response()).type == 4
    assert double.sessions[0].resumes == 1


@pytest.mark.asyncio
async def test_dropped_connection_resumes(double: DiscordDouble, bot) -> None:
    await double.drop_connection()
    assert double.sessions[0].resumes == 1 and bot.is_ready()


@pytest.mark.asyncio
async def test_auto_sharded_bot_asks_gateway_bot(double: DiscordDouble, table) -> None:
    async with double.running(make_bot(table, sharded=True)) as bot:
        assert double.requests_to("GET", r"^/gateway/bot$")[0].status == 200
        assert double.gateway.identifies[0]["shard"] == [0, 1] and bot.get_guild(double.guild_id)
        await double.reconnect()
        assert (await (await double.invoke("ping")).response()).type == 4


@pytest.mark.asyncio
async def test_members_intent_is_chunked_and_new_members_arrive(double: DiscordDouble, table) -> None:
    async with double.running(make_bot(table, members=True)) as bot:
        guild = bot.get_guild(double.guild_id)
        assert guild.chunked and guild.get_member(double.user_id).display_name == "Player"
        uid = double.add_member("zhaan", global_name="Zhaan")
        cid = double.add_channel("tactics")
        await double.wait_for(lambda: guild.get_member(uid) and guild.get_channel(cid))
        assert guild.get_channel(cid).name == "tactics"


@pytest.mark.asyncio
async def test_bad_token_and_refused_privileged_intents(double: DiscordDouble, table) -> None:
    bot = make_bot(table)
    with pytest.raises(discord.LoginFailure):
        await bot.login("not-the-token")
    await bot.close()
    double.privileged_intents = 0
    with pytest.raises(DoubleError, match="PrivilegedIntentsRequired"):
        async with double.running(make_bot(table, members=True)):
            pass


@pytest.mark.asyncio
async def test_guild_scoped_commands(double: DiscordDouble, table) -> None:
    async with double.running(make_bot(table, guild_id=double.guild_id)):
        assert double.commands() == [] and {c["name"] for c in double.commands(guild=True)} >= {"ping", "encounter"}
        rec = await double.invoke("ping")
        assert rec.payload["data"]["guild_id"] == str(double.guild_id)
        assert (await rec.response()).data["content"] == "pong"
