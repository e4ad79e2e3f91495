"""The d6 pool on the local table, in process: its state and a choice waiting after the roll survive a restart."""

from __future__ import annotations

import json

import pytest
from table_kit import console, play

from bot.db.engine import Database, open_database

pytestmark = pytest.mark.asyncio


SCENE = (
    "@gm /encounter start system:d6pool",
    '@gm /encounter add name:Hero owner:@ann stats:"agility=3, swords=expert" weapon:sword',
    '@gm /encounter add name:Foe stats:"agility=1, stamina=3"',
    "!dice 6 1",  # Hero 3 + 6 + 3 = 12 (12, 6, 0); Foe 1 + 1 = 2
    "@gm /encounter begin",
)


async def test_a_stun_chosen_after_a_restart(db: Database) -> None:
    table, out = console(db)
    await play(table, out, *SCENE, "!dice 6 6 6 1 6 6 1", "@ann /attack target:Foe")
    async with await open_database(db.url.render_as_string(hide_password=False)) as second:  # a restarted bot
        restarted, again = console(second)
        answered = await play(restarted, again, "!dice 1 1 1 6 1 1", "@ann /encounter react choice:stun")
        assert answered[0] == "Hero: Stun (1 HTK, Stamina vs PF)"
        assert "Foe: HTK 6/7" in answered
        status = await play(restarted, again, "@gm /encounter status")
        assert "• Foe [foes] init +2: stunned" in status
        assert "• Hero (ann) [players] init +12 (counts 12, 6, 0; to come: 6, 0): ready" in status
        exported = json.loads("\n".join((await play(restarted, again, "@gm /encounter export"))[:-1]))
        assert [(c["name"], c["htk"]) for c in exported["combatants"]] == [("Hero", 7), ("Foe", 6)]


async def test_bad_values_are_refused_naming_what_is_allowed(db: Database) -> None:
    table, out = console(db)
    await play(table, out, *SCENE)
    assert await play(table, out, "@ann /attack target:Foe weapon:rifle") == [
        "✗ Hero carries no 'rifle'; they carry sword, fist."]
    refused = await play(table, out, "@gm /encounter gm tool:difficulty target:Foe dice:30")
    assert refused == ["✗ dice must be from 0 to 20; 30 is not."]
    refused = await play(table, out, '@gm /encounter add name:X stats:"swords=godlike"')
    assert refused[0].startswith("✗ swords: 'godlike' is neither a number nor on the skill rank")
