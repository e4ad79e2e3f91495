"""The d6 pool system plays through the real bot: Initiative with several actions, the successes choice as
buttons after the roll, a stun that passes the victim over, the status board's counts, and round summaries."""

from __future__ import annotations

import pytest
from fray_kit import Fray


def buttons(message) -> dict[str, str]:
    """Return the message's choice buttons by their choice key."""
    return {cid.split(":")[3]: cid for cid in message.custom_ids if cid.startswith("fray:react:")}


def boards(fray: Fray) -> list:
    return [m for m in fray.double.messages() if m.embeds and m.embeds[0].get("title", "").endswith("d6 pool (HTK)")
            and m.interaction_id is None]


def text(message) -> str:
    return message.embeds[0]["description"]


@pytest.mark.asyncio
async def test_a_d6pool_fight_through_the_bot(fray: Fray) -> None:
    channel = fray.double.channel_id
    async with fray.running(status_edit_delay=0.1):
        await fray.answer(fray.gm, "encounter start", system="d6pool", name="Rooftop")
        await fray.answer(fray.gm, "encounter add", name="Megaman", owner=fray.carol, side="heroes",
                          stats="Agility=good, Powers=expert", weapon="mega buster")
        await fray.answer(fray.gm, "encounter add", name="Badguy", stats="Agility=4, Knives=2", weapon="knife",
                          armour="leather")
        fray.dice.queue(channel, [6, 3])  # Megaman 4 + 6 + 3 = 13; Badguy 4 + 3 + 2 = 9
        begun = await fray.answer(fray.gm, "encounter begin")
        assert "Megaman's Initiative: Agility 4 + d6 [6] +3 powers = 13 → acts at 13, 7, 1" in text(begun)

        # The status board shows the counts still to come.
        board = await fray.double.wait_for(lambda: (boards(fray) or [None])[-1], what="the status message")
        fields = {f["name"]: f["value"] for f in board.embeds[0]["fields"]}
        assert "Megaman [heroes] · init +13 (counts 13, 7, 1; to come: 13, 7, 1)" in fields
        assert "HTK 7/7 ■■■■■■■" in fields["Megaman [heroes] · init +13 (counts 13, 7, 1; to come: 13, 7, 1)"]

        weapons = await fray.double.autocomplete("attack", {"target": "Badguy", "weapon": ""}, focused="weapon",
                                                 user=fray.carol)
        assert [c.value for c in weapons] == ["mega buster", "fist"]

        # A hit: two successes; Carol spends them after seeing them, with buttons; the default is all damage.
        fray.dice.queue(channel, [5, 5, 4, 4, 2, 3, 3, 1, 6, 5, 2, 3])
        asked = await fray.answer(fray.carol, "attack", target="Badguy")
        assert set(buttons(asked)) == {"damage", "knockdown", "throw", "stun"}  # a shot holds nobody
        assert fray.double.pinged(asked) == {fray.carol}
        assert ("Damage: PF 3 3d6 [6, 5, 2]: 2 successes vs protection 1 (Leather armour) 1d6 [3]: 0 successes → "
                "2 successes") in text(asked)
        assert "without an answer in time: All damage (2 HTK)" in text(asked)
        fray.dice.queue(channel, [2, 1, 3, 4, 2, 2])  # Stamina 0 successes vs PF 3: 1
        clicked = await fray.double.click(asked, buttons(asked)["stun"], user=fray.carol)
        await clicked.response()
        stunned = text(clicked.original)
        assert "stunned: loses the rest of this round's actions" in stunned
        assert "Badguy cannot act and is passed over." in stunned

        # Megaman's second and third actions miss; the round ends, its summary is posted, round 2 rolls.
        fray.dice.queue(channel, [1, 1, 1, 1, 6, 6, 6, 6])
        await fray.answer(fray.carol, "attack", target="Badguy")
        fray.dice.queue(channel, [1, 1, 1, 1, 6, 6, 6, 6, 3, 3])
        await fray.answer(fray.carol, "attack", target="Badguy")
        summary = await fray.double.wait_for_message(
            lambda m: bool(m.embeds) and m.embeds[0].get("title") == "Round 1 summary")
        assert "Megaman → Badguy: hit, -1 HTK, stunned" in text(summary)
        assert "Megaman → Badguy: miss" in text(summary)

        # Full defence cannot come once an attack is rolled this round.
        fray.dice.queue(channel, [1, 1, 1, 1, 6, 6, 6, 6])
        missed = await fray.answer(fray.carol, "attack", target="Badguy")  # round 2: Megaman at 10 (10, 4)
        assert "Miss" in text(missed)
        refused = await fray.refusal(fray.gm, "dodge", **{"as": "Badguy"})
        assert "before any attack is rolled" in refused
