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
