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


async def test_help_on_a_topic_is_the_same_in_a_channel_with_a_fight(table: Table) -> None:
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
