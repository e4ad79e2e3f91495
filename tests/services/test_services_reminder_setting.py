"""The play-by-post reminder setting: minutes per server, 0 or none turns it off, out-of-range values refused."""

from __future__ import annotations

import pytest
from services_kit import GM, ROLE_GM, Table

from bot.services.errors import NotAllowed
from combat.errors import InvalidInput

pytestmark = pytest.mark.asyncio


async def test_minutes_are_stored_per_server_and_0_or_none_turns_them_off(table: Table) -> None:
    assert (await table.run(GM, "encounter settings")).body.settings["remind_after"] is None
    assert (await table.run(ROLE_GM, "encounter settings", remind_after="45")).body.settings["remind_after"] == 45
    assert (await table.run(GM, "encounter settings")).body.settings["remind_after"] == 45
    for off in ("0", "none", "off"):
        await table.run(ROLE_GM, "encounter settings", remind_after="30")
        assert (await table.run(ROLE_GM, "encounter settings", remind_after=off)).body.settings["remind_after"] is None


async def test_out_of_range_minutes_and_players_are_refused(table: Table) -> None:
    with pytest.raises(InvalidInput) as raised:
        await table.run(ROLE_GM, "encounter settings", remind_after="10081")
    assert raised.value.message == "remind_after must be from 0 to 10080; 10081 is not."
    with pytest.raises(NotAllowed):
        await table.run(GM, "encounter settings", remind_after="5")
