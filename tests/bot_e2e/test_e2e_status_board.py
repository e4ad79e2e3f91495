"""The channel's status message: kept up to date, a burst of changes is one edit, a failed edit posts anew."""

from __future__ import annotations

import pytest
from fray_kit import Fray
from test_e2e_encounter import set_the_scene


def boards(fray: Fray) -> list:
    return [m for m in fray.double.messages() if m.embeds and m.embeds[0].get("title", "").endswith("FUDGE Farscape")
            and m.interaction_id is None]


@pytest.mark.asyncio
async def test_a_burst_of_changes_becomes_one_edit_of_the_status_message(fray: Fray) -> None:
    async with fray.running(status_edit_delay=1.5):
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        [board] = await fray.double.wait_for(lambda: boards(fray) or None, what="the status message")
        assert "Round 1 — Aeryn's turn" in board.embeds[0]["footer"]["text"]
        for _ in range(3):
            await fray.answer(fray.gm, "encounter next")
        await fray.double.wait_for(lambda: len(board.revisions) > 1 or None, what="an edit")
        assert len(board.revisions) == 2, "three quick changes, one edit"
        assert "Round 2" in board.embeds[0]["footer"]["text"]
        assert fray.double.pinged(board) == set()


@pytest.mark.asyncio
async def test_a_failed_edit_posts_a_new_status_message(fray: Fray) -> None:
    async with fray.running(status_edit_delay=0.2):
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        [first] = await fray.double.wait_for(lambda: boards(fray) or None, what="the status message")
        fray.double.fail_next("PATCH", r"/channels/\d+/messages/\d+", status=404, code=10008, message="Unknown Message")
        await fray.answer(fray.gm, "encounter next")
        second = await fray.double.wait_for(lambda: next((b for b in boards(fray) if b.id != first.id), None),
                                            what="a new status message")
        assert "D'Argo's turn" in second.embeds[0]["footer"]["text"]
        assert len(first.revisions) == 1, "the failed edit changed nothing"
