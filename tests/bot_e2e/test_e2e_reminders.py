"""Play-by-post reminders through the real bot: one ping for the waiting player only, after the set minutes.

Time is the test's (FakeTime): the services' clock and the reminders' sleep only move when the test advances them,
so nothing here waits on the wall clock. A restart reschedules from the encounter's stored last change and never
reminds a turn twice.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from fake_time import FakeTime
from fray_kit import Fray
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from test_e2e_encounter import set_the_scene

MINUTE = 60.0


def reminders(fray: Fray) -> list:
    return [m for m in fray.double.messages() if "is waiting for you" in (m.content or "")]


async def settled(fray: Fray, time: FakeTime, sleeping: int) -> None:
    """Wait until the countdowns have gone back to sleep (``sleeping`` of them) or ended."""
    await fray.double.wait_for(lambda: time.sleeping == sleeping or None, what=f"{sleeping} countdown(s) asleep")


async def done(fray: Fray) -> None:
    """Wait until the channel has no countdown left (the reminder sent, or nobody to remind)."""
    channel = fray.double.channel_id
    await fray.double.wait_for(lambda: channel not in fray.bot.reminders._tasks or None, what="no countdown")


async def remind_after(fray: Fray, minutes: int):
    return await fray.answer(fray.double.owner_id, "encounter settings", remind_after=minutes)


def on_the_clock(fray: Fray) -> FakeTime:
    time = FakeTime()
    fray.clock, fray.sleep = time.clock, time.sleep
    return time


@pytest.mark.asyncio
async def test_one_reminder_pings_only_the_player_whose_turn_it_is(fray: Fray) -> None:
    time = on_the_clock(fray)
    async with fray.running():
        shown = await remind_after(fray, 30)
        assert "remind_after: 30 minutes" in shown.embeds[0]["description"]
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")  # Aeryn's turn: carol's
        await settled(fray, time, 1)
        await time.advance(29 * MINUTE)
        await settled(fray, time, 1)
        assert reminders(fray) == [], "not before the 30 minutes"
        await time.advance(2 * MINUTE)
        [reminder] = await fray.double.wait_for(lambda: reminders(fray) or None, what="the reminder")
        assert fray.double.pinged(reminder) == {fray.carol}
        assert reminder.content.startswith(f"<@{fray.carol}> the fight 'Docking ring' is waiting for you")
        assert "It's Aeryn's turn: try `/attack target:\"Peacekeeper trooper 1\"`" in reminder.content
        await done(fray)
        await time.advance(5 * 60 * MINUTE)
        assert len(reminders(fray)) == 1 and time.sleeping == 0, "one reminder per waiting turn"

        # D'Argo's turn now: dave is reminded, and nobody else.
        await fray.answer(fray.gm, "encounter next")
        await settled(fray, time, 1)
        await time.advance(31 * MINUTE)
        second = await fray.double.wait_for(lambda: reminders(fray)[1:] or None, what="the second reminder")
        assert fray.double.pinged(second[0]) == {fray.dave} and "It's D'Argo's turn" in second[0].content

        # The troopers' turn is the GM's: nobody is pinged, however long it waits.
        await fray.answer(fray.gm, "encounter next")
        await done(fray)
        await time.advance(24 * 60 * MINUTE)
        assert len(reminders(fray)) == 2 and time.sleeping == 0


@pytest.mark.asyncio
async def test_a_waiting_choice_reminds_its_player_with_the_buttons_and_off_means_off(fray: Fray) -> None:
    time = on_the_clock(fray)
    async with fray.running(reaction_seconds=2 * 24 * 3600):  # a play-by-post table gives days to choose
        await remind_after(fray, 60)
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        for _ in range(2):
            await fray.answer(fray.gm, "encounter next")
        for trooper in ("Peacekeeper trooper 1", "Peacekeeper trooper 2"):  # their first shots only warn
            await fray.answer(fray.gm, "attack", target="D'Argo", **{"as": trooper})
        for _ in range(2):
            await fray.answer(fray.gm, "encounter next")
        await fray.answer(fray.gm, "attack", target="Aeryn", **{"as": "Peacekeeper trooper 1"})
        await settled(fray, time, 1)
        await time.advance(61 * MINUTE)
        [reminder] = await fray.double.wait_for(lambda: reminders(fray) or None, what="the reminder")
        assert fray.double.pinged(reminder) == {fray.carol}
        assert "Aeryn's player chooses: `/encounter react choice:dodge` or `choice:take`, or the buttons" \
            in reminder.content
        assert [c.split(":")[3] for c in reminder.custom_ids] == ["dodge", "take"]
        clicked = await fray.double.click(reminder, reminder.custom_ids[1], user=fray.carol)
        await clicked.response()
        assert "dice [" in clicked.original.embeds[0]["description"], "the reminder's button answers the choice"

        await fray.answer(fray.gm, "encounter next")  # trooper 2 passes: round 3, Aeryn's turn again
        await settled(fray, time, 1)
        await remind_after(fray, 0)  # turned off while that countdown sleeps: it wakes, checks, reminds nobody
        await time.advance(24 * 60 * MINUTE)
        await done(fray)
        assert len(reminders(fray)) == 1 and time.sleeping == 0, "reminders off: nobody is pinged"


async def last_change(url: str, when: float) -> None:
    """Set the encounter's stored last change (what a restart reads) to ``when``."""
    engine = create_async_engine(url)
    try:
        async with engine.begin() as conn:
            await conn.execute(text("UPDATE encounters SET updated = :when"),
                               {"when": datetime.fromtimestamp(when, UTC)})
    finally:
        await engine.dispose()


@pytest.mark.asyncio
async def test_a_restart_reschedules_from_the_last_change_and_never_reminds_twice(fray: Fray) -> None:
    time = on_the_clock(fray)
    async with fray.running():
        await remind_after(fray, 30)
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")  # Aeryn's turn; the bot stops before any reminder
    await last_change(fray.url, time.now - 20 * MINUTE)
    async with fray.running() as bot:
        await settled(fray, time, 1)
        assert fray.double.channel_id in bot.reminders._tasks, "rescheduled at start-up"
        await time.advance(9 * MINUTE)
        await settled(fray, time, 1)
        assert reminders(fray) == []
        await time.advance(2 * MINUTE)
        [reminder] = await fray.double.wait_for(lambda: reminders(fray) or None, what="the reminder")
        assert fray.double.pinged(reminder) == {fray.carol}
        await done(fray)
    async with fray.running() as bot:
        assert fray.double.channel_id not in bot.reminders._tasks, "that turn was reminded already"
        await time.advance(24 * 60 * MINUTE)
        assert len(reminders(fray)) == 1
