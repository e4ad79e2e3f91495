"""A round summary names whoever the GM removed before the round ended, on the local table and on Discord alike."""

from __future__ import annotations

import pytest
from services_kit import BOB, CAROL, GM, SURE_MISS, TROOPER_1, TROOPER_2, Table, second_process

from bot.discord.embeds import summary_embeds
from bot.render.reply import render_reply
from bot.services import Reply

pytestmark = pytest.mark.asyncio

MISSED = f"Crichton → {TROOPER_2}: miss"


class _Users:
    """Name users by their id."""

    def name(self, ident: int | str | None) -> str:
        """Return the id as the name."""
        return str(ident)


def _both(reply: Reply) -> tuple[list[str], list[str]]:
    """Return the round summary as the local table prints it and as Discord's summary post says it."""
    (summary,) = reply.summaries
    posted = summary_embeds(summary, reply.encounter)[0].description or ""
    return render_reply(reply, _Users()), posted.splitlines()


async def _remove_trooper_2_mid_round(duel: Table) -> None:
    """Crichton misses Trooper 2; the GM removes him; Aeryn misses Trooper 1."""
    await duel.shoot(BOB, TROOPER_2, SURE_MISS)
    await duel.run(GM, "encounter remove", target=TROOPER_2)
    await duel.shoot(CAROL, TROOPER_1, SURE_MISS)


async def test_the_summary_names_one_removed_before_the_round_ended(duel: Table) -> None:
    await _remove_trooper_2_mid_round(duel)
    printed, posted = _both(await duel.run(GM, "encounter next"))
    assert MISSED in printed and MISSED in posted
    assert not any(TROOPER_2.lower() in line for line in printed + posted)


async def test_so_it_does_when_removing_him_ends_the_round(duel: Table) -> None:
    await duel.shoot(BOB, TROOPER_2, SURE_MISS)
    await duel.shoot(CAROL, TROOPER_1, SURE_MISS)
    await duel.shoot(GM, "Crichton", SURE_MISS, **{"as": TROOPER_1})  # Trooper 2 is the last still to act
    reply = await duel.run(GM, "encounter remove", target=TROOPER_2)
    assert reply.change is not None and reply.change.ended_round == 1
    printed, posted = _both(reply)
    assert MISSED in printed and MISSED in posted


async def test_so_it_does_when_the_round_is_ended_by_another_process(duel: Table, db_url: str) -> None:
    await _remove_trooper_2_mid_round(duel)
    async with second_process(db_url) as other:  # it keeps no round log: the summary is read from the log
        printed, posted = _both(await Table(other).run(GM, "encounter next"))
    assert MISSED in printed and MISSED in posted


async def test_so_does_the_last_rounds_summary_when_the_encounter_ends(duel: Table) -> None:
    await _remove_trooper_2_mid_round(duel)
    printed, posted = _both(await duel.run(GM, "encounter end"))
    assert MISSED in printed and MISSED in posted
