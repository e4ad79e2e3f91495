"""A hostile GM's odd but plausible options, straight at the services: refused clearly, changing nothing."""

import pytest
from services_kit import BOB, GM, Table

from bot.services.errors import NotAllowed
from combat.errors import InvalidInput, RulesError

pytestmark = pytest.mark.asyncio


async def test_a_mutual_surprise_answer_that_is_not_yes_or_no_is_refused(duel: Table):
    message = await duel.refused(GM, "encounter gm", InvalidInput, tool="surprise", side="foes", mutual="maybe")
    assert "mutual" in message and "yes or no" in message


async def test_a_stat_given_twice_is_refused(table: Table):
    await table.run(GM, "encounter start", system="farscape")
    message = await table.refused(GM, "encounter add", InvalidInput, name="Rygel", stats="Agility=Good, agility=Poor")
    assert message == "The trait Agility is given twice; give each trait once."


async def test_acting_before_begin_says_the_fight_has_not_begun(table: Table):
    await table.run(GM, "encounter start", system="farscape")
    await table.run(GM, "encounter add", name="Crichton", owner=str(BOB.user_id), side="crew")
    await table.run(GM, "encounter add", name="Rygel")
    for path, options in (("attack", {"target": "Rygel"}), ("encounter hold", {})):
        message = await table.refused(BOB, path, RulesError, **options)
        assert message == "The fight has not begun yet; the GM starts it with /encounter begin."


async def test_removing_names_who_was_removed(duel: Table):
    reply = await duel.run(GM, "encounter remove", target="aeryn")
    assert reply.body.names == ("Aeryn",)


async def test_an_encounters_gm_is_told_why_server_settings_are_not_theirs(duel: Table):
    # The GM of one encounter is not a GM of the server: the refusal says which GM is meant.
    message = await duel.refused(GM, "encounter settings", NotAllowed, players_end_turn="no")
    assert message == "Only a server manager or a member of the GM role can change Fray's settings (for every channel)."
