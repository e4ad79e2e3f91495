"""Buttons: Next turn and Undo, for the right people, and still working after the bot restarts."""

from __future__ import annotations

import pytest
from discord_double import StoredMessage
from fray_kit import Fray
from test_e2e_encounter import set_the_scene


def turn_buttons(message) -> list[str]:
    return [cid for cid in message.custom_ids if cid.startswith("fray:")]


async def whose_turn(fray: Fray) -> str:
    """Return the status's turn line (its footer): 'Round 1 — D'Argo's turn'."""
    status = await fray.answer(fray.gm, "encounter status")
    return status.embeds[-1]["footer"]["text"]


async def click(fray: Fray, message, action: str, user: int):
    """Click the message's Next turn ('next') or Undo ('undo') button as ``user``; return the click once answered."""
    record = await fray.double.click(message, button(message, action), user=user)
    await record.response()
    return record


def button(message, action: str) -> str:
    """Return the custom id of the message's Next turn ('next') or Undo ('undo') button."""
    (found,) = [cid for cid in turn_buttons(message) if cid.startswith(f"fray:{action}:")]
    return found


@pytest.mark.asyncio
async def test_next_turn_and_undo_buttons_work_for_the_gm_and_refuse_others(fray: Fray) -> None:
    channel = fray.double.channel_id
    async with fray.running():
        await set_the_scene(fray)
        begun = await fray.answer(fray.gm, "encounter begin")
        mark = turn_buttons(begun)[0].rsplit(":", 1)[1]  # the encounter and its version at this answer
        assert turn_buttons(begun) == [f"fray:next:{channel}:{mark}", f"fray:undo:{channel}:{mark}"]
        refused = await click(fray, begun, "undo", fray.dave)
        assert "Only the GM can undo" in refused.ephemeral[0].content
        clicked = await click(fray, begun, "next", fray.gm)
        assert "D'Argo" in clicked.original.content
        assert fray.double.pinged(clicked.original) == {fray.dave}
        undo = await click(fray, clicked.original, "undo", fray.gm)
        assert "Aeryn" in undo.original.content


