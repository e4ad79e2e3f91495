"""/odds on Discord: the real bot against the local Discord double shows the caller the exact chances with the chart
attached, suggests the attack's own options, and changes nothing: no public message, the same export, the same dice.
"""

from __future__ import annotations

import io
import json

import pytest
from fray_kit import Fray
from PIL import Image
from test_e2e_encounter import set_the_scene

from bot.render.odds_chart import WIDTH


async def export(fray: Fray) -> dict:
    record = await fray.say(fray.gm, "encounter export")
    [message] = record.ephemeral
    return json.loads(message.file_bytes("encounter.json"))


def odds_message(record):
    [message] = record.ephemeral
    return message


@pytest.mark.asyncio
async def test_a_player_sees_the_odds_with_their_chart_and_nothing_changes(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        channel = fray.double.channel_id
        fray.dice.queue(channel, [1, 1, 0, 0])
        before, queued, shown = await export(fray), fray.dice.snapshot(channel), len(fray.double.messages())

        record = await fray.say(fray.carol, "odds", target="Peacekeeper trooper 1", range="long")
        message = odds_message(record)
        embed = message.embeds[0]
        assert embed["title"] == "Odds: Aeryn → Peacekeeper trooper 1 (attack)"
        lines = embed["description"].split("\n")
        assert lines[0] == "Aeryn attack: 4dF + energy weapons +2; accuracy +1 (modifiers +1)"
        assert "Hits: " in embed["description"] and "• Miss: " in embed["description"]
        assert any(line.startswith("Note: The shot must reach the range's difficulty, Great (+2).") for line in lines)
        assert embed["image"]["url"] == "attachment://odds.png"
        picture = Image.open(io.BytesIO(message.file_bytes("odds.png")))
        assert picture.format == "PNG" and picture.width == WIDTH
        assert fray.double.pinged(message) == set()

        # Nothing changed: no public message, the same export (state and log), the same dice still queued.
        assert len(fray.double.messages()) == shown
        assert await export(fray) == before
        assert fray.dice.snapshot(channel) == queued


@pytest.mark.asyncio
async def test_odds_take_the_attack_s_options_and_suggest_them(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        # D'Argo's sword, an offensive stance: both offences and both defences are shown.
        record = await fray.say(fray.dave, "odds", target="Peacekeeper trooper 2", stance="offensive")
        description = odds_message(record).embeds[0]["description"]
        assert "D'Argo offence (strike): 4dF + melee weapon +2; stance +1 (modifiers +1)" in description
        # move: is a technique of the attack, or another move of the system.
        offered = await fray.double.autocomplete("odds", {"target": "Peacekeeper trooper 1", "move": "swe"},
                                                 focused="move", user=fray.dave)
        assert [c.value for c in offered] == ["sweep"]
        stances = await fray.double.autocomplete("odds", {"target": "Peacekeeper trooper 1", "stance": ""},
                                                 focused="stance", user=fray.dave)
        assert "offensive" in [c.value for c in stances]
        feint = await fray.say(fray.dave, "odds", target="Peacekeeper trooper 1", move="feint")
        assert odds_message(feint).embeds[0]["title"].endswith("(feint)")
        # The GM asks for an NPC with as:, and may add a modifier.
        gm = await fray.say(fray.gm, "odds", target="Aeryn", **{"as": "Peacekeeper trooper 1"}, modifier=1)
        assert "GM +1" in odds_message(gm).embeds[0]["description"]
        # Refused, for the caller only: a player's modifier, someone with no combatant.
        assert await fray.refusal(fray.carol, "odds", target="Peacekeeper trooper 1", modifier=2) == (
            "Only the GM can grant a modifier.")
        refused = await fray.refusal(fray.onlooker, "odds", target="Aeryn")
        assert refused.startswith("You have no combatant in this fight")
