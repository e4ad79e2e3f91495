"""The Discord side of "Dodge or Take it?" without a gateway: the reply's text and ping, the buttons, the timers."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from types import SimpleNamespace

import pytest

from bot.discord.outgoing import compose, players_up
from bot.discord.reaction import ReactButton, ReactionTimers, reaction_buttons
from bot.services import Reply
from bot.services.reactions import token
from bot.services.replies import Logged
from combat.intent import Declared, Intent, PendingReaction, Reaction
from combat.model import Combatant, Encounter
from combat.systems.farscape.choices import DODGE_OR_TAKE
from combat.systems.farscape.sheet import SPEC
from combat.systems.farscape.system import FarscapeSystem
from combat.systems.farscape.wounds import fresh_health
from combat.turns import TurnState

pytestmark = pytest.mark.asyncio

CHANNEL = 77
DEADLINE = 1_800_000_000.5
CAROL = 42


class Names:
    def name(self, ident):
        return "someone"


def fighter(cid, owner=None):
    return Combatant(cid, cid.title(), "crew", SPEC.build(traits={}), fresh_health("ally"), owner=owner)


def waiting() -> Encounter:
    intent = Intent("scorpius", "shoot", ("aeryn",))
    reaction = Reaction("aeryn", DODGE_OR_TAKE, "dodge")
    enc = Encounter("farscape", (fighter("scorpius"), fighter("aeryn", str(CAROL)), fighter("crichton", "2")))
    enc = replace(enc, turns=replace(TurnState(), round=1))
    return replace(enc, pending=PendingReaction(intent, reaction, DEADLINE))


def declared_reply(enc: Encounter, command: str = "attack") -> Reply:
    pending = enc.pending
    return Reply(command, FarscapeSystem(), enc, Declared(pending.intent, pending.reaction), gm=1)


async def test_the_declared_attack_pings_only_the_asked_player_with_the_default_and_deadline():
    enc = waiting()
    assert players_up(enc) == (CAROL,)
    out = compose(declared_reply(enc), Names(), False)
    assert f"<@{CAROL}>" in out.content and f"<t:{int(DEADLINE)}:R>" in out.content
    assert "Aeryn is under attack" in out.content and "Dodge or Take it?" in out.content
    assert out.mentions == (CAROL,) and [u.id for u in out.allowed.users] == [CAROL]
    assert "Scorpius shoots at Aeryn: no dice yet" in out.embeds[0].description
    assert players_up(replace(enc, pending=None)) == ()  # nobody's turn is waiting in this bare encounter


async def test_the_buttons_carry_the_channel_the_choice_and_the_declaration():
    enc = waiting()
    view = reaction_buttons(declared_reply(enc), CHANNEL)
    mark = token(enc.pending)
    assert [(b.item.label, b.custom_id) for b in view.children] == [
        ("Dodge", f"fray:react:{CHANNEL}:dodge:{mark}"), ("Take it", f"fray:react:{CHANNEL}:take:{mark}"),
    ]
    assert reaction_buttons(declared_reply(enc, "encounter status"), CHANNEL) is None
    settled = Reply("encounter react", FarscapeSystem(), replace(enc, pending=None), gm=1)
    assert reaction_buttons(settled, CHANNEL) is None
    match = ReactButton.__discord_ui_compiled_template__.fullmatch(f"fray:react:{CHANNEL}:take:{mark}")
    rebuilt = await ReactButton.from_custom_id(None, None, match)
    assert (rebuilt.channel_id, rebuilt.choice, rebuilt.mark) == (CHANNEL, "take", mark)


async def test_a_timer_runs_per_waiting_attack_and_stops_when_it_is_settled_or_the_bot_closes():
    bot = SimpleNamespace(services=SimpleNamespace(clock=lambda: DEADLINE - 3600))
    timers = ReactionTimers(bot)
    enc = waiting()
    timers.watch(CHANNEL, declared_reply(enc))
    first = timers._tasks[CHANNEL][1]
    timers.watch(CHANNEL, declared_reply(enc, "encounter status"))
    assert timers._tasks[CHANNEL][1] is first  # the same declaration keeps its timer
    timers.watch(CHANNEL, Reply("encounter status", FarscapeSystem(), replace(enc, pending=None), gm=1))
    assert timers._tasks[CHANNEL][1] is first  # a read never stops a timer
    for elsewhere in ("roll", "character create", "character list", "encounter settings", "help"):
        timers.watch(CHANNEL, Reply(elsewhere))  # no fight in them: the choice still waits on its timer
        assert timers._tasks[CHANNEL][1] is first, elsewhere
    timers.watch(CHANNEL, Reply("encounter react", FarscapeSystem(), replace(enc, pending=None), gm=1))
    await asyncio.sleep(0)
    assert CHANNEL not in timers._tasks and first.cancelled()
    timers.watch(CHANNEL, declared_reply(enc))
    second = timers._tasks[CHANNEL][1]
    await timers.close()
    await asyncio.sleep(0)
    assert second.cancelled() and timers._tasks == {}


async def test_a_read_tells_who_is_asked_without_pinging_them():
    enc = waiting()
    read = replace(declared_reply(enc), command="encounter log", body=Logged(()))
    out = compose(read, Names(), False)
    assert "Aeryn is under attack" in out.content and f"<@{CAROL}>" not in out.content
    assert out.mentions == () and out.allowed.users == []
