"""The channel's status message: kept up to date, a burst of changes is one edit, a failed edit posts anew.

The board's delay is a sleep the test releases (``HeldSleeps``): "a burst" means every change of it arrived while
the flush was still waiting, whatever the machine's speed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
from answering_kit import note_waits
from fray_kit import Fray
from test_e2e_encounter import set_the_scene
from timekit import HeldSleeps

from bot.discord.client import FrayBot


@contextlib.asynccontextmanager
async def begun(fray: Fray, **settings: Any) -> AsyncIterator[tuple[FrayBot, HeldSleeps]]:
    """Run the bot with the board's delay held by the test, set the scene and begin the fight."""
    sleeps = HeldSleeps()
    async with fray.running(**settings) as bot:
        bot.status_board.sleep = sleeps
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        yield bot, sleeps


def boards(fray: Fray) -> list:
    return [m for m in fray.double.messages() if m.embeds and m.embeds[0].get("title", "").endswith("FUDGE Farscape")
            and m.interaction_id is None]


@pytest.mark.asyncio
async def test_a_burst_of_changes_becomes_one_edit_of_the_status_message(fray: Fray) -> None:
    async with begun(fray, status_edit_delay=1.5) as (_, sleeps):
        await sleeps.release()
        [board] = await fray.double.wait_for(lambda: boards(fray) or None, what="the status message")
        assert "Round 1 — Aeryn's turn" in board.embeds[0]["footer"]["text"]
        assert board.embeds[0]["title"] == "Docking ring — FUDGE Farscape", "the board names its fight"
        for _ in range(3):
            await fray.answer(fray.gm, "encounter next")
        await sleeps.until_waiting(1)
        assert sleeps.waiting == 1, "three changes while the flush waits: one flush"
        assert len(board.revisions) == 1, "nothing is edited before the delay is over"
        await sleeps.release()
        await fray.double.wait_for(lambda: len(board.revisions) > 1 or None, what="an edit")
        assert "Round 2" in board.embeds[0]["footer"]["text"], "the edit shows the last change of the burst"
        assert fray.double.pinged(board) == set()
    assert sleeps.delays == [1.5, 1.5], "each flush waited STATUS_EDIT_DELAY"
    assert len(board.revisions) == 2, "three quick changes, one edit"
    assert len(boards(fray)) == 1


@pytest.mark.asyncio
async def test_a_failed_edit_posts_a_new_status_message(fray: Fray) -> None:
    async with begun(fray) as (_, sleeps):
        await sleeps.release()
        [first] = await fray.double.wait_for(lambda: boards(fray) or None, what="the status message")
        fray.double.fail_next("PATCH", r"/channels/\d+/messages/\d+", status=404, code=10008, message="Unknown Message")
        await fray.answer(fray.gm, "encounter next")
        await sleeps.release()
        second = await fray.double.wait_for(lambda: next((b for b in boards(fray) if b.id != first.id), None),
                                            what="a new status message")
        assert "D'Argo's turn" in second.embeds[0]["footer"]["text"]
        assert len(first.revisions) == 1, "the failed edit changed nothing"
        failed = [r for r in fray.double.requests_to("PATCH", rf"/channels/\d+/messages/{first.id}") if r.status == 404]
        assert len(failed) == 1, "the edit was tried first"


@pytest.mark.asyncio
async def test_a_board_due_while_a_command_is_answered_waits_for_it_and_shows_its_outcome(fray: Fray) -> None:
    async with begun(fray, status_edit_delay=30.0) as (bot, sleeps):
        waiting = note_waits(bot)  # every command deferred; ``waiting`` set once background work waits
        async with bot.services.db.locks.get(fray.double.channel_id):  # the attack waits here, being answered
            record = await fray.double.invoke("attack", {"target": "Peacekeeper trooper 1"}, user=fray.carol)
            assert (await record.response()).type == 5
            assert bot.responder.answering == 1
            await sleeps.release()
            async with asyncio.timeout(10):
                await waiting.wait()
            assert boards(fray) == [], "the board waits while a command is being answered"
        await record.followups(1)
        [board] = await fray.double.wait_for(lambda: boards(fray) or None, what="the status message")
        assert "D'Argo's turn" in board.embeds[0]["footer"]["text"], "it shows the state after the attack"
        assert bot.responder.answering == 0
    assert sleeps.delays == [30.0]


