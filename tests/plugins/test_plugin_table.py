"""A rule system defined only in the tests (Sparring) plays through the local table, with no generic edit.

It registers at run time; its move option, GM tool, three-way reaction, choice after the roll, per-combatant state
and turn-start hook all go through the same services, parser and renderers as Farscape's.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sparring import PLUGIN
from table_kit import console, play

from bot.db.engine import Database, open_database
from bot.registry import keys, register, unregister

pytestmark = pytest.mark.asyncio


@pytest.fixture(autouse=True)
def sparring() -> AsyncIterator[None]:
    register(PLUGIN)
    yield
    unregister("sparring")


SCENE = (
    '@gm /encounter start system:sparring name:"Dojo"',
    '@gm /encounter add name:Ann owner:@ann stats:"skill=1"',
    '@gm /encounter add name:Bo stats:"skill=0"',
    "!dice 6 1",  # initiative: Ann 6+1 = 7, Bo 1+0 = 1
    "@gm /encounter begin",
)


async def test_the_system_is_known_only_once_registered() -> None:
    assert "sparring" in keys()
    unregister("sparring")
    assert "sparring" not in keys()
    register(PLUGIN)


async def test_a_whole_exchange_with_both_choices_a_tool_and_the_turn_hook(db: Database) -> None:
    table, out = console(db)
    begun = await play(table, out, *SCENE)
    assert "Ann catch their breath (+1 momentum)" in begun  # the turn-start hook, rendered by Sparring
    # Ann attacks: 5+1+1 (swift) = 7 against Bo's parry 1+0+1 = 2: a hit, and Ann may spend momentum.
    asked = await play(table, out, "!dice 5 1", "@ann /attack target:Bo style:swift")
    assert "Ann attacks Bo (swift): d6 [5] = 7 vs parry d6 [1] = 2" in asked
    assert "Ann's player chooses — Spend a point of momentum?: Press (+1 damage) or Hold" in asked
    assert "Answer with /encounter react choice:press or choice:hold; without an answer in time: Hold" in asked
    pressed = await play(table, out, "@ann /encounter react choice:press")
    assert "Ann: Press (+1 damage)" in pressed and "Ann presses the attack: Bo loses 2 vigour" in pressed
    # Bo's turn: the attack on Ann's fighter waits for her defence, one of three.
    declared = await play(table, out, "@gm /attack as:Bo target:Ann")
    assert "Bo swings at Ann: no dice yet, Ann's player chooses first" in declared
    assert "Defend how?: Parry, Dodge or Endure" in declared  # the question, then how to answer, on its own line
    assert ("Answer with /encounter react choice:parry or choice:dodge or choice:endure; without an answer in time: "
            "Parry") in declared
    dodged = await play(table, out, "!dice 2 3 4 4", "@ann /encounter react choice:dodge")
    assert "Bo attacks Ann (swift): d6 [2] = 3 vs dodge d6 [3] = 6" in dodged and "Miss" in dodged
    assert "Round 1 summary" in dodged and "Ann → Bo: hit, -2 vigour" in dodged
    rallied = await play(table, out, "@gm /encounter gm tool:rally target:Bo amount:2")
    assert "Bo rallies: +2 vigour, now 3" in rallied
    exported = json.loads("\n".join((await play(table, out, "@gm /encounter export"))[:-1]))
    ann = next(c for c in exported["combatants"] if c["name"] == "Ann")
    bo = next(c for c in exported["combatants"] if c["name"] == "Bo")
    # One breath at each of their turns (Ann: rounds 1 and 2, Bo: round 1), one point pressed.
    assert (ann["vigour"], ann["momentum"], bo["vigour"], bo["momentum"]) == (3, 1, 3, 1)


async def test_bad_values_are_refused_naming_what_is_allowed_and_change_nothing(db: Database) -> None:
    table, out = console(db)
    await play(table, out, *SCENE)
    before = await play(table, out, "@gm /encounter export")
    refused = await play(table, out, "@ann /attack target:Bo style:sneaky")
    assert refused == ["✗ style takes swift, heavy or feint; 'sneaky' is not one of them."]
    refused = await play(table, out, "@gm /encounter gm tool:rally target:Bo amount:9")
    assert refused == ["✗ amount must be from 1 to 3; 9 is not."]
    refused = await play(table, out, "@gm /encounter gm tool:heal target:Bo")
    assert refused == ["✗ Sparring has no GM tool 'heal'; its tools are rally."]
    refused = await play(table, out, "@ann /attack target:Bo stance:+1")
    assert refused == ["✗ attack has no option 'stance'; its options are style."]
    assert await play(table, out, "@gm /encounter export") == before


async def test_a_choice_after_the_roll_survives_a_restart(db: Database, tmp_path: Path) -> None:
    table, out = console(db)
    await play(table, out, *SCENE, "!dice 6 1", "@ann /attack target:Bo style:quick")
    async with await open_database(db.url.render_as_string(hide_password=False)) as second:  # a restarted bot
        restarted, again = console(second)
        answered = await play(restarted, again, "@ann /encounter react choice:hold")
        assert "Ann holds back: Bo loses 1 vigour" in answered
        exported = json.loads("\n".join((await play(restarted, again, "@gm /encounter export"))[:-1]))
        assert [c["momentum"] for c in exported["combatants"]] == [1, 1]


async def test_help_describes_the_system_s_moves_and_tools_from_their_specs(db: Database) -> None:
    table, out = console(db)
    assert "sparring — Sparring" in await play(table, out, "@ann /help")  # no encounter: the systems there are
    await play(table, out, *SCENE)
    shown = await play(table, out, "@ann /help")
    assert "attack — Strike in a style of your choice. — options: style (swift|heavy|feint)" in shown
    assert "rally — Give someone back some vigour. — options: target, amount (1 to 3)" in shown
    assert "/encounter gm — Use one of the system's GM tools (surprise, healing …) with its options." in shown


async def test_the_map_is_the_renderer_s_picture_written_to_a_file(db: Database, tmp_path: Path) -> None:
    table, out = console(db)
    table.maps = tmp_path / "maps"
    await play(table, out, *SCENE)
    shown = await play(table, out, "@ann /encounter map mat:blue")
    written = tmp_path / "maps" / "map-table-round1-1.png"
    assert shown[0] == f"The map of 'Dojo' is in {written}"
    assert written.read_bytes() == b"\x89PNG\r\n\x1a\nblue:Ann,Bo"
    refused = await play(table, out, "@ann /encounter map mat:red")
    assert refused == ["✗ mat takes green or blue; 'red' is not one of them."]
    assert sorted(p.name for p in (tmp_path / "maps").iterdir()) == ["map-table-round1-1.png"]


async def test_a_system_without_a_map_says_so(db: Database) -> None:
    table, out = console(db)
    await play(table, out, "@gm /encounter start system:farscape")
    assert (await play(table, out, "@gm /encounter map")) == ["FUDGE Farscape draws no battle map."]
