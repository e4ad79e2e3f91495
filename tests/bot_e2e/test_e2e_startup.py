from __future__ import annotations

import asyncio
import json

import discord
import pytest
from fray_kit import Fray

from bot.commands import COMMANDS


@pytest.mark.asyncio
async def test_the_bot_logs_in_syncs_every_command_and_answers(fray: Fray) -> None:
    async with fray.running() as bot:
        assert bot.user is not None and bot.user.id == fray.double.bot_id
        synced = {c["name"]: c for c in fray.double.commands()}
        assert set(synced) == {"encounter", "character", "attack", "dodge", "act", "odds", "roll", "help"}
        subs = {o["name"] for o in synced["encounter"]["options"]}
        wanted = {c.path.split()[1] for c in COMMANDS if c.path.startswith("encounter ")}
        assert subs == wanted
        for command in fray.double.commands():
            for option in command.get("options", []):
                assert option["description"], f"/{command['name']} {option['name']} has no description"
        message = await fray.answer(fray.gm, "roll", dice="3d6+2")
        assert "3d6+2" in message.embeds[0]["description"]


@pytest.mark.asyncio
async def test_a_dev_guild_gets_the_commands_instantly(fray: Fray) -> None:
    async with fray.running(dev_guild_id=fray.double.guild_id):
        assert {c["name"] for c in fray.double.commands(guild=True)} >= {"encounter", "attack"}


@pytest.mark.asyncio
async def test_what_fray_run_does_once_set_up_runs_once_before_the_first_command(fray: Fray) -> None:
    calls: list[int] = []

    def started() -> None:
        calls.append(len(fray.double.commands()))  # the commands are synced by then

    async with fray.running(started=started):
        await fray.answer(fray.gm, "roll", dice="4dF")
        await fray.answer(fray.gm, "roll", dice="4dF")
    assert len(calls) == 1 and calls[0] > 0


@pytest.mark.asyncio
async def test_what_fray_run_does_when_quiet_runs_after_the_answers_never_while_a_command_is_answered(
    fray: Fray,
) -> None:
    answering: list[int] = []
    quiet = asyncio.Event()

    def idle() -> None:
        assert fray.bot is not None
        answering.append(fray.bot.responder.answering)
        quiet.set()

    async with fray.running(idle=idle):
        first = fray.double.invoke("roll", {"dice": "4dF"}, user=fray.gm)
        second = fray.double.invoke("roll", {"dice": "3d6"}, user=fray.gm)
        await asyncio.wait_for(asyncio.gather((await first).response(), (await second).response()), 10)
        await asyncio.wait_for(quiet.wait(), 10)
        assert fray.double.messages(fray.double.channel_id)  # both answered before
        quiet.clear()
        await fray.answer(fray.gm, "roll", dice="2d6")
        await asyncio.wait_for(quiet.wait(), 10)
    assert answering and set(answering) == {0}
    assert len(answering) <= 3  # once per quiet moment, not once per command in flight


@pytest.mark.asyncio
async def test_the_bot_keeps_no_message_cache(fray: Fray) -> None:
    async with fray.running() as bot:
        await fray.answer(fray.gm, "roll", dice="4dF")
        await fray.answer(fray.gm, "roll", dice="3d6")
        assert fray.double.messages(fray.double.channel_id)  # the double did post them
        assert list(bot.cached_messages) == []


@pytest.mark.asyncio
async def test_the_bot_asks_only_for_the_guilds_intent_and_is_sent_no_messages(fray: Fray) -> None:
    async with fray.running():
        await fray.answer(fray.gm, "roll", dice="4dF")
        await fray.answer(fray.gm, "roll", dice="3d6")
    assert fray.double.gateway.identifies[-1]["intents"] == discord.Intents(guilds=True).value
    assert len(fray.double.messages(fray.double.channel_id)) >= 2  # the answers were posted, and not echoed
    sent = [json.loads(text)["t"] for s in fray.double.gateway.sessions for _, text in s.backlog]
    assert sent.count("INTERACTION_CREATE") == 2 and not [t for t in sent if t.startswith("MESSAGE_")]
