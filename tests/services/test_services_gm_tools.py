"""The GM's tools: the leaders' contest for a mutual surprise, and Initiative adjustments."""

from __future__ import annotations

import pytest
from services_kit import BOB, GM, Table

from bot.services.errors import NotAllowed
from combat.errors import InvalidInput


async def prepared(table: Table) -> None:
    await table.run(GM, "encounter start", system="farscape")
    await table.run(
        GM,
        "encounter add",
        name="Crichton",
        owner=str(BOB.user_id),
        side="crew",
        tier="protagonist",
        stats="Speed=Good, Intellect=Good, Tactics=Fair",
    )
    await table.run(GM, "encounter add", name="Captain", side="foes", tier="antagonist", stats="Speed=Good")
    await table.run(GM, "encounter add", template="peacekeeper trooper", count="2")


@pytest.mark.asyncio
async def test_the_leaders_contest_freezes_the_losing_side(table: Table) -> None:
    await prepared(table)
    reply = await table.run(GM, "encounter gm", tool="surprise", leaders="Crichton, Captain")
    assert reply.result.contest.winner == "crichton"
    assert reply.result.frozen.side == "foes"
    statuses = {c["name"]: c["status"] for c in (await table.export())["combatants"]}
    assert statuses["Captain"] == ["frozen"] and statuses["Crichton"] == []


@pytest.mark.asyncio
async def test_an_initiative_adjustment_changes_the_order_from_the_next_element(table: Table) -> None:
    await prepared(table)
    await table.run(GM, "encounter gm", tool="adjust", target="Captain", initiative="+2")
    reply = await table.run(GM, "encounter begin")
    assert reply.encounter.turns.current.actors == ("captain",)
    await table.refused(BOB, "encounter gm", NotAllowed, tool="adjust", target="Captain", initiative="+1")
    await table.refused(GM, "encounter gm", InvalidInput, tool="adjust", target="Captain", initiative="+9")
    await table.refused(GM, "encounter gm", InvalidInput, tool="surprise")
    await table.refused(GM, "encounter gm", tool="surprise", leaders="Captain, Peacekeeper trooper 1")


@pytest.mark.asyncio
async def test_healing_is_the_gm_s_and_refusals_change_nothing(table: Table) -> None:
    await prepared(table)
    await table.run(GM, "encounter add", name="Zhaan", side="crew", stats="Medicine=Superb")
    await table.refused(
        BOB, "encounter gm", NotAllowed, tool="heal", target="Crichton", method="medicine", healer="Zhaan"
    )
    await table.refused(GM, "encounter gm", tool="heal", target="Crichton", method="medicine", healer="Zhaan")  # unhurt
    await table.refused(
        GM, "encounter gm", InvalidInput, tool="heal", target="Crichton", method="medicine"
    )  # no healer
    reply = await table.run(GM, "encounter gm", tool="heal", target="Crichton", method="rest", arns="2")
    assert reply.result.method == "rest" and reply.result.result.hours == 2.0


@pytest.mark.asyncio
async def test_the_gm_lets_an_incapacitated_fighter_strain(table: Table) -> None:
    await prepared(table)
    await table.refused(BOB, "encounter gm", NotAllowed, tool="strain", target="Crichton")
    await table.refused(GM, "encounter gm", InvalidInput, tool="strain", target="Crichton", allowed="maybe")
    reply = await table.run(GM, "encounter gm", tool="strain", target="Crichton")
    assert reply.encounter.find("Crichton").has("strain")
    reply = await table.run(GM, "encounter gm", tool="strain", target="Crichton", allowed="no")
    assert not reply.encounter.find("Crichton").has("strain")


@pytest.mark.asyncio
async def test_a_mutual_surprise_needs_exactly_two_leaders(table: Table) -> None:
    await prepared(table)
    await table.refused(GM, "encounter gm", InvalidInput, tool="surprise", side="foes", leaders="Crichton")
    await table.refused(
        GM, "encounter gm", InvalidInput, tool="surprise", leaders="Crichton, Captain, Peacekeeper trooper 1"
    )


@pytest.mark.asyncio
async def test_surprise_takes_a_recovery_difficulty_per_combatant(table: Table) -> None:
    await prepared(table)
    reply = await table.run(GM, "encounter gm", tool="surprise", side="foes", difficulty="Good",
                            difficulties="Captain=Great, peacekeeper trooper 1=Poor")
    recovery = dict(reply.result.recovery)
    assert recovery == {"captain": 2, "peacekeeper trooper 1": -2, "peacekeeper trooper 2": 1}
    await table.refused(GM, "encounter gm", InvalidInput, tool="surprise", side="foes", difficulties="Captain")
    await table.refused(GM, "encounter gm", InvalidInput, tool="surprise", side="foes", difficulties="Crichton=Good")


@pytest.mark.asyncio
async def test_a_player_s_combatant_added_without_a_side_joins_the_players(table: Table) -> None:
    await prepared(table)
    reply = await table.run(GM, "encounter add", name="Aeryn", owner="<@3>")
    assert reply.encounter.find("Aeryn").side == "crew"  # Crichton's side: the players' side in this fight
    reply = await table.run(GM, "encounter add", name="Stark")
    assert reply.encounter.find("Stark").side == "foes"


@pytest.mark.asyncio
async def test_discords_options_field_carries_a_list_and_quoted_pairs(table: Table) -> None:
    # On Discord a tool's options come as one "name=value, …" text: a list runs on after its commas, and a value
    # holding pairs of its own goes in quotes (straight or curly, as phones type them).
    await prepared(table)
    await table.run(GM, "encounter add", name="Rygel", side="crew", stats="Speed=Good")
    reply = await table.run(GM, "encounter gm", tool="surprise",
                            options='leaders=Crichton, Captain, difficulties="Rygel=Poor, Crichton=Good"')
    assert reply.result.contest.winner == "crichton" and reply.result.frozen.side == "foes"
    await table.refused(GM, "encounter gm", InvalidInput, tool="surprise", options="Crichton, Captain")
    split = await table.run(GM, "encounter gm", tool="adjust", options="target=Captain, initiative=“+1”")
    assert split.command == "encounter gm"


def test_a_quote_opens_a_value_only_as_its_first_character_and_must_close() -> None:
    from bot.services.args import split_pairs

    assert split_pairs('name=6" gun, rounds=2', {}) == {"name": '6" gun', "rounds": "2"}, "a quote inside a value"
    assert split_pairs('difficulties= "A=Good, B=Poor", side=x', {}) == {"difficulties": "A=Good, B=Poor", "side": "x"}
    with pytest.raises(InvalidInput, match="is not closed"):
        split_pairs('a="x, b=2', {})