@pytest.mark.asyncio
async def test_the_player_whose_turn_it_is_may_end_it_when_the_server_allows(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        begun = await fray.answer(fray.gm, "encounter begin")
        wrong = await click(fray, begun, "next", fray.dave)
        assert wrong.ephemeral, "someone else's turn cannot be ended by another player"
        mine = await click(fray, begun, "next", fray.carol)
        assert "D'Argo" in mine.original.content
        assert "server manager" in await fray.refusal(fray.gm, "encounter settings", players_end_turn=False)
        changed = await fray.answer(fray.double.owner_id, "encounter settings", players_end_turn=False)
        assert "players_end_turn: no" in changed.embeds[0]["description"]
        later = mine.original
        refused = await click(fray, later, "next", fray.dave)
        assert refused.ephemeral and "earlier moment" not in refused.ephemeral[0].content, "refused for the setting"
        # A settings change is no moment of the fight: the buttons shown before it still act.
        ended = await click(fray, later, "next", fray.gm)
        assert not ended.ephemeral and "Peacekeeper trooper 1" in ended.original.content, "D'Argo's turn ended"


@pytest.mark.asyncio
async def test_buttons_still_work_after_the_bot_restarts_mid_encounter(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        begun = await fray.answer(fray.gm, "encounter begin")
    async with fray.running():
        clicked = await click(fray, begun, "next", fray.gm)
        assert "D'Argo" in clicked.original.content
        # The restarted bot loaded the encounter from the database: D'Argo's player can act.
        message = await fray.answer(fray.dave, "attack", target="Peacekeeper trooper 1")
        assert "D'Argo" in message.embeds[0]["description"]


async def next_acts_once(fray: Fray, message: StoredMessage, user: int) -> None:
    """Click Next turn twice under ``message`` in Aeryn's turn: the first ends it, the second is refused."""
    first = await click(fray, message, "next", user)
    assert not first.ephemeral, "the first click ends Aeryn's turn"
    again = await click(fray, message, "next", fray.gm)
    assert again.ephemeral and "earlier moment of the fight" in again.ephemeral[0].content
    assert "D'Argo" in await whose_turn(fray), "one turn ended, not two: D'Argo's was not skipped"


async def moves_no_new_fight(fray: Fray, message: StoredMessage) -> None:
    """End the fight, begin a new one, and click Next turn under ``message``: refused, the new fight unmoved."""
    await fray.answer(fray.gm, "encounter end")
    await set_the_scene(fray)
    await fray.answer(fray.gm, "encounter begin")
    stale = await click(fray, message, "next", fray.carol)
    assert stale.ephemeral, "a button of an ended fight moves no new fight on"
    assert "Aeryn" in await whose_turn(fray), "the new fight did not move on"


@pytest.mark.asyncio
async def test_a_button_clicked_again_or_under_an_older_message_acts_no_more(fray: Fray) -> None:
    # Next turn twice on one message ends one turn; Undo twice takes back one action; a button of a fight that has
    # ended moves no new fight on. Each refusal is the clicker's alone.
    async with fray.running():
        await set_the_scene(fray)
        begun = await fray.answer(fray.gm, "encounter begin")  # Aeryn's turn
        await next_acts_once(fray, begun, fray.carol)
        shot = await fray.answer(fray.dave, "attack", target="Peacekeeper trooper 1")
        undone = await click(fray, shot, "undo", fray.gm)
        assert not undone.ephemeral, "the first click undoes the attack"
        twice = await click(fray, shot, "undo", fray.gm)
        assert twice.ephemeral and "earlier moment of the fight" in twice.ephemeral[0].content
        assert "D'Argo" in await whose_turn(fray), "only the attack was undone"
        await moves_no_new_fight(fray, begun)


@pytest.mark.asyncio
async def test_the_buttons_under_a_reopened_fight_act_once_and_never_on_a_later_fight(fray: Fray) -> None:
    # An undone /encounter end answers with the turn buttons: marked like every other answer's.
    async with fray.running():
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        await fray.answer(fray.gm, "encounter end")
        reopened = await fray.answer(fray.gm, "encounter undo")
        await next_acts_once(fray, reopened, fray.gm)
        await moves_no_new_fight(fray, reopened)


@pytest.mark.asyncio
async def test_the_log_s_page_buttons_turn_their_own_fight_s_pages_only(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        for _ in range(20):
            await fray.answer(fray.gm, "encounter next")
        shown = await fray.answer(fray.gm, "encounter log")
        [older] = shown.custom_ids
        turned = await fray.double.click(shown, older, user=fray.onlooker)
        await turned.response()
        assert not turned.ephemeral, "the page turns while its fight is the channel's"
        before = fray.double.message(shown.id).embeds[0]["description"]
        await fray.answer(fray.gm, "encounter end")
        await fray.answer(fray.gm, "encounter start", system="deryni", name="Another fight")
        [newer] = fray.double.message(shown.id).custom_ids
        stale = await fray.double.click(shown, newer, user=fray.onlooker)
        await stale.response()
        assert stale.ephemeral and "earlier fight" in stale.ephemeral[0].content
        assert fray.double.message(shown.id).embeds[0]["description"] == before, "the old log is left as it was"


@pytest.mark.asyncio
async def test_a_gm_tool_s_answer_carries_the_turn_buttons_of_its_moment(fray: Fray) -> None:
    # A GM tool moves the fight on (the buttons under older answers act no more): its own answer has the buttons.
    async with fray.running():
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")  # Aeryn's turn
        tool = await fray.answer(fray.gm, "encounter gm", tool="adjust", target="D'Argo", options="initiative=+1")
        assert len(turn_buttons(tool)) == 2
        ended = await click(fray, tool, "next", fray.gm)
        assert not ended.ephemeral and "D'Argo" in ended.original.content
        read = await fray.answer(fray.gm, "encounter status")
        assert turn_buttons(read) == [], "a read shows no buttons: it may show an older moment than the latest"
        ended = await fray.answer(fray.gm, "encounter end")
        assert turn_buttons(ended) == [], "no turn is left to end or undo by button"
