"""What players and the GM see: descriptors against numbers, JSON exports, help, one log line per command."""

from __future__ import annotations

import json
import logging

import pytest
from fray_kit import Fray
from test_e2e_encounter import set_the_scene


@pytest.mark.asyncio
async def test_players_see_npcs_as_descriptors_and_the_gm_sees_the_tracks(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        player = await fray.answer(fray.dave, "encounter status")
        fields = {f["name"].split(" [")[0]: f["value"] for f in player.embeds[0]["fields"]}
        assert "Unhurt" in fields["Peacekeeper trooper 1"] and "□" not in fields["Peacekeeper trooper 1"]
        assert "Lethal: Scratch □□□" in fields["Aeryn"]
        record = await fray.say(fray.gm, "encounter status")
        [private] = record.ephemeral
        gm_fields = {f["name"].split(" [")[0]: f["value"] for f in private.embeds[0]["fields"]}
        assert "Lethal: Scratch □" in gm_fields["Peacekeeper trooper 1"]


@pytest.mark.asyncio
async def test_export_is_a_json_file_and_help_lists_the_moves(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        record = await fray.say(fray.carol, "encounter export")
        [message] = record.ephemeral
        data = json.loads(message.file_bytes("encounter.json"))
        assert data["system"] == "farscape" and [c["name"] for c in data["combatants"]][:2] == ["Aeryn", "D'Argo"]
        help_record = await fray.say(fray.carol, "help")
        [shown] = help_record.ephemeral
        assert "/encounter start" in shown.embeds[0]["description"]
        fields = shown.embeds[0]["fields"]
        moves = "\n".join(f["value"] for f in fields if "moves" in f["name"])
        assert "**grenade** — Throw at a spot" in moves  # every move with its description, none cut off
        assert all(len(f["value"]) <= 1024 for f in fields)
        tools = "\n".join(f["value"] for f in fields if "GM tools" in f["name"])
        assert "**surprise**" in tools and "**heal**" in tools


@pytest.mark.asyncio
async def test_help_on_a_topic_shows_its_commands_and_an_unknown_one_is_refused(fray: Fray) -> None:
    async with fray.running():
        message = await fray.answer(fray.carol, "help", topic="character")
        assert message.ephemeral  # only the one who asked sees it, as the whole of /help
        text = message.embeds[0]["description"]
        assert text.startswith("Help on /character:\n/character create — Save a character for this server.")
        assert "/character delete" in text and "/encounter start" not in text
        refused = await fray.refusal(fray.carol, "help", topic="spells")
        assert refused.startswith("There is no help on 'spells'; topics: encounter,")


@pytest.mark.asyncio
async def test_a_secret_roll_answers_only_its_roller_and_a_label_says_what_it_is_for(fray: Fray) -> None:
    async with fray.running():
        secret = await fray.answer(fray.gm, "roll", dice="3d6", secret=True, label="Guard's Perception")
        assert secret.ephemeral  # only the one who rolled sees it
        text = secret.embeds[0]["description"]
        assert text.startswith("Guard's Perception (3d6): [") and text.endswith(" (secret: only you see this)")
        shown = await fray.answer(fray.carol, "roll", dice="2d6")
        assert not shown.ephemeral and shown.embeds[0]["description"].startswith("2d6: [")


@pytest.mark.asyncio
async def test_each_command_logs_one_structured_line(fray: Fray, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="fray.commands")
    async with fray.running():
        await fray.answer(fray.gm, "encounter start", system="farscape")
        await fray.refusal(fray.carol, "encounter begin")
    lines = [r.__dict__["fields"] for r in caplog.records if r.name == "fray.commands"]
    assert [(line["command"], line["outcome"]) for line in lines] == [
        ("encounter start", "ok"), ("encounter begin", "refused")
    ]
    assert all(isinstance(line["ms"], float) for line in lines)


@pytest.mark.asyncio
async def test_an_action_shows_the_wound_on_the_box_track_or_as_a_descriptor(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        fray.dice.queue(fray.double.channel_id, [1, 1, 1, 1])  # Aeryn's shot: four pluses
        message = await fray.answer(fray.carol, "attack", target="Peacekeeper trooper 1")
        fields = {f["name"]: f["value"] for f in message.embeds[0]["fields"]}
        assert fields["Peacekeeper trooper 1"] in {"Hurt", "Badly wounded", "Down"}
        assert "□" not in fields["Peacekeeper trooper 1"], "players never see an NPC's numbers"


@pytest.mark.asyncio
async def test_a_turn_of_a_hundred_tied_fighters_is_answered_within_discord_s_limits(fray: Fray) -> None:
    # Template NPCs tie and act together: the turn line naming them all stays under 2,000 characters.
    async with fray.running():
        await set_the_scene(fray)
        for count in (20, 20, 20, 20, 16):
            await fray.answer(fray.gm, "encounter add", template="peacekeeper trooper", count=count)
        await fray.answer(fray.gm, "encounter begin")
        await fray.answer(fray.gm, "encounter next")
        together = await fray.answer(fray.gm, "encounter next")
        assert "Peacekeeper trooper" in together.content and len(together.content) <= 2000
        assert fray.double.rejections == []


@pytest.mark.asyncio
async def test_the_log_of_an_ended_fight_names_no_turn(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        await fray.answer(fray.gm, "encounter end")
        log = await fray.answer(fray.gm, "encounter log")
        assert "This fight has ended" in log.embeds[0]["description"]
        assert not log.content, "nobody's turn: the fight is over"
