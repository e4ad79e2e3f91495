"""/roll with what it is for (label:) and for the caller's eyes only (secret:): the rules of a roll are unchanged."""

from __future__ import annotations

import pytest
from services_kit import EVE, Table

from bot.discord.outgoing import compose
from bot.render.reply import render_reply
from bot.services.replies import Rolled
from combat.errors import InvalidInput

pytestmark = pytest.mark.asyncio


class _Users:
    """Name users by their id."""

    def name(self, ident: int | str | None) -> str:
        """Return the id as the name."""
        return str(ident)


async def test_a_labelled_roll_shows_what_it_is_for_to_everyone(duel: Table) -> None:
    duel.dice.queue(EVE.channel_id, (1, -1, 0, 1))
    reply = await duel.run(EVE, "roll", dice="4dF", label="  Aeryn's   Perception ")
    assert reply.body == Rolled("4dF", reply.body.roll, "Aeryn's Perception", False)
    assert render_reply(reply, _Users()) == ["Aeryn's Perception (4dF): [+ − ▢ +] = 1"]
    assert not compose(reply, _Users(), False).ephemeral


async def test_a_secret_roll_is_shown_only_to_the_one_who_rolled(duel: Table) -> None:
    duel.dice.queue(EVE.channel_id, (2, 5))
    reply = await duel.run(EVE, "roll", dice="2d6", secret="yes")
    assert render_reply(reply, _Users()) == ["2d6: [2, 5] = 7 (secret: only you see this)"]
    assert compose(reply, _Users(), False).ephemeral
    shown = await duel.run(EVE, "roll", dice="d10", secret="no")
    assert not compose(shown, _Users(), False).ephemeral


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"label": "@everyone look"}, "The label '?everyone look' has characters Fray does not allow (an at sign); "
                                      "use letters, digits, spaces, ' - and ."),
        ({"label": "Notice, hard #2"}, "The label 'Notice, hard ?2' has characters Fray does not allow (a comma, #); "
                                       "use letters, digits, spaces, ' - and ."),
        ({"label": "L" * 101}, "That label is 101 characters long; keep it to 100."),
        ({"secret": "maybe"}, "secret takes yes or no, not 'maybe'."),
    ],
)
async def test_a_bad_label_or_secret_rolls_nothing(duel: Table, options: dict[str, str], message: str) -> None:
    duel.dice.queue(EVE.channel_id, (4, 2))
    assert await duel.refused(EVE, "roll", InvalidInput, dice="2d6", **options) == message
    assert duel.dice.queued(EVE.channel_id) == 2  # no die was rolled
