from __future__ import annotations

import discord
import discord.http
import pytest
from discord.gateway import DiscordWebSocket

from . import DiscordDouble


@pytest.mark.asyncio
async def test_bot_logs_in_syncs_and_sees_the_guild(double: DiscordDouble, bot) -> None:
    assert bot.user.id == double.bot_id == double.app_id
    guild = bot.get_guild(double.guild_id)
    assert guild is not None and guild.get_channel(double.channel_id).name == "general"
    assert guild.me is not None
    names = sorted(c["name"] for c in double.commands())
    assert "encounter" in names and "attack" in names
    start = next(o for c in double.commands() if c["name"] == "encounter" for o in c["options"] if o["name"] == "start")
    assert [o["name"] for o in start["options"]] == ["system", "name"]
    assert double.gateway.connections[0]["encoding"] == "json"
    assert double.gateway.identifies[0]["intents"] == discord.Intents.default().value


@pytest.mark.asyncio
async def test_point_overrides_discord_py_and_restores_it(double: DiscordDouble) -> None:
    assert double.api_base == discord.http.Route.BASE
    async with DiscordDouble() as other, other.point():
        assert other.api_base == discord.http.Route.BASE
        assert str(DiscordWebSocket.DEFAULT_GATEWAY) == other.gateway_url
    assert double.api_base == discord.http.Route.BASE  # the inner pointing restored the outer one
    pointing = double.point()
    pointing.restore()
    assert double.api_base == discord.http.Route.BASE  # restores what was there before this pointing


@pytest.mark.asyncio
async def test_wait_helpers(double: DiscordDouble, bot) -> None:
    await double.invoke("announce", {"text": "hello"})
    msg = await double.wait_for_message(lambda m: m.content == "hello", channel=double.channel_id)
    request = await double.wait_for_request("POST", rf"/channels/{double.channel_id}/messages$")
    assert request.json["content"] == "hello" and request.response["id"] == str(msg.id)
    assert request.authorized and request.query == {}
