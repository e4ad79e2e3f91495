"""Fallout on the local table, in process: the status names each place in the order as the seed's sequence."""

from __future__ import annotations

import pytest
from table_kit import console, play

from bot.db.engine import Database

pytestmark = pytest.mark.asyncio


async def test_the_status_shows_the_sequence_rolled_and_a_newcomer_s_place_at_the_end(db: Database) -> None:
    # Vera d10 [7] + ST 5 + AG 6 = 18, Raider [5] + 11 = 16. Late joins in round 1: d10 [9] + 11 = 20, and still
    # goes at the end [seed]: no sequence of 20 (nor a count made up below 16) is shown as if rolled.
    table, out = console(db)
    await play(table, out,
               "@gm /encounter start system:fallout",
               '@gm /encounter add name:Vera owner:@carol side:town stats:"ST=5, AG=6"',
               '@gm /encounter add name:Raider side:raiders stats:"ST=6, AG=5"',
               "!dice 7 5", "@gm /encounter begin")
    joined = await play(table, out, "!dice 9", '@gm /encounter add name:Late side:raiders stats:"ST=6, AG=5"')
    assert "Sequence: Late d10 [9] + 11 = 20" in joined
    status = await play(table, out, "@gm /encounter status")
    assert [line.split(":")[0] for line in status if line.startswith("•")] == [
        "• Vera (carol) [town] Sequence 18", "• Raider [raiders] Sequence 16",
        "• Late [raiders] Sequence at the end (newcomer of round 1)"]


async def test_a_spray_aims_at_a_hex_with_no_target_named(db: Database) -> None:
    # "A cone points at the named target's hex or at at:<hex>": no target is needed for a spray aimed at a hex;
    # an attack with neither is refused, saying what to add (a cone's aim, or a target). A (23) acts first in the
    # action phase, after the move and charge phases pass.
    table, out = console(db)
    await play(table, out,
               "@gm /encounter start system:fallout", "@gm /encounter gm tool:board columns:12 rows:14",
               '@gm /encounter add name:A owner:@a side:x stats:"ST=5, AG=9, firearms=5" weapon:"sawed-off shotgun"',
               '@gm /encounter add name:T1 side:y stats:"ST=5, AG=4"',
               '@gm /encounter add name:T2 side:y stats:"ST=5, AG=3"',
               "@gm /encounter gm tool:place target:A hex:F1 facing:s",
               "@gm /encounter gm tool:place target:T1 hex:F3 facing:n",
               "@gm /encounter gm tool:place target:T2 hex:F5 facing:n", "!dice 9 1 1", "@gm /encounter begin",
               *["@gm /encounter next"] * 6)
    assert await play(table, out, "@a /attack") == ["✗ Aim the cone: name a target or a hex (at:C4)."]  # spray: his
    # shotgun's first mode
    assert await play(table, out, "@a /attack mode:double") == [
        "✗ Say who to attack: add target:Name (a spray, or a thrown explosive, may aim at:<hex>)."]
    sprayed = await play(table, out, "!dice 5 5 1 1 1 5 5 1 1 1", "@a /attack mode:spray at:F8")
    assert "A sprays (sawed-off shotgun, spray)" in sprayed
    assert [line.split(":")[0] for line in sprayed if line.startswith("Roll at")] == ["Roll at T1", "Roll at T2"]
