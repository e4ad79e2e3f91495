from __future__ import annotations

import aiohttp
import discord
import pytest

from . import MENTION_EVERYONE, DiscordDouble


@pytest.mark.asyncio
async def test_explicit_users_list_pings_only_them(double: DiscordDouble, bot) -> None:
    rygel = double.add_member("rygel")
    await (await double.invoke("encounter start", {"system": "farscape"})).followups(1)
    rec = await double.invoke("encounter add", {"member": rygel, "initiative": 5})
    msg = (await rec.response()).message
    # AllowedMentions(users=[m]) keeps everyone/roles parsing on: only safe because the content has neither.
    assert msg.allowed_mentions == {"parse": ["everyone", "roles"], "users": [rygel], "replied_user": True}
    assert double.pinged(msg) == {rygel}


@pytest.mark.asyncio
async def test_channel_messages_without_allowed_mentions_parse_everything(double: DiscordDouble, bot) -> None:
    crew = double.add_role("crew")
    d_argo = double.add_member("dargo", roles=[crew])
    text = f"<@{double.user_id}> <@&{crew}> @everyone"
    await (await double.invoke("announce", {"text": text})).response()
    loud = double.messages()[-1]
    assert loud.allowed_mentions is None
    assert double.pinged(loud) == set(double.world.members) - {double.bot_id}
    double.set_bot_permissions(0)  # no MENTION_EVERYONE: only the user mention still pings
    assert double.pinged(loud) == {double.user_id} and d_argo not in double.pinged(loud)
    double.set_bot_permissions(MENTION_EVERYONE | (1 << 11) | (1 << 10) | (1 << 31))
    await (await double.invoke("announce", {"text": text, "quiet": True})).response()
    assert double.pinged(double.messages()[-1]) == set()


@pytest.mark.asyncio
async def test_interaction_responses_default_to_users_only(double: DiscordDouble, bot) -> None:
    rec = await double.invoke("attack", {"target": f"<@{double.user_id}> @everyone"})
    msg = (await rec.response()).message
    assert msg.allowed_mentions is None and double.pinged(msg) == {double.user_id}  # @everyone is not parsed
    victim = double.add_member("stark")
    rec = await double.invoke("attack", {"target": f"<@{victim}> <@&{double.guild_id}>"})
    assert double.pinged((await rec.response()).message) == {victim}


@pytest.mark.asyncio
async def test_an_edit_without_allowed_mentions_reparses_with_defaults(double: DiscordDouble, bot) -> None:
    sent = await bot.get_channel(double.channel_id).send(f"<@{double.user_id}>",
                                                         allowed_mentions=discord.AllowedMentions.none())
    await sent.edit(content=f"<@{double.user_id}> again")
    stored = double.message(sent.id)
    assert double.pinged(stored, revision=0) == set() and double.pinged(stored) == {double.user_id}
    assert stored.payload["mentions"][0]["id"] == str(double.user_id)


@pytest.mark.asyncio
async def test_parse_and_ids_together_are_refused(double: DiscordDouble, bot) -> None:
    body = {"content": "hi", "allowed_mentions": {"parse": ["users"], "users": [str(double.user_id)]}}
    headers = {"Authorization": f"Bot {double.token}"}
    url = f"{double.api_base}/channels/{double.channel_id}/messages"
    async with aiohttp.ClientSession() as session, session.post(url, json=body, headers=headers) as resp:
        assert resp.status == 400 and (await resp.json())["code"] == 50035
