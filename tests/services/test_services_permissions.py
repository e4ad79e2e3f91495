"""Who may do what: the encounter's GM, holders of the GM role, players for their own combatants, onlookers."""

import pytest
from services_kit import (
    AERYN,
    BOB,
    CAROL,
    CHANNEL,
    CRICHTON,
    EVE,
    GM,
    OTHER_CHANNEL,
    ROLE_GM,
    SURE_HIT,
    SURE_MISS,
    TROOPER_1,
    TROOPER_2,
    TROOPERS,
    Table,
    in_channel,
    make_services,
    start_duel,
)

from bot.db.errors import ActiveEncounterExists
from bot.services import Caller
from bot.services.errors import NotAllowed
from combat.errors import NotYourTurn

pytestmark = pytest.mark.asyncio


async def test_the_starter_is_the_gm_and_may_run_the_fight(table: Table):
    reply = await table.run(EVE, "encounter start", system="farscape", name="Eve's fight")
    assert reply.gm == EVE.user_id
    await table.run(EVE, "encounter add", name="Rygel")
    await table.run(EVE, "encounter begin")
    # The first GM of the channel has no say in Eve's encounter.
    await table.refused(GM, "encounter add", NotAllowed, name="Stark")
    await table.refused(GM, "encounter undo", NotAllowed)
    await table.refused(GM, "encounter end", NotAllowed)
    await table.run(EVE, "encounter end")


async def test_a_holder_of_the_gm_role_counts_as_gm(table: Table):
    await start_duel(table)
    await table.run(ROLE_GM, "encounter add", name="Stark", side="crew")
    assert "Stark" in [c["name"] for c in (await table.export())["combatants"]]
    await table.run(ROLE_GM, "encounter undo")
    assert "Stark" not in [c["name"] for c in (await table.export())["combatants"]]
    # The role may act for anyone, as the GM does.
    await table.shoot(ROLE_GM, TROOPER_1, SURE_MISS, **{"as": "Crichton"})
    assert (await table.export())["turn"] == "Aeryn"


async def test_the_gm_role_is_the_configured_one_and_its_case_does_not_matter(db):
    table = Table(make_services(db, gm_role_name="Game Master"))
    await start_duel(table)
    await table.refused(ROLE_GM, "encounter add", NotAllowed, name="Stark")  # holds "GM", not "Game Master"
    master = Caller(6, "master", ROLE_GM.guild_id, CHANNEL, frozenset({"game master"}))
    await table.run(master, "encounter add", name="Stark")
    # With no role configured, only the starter is GM.
    bare = Table(make_services(db, gm_role_name=""))
    await bare.refused(master, "encounter remove", NotAllowed, target="Stark")
    await bare.run(GM, "encounter remove", target="Stark")


async def test_players_act_for_their_own_combatants(table: Table):
    await start_duel(table)
    await table.shoot(BOB, TROOPER_1, SURE_MISS)
    await table.refused(BOB, "attack", NotAllowed, target=TROOPER_1, **{"as": "Aeryn"})
    await table.refused(BOB, "dodge", NotAllowed, **{"as": "Aeryn"})
    await table.refused(BOB, "encounter hold", NotAllowed, **{"as": "Aeryn"})
    await table.refused(BOB, "encounter release", NotAllowed, **{"as": "Aeryn"})
    await table.refused(BOB, "attack", NotAllowed, target="Crichton", **{"as": TROOPER_1})
    # Naming their own combatant with as: is fine.
    await table.run(BOB, "dodge", **{"as": "Crichton"})
    await table.shoot(CAROL, TROOPER_2, SURE_MISS, **{"as": "Aeryn"})
    assert (await table.export())["turn"] == f"{TROOPER_1} and {TROOPER_2}"


async def test_a_player_may_end_only_their_own_turn(table: Table):
    await start_duel(table)
    await table.refused(CAROL, "encounter next", NotAllowed)
    await table.run(BOB, "encounter next")
    assert (await table.export())["turn"] == "Aeryn"


