"""Fallout plays through the real bot against the local Discord double: the map tools, the three phases, a burst
whose critical point is spent with a button, the round summary, and the map picture as a PNG attachment."""

from __future__ import annotations

import io

import pytest
from fray_kit import Fray
from PIL import Image

from bot.systems.fallout.picture import SIDE_COLOURS, centre_px, size_px
from combat.systems.fallout.hexgrid import parse_hex
from combat.systems.fallout.state import Field


def buttons(message) -> dict[str, str]:
    """Return the message's choice buttons by their choice key."""
    return {cid.split(":")[3]: cid for cid in message.custom_ids if cid.startswith("fray:react:")}


@pytest.mark.asyncio
async def test_a_fallout_fight_on_discord_with_its_map_picture(fray: Fray) -> None:
    async with fray.running():
        await fray.answer(fray.gm, "encounter start", system="fallout", name="Junktown")
        await fray.answer(fray.gm, "encounter add", name="Vera", owner=fray.carol, side="vault",
                          stats="agility=6, firearms=6", weapon="10mm smg")
        await fray.answer(fray.gm, "encounter add", template="raider")
        placed = await fray.answer(fray.gm, "encounter gm", tool="place", target="Vera", options="hex=C6, facing=n")
        assert "Vera is on C6, facing n, stand" in placed.embeds[0]["description"]
        await fray.answer(fray.gm, "encounter gm", tool="place", target="Raider", options="hex=C2")
        fray.dice.queue(fray.double.channel_id, [9, 1])  # sequence: Vera 9 + 11 = 20, Raider 1 + 10 = 11
        begun = await fray.answer(fray.gm, "encounter begin")
        assert "Sequence: Vera d10 [9] + 11 = 20" in begun.embeds[0]["description"]

        # Move phase, lowest sequence first: only the move phase's moves are offered; the raider steps forward.
        offered = await fray.double.autocomplete("act", {"move": ""}, focused="move", user=fray.gm)
        assert [c.value for c in offered] == ["move", "stance", "item", "drop", "evade"]
        moved = await fray.answer(fray.gm, "act", move="move", **{"as": "Raider"}, extra="to=C3")
        assert "Raider moves C2 → C3" in moved.embeds[0]["description"]
        refused = await fray.refusal(fray.carol, "attack", target="Raider", mode="burst")
        assert refused == ("attack is made in the charge or action phase, not now. "
                           "The move phase offers move, stance, item, drop, evade.")
        await fray.answer(fray.gm, "encounter next")
        await fray.answer(fray.gm, "encounter next")
        await fray.answer(fray.gm, "encounter next")

        offered = await fray.double.autocomplete("act", {"move": ""}, focused="move", user=fray.carol)
        assert [c.value for c in offered] == ["attack", "lob", "overwatch", "reload", "overload", "vent"]
        # Action phase: Vera's burst hits twice and earns a critical point; Carol spends it with a button.
        fray.dice.queue(fray.double.channel_id, [7, 6, 3, 4, 2, 5])
        asked = await fray.answer(fray.carol, "attack", target="Raider", mode="burst")
        assert set(buttons(asked)) == {"damage", "knockdown"} and fray.double.pinged(asked) == {fray.carol}
        clicked = await fray.double.click(asked, buttons(asked)["knockdown"], user=fray.carol)
        await clicked.response()
        assert "Critical knockdown on Raider" in clicked.original.embeds[0]["description"]
        fray.dice.queue(fray.double.channel_id, [1, 1])
        await fray.answer(fray.gm, "attack", target="Vera", **{"as": "Raider"})
        summary = await fray.double.wait_for_message(
            lambda m: bool(m.embeds) and m.embeds[0].get("title") == "Round 1 summary")
        assert "Vera → Raider: hit, -16 HP" in summary.embeds[0]["description"]

        # The map comes as a PNG: the board's size, Vera's side colour under her hex; its options are suggested.
        typed = await fray.double.autocomplete("encounter map", {"options": "ran"}, focused="options", user=fray.carol)
        assert [c.value for c in typed] == ["ranges="]
        shown = await fray.answer(fray.carol, "encounter map", options="ranges=Vera")
        picture = Image.open(io.BytesIO(shown.file_bytes("map.png")))
        assert picture.format == "PNG" and picture.size == size_px(Field())
        x, y = centre_px(parse_hex("C6"))
        assert picture.getpixel((int(x) - 8, int(y))) == SIDE_COLOURS[0]