@pytest.mark.asyncio
async def test_the_board_follows_an_undo_back_to_before_the_fight_began(fray: Fray) -> None:
    async with begun(fray) as (_bot, sleeps):
        await sleeps.release()
        [board] = await fray.double.wait_for(lambda: boards(fray) or None, what="the status message")
        await fray.answer(fray.gm, "encounter undo")  # the begin taken back: round 0
        await sleeps.release()
        await fray.double.wait_for(lambda: board.embeds[0]["footer"]["text"] == "Not begun yet" or None,
                                   what="the board edited back to before the fight")
        assert len(boards(fray)) == 1


@pytest.mark.asyncio
async def test_a_change_still_waiting_when_the_bot_closes_is_shown_as_it_closes(fray: Fray) -> None:
    async with begun(fray) as (_bot, sleeps):
        await sleeps.release()
        [board] = await fray.double.wait_for(lambda: boards(fray) or None, what="the status message")
        await fray.answer(fray.gm, "encounter next")  # D'Argo's turn: its flush waits on the held sleep
        await sleeps.until_waiting(1)
    assert "D'Argo" in board.embeds[0]["footer"]["text"]


@pytest.mark.asyncio
async def test_a_restarted_bot_edits_the_board_the_fight_shows_instead_of_posting_another(fray: Fray) -> None:
    async with begun(fray) as (_bot, sleeps):
        await sleeps.release()
        [board] = await fray.double.wait_for(lambda: boards(fray) or None, what="the status message")
    sleeps = HeldSleeps()
    async with fray.running() as bot:
        bot.status_board.sleep = sleeps
        await fray.answer(fray.gm, "encounter next")  # D'Argo's turn
        await sleeps.release()
        await fray.double.wait_for(lambda: "D'Argo's turn" in board.embeds[0]["footer"]["text"] or None,
                                   what="the first board edited by the restarted bot")
        assert boards(fray) == [board], "the restarted bot posted no second board"
        await fray.answer(fray.gm, "encounter end")
        await sleeps.release()
        await fray.double.wait_for(lambda: "ended" in board.embeds[0]["footer"]["text"] or None, what="the end")
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        await sleeps.release()
        await fray.double.wait_for(lambda: len(boards(fray)) == 2 or None, what="the new fight's own board")
    assert "ended" in board.embeds[0]["footer"]["text"], "the ended fight's board was left as it ended"


@pytest.mark.asyncio
async def test_a_fight_started_before_the_end_was_shown_leaves_the_old_board_as_it_ended(fray: Fray) -> None:
    # The guided demo starts under way: its board is a new message, and the old one says its fight ended.
    async with begun(fray) as (_bot, sleeps):
        await sleeps.release()
        [board] = await fray.double.wait_for(lambda: boards(fray) or None, what="the status message")
        await fray.answer(fray.gm, "encounter end")
        await fray.answer(fray.gm, "encounter start", demo="deryni")  # the end's flush still waits
        await sleeps.release()
        new = await fray.double.wait_for(
            lambda: [m for m in fray.double.messages() if m.interaction_id is None and m.id != board.id
                     and m.embeds and "Deryni" in m.embeds[0].get("title", "")] or None, what="the new fight's board")
        assert len(new) == 1
        assert "ended" in board.embeds[-1]["footer"]["text"], "the old board was left as its fight ended"
        assert "FUDGE Farscape" in board.embeds[0]["title"]
