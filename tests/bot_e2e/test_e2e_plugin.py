"""The test-only Sparring system, registered at run time, plays through the real bot with no generic edit.

Its option values autocomplete, bad values are refused naming what is allowed, the three-way defence and the
choice after the roll come as buttons, its GM tool runs through /encounter gm, and round summaries are posted.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fray_kit import Fray
from sparring import PLUGIN

from bot.registry import register, unregister


@pytest.fixture(autouse=True)
def sparring() -> Iterator[None]:
    register(PLUGIN)
    yield
    unregister("sparring")


def buttons(message) -> dict[str, str]:
    """Return the message's choice buttons by their choice key."""
    return {cid.split(":")[3]: cid for cid in message.custom_ids if cid.startswith("fray:react:")}


async def click(fray: Fray, message, custom_id: str, user: int):
    clicked = await fray.double.click(message, custom_id, user=user)
    await clicked.response()
    return clicked.original


@pytest.mark.asyncio
async def test_sparring_plays_through_the_bot(fray: Fray) -> None:
    async with fray.running():
        systems = await fray.double.autocomplete("encounter start", {"system": "spar"}, focused="system",
                                                 user=fray.gm)
        assert [c.value for c in systems] == ["sparring"]
        await fray.answer(fray.gm, "encounter start", system="sparring", name="Dojo")
        await fray.answer(fray.gm, "encounter add", name="Ann", owner=fray.carol, stats="skill=1")
        await fray.answer(fray.gm, "encounter add", name="Bo", stats="skill=0")
        fray.dice.queue(fray.double.channel_id, [6, 1])
        begun = await fray.answer(fray.gm, "encounter begin")
        assert "Ann catch their breath" in begun.embeds[0]["description"]

        # The move's option values come from Sparring's own specs, as you type.
        typed = await fray.double.autocomplete("attack", {"target": "Bo", "extra": "sty"}, focused="extra",
                                               user=fray.carol)
        assert [c.value for c in typed] == ["style="]
        styles = await fray.double.autocomplete("attack", {"target": "Bo", "extra": "style="}, focused="extra",
                                                user=fray.carol)
        assert [c.value for c in styles] == ["style=swift", "style=heavy", "style=feint", "style=quick"]
        refused = await fray.refusal(fray.carol, "attack", target="Bo", extra="style=sneaky")
        assert refused == "style takes swift, heavy or feint; 'sneaky' is not one of them."
        refused = await fray.refusal(fray.carol, "attack", target="Bo", stance="+1")
        assert refused == "attack has no option 'stance'; its options are style."

        # A hit asks Ann's player afterwards: press or hold, as buttons with the default stated.
        fray.dice.queue(fray.double.channel_id, [5, 1])
        asked = await fray.answer(fray.carol, "attack", target="Bo", extra="style=swift")
        assert set(buttons(asked)) == {"press", "hold"} and fray.double.pinged(asked) == {fray.carol}
        assert "Spend a point of momentum?" in asked.embeds[0]["description"]
        pressed = await click(fray, asked, buttons(asked)["press"], fray.carol)
        assert "Ann presses the attack: Bo loses 2 vigour" in pressed.embeds[0]["description"]

        # Bo's attack waits for Ann's defence: three buttons.
        declared = await fray.answer(fray.gm, "attack", target="Ann", **{"as": "Bo"})
        assert set(buttons(declared)) == {"parry", "dodge", "endure"}
        fray.dice.queue(fray.double.channel_id, [2, 3, 4, 4])
        dodged = await click(fray, declared, buttons(declared)["dodge"], fray.carol)
        assert "vs dodge d6 [3] = 6" in dodged.embeds[0]["description"]
        summary = await fray.double.wait_for_message(
            lambda m: bool(m.embeds) and m.embeds[0].get("title") == "Round 1 summary")
        assert "Ann → Bo: hit, -2 vigour" in summary.embeds[0]["description"]

        # The GM tool, with its options suggested and checked.
        options = await fray.double.autocomplete("encounter gm", {"tool": "rally", "options": "am"},
                                                 focused="options", user=fray.gm)
        assert [c.value for c in options] == ["amount="]
        assert "amount must be from 1 to 3" in await fray.refusal(fray.gm, "encounter gm", tool="rally",
                                                                  target="Bo", options="amount=9")
        rallied = await fray.answer(fray.gm, "encounter gm", tool="rally", target="Bo", options="amount=2")
        assert "Bo rallies: +2 vigour, now 3" in rallied.embeds[0]["description"]


@pytest.mark.asyncio
async def test_the_map_picture_comes_as_an_attachment(fray: Fray) -> None:
    async with fray.running():
        await fray.answer(fray.gm, "encounter start", system="sparring", name="Dojo")
        await fray.answer(fray.gm, "encounter add", name="Ann", owner=fray.carol, stats="skill=1")
        shown = await fray.answer(fray.carol, "encounter map", options="mat=blue")
        assert shown.content == "The map of 'Dojo'."
        assert shown.file_bytes("map.png") == b"\x89PNG\r\n\x1a\nblue:Ann"
        assert "mat takes green or blue" in await fray.refusal(fray.carol, "encounter map", options="mat=red")
