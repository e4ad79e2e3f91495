"""Dodge or Take it: a shot at a player's character waits for that player, by button, with a stated default."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import pytest
from discord_double import StoredMessage
from fray_kit import Fray
from test_e2e_encounter import set_the_scene
from timekit import Clock, HeldSleeps

from bot.discord.client import FrayBot
from bot.discord.reaction import GRACE


async def trooper_shoots_aeryn(fray: Fray):
    """Begin; both troopers fire their warning shots in round 1; in round 2 trooper 1 shoots Aeryn for real."""
    await fray.answer(fray.gm, "encounter begin")
    for _ in range(2):
        await fray.answer(fray.gm, "encounter next")
    for trooper in ("Peacekeeper trooper 1", "Peacekeeper trooper 2"):
        await fray.answer(fray.gm, "attack", target="D'Argo", **{"as": trooper})
    for _ in range(2):
        await fray.answer(fray.gm, "encounter next")
    return await fray.answer(fray.gm, "attack", target="Aeryn", **{"as": "Peacekeeper trooper 1"})


@contextlib.asynccontextmanager
async def shot_waiting(fray: Fray) -> AsyncIterator[tuple[FrayBot, Clock, HeldSleeps, StoredMessage]]:
    """Run the bot with a 120 s choice timer on a clock and sleeps the test moves; yield once the shot waits."""
    clock, sleeps = Clock(), HeldSleeps()
    async with fray.running(reaction_seconds=120) as bot:
        bot.services.clock = clock
        bot.reactions.sleep = sleeps
        await set_the_scene(fray)
        yield bot, clock, sleeps, await trooper_shoots_aeryn(fray)


def react_ids(message) -> list[str]:
    return [cid for cid in message.custom_ids if cid.startswith("fray:react:")]


@pytest.mark.asyncio
async def test_only_the_target_s_player_answers_and_the_answer_survives_a_restart(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        declared = await trooper_shoots_aeryn(fray)
        dodge, take = react_ids(declared)
        assert ":dodge:" in dodge and ":take:" in take
        assert fray.double.pinged(declared) == {fray.carol}
        assert "<t:" in declared.content or "<t:" in declared.embeds[0]["description"]
        wrong = await fray.double.click(declared, take, user=fray.dave)
        await wrong.response()
        assert wrong.ephemeral, "only Aeryn's player (or the GM) answers"
        waiting = await fray.refusal(fray.dave, "encounter next")
        assert "Waiting for Aeryn" in waiting
    async with fray.running():
        fray.dice.queue(fray.double.channel_id, [1, 1, 1, 1])  # the trooper's shot: four pluses, unopposed
        answered = await fray.double.click(declared, take, user=fray.carol)
        await answered.response()
        text = answered.original.embeds[0]["description"]
        assert "Peacekeeper trooper 1" in text and "dice [+ + + +]" in text
        fields = {f["name"]: f["value"] for f in answered.original.embeds[0]["fields"]}
        assert fields["Aeryn"].startswith("Lethal: Scratch"), "a player's character shows its box track"
        buttons = [cid.split(":")[1] for cid in answered.original.custom_ids if cid.startswith("fray:")]
        assert buttons == ["next", "undo"], "the answer that settles the attack carries the turn's buttons"
        stale = await fray.double.click(declared, dodge, user=fray.carol)
        await stale.response()
        assert stale.ephemeral, "a button of a settled attack is refused"


@pytest.mark.asyncio
async def test_dodge_typed_as_the_answer_carries_the_turn_s_buttons_as_the_button_does(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        await trooper_shoots_aeryn(fray)
        fray.dice.queue(fray.double.channel_id, [-1, -1, -1, -1, 0, 0, 0, 0])  # the shot, then her free dodge
        answered = await fray.answer(fray.carol, "dodge")
        assert "dodge" in answered.embeds[0]["description"].lower()
        buttons = [cid.split(":")[1] for cid in answered.custom_ids if cid.startswith("fray:")]
        assert buttons == ["next", "undo"]


@pytest.mark.asyncio
async def test_without_an_answer_the_default_is_taken_when_time_runs_out(fray: Fray) -> None:
    # The deadline is on a clock the test moves, and the timer's wait is a sleep the test releases.
    async with shot_waiting(fray) as (_, clock, sleeps, declared):
        assert react_ids(declared)
        await sleeps.until_waiting(1)
        assert sleeps.delays == [120 + GRACE], "the timer waits for the deadline"
        clock.now += 120 + GRACE
        await sleeps.release()
        settled = await fray.double.wait_for_message(
            lambda m: bool(m.embeds) and "dodge" in m.embeds[0].get("description", "").lower()
            and m.id != declared.id
        )
        assert "Aeryn" in settled.embeds[0]["description"]
        assert fray.double.pinged(settled) <= {fray.carol, fray.dave}


@pytest.mark.asyncio
async def test_a_timer_that_fires_early_takes_nothing(fray: Fray) -> None:
    async with shot_waiting(fray) as (_, _clock, sleeps, declared):
        await sleeps.release()  # woken before the deadline (clock unmoved): the service checks the deadline itself
        waiting = await fray.refusal(fray.gm, "encounter next")
        assert "Waiting for Aeryn" in waiting
        assert [m for m in fray.double.messages() if m.id > declared.id and m.interaction_id is None
                and m.embeds and "dodge" in m.embeds[0].get("description", "").lower()] == []


@pytest.mark.asyncio
async def test_a_fight_ended_while_a_shot_waited_reads_without_a_timer_and_undo_takes_the_end_back(fray: Fray) -> None:
    async with fray.running() as bot:
        await set_the_scene(fray)
        await trooper_shoots_aeryn(fray)
        channel = fray.double.channel_id
        assert channel in bot.reactions._tasks
        await fray.answer(fray.gm, "encounter end")
        assert channel not in bot.reactions._tasks and channel not in bot.rosters
        record = await fray.say(fray.carol, "encounter export", format="markdown")
        [message] = record.ephemeral
        assert message.content == "A recap of the ended fight, in Markdown for your campaign notes."
        recap = message.file_bytes("encounter.md").decode()
        assert recap.startswith("# Docking ring") and "The GM ended it in round 2, no side beaten." in recap
        assert channel not in bot.reactions._tasks and channel not in bot.rosters
        reopened = await fray.answer(fray.gm, "encounter undo")  # the GM takes the end back: the shot waits again
        assert "Undid" in reopened.embeds[0]["description"]
        assert channel in bot.reactions._tasks and bot.rosters[channel][1].pending is not None


@pytest.mark.asyncio
async def test_a_choice_left_waiting_when_the_bot_stopped_takes_its_default_after_it_starts(fray: Fray) -> None:
    # The deadline passes while the bot is down; the bot that starts again starts the timer from the stored fight and
    # takes the default at once (GRACE past the deadline), with nobody typing a command.
    clock, sleeps = Clock(), HeldSleeps()
    fray.clock, fray.sleep = clock, sleeps
    async with fray.running(reaction_seconds=120):
        await set_the_scene(fray)
        declared = await trooper_shoots_aeryn(fray)
        await sleeps.until_waiting(1)
    clock.now += 120 + GRACE
    async with fray.running(reaction_seconds=120) as bot:
        await sleeps.until_waiting(1)
        assert sleeps.delays[-1] == GRACE and list(bot.reactions._tasks) == [fray.double.channel_id]
        await sleeps.release()
        settled = await fray.double.wait_for_message(
            lambda m: bool(m.embeds) and "dodge" in m.embeds[0].get("description", "").lower()
            and m.id != declared.id
        )
        assert "Aeryn" in settled.embeds[0]["description"]


@pytest.mark.asyncio
async def test_a_started_bot_suggests_from_the_fights_under_way_before_anyone_types(fray: Fray) -> None:
    async with fray.running():
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
    async with fray.running():
        targets = await fray.double.autocomplete("attack", {"target": "troop"}, focused="target", user=fray.carol)
        moves = await fray.double.autocomplete("act", {"move": "gr"}, focused="move", user=fray.carol)
        assert [c.value for c in targets] == ["Peacekeeper trooper 1", "Peacekeeper trooper 2"]
        assert {c.value for c in moves} >= {"grapple", "grenade"}


@pytest.mark.asyncio
async def test_a_default_whose_message_discord_refuses_is_still_followed_by_the_bot(fray: Fray) -> None:
    # The default is taken and stored; its post refused (403), the bot still follows the fight (summaries, timers,
    # the board, autocomplete) instead of keeping the choice it no longer waits on.
    async with shot_waiting(fray) as (bot, clock, sleeps, _):
        await sleeps.until_waiting(1)
        fray.double.fail_next("POST", r"/channels/\d+/messages$", status=403, code=50013, message="Missing Permissions")
        clock.now += 120 + GRACE
        await sleeps.release()
        channel = fray.double.channel_id
        await fray.double.wait_for(lambda: bot.rosters[channel][1].pending is None or None, what="the bot to follow")
