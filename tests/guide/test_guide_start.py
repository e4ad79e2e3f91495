"""Starting a demo: refusals name what there is; a system without a demo says so; the set-up is logged and undoable."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from guide_kit import run, table
from sparring import PLUGIN as SPARRING

from bot.db.engine import Database
from bot.registry import demo_keys, register, unregister

pytestmark = pytest.mark.asyncio


@pytest.fixture
def sparring() -> Iterator[None]:
    register(SPARRING)
    yield
    unregister("sparring")


async def test_the_demos_are_the_four_systems() -> None:
    assert demo_keys() == ("d6pool", "deryni", "fallout", "farscape")


async def test_start_needs_a_system_or_a_demo(db: Database) -> None:
    console, out = table(db, 1)
    refused = await run(console, out, "/encounter start")
    assert refused == ["✗ /encounter start needs system: the rule system (one of d6pool, deryni, fallout, farscape), "
                       "or demo: a system's ready-made first fight (one of d6pool, deryni, fallout, farscape)."]
    assert await run(console, out, "/encounter start demo:nope") == [
        "✗ There is no rule system 'nope'; choose one of d6pool, deryni, fallout, farscape."]
    assert await run(console, out, "/encounter start demo:farscape system:deryni") == [
        "✗ demo:farscape plays FUDGE Farscape; leave system out (it was 'deryni')."]
    assert (await run(console, out, "/encounter status")) == [
        "✗ There is no encounter in this channel; the GM starts one with /encounter start."]


async def test_a_system_without_a_demo_says_which_have_one(db: Database, sparring: None) -> None:
    console, out = table(db, 1)
    assert await run(console, out, "/encounter start demo:sparring") == [
        "✗ Sparring has no demo; the demos are d6pool, deryni, fallout, farscape."]


async def test_a_plain_encounter_gives_no_hints(db: Database) -> None:
    console, out = table(db, 1)
    await run(console, out, "/encounter start system:farscape")
    await run(console, out, '/encounter add name:Aeryn owner:you stats:"Energy Weapons=Great" weapon:"pulse rifle"')
    await run(console, out, '/encounter add template:"peacekeeper trooper"')
    begun = await run(console, out, "/encounter begin")
    assert begun and not any(line.startswith("→") for line in begun)


async def test_the_set_up_is_in_the_log_and_a_named_demo_keeps_its_name(db: Database) -> None:
    console, out = table(db, 4)
    started = await run(console, out, '/encounter start demo:farscape name:"Moya\'s hangar"')
    assert started[0].startswith("Demo 'Moya's hangar' started (FUDGE Farscape)")
    log = await run(console, out, "/encounter log")
    assert [line.split(" by ")[0] for line in log] == [
        "#1 R0 start", "#2 R0 encounter add", "#3 R0 encounter add", "#4 R0 encounter add", "#5 R0 encounter begin"]
    undone = await run(console, out, "/encounter undo")
    assert "Undid #5 (encounter begin)." in undone and undone[-1] == "→ The fight has not begun: try `/encounter begin`"


async def test_after_the_end_the_recap_still_reads_the_fight(db: Database) -> None:
    console, out = table(db, 1)
    await run(console, out, "/encounter start system:deryni name:Duel")
    await run(console, out, "/encounter add name:Ann side:a")
    await run(console, out, "/encounter add name:Bob side:b")
    ended = await run(console, out, "/encounter end")
    assert ended == ["Encounter 'Duel' ended."]
    assert await run(console, out, "/encounter status") == [
        "✗ There is no encounter in this channel; the GM starts one with /encounter start."]
    recap = await run(console, out, "/encounter export format:markdown")
    assert recap[0] == "# Duel — FUDGE Deryni" and "The GM ended it before it began." in recap


async def test_undo_after_the_end_says_the_fight_goes_on(db: Database) -> None:
    console, out = table(db, 1)
    await run(console, out, "/encounter start system:deryni name:Duel")
    await run(console, out, "/encounter end")
    assert await run(console, out, "/encounter undo") == ["Undid #2 (end): the fight goes on."]
    assert (await run(console, out, "/encounter status"))[0].startswith("Duel — FUDGE Deryni")


async def test_a_refusal_in_a_new_fight_repeats_no_hint_left_from_the_last_one(db: Database) -> None:
    console, out = table(db, 1)
    await run(console, out, "/encounter start demo:deryni")
    ended = await run(console, out, "/encounter end")
    assert ended[-1].startswith("→ The encounter has ended")
    assert (await run(console, out, "/nothing"))[-1] == ended[-1]  # the demo's hint still says what comes next
    await run(console, out, "/encounter start system:deryni name:Rematch")
    assert await run(console, out, "/encounter begin") == ["✗ Add some combatants before beginning."]
