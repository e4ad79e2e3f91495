"""What the load run and the bad-input corpus of issue 9 found: each case refused or fixed, checked here."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from services_kit import AERYN, CRICHTON, GM, Table, second_process

from combat.errors import InvalidInput

pytestmark = pytest.mark.asyncio

NEXTS = 60


async def test_ids_out_of_discord_s_range_are_refused_before_any_work(table: Table) -> None:
    huge = replace(GM, channel_id=10**22)
    with pytest.raises(InvalidInput, match="not one Discord gives"):
        await table.run(huge, "encounter start", system="farscape")
    with pytest.raises(InvalidInput, match="not one Discord gives"):
        await table.run(replace(GM, user_id=-1), "encounter status")


async def test_a_round_nobody_can_act_in_passes_as_one_round_with_its_summary(table: Table) -> None:
    await table.run(GM, "encounter start", system="farscape")
    await table.run(GM, "encounter add", name="Stark")
    await table.run(GM, "encounter begin")
    await table.run(GM, "encounter remove", target="Stark")  # nobody is left: round 1 ends, round 2 is empty
    for expected in (2, 3, 4):
        reply = await table.run(GM, "encounter next")
        assert reply.encounter.turns.round == expected + 1
        [summary] = reply.summaries
        assert summary.round == expected and summary.beats == ()
    assert [e["round"] for e in await table.log() if e["kind"] == "encounter next"] == [2, 3, 4]


async def _play(table: Table) -> None:
    """End the turn many times: Crichton and Aeryn take turns, two to a round."""
    for _ in range(NEXTS):
        await table.run(GM, "encounter next")


async def _read(table: Table) -> list[dict]:
    exports = []
    for _ in range(NEXTS):
        exports.append(await table.export(GM))
        await asyncio.sleep(0)
    return exports


async def test_an_export_read_while_another_process_plays_is_never_torn(db_url: str, table: Table) -> None:
    await table.run(GM, "encounter start", system="farscape")
    for sheet in (CRICHTON, AERYN):
        await table.run(GM, "encounter add", **sheet)
    await table.run(GM, "encounter begin")
    async with second_process(db_url) as other:
        _, exports = await asyncio.gather(_play(Table(other)), _read(table))
    for data in exports:
        nexts = sum(1 for e in data["log"] if e["kind"] == "encounter next")
        # The state read and the log read belong to one committed moment: they agree on whose turn it is.
        assert data["turn"] == ("Crichton", "Aeryn")[nexts % 2], (nexts, data["turn"])
        assert data["round"] == 1 + nexts // 2


async def test_names_with_combining_marks_and_loose_spacing_are_accepted(table: Table) -> None:
    await table.run(GM, "encounter start", system="farscape")
    await table.run(GM, "encounter add", name="देवी")
    await table.run(GM, "encounter add", name="e\u0301lise")  # é typed as e and a separate accent
    reply = await table.run(GM, "encounter add", name="Stark", stats="Energy  Weapons=Great,  Agility = Good")
    stark = reply.encounter.find("Stark")
    assert stark.sheet.traits["energy weapons"] == 2 and stark.sheet.traits["agility"] == 1
    names = [c.name for c in reply.encounter.combatants]
    assert names[:2] == ["देवी", "\u00e9lise"]  # stored composed (NFC)
    with pytest.raises(InvalidInput, match="already in this fight"):
        await table.run(GM, "encounter add", name="\u00c9lise")  # the same name, capitalised
