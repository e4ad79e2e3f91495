"""After the GM ends a fight its log and recap stay readable in the channel, until a new fight starts there."""

import pytest
from services_kit import BOB, CHANNEL, EVE, GM, GUILD, OTHER_CHANNEL, SURE_HIT, TROOPER_1, Table, in_channel

from bot.render.reply import ENDED, render_reply
from bot.services.context import Caller
from bot.services.errors import NoEncounter, NotAllowed
from combat.errors import RulesError

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
    assert (await duel.export())["log"][-1]["kind"] == "end"


async def test_the_gm_s_undo_takes_the_end_back_and_the_fight_goes_on_as_it_was(duel: Table):
    await duel.shoot(BOB, TROOPER_1, SURE_HIT)
    before = await duel.export()
    await duel.run(GM, "encounter end")
    reply = await duel.run(GM, "encounter undo")
    assert (reply.body.kind, reply.ended) == ("end", False)
    after = await duel.export()
    assert after["ended"] is False
    assert {k: v for k, v in after.items() if k != "log"} == {k: v for k, v in before.items() if k != "log"}
    assert [(e["kind"], e["undone"]) for e in after["log"]][-3:] == [("attack", False), ("end", True), ("undo", False)]
    await duel.run(GM, "encounter next")  # the fight is under way: its turns go on
    again = await duel.run(GM, "encounter undo")
    assert again.body.kind == "encounter next"


async def test_a_second_undo_goes_on_to_the_action_before_the_end(duel: Table):
    unhurt = (await duel.export())["combatants"]
    await duel.shoot(BOB, TROOPER_1, SURE_HIT)
    assert (await duel.export())["combatants"] != unhurt
    await duel.run(GM, "encounter end")
    await duel.run(GM, "encounter undo")
    second = await duel.run(GM, "encounter undo")
    assert second.body.kind == "attack"
    assert (await duel.export())["combatants"] == unhurt


async def test_only_the_gm_takes_an_end_back(duel: Table):
    await _ended_duel(duel)
    with pytest.raises(NotAllowed):
        await duel.run(BOB, "encounter undo")
    assert (await duel.export())["ended"] is True


async def test_once_a_new_fight_has_started_undo_is_that_fight_s(duel: Table):
    await _ended_duel(duel)
    await duel.run(GM, "encounter start", system="deryni", name="Second bout")
    with pytest.raises(RulesError) as refused:
        await duel.run(GM, "encounter undo")  # the new fight has nothing to undo; the old fight's end stays
    assert refused.value.message == "There is nothing left to undo."
    await duel.run(GM, "encounter end")
    await duel.run(GM, "encounter undo")  # the end of the last fight, 'Second bout', is taken back
    data = await duel.export()
    assert (data["name"], data["ended"]) == ("Second bout", False)
