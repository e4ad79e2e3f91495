"""/odds through the services: read exactly as /attack reads its options, and it never changes anything.

For every system, the export (state and log) and the dice queued for the channel are the same before and after.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image
from services_kit import BOB, CAROL, EVE, GM, Table
from sparring import PLUGIN

from bot.registry import register, unregister
from bot.services.errors import NotAllowed, UnknownCommand
from bot.services.replies import OddsShown, Reply
from combat.errors import InvalidInput, RulesError

pytestmark = pytest.mark.asyncio

# Per system: the set-up (the GM's commands, then bob's or carol's) and the /odds options to ask.
SCENES: dict[str, tuple[tuple[tuple[str, dict[str, str]], ...], dict[str, str]]] = {
    "d6pool": (
        (("encounter add", {"name": "Megaman", "owner": "<@2>", "side": "heroes", "weapon": "mega buster",
                            "stats": "Agility=good, Powers=expert"}),
         ("encounter add", {"template": "thug"})),
        {"target": "Thug"},
    ),
    "deryni": (
        (("encounter add", {"name": "Morgan", "owner": "<@2>", "side": "heroes", "template": "knight"}),
         ("encounter add", {"template": "bandit"})),
        {"target": "Bandit", "called": "leg"},
    ),
    "farscape": (
        (("encounter add", {"name": "Crichton", "owner": "<@2>", "side": "crew", "tier": "protagonist",
                            "weapon": "pulse pistol", "stats": "Agility=Good, Energy Weapons=Good"}),
         ("encounter add", {"template": "peacekeeper trooper"})),
        {"target": "Peacekeeper trooper", "range": "long"},
    ),
    "fallout": (
        (("encounter add", {"name": "Vera", "owner": "<@2>", "side": "vault", "weapon": "10mm smg",
                            "stats": "agility=6, firearms=6"}),
         ("encounter add", {"template": "raider"}),
         ("encounter gm", {"tool": "place", "target": "Vera", "hex": "C6"}),
         ("encounter gm", {"tool": "place", "target": "Raider", "hex": "C2"})),
        {"target": "Raider", "mode": "burst"},
    ),
}


async def set_up(table: Table, system: str) -> dict[str, str]:
    """Start an encounter of ``system`` with its scene, begin it, and return the /odds options to ask."""
    steps, ask = SCENES[system]
    await table.run(GM, "encounter start", system=system, name="Odds")
    for path, options in steps:
        await table.run(GM, path, **options)
    await table.run(GM, "encounter begin")
    return ask


async def unchanged(table: Table, caller, **options: str) -> Reply:
    """Ask for odds with faces queued: the export, the log and the queue must be the same afterwards."""
    table.dice.queue(100, (1, 2, 3))
    before, queued = await table.snapshot(), table.dice.snapshot(100)
    reply = await table.run(caller, "odds", **options)
    assert await table.snapshot() == before
    assert table.dice.snapshot(100) == queued
    table.dice.clear(100)
    return reply


@pytest.mark.parametrize("system", sorted(SCENES))
async def test_odds_change_nothing_and_come_with_their_chart(table: Table, system: str) -> None:
    ask = await set_up(table, system)
    reply = await unchanged(table, BOB, **ask)
    assert reply.command == "odds" and isinstance(reply.body, OddsShown)
    odds = reply.body.odds
    assert sum(b.chance for b in odds.bands) == 1 and odds.rolls
    picture = Image.open(io.BytesIO(reply.body.picture))
    assert picture.format == "PNG" and picture.width == 720


async def test_the_attack_s_options_are_read_as_the_attack_reads_them(table: Table) -> None:
    await set_up(table, "d6pool")
    as_gm = await unchanged(table, GM, target="Megaman", **{"as": "Thug"}, modifier="2")
    assert as_gm.body.odds.actor != as_gm.body.odds.target
    attack = as_gm.body.odds.rolls[0]
    assert attack.modifiers == (("GM", 2),)
    with pytest.raises(NotAllowed, match="Only the GM can grant a modifier"):
        await unchanged(table, BOB, target="Thug", modifier="1")
    with pytest.raises(NotAllowed, match="not yours to command"):
        await unchanged(table, BOB, target="Megaman", **{"as": "Thug"})
    with pytest.raises(UnknownCommand, match="no move 'jump'"):
        await unchanged(table, BOB, target="Thug", move="jump")
    with pytest.raises(InvalidInput, match="Say who to attack"):
        await unchanged(table, BOB)
    with pytest.raises(NotAllowed, match="no combatant in this fight"):
        await unchanged(table, EVE, target="Thug")


async def test_a_player_asks_on_anyone_s_turn(table: Table) -> None:
    await set_up(table, "d6pool")
    # Whoever's turn it is, bob may look at his odds (the attack itself would wait for his turn).
    for _ in range(2):
        reply = await unchanged(table, BOB, target="Thug")
        assert reply.body.odds.actor == reply.encounter.find("Megaman").id
        await table.run(GM, "encounter next")


async def test_sparring_has_no_odds(table: Table) -> None:
    register(PLUGIN)
    try:
        await table.run(GM, "encounter start", system="sparring", name="Dojo")
        await table.run(GM, "encounter add", name="Kai", owner="<@3>")
        await table.run(GM, "encounter add", name="Ren")
        with pytest.raises(RulesError, match="The fight has not begun yet"):
            await unchanged(table, CAROL, target="Ren")
        await table.run(GM, "encounter begin")
        with pytest.raises(RulesError, match=r"^Sparring has no odds in Fray\.$"):
            await unchanged(table, CAROL, target="Ren")
    finally:
        unregister("sparring")
