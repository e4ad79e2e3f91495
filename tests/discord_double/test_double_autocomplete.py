from __future__ import annotations

import pytest

from . import Choice, DiscordDouble, DoubleTimeout, InvalidOptions, NoBotConnected


@pytest.mark.asyncio
async def test_autocomplete_returns_the_bots_choices(double: DiscordDouble, bot, table) -> None:
    await (await double.invoke("encounter start", {"system": "farscape"})).followups(1)
    table.encounters[1].combatants += ["Troll", "Trooper", "Scorpius"]
    choices = await double.autocomplete("attack", {"target": "tro"}, focused="target")
    assert choices == [Choice("Troll", "Troll"), Choice("Trooper", "Trooper")]
    rec = list(double.interactions.values())[-1]
    assert rec.kind == 4 and rec.callback.type == 8
    assert rec.payload["data"]["options"] == [{"type": 3, "name": "target", "value": "tro", "focused": True}]


@pytest.mark.asyncio
async def test_autocomplete_only_on_autocomplete_options(double: DiscordDouble, bot) -> None:
    with pytest.raises(InvalidOptions, match="has no autocomplete"):
        await double.autocomplete("encounter start", {"name": "x"}, focused="name")
    with pytest.raises(InvalidOptions, match="needs a"):
        await double.autocomplete("attack", {}, focused="target")


@pytest.mark.asyncio
async def test_autocomplete_must_answer_within_the_deadline(double: DiscordDouble, bot) -> None:
    double.ack_deadline = 0.2
    with pytest.raises(DoubleTimeout, match=r"no answer within 0\.2s"):
        await double.autocomplete("attack", {"target": "slowpoke"}, focused="target")
    rec = list(double.interactions.values())[-1]
    rejection = await rec.rejected(10062)
    assert rejection.status == 404 and rec.callback is None


@pytest.mark.asyncio
async def test_nothing_to_dispatch_to_without_a_bot(double: DiscordDouble) -> None:
    double.registry.overwrite(double.app_id, None, [{"name": "ping", "description": "p", "type": 1}])
    with pytest.raises(NoBotConnected):
        await double.invoke("ping")
