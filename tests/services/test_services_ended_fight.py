"""After the GM ends a fight its log and recap stay readable in the channel, until a new fight starts there."""

import pytest
from services_kit import BOB, CHANNEL, EVE, GM, GUILD, OTHER_CHANNEL, SURE_HIT, TROOPER_1, Table, in_channel

from bot.render.reply import ENDED, render_reply
from bot.services.context import Caller
from bot.services.errors import NoEncounter

pytestmark = pytest.mark.asyncio


class Users:
    """Name users by their id."""

    def name(self, ident: int | str | None) -> str:
        return f"user{ident}"


async def _ended_duel(duel: Table) -> None:
    """Crichton hits a trooper, then the GM ends the fight with no side beaten."""
    await duel.shoot(BOB, TROOPER_1, SURE_HIT)
    await duel.run(GM, "encounter end")


async def test_the_log_of_an_ended_fight_is_still_shown_and_says_it_ended(duel: Table):
    await _ended_duel(duel)
    reply = await duel.run(EVE, "encounter log")
    assert reply.ended
    assert [e.kind for e in reply.body.entries][-2:] == ["attack", "end"]
    lines = render_reply(reply, Users())
    assert lines[0] == ENDED
    assert any(f"Crichton shoot → {TROOPER_1}: hit" in line for line in lines)


async def test_the_recap_of_an_ended_fight_says_the_gm_ended_it(duel: Table):
    await _ended_duel(duel)
    reply = await duel.run(EVE, "encounter export", format="markdown")
    told = "\n".join(render_reply(reply, Users()))
    assert told.startswith("# Docking ring — FUDGE Farscape")
    assert f"**Crichton** attack → {TROOPER_1}: hit" in told
    assert "The GM ended it in round 1, no side beaten." in told
    assert "Still under way" not in told


async def test_the_json_export_of_an_ended_fight_is_marked_ended(duel: Table):
    assert (await duel.export())["ended"] is False
    await _ended_duel(duel)
    data = await duel.export()
    assert data["ended"] is True
    assert data["name"] == "Docking ring" and data["log"][-1]["kind"] == "end"


async def test_a_new_fight_in_the_channel_is_shown_instead(duel: Table):
    await _ended_duel(duel)
    await duel.run(GM, "encounter start", system="deryni", name="Second bout")
    reply = await duel.run(EVE, "encounter log")
    assert not reply.ended
    assert [e.kind for e in reply.body.entries] == ["start"]
    assert (await duel.export())["name"] == "Second bout"


async def test_the_last_of_several_ended_fights_is_the_one_shown(duel: Table):
    await _ended_duel(duel)
    await duel.run(GM, "encounter start", system="deryni", name="Second bout")
    await duel.run(GM, "encounter end")
    data = await duel.export()
    assert (data["name"], data["ended"]) == ("Second bout", True)


async def test_another_channel_or_server_sees_none_of_it(duel: Table):
    await _ended_duel(duel)
    elsewhere = in_channel(EVE, OTHER_CHANNEL)
    other_guild = Caller(EVE.user_id, EVE.name, GUILD + 1, CHANNEL)
    for caller in (elsewhere, other_guild):
        with pytest.raises(NoEncounter):
            await duel.run(caller, "encounter log")
        with pytest.raises(NoEncounter):
            await duel.run(caller, "encounter export")


async def test_an_ended_fight_still_changes_nothing(duel: Table):
    await _ended_duel(duel)
    with pytest.raises(NoEncounter):
        await duel.run(GM, "encounter status")
    with pytest.raises(NoEncounter):
        await duel.run(BOB, "attack", target=TROOPER_1)
    with pytest.raises(NoEncounter):
        await duel.run(GM, "encounter undo")
    assert (await duel.export())["log"][-1]["kind"] == "end"
