"""Settings are changed by the names players write: join: for allow_join:, an option named twice refused."""

from __future__ import annotations

import pytest
from services_kit import ROLE_GM, Table

from combat.errors import InvalidInput

pytestmark = pytest.mark.asyncio


async def test_join_is_read_as_allow_join(table: Table) -> None:
    assert (await table.run(ROLE_GM, "encounter settings", join="no")).body.settings["allow_join"] is False
    assert (await table.run(ROLE_GM, "encounter settings", Join="yes")).body.settings["allow_join"] is True


async def test_allow_join_given_also_as_join_is_refused(table: Table) -> None:
    with pytest.raises(InvalidInput) as raised:
        await table.run(ROLE_GM, "encounter settings", allow_join="yes", join="no")
    assert raised.value.message == "allow_join is given twice (as allow_join and join); give it once."
    assert (await table.run(ROLE_GM, "encounter settings")).body.settings["allow_join"] is True


async def test_a_bad_join_value_is_refused_by_the_options_name(table: Table) -> None:
    with pytest.raises(InvalidInput) as raised:
        await table.run(ROLE_GM, "encounter settings", join="maybe")
    assert raised.value.message == "allow_join takes yes or no, not 'maybe'."
