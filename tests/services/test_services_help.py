"""/help on a topic: a group of commands or one command, each with its options; an unknown topic names the topics."""

from __future__ import annotations

import pytest
from services_kit import EVE, GM, Table, start_duel

from bot.render.reply import render_reply
from bot.services.replies import HelpTopic
from combat.errors import InvalidInput

pytestmark = pytest.mark.asyncio


class _Users:
    """Name users by their id."""

    def name(self, ident: int | str | None) -> str:
        """Return the id as the name."""
        return str(ident)


async def _help(table: Table, topic: str) -> list[str]:
    """Return the help on ``topic`` as the local table prints it."""
    return render_reply(await table.run(EVE, "help", topic=topic), _Users())


async def test_help_on_character_shows_the_character_commands_and_their_options(table: Table) -> None:
    reply = await table.run(EVE, "help", topic="character")
    assert reply.body == HelpTopic("character", ("character create", "character show", "character edit",
                                                 "character list", "character delete"))
    lines = render_reply(reply, _Users())
    assert lines[0] == "Help on /character:"
    assert [line.split(" — ")[0] for line in lines[1:]] == [
        "/character create", "/character show", "/character edit", "/character list", "/character delete"]
    assert lines[1] == ("/character create — Save a character for this server. — options: name, system, template, "
                        "stats, talents, weapon, armour, shield, tier")
    assert lines[4] == "/character list — List the characters saved on this server."


async def test_a_topic_is_read_as_players_write_it_and_may_be_one_command(table: Table) -> None:
    assert await _help(table, "/Characters") == await _help(table, "character")
    lines = await _help(table, "encounter_settings")
    assert lines[0] == "Help on /encounter settings:" and len(lines) == 2
    assert "players_end_turn (yes/no), allow_join or join (yes/no), remind_after (0 to 10080)" in lines[1]


async def test_help_on_a_move_command_in_a_channel_with_a_fight_adds_the_systems_move(table: Table) -> None:
    await start_duel(table)
    lines = await _help(table, "attack")
    assert lines[:2] == ["Help on /attack:",
                         "/attack — Attack someone with the move the system calls attack. — options: target, modifier, "
                         "as"]
    assert lines[2] == "FUDGE Farscape (/attack, /dodge, /act move:…):"
    assert lines[3].startswith("attack — Blows in melee, or a ranged shot. — options: move (") and "weapon" in lines[3]
    tools = await _help(table, "gm")  # the last word of /encounter gm names it
    assert tools[0] == "Help on /encounter gm:" and "FUDGE Farscape GM tools (/encounter gm tool:…):" in tools
    assert any(line.startswith("surprise — ") for line in tools)


async def test_a_move_or_tool_of_the_channels_system_is_a_topic_of_its_own(table: Table) -> None:
    await start_duel(table)
    assert (await _help(table, "quick draw"))[:3] == [
        "Help on quick draw:", "FUDGE Farscape (/attack, /dodge, /act move:…):",
        "quick draw — Opposed Speed to draw first (+2 Quick Draw). — options: dodging (attack|dodge)"]
    assert (await _help(table, "Heal"))[1] == "FUDGE Farscape GM tools (/encounter gm tool:…):"
    with pytest.raises(InvalidInput) as raised:
        await table.run(EVE, "help", topic="fireball")
    assert raised.value.message.endswith("or one command like 'encounter add', or one of FUDGE Farscape's moves or "
                                         "GM tools.")


async def test_help_on_dodge_in_a_system_without_a_dodge_says_how_it_defends(table: Table) -> None:
    await table.run(GM, "encounter start", system="deryni")
    lines = await _help(table, "dodge")
    assert lines[-1] == ("FUDGE Deryni has no dodge move. The one attacked picks a defence before any die rolls: it "
                         "is asked for with the attack (/encounter react, or the buttons).")
    await table.run(GM, "encounter end")
    await table.run(GM, "encounter start", system="fallout")
    assert (await _help(table, "dodge"))[-1].startswith("Fallout (Simple) has no dodge move. No one dodges an attack: "
                                                         "evading in the move phase (/act move:evade)")
    await table.run(GM, "encounter end")
    await table.run(GM, "encounter start", system="d6pool")
    assert (await _help(table, "dodge"))[-1].startswith("dodge — ")  # the d6 pool has one: its own line


async def test_help_on_a_command_with_no_system_part_is_the_same_in_a_channel_with_a_fight(table: Table) -> None:
    alone = await _help(table, "roll")
    await start_duel(table)
    assert await _help(table, "roll") == alone
    assert alone == ["Help on /roll:", "/roll — Roll dice: 4dF, 3d6+2, d10. — options: dice, label, secret (yes/no)"]
    assert (await table.run(GM, "help")).body.system == "farscape"  # without a topic, the whole help as before


async def test_an_unknown_topic_is_refused_naming_the_topics(table: Table) -> None:
    with pytest.raises(InvalidInput) as raised:
        await table.run(EVE, "help", topic="spells")
    assert raised.value.message == ("There is no help on 'spells'; topics: encounter, attack, dodge, act, odds, "
                                     "character, roll, help, or one command like 'encounter add'.")
