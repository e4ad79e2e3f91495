"""Round summaries without a gateway: posted after the commands being answered, in order, ahead of the next answer."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace

import discord
import pytest
from answering_kit import Commands

from bot.discord import summaries as summaries_module
from bot.discord.summaries import RoundSummaries
from bot.services.posts import PostedSummary
from combat.summary import RoundSummary

pytestmark = pytest.mark.asyncio

CHANNEL, OTHER = 5, 6


class Target(discord.abc.Messageable):
    """A channel that records the summaries posted; each post waits until the test opens ``gate``."""

    def __init__(self, fail: set[str] | None = None) -> None:
        self.posted: list[str] = []
        self.gate = asyncio.Event()
        self.gate.set()
        self.changed = asyncio.Event()
        self.fail = fail or set()

    async def send(self, *, embeds: list[discord.Embed], allowed_mentions: discord.AllowedMentions) -> SimpleNamespace:
        assert allowed_mentions.everyone is False and allowed_mentions.users is False  # a summary never pings
        await self.gate.wait()
        title = embeds[0].title or ""
        if title in self.fail:
            raise discord.HTTPException(_Response(), "refused")  # type: ignore[arg-type]
        self.posted.append(title)
        self.changed.set()
        return SimpleNamespace(id=len(self.posted), channel=SimpleNamespace(id=CHANNEL))

    async def until_posted(self, count: int) -> None:
        """Return once ``count`` summaries are posted."""
        async with asyncio.timeout(10):
            while len(self.posted) < count:
                self.changed.clear()
                await self.changed.wait()


class _Response:
    status, reason = 403, "Forbidden"


class Channels:
    """The bot's channels: ``cached`` by id, and the ones only Discord knows (``fetched`` counts the asks)."""

    def __init__(self, cached: dict[int, Target]) -> None:
        self.cached = cached
        self.elsewhere = Target()
        self.fetched: list[int] = []

    def get_channel(self, channel_id: int) -> Target | None:
        return self.cached.get(channel_id)

    async def fetch_channel(self, channel_id: int) -> Target:
        self.fetched.append(channel_id)
        return self.elsewhere


def posting_to(target: Target, commands: Commands, wait: float = 60.0) -> RoundSummaries:
    """Return a poster whose every channel is ``target``."""
    return RoundSummaries(Channels({CHANNEL: target, OTHER: target}), commands, wait)


@pytest.fixture(autouse=True)
def titles_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Show each summary as one embed titled with its round."""
    monkeypatch.setattr(summaries_module, "summary_embeds",
                        lambda s, _encounter: [discord.Embed(title=f"Round {s.round} summary")])


def ended(*rounds: int) -> tuple[RoundSummary, ...]:
    return tuple(RoundSummary(r, (), (), (), ()) for r in rounds)


async def test_a_summary_goes_at_once_when_no_command_is_being_answered():
    commands, target = Commands(answering=0), Target()
    poster = posting_to(target, commands, wait=60.0)
    poster.post(CHANNEL, ended(1), None)
    await target.until_posted(1)
    assert target.posted == ["Round 1 summary"] and not commands.waited.is_set()


async def test_a_summary_waits_for_the_commands_being_answered():
    commands, target = Commands(answering=3), Target()
    poster = posting_to(target, commands, wait=60.0)
    poster.post(CHANNEL, ended(1), None)
    await commands.waited.wait()
    await asyncio.sleep(0)
    assert target.posted == []
    commands.done()
    await target.until_posted(1)
    assert target.posted == ["Round 1 summary"]


async def test_a_summary_goes_anyway_when_commands_never_stop():
    commands, target = Commands(answering=1), Target()
    poster = posting_to(target, commands, wait=0.0)
    poster.post(CHANNEL, ended(1), None)
    await target.until_posted(1)
    assert commands.waited.is_set() and target.posted == ["Round 1 summary"]


async def test_the_channels_next_answer_posts_its_waiting_summaries_first():
    commands, target = Commands(answering=2), Target()
    poster = posting_to(target, commands, wait=60.0)
    poster.post(CHANNEL, ended(1), None)
    poster.post(OTHER, ended(7), None)
    await commands.waited.wait()
    await poster.ahead_of(CHANNEL)  # returns only once the channel's summary is out, while commands still run
    assert target.posted == ["Round 1 summary"]
    await poster.ahead_of(CHANNEL)  # nothing waits any more: no wait
    commands.done()
    await target.until_posted(2)
    assert target.posted == ["Round 1 summary", "Round 7 summary"]


async def test_a_channels_summaries_go_in_order_even_when_a_post_is_slow():
    target = Target()
    target.gate.clear()
    poster = posting_to(target, Commands(answering=0), wait=60.0)
    poster.post(CHANNEL, ended(1), None)
    poster.post(CHANNEL, ended(2, 3), None)
    await asyncio.sleep(0)
    target.gate.set()
    await target.until_posted(3)
    assert target.posted == ["Round 1 summary", "Round 2 summary", "Round 3 summary"]


async def test_a_refused_post_is_logged_and_the_next_still_goes(caplog: pytest.LogCaptureFixture):
    target = Target(fail={"Round 1 summary"})
    poster = posting_to(target, Commands(answering=0))
    with caplog.at_level(logging.WARNING, logger="bot.discord.summaries"):
        poster.post(CHANNEL, ended(1, 2), None)
        await target.until_posted(1)
    assert target.posted == ["Round 2 summary"]
    assert "could not post the round 1 summary" in caplog.text


async def test_closing_posts_what_still_waits():
    commands, target = Commands(answering=1), Target()
    poster = posting_to(target, commands, wait=60.0)
    poster.post(CHANNEL, ended(4), None)
    await commands.waited.wait()
    await poster.close()
    assert target.posted == ["Round 4 summary"]


async def test_nothing_to_post_starts_nothing():
    poster = posting_to(Target(), Commands(answering=0))
    poster.post(CHANNEL, (), None)
    await poster.ahead_of(CHANNEL)
    await poster.close()


async def test_summaries_go_to_the_chosen_channel_else_to_the_commands_own():
    own, chosen = Target(), Target()
    channels = Channels({CHANNEL: own, OTHER: chosen})
    poster = RoundSummaries(channels, Commands(answering=0))
    poster.post(CHANNEL, ended(1), None, chosen=OTHER)
    await chosen.until_posted(1)
    poster.post(CHANNEL, ended(2), None, chosen=999)  # a summary channel that is gone: the command's channel
    await own.until_posted(1)
    del channels.cached[CHANNEL]  # not cached: asked of Discord
    poster.post(CHANNEL, ended(3), None)
    await channels.elsewhere.until_posted(1)
    assert (chosen.posted, own.posted, channels.elsewhere.posted) == (
        ["Round 1 summary"], ["Round 2 summary"], ["Round 3 summary"])
    assert channels.fetched == [CHANNEL]


async def test_the_last_summary_posted_is_known_for_the_channels_that_played_last_only():
    from bot.discord.summaries import KEPT

    summaries = RoundSummaries(Channels({}))
    for channel in range(KEPT + 10):
        summaries._note(channel, PostedSummary(1, channel, 1))
    assert len(summaries._posted) == KEPT and 0 not in summaries._posted and KEPT + 9 in summaries._posted
    summaries.taken_back(KEPT + 9, 2)  # the fight is past that round: nothing is taken back
    assert KEPT + 9 in summaries._posted