async def test_a_player_may_not_end_a_turn_shared_with_someone_elses_combatant(table: Table):
    await table.run(GM, "encounter start", system="farscape")
    # Crichton as fast and as agile as Aeryn: they act at the same time.
    await table.run(GM, "encounter add", **{**CRICHTON, "stats": "Speed=Good, Agility=Good, Energy Weapons=Good"})
    await table.run(GM, "encounter add", **AERYN)
    await table.run(GM, "encounter add", **TROOPERS)
    await table.run(GM, "encounter begin")
    assert (await table.export())["turn"] == "Crichton and Aeryn"
    message = await table.refused(BOB, "encounter next", NotAllowed)
    assert message == "Aeryn still has to act this turn; only the GM can end it for everyone."
    # Once Aeryn has acted, the turn is Crichton's alone and Bob may end it.
    await table.shoot(CAROL, TROOPER_1, SURE_MISS)
    await table.run(BOB, "encounter next")
    assert (await table.export())["turn"] == f"{TROOPER_1} and {TROOPER_2}"


async def test_the_gm_acts_for_anyone(table: Table):
    await start_duel(table)
    # A player's combatant, named with as:.
    await table.shoot(GM, TROOPER_1, SURE_HIT, **{"as": "Crichton"})
    await table.run(GM, "dodge", **{"as": "Aeryn"})
    await table.shoot(GM, TROOPER_2, SURE_MISS, **{"as": "Aeryn"})
    # The GM's own NPCs act without as: when it is their turn; Trooper 1 is down, so Trooper 2 acts.
    assert (await table.export())["turn"] == TROOPER_2
    await table.run(GM, "dodge", **{"as": "Crichton"})
    reply = await table.run(GM, "encounter next")
    assert reply.change is not None and reply.change.ended_round == 1


async def test_the_gm_must_say_who_acts_when_it_is_a_players_turn(table: Table):
    await start_duel(table)
    message = await table.refused(GM, "attack", NotAllowed, target=TROOPER_1)
    assert "as:" in message


async def test_onlookers_can_only_look(table: Table):
    await start_duel(table)
    await table.shoot(BOB, TROOPER_1, SURE_HIT)
    status = await table.run(EVE, "encounter status")
    assert status.encounter is not None and status.body.name == "Docking ring"
    assert [e["kind"] for e in await table.log(EVE)][-1] == "attack"
    assert (await table.export(EVE))["turn"] == "Aeryn"
    refused = {
        "encounter add": {"name": "Stark"},
        "encounter remove": {"target": TROOPER_1},
        "encounter begin": {},
        "encounter next": {},
        "encounter hold": {},
        "encounter release": {},
        "encounter gm": {"tool": "surprise", "side": "foes"},
        "encounter undo": {},
        "encounter end": {},
        "attack": {"target": TROOPER_2},
        "dodge": {},
        "act": {"move": "reload"},
    }
    for path, options in refused.items():
        await table.refused(EVE, path, NotAllowed, **options)
    for path in ("attack", "dodge", "encounter hold", "encounter release"):
        aimed = {"target": TROOPER_2} if path == "attack" else {}
        await table.refused(EVE, path, NotAllowed, **aimed, **{"as": TROOPER_2})
        await table.refused(EVE, path, NotAllowed, **{"as": "Aeryn"})


async def test_out_of_turn_players_are_told_whose_turn_it_is(table: Table):
    await start_duel(table)
    message = await table.refused(CAROL, "attack", NotYourTurn, target=TROOPER_1)
    assert "Crichton" in message and "Aeryn" in message


async def test_one_encounter_per_channel_but_another_channel_is_free(table: Table):
    await start_duel(table)
    with pytest.raises(ActiveEncounterExists):
        await table.run(BOB, "encounter start", system="farscape", name="Second")
    before = await table.snapshot()
    await table.refused(GM, "encounter start", ActiveEncounterExists, system="farscape")
    elsewhere = in_channel(BOB, OTHER_CHANNEL)
    reply = await table.run(elsewhere, "encounter start", system="farscape", name="Second")
    assert reply.gm == BOB.user_id
    await table.run(elsewhere, "encounter add", name="Stark")
    # Each channel keeps its own encounter and GM.
    assert await table.snapshot() == before
    second = await table.export(in_channel(EVE, OTHER_CHANNEL))
    assert second["name"] == "Second" and [c["name"] for c in second["combatants"]] == ["Stark"]
    await table.refused(in_channel(GM, OTHER_CHANNEL), "encounter end", NotAllowed)
    # Once the first encounter ends, its channel takes a new one.
    await table.run(GM, "encounter end")
    await table.run(CAROL, "encounter start", system="farscape", name="Third")
    assert (await table.export())["name"] == "Third"
