"""The status board without a gateway: a burst is one flush, a change during a slow edit is not lost, and boards
go a few at a time, after the commands being answered."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from types import SimpleNamespace

import discord
import pytest
from answering_kit import Commands
from timekit import HeldSleeps

from bot.discord import status_board
from bot.discord.status_board import LANES, StatusBoard
from bot.services import Reply
from combat.model import Encounter
from combat.systems.farscape.system import FarscapeSystem
from combat.turns import TurnState

pytestmark = pytest.mark.asyncio

CHANNEL = 5


class Channel:
    """A channel that records what is posted and edited; each call waits until the test opens ``gate``."""

    def __init__(self) -> None:
        self.shown: list[str] = []
        self.gate = asyncio.Event()
        self.gate.set()
        self.arrived = asyncio.Event()
        self.changed = asyncio.Event()
        self.in_flight = 0
        self.most_in_flight = 0

    async def _arrive(self, title: str | None) -> None:
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        self.arrived.set()
        try:
            await self.gate.wait()
        finally:
            self.in_flight -= 1
        self.shown.append(title or "")
        self.changed.set()

    async def until_shown(self, count: int) -> None:
        """Return once ``count`` posts or edits have gone through."""
        async with asyncio.timeout(10):
            while len(self.shown) < count:
                self.changed.clear()
                await self.changed.wait()

    async def send(self, *, embeds: list[discord.Embed], allowed_mentions: object) -> SimpleNamespace:
        await self._arrive(embeds[0].title)
        return SimpleNamespace(id=len(self.shown))

    def get_partial_message(self, message_id: int) -> SimpleNamespace:
        async def edit(*, embeds: list[discord.Embed], allowed_mentions: object) -> None:
            await self._arrive(embeds[0].title)

        return SimpleNamespace(edit=edit)


def reply(command: str) -> Reply:
    encounter = replace(Encounter("farscape", ()), turns=replace(TurnState(), round=1))
    return Reply(command, FarscapeSystem(), encounter, gm=1)


@pytest.fixture(autouse=True)
def titles_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Show each reply as one embed titled with its command."""
    monkeypatch.setattr(status_board, "status_embeds", lambda r, gm: [discord.Embed(title=r.command)])


def _board(delay: float = 2.0, commands: Commands | None = None) -> tuple[StatusBoard, Channel, HeldSleeps]:
    channel = Channel()
    bot = SimpleNamespace(get_channel=lambda _cid: channel)
    sleeps = HeldSleeps()
    return StatusBoard(bot, delay=delay, sleep=sleeps, commands=commands), channel, sleeps  # type: ignore[arg-type]


@pytest.fixture
def board() -> tuple[StatusBoard, Channel, HeldSleeps]:
    return _board()


async def test_a_burst_waits_once_and_shows_only_its_last_change(board):
    statuses, channel, sleeps = board
    for command in ("encounter begin", "encounter next", "attack"):
        statuses.update(CHANNEL, reply(command))
    await sleeps.release()
    await channel.until_shown(1)
    await statuses.close()
    assert sleeps.delays == [2.0]
    assert channel.shown == ["attack"]


async def test_a_change_while_an_edit_is_under_way_gets_its_own_flush(board):
    statuses, channel, sleeps = board
    statuses.update(CHANNEL, reply("encounter begin"))
    channel.gate.clear()
    await sleeps.release()
    await channel.arrived.wait()  # the first post has reached Discord and waits for its answer
    statuses.update(CHANNEL, reply("encounter next"))
    channel.gate.set()
    await sleeps.release()  # the change waits its own delay, then is shown
    await channel.until_shown(2)
    assert channel.shown == ["encounter begin", "encounter next"]
    await statuses.close()
    assert sleeps.waiting == 0


async def test_closing_stops_a_waiting_flush_and_shows_its_change_at_once(board):
    statuses, channel, sleeps = board
    statuses.update(CHANNEL, reply("encounter begin"))
    await sleeps.until_waiting(1)
    await statuses.close()
    assert channel.shown == ["encounter begin"] and sleeps.waiting == 0
    statuses.update(CHANNEL, reply("encounter next"))  # a board reopened later starts a fresh flush
    await sleeps.release()
    await statuses.close()


async def test_boards_of_many_channels_go_a_few_at_a_time(board):
    statuses, channel, sleeps = board
    channel.gate.clear()
    many = range(1, LANES + 3)
    for cid in many:
        statuses.update(cid, reply(f"attack {cid}"))
    await sleeps.release(len(many))
    await channel.arrived.wait()
    channel.gate.set()
    await channel.until_shown(len(many))
    await statuses.close()
    assert channel.most_in_flight == LANES
    assert sorted(channel.shown) == sorted(f"attack {cid}" for cid in many)


async def test_a_board_waits_for_the_commands_being_answered():
    commands = Commands(answering=3)
    statuses, channel, sleeps = _board(60.0, commands)
    statuses.update(CHANNEL, reply("encounter begin"))
    await sleeps.release()
    await commands.waited.wait()
    statuses.update(CHANNEL, reply("attack"))  # a change while the board waits is the one it shows
    assert channel.shown == []
    commands.done()
    await channel.until_shown(1)
    await statuses.close()
    assert channel.shown == ["attack"] and sleeps.delays == [60.0]


async def test_a_board_goes_anyway_when_commands_never_stop():
    commands = Commands(answering=1)
    statuses, channel, sleeps = _board(0.01, commands)  # the wait after the delay is bounded by the same delay
    statuses.update(CHANNEL, reply("attack"))
    await sleeps.release()
    await channel.until_shown(1)
    await statuses.close()
    assert commands.waited.is_set() and channel.shown == ["attack"]


async def test_no_waiting_when_no_command_is_being_answered():
    commands = Commands(answering=0)
    statuses, channel, sleeps = _board(60.0, commands)
    statuses.update(CHANNEL, reply("attack"))
    await sleeps.release()
    await channel.until_shown(1)
    await statuses.close()
    assert not commands.waited.is_set()


async def test_closing_lets_a_board_being_posted_finish_and_be_noted(board, monkeypatch):
    statuses, channel, sleeps = board
    noted: list[tuple[int, int]] = []

    async def note(_services: object, channel_id: int, message_id: int, _fight: int | None = None) -> bool:
        noted.append((channel_id, message_id))
        return True

    monkeypatch.setattr(status_board, "board_posted", note)
    statuses.bot.services = None
    statuses.update(CHANNEL, reply("encounter begin"))
    channel.gate.clear()
    await sleeps.release()
    await channel.arrived.wait()  # the post has reached Discord and waits for its answer
    statuses.update(CHANNEL, reply("encounter next"))  # and a change comes meanwhile
    closing = asyncio.ensure_future(statuses.close())
    await asyncio.sleep(0)
    channel.gate.set()
    async with asyncio.timeout(10):
        await closing
    assert channel.shown == ["encounter begin", "encounter next"], "the post finished; the change shown at close"
    assert noted == [(CHANNEL, 1)], "the posted board was noted, for the next start"
    assert sleeps.waiting == 0
