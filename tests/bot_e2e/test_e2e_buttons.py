"""Buttons: Next turn and Undo, for the right people, and still working after the bot restarts."""

from __future__ import annotations

import pytest
from fray_kit import Fray
from test_e2e_encounter import set_the_scene


def turn_buttons(message) -> list[str]:
    return [cid for cid in message.custom_ids if cid.startswith("fray:")]


@pytest.mark.asyncio
async def test_next_turn_and_undo_buttons_work_for_the_gm_and_refuse_others(fray: Fray) -> None:
    channel = fray.double.channel_id
    async with fray.running():
        await set_the_scene(fray)
        begun = await fray.answer(fray.gm, "encounter begin")
        assert turn_buttons(begun) == [f"fray:next:{channel}", f"fray:undo:{channel}"]
        refused = await fray.double.click(begun, f"fray:undo:{channel}", user=fray.dave)
        await refused.response()
        assert "Only the GM can undo" in refused.ephemeral[0].content
        clicked = await fray.double.click(begun, f"fray:next:{channel}", user=fray.gm)
        await clicked.response()
        assert "D'Argo" in clicked.original.content
        assert fray.double.pinged(clicked.original) == {fray.dave}
        undo = await fray.double.click(clicked.original, f"fray:undo:{channel}", user=fray.gm)
        await undo.response()
        assert "Aeryn" in undo.original.content


@pytest.mark.asyncio
async def test_the_player_whose_turn_it_is_may_end_it_when_the_server_allows(fray: Fray) -> None:
    channel = fray.double.channel_id
    async with fray.running():
        await set_the_scene(fray)
        begun = await fray.answer(fray.gm, "encounter begin")
        wrong = await fray.double.click(begun, f"fray:next:{channel}", user=fray.dave)
        await wrong.response()
        assert wrong.ephemeral, "someone else's turn cannot be ended by another player"
        mine = await fray.double.click(begun, f"fray:next:{channel}", user=fray.carol)
        await mine.response()
        assert "D'Argo" in mine.original.content
        assert "server manager" in await fray.refusal(fray.gm, "encounter settings", players_end_turn=False)
        changed = await fray.answer(fray.double.owner_id, "encounter settings", players_end_turn=False)
        assert "players_end_turn: no" in changed.embeds[0]["description"]
        later = mine.original
        refused = await fray.double.click(later, f"fray:next:{channel}", user=fray.dave)
        await refused.response()
        assert refused.ephemeral


@pytest.mark.asyncio
async def test_buttons_still_work_after_the_bot_restarts_mid_encounter(fray: Fray) -> None:
    channel = fray.double.channel_id
    async with fray.running():
        await set_the_scene(fray)
        begun = await fray.answer(fray.gm, "encounter begin")
    async with fray.running():
        clicked = await fray.double.click(begun, f"fray:next:{channel}", user=fray.gm)
        await clicked.response()
        assert "D'Argo" in clicked.original.content
        # The restarted bot loaded the encounter from the database: D'Argo's player can act.
        message = await fray.answer(fray.dave, "attack", target="Peacekeeper trooper 1")
        assert "D'Argo" in message.embeds[0]["description"]
