"""Play-by-post reminders without a gateway: which turn waits for whom, the shard that reminds, and reads ignored."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

import pytest

from bot.discord.reminders import Reminders, waiting_turn
from bot.services import Reply
from bot.services.reminding import _seconds
from combat.intent import Intent, PendingReaction, Reaction
from combat.model import Combatant, Encounter
from combat.systems.farscape.choices import DODGE_OR_TAKE
from combat.systems.farscape.sheet import SPEC
from combat.systems.farscape.system import FarscapeSystem
from combat.systems.farscape.wounds import fresh_health
from combat.turns import Slot, TurnState

CAROL = 42


def fighter(cid: str, owner: str | None = None) -> Combatant:
    return Combatant(cid, cid.title(), "crew", SPEC.build(traits={}), fresh_health("ally"), owner=owner)


def turn_of(*actors: str, round_number: int = 2) -> Encounter:
    enc = Encounter("farscape", (fighter("scorpius"), fighter("aeryn", str(CAROL)), fighter("crichton", "7")))
    queue = (Slot("action", (5,), actors), Slot("action", (1,), ("scorpius",)))
    return replace(enc, turns=replace(TurnState(), round=round_number, queue=queue))


def test_a_turn_waits_for_its_player_and_never_for_the_gm_s_npcs() -> None:
    assert waiting_turn(None) is None
    assert waiting_turn(turn_of("aeryn", round_number=0)) is None, "not begun"
    assert waiting_turn(turn_of("scorpius")) is None, "an NPC's turn pings nobody"
    mark, players = waiting_turn(turn_of("aeryn")) or ("", ())
    assert players == (CAROL,) and mark == f"2:action:2::{CAROL}:aeryn"
    assert waiting_turn(turn_of("crichton"))[0] != mark
    tied, both = waiting_turn(turn_of("aeryn", "scorpius", "crichton")) or ("", ())
    assert both == (CAROL, 7) and tied == f"2:action:2::{CAROL},7:aeryn,scorpius,crichton", "tied: each player"


def test_a_waiting_choice_waits_for_the_asked_player_under_its_own_mark() -> None:
    enc = turn_of("scorpius")
    pending = PendingReaction(Intent("scorpius", "shoot", ("aeryn",)), Reaction("aeryn", DODGE_OR_TAKE, "dodge"),
                              1_800_000_000.5)
    mark, players = waiting_turn(replace(enc, pending=pending)) or ("", ())
    assert players == (CAROL,) and mark == f"2:action:2:1800000000500:{CAROL}:scorpius"


def test_stored_times_without_a_zone_are_utc() -> None:
    assert _seconds(datetime(2027, 1, 15, 8, 0)) == 1_800_000_000.0
    assert _seconds(datetime(2027, 1, 15, 9, 0, tzinfo=timezone(timedelta(hours=1)))) == 1_800_000_000.0


@pytest.mark.parametrize(("shards", "reminds"), [(None, True), ((0,), True), ((1,), False)])
def test_only_the_shard_serving_the_guild_reminds(shards: tuple[int, ...] | None, reminds: bool) -> None:
    bot = SimpleNamespace(settings=SimpleNamespace(shard_ids=shards, shard_count=2 if shards else None))
    waiting = SimpleNamespace(guild_id=4 << 22)  # shard 0 of 2
    assert Reminders(bot)._mine(waiting) is reminds  # type: ignore[arg-type]


@pytest.mark.asyncio
async def test_reads_never_restart_a_countdown() -> None:
    bot = SimpleNamespace(services=SimpleNamespace(clock=lambda: 1.0))
    reminders = Reminders(bot)  # type: ignore[arg-type]
    for command in ("encounter status", "encounter log", "encounter export", "help"):
        reminders.watch(5, Reply(command, FarscapeSystem(), turn_of("aeryn"), gm=1))
    assert reminders._tasks == {}
    reminders.watch(5, Reply("character list"))
    assert reminders._tasks == {}


@pytest.mark.asyncio
async def test_a_change_in_a_guild_that_does_not_remind_starts_no_countdown() -> None:
    channel = SimpleNamespace(guild=SimpleNamespace(id=8))
    bot = SimpleNamespace(services=SimpleNamespace(clock=lambda: 1.0), get_channel=lambda _: channel)
    reminders = Reminders(bot)  # type: ignore[arg-type]
    reminders._guilds = {9}
    reminders.watch(5, Reply("attack", FarscapeSystem(), turn_of("aeryn"), gm=1))
    assert reminders._tasks == {}
    reminders._guilds = {8}
    reminders.watch(5, Reply("attack", FarscapeSystem(), turn_of("aeryn"), gm=1))
    assert list(reminders._tasks) == [5]
    await reminders.close()
