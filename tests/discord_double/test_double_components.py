from __future__ import annotations

import pytest

from . import ComponentNotFound, DiscordDouble, InvalidOptions
from .botkit import make_bot


async def _start(double: DiscordDouble, table, **options):
    rec = await double.invoke("encounter start", {"system": "farscape", **options}, user=double.owner_id)
    await rec.followups(1)
    return double.message(table.encounters[1].message_id)


@pytest.mark.asyncio
async def test_owner_click_updates_the_message_in_place(double: DiscordDouble, bot, table) -> None:
    summary = await _start(double, table)
    rec = await double.click(summary, "enc:next:1", user=double.owner_id)
    cb = await rec.response()
    assert cb.type == 7 and cb.message is summary
    assert summary.embed["description"] == "Round 2" and summary.edited
    assert rec.payload["message"]["id"] == str(summary.id) and rec.payload["data"]["component_type"] == 2
    assert rec.messages == []  # type 7 edits, it creates nothing


@pytest.mark.asyncio
async def test_other_users_get_an_ephemeral_refusal(double: DiscordDouble, bot, table) -> None:
    summary = await _start(double, table)
    rec = await double.click(summary, "enc:end:1")
    cb = await rec.response()
    assert cb.type == 4 and cb.ephemeral and rec.ephemeral[0].content == "Only the GM can do that."
    assert summary.custom_ids  # untouched


@pytest.mark.asyncio
async def test_end_defers_then_edits_original_and_removes_buttons(double: DiscordDouble, bot, table) -> None:
    summary = await _start(double, table)
    rec = await double.click(summary, "enc:end:1", user=double.owner_id)
    assert (await rec.response()).type == 6
    await double.wait_for(lambda: summary.content == "Encounter over.")
    assert summary.components == [] and summary.allowed_mentions is None
    assert double.requests_to("PATCH", r"/webhooks/\d+/.+/messages/@original$")
    with pytest.raises(ComponentNotFound, match="has no component"):
        await double.click(summary, "enc:next:1", user=double.owner_id)


@pytest.mark.asyncio
async def test_persistent_join_button_and_unknown_custom_id(double: DiscordDouble, bot, table) -> None:
    summary = await _start(double, table)
    rec = await double.click(summary, "enc:join")
    assert (await rec.response()).data["content"] == "You joined Skirmish."
    assert table.encounters[1].combatants == ["Player"]
    with pytest.raises(ComponentNotFound, match=r"it has \['enc:next:1', 'enc:end:1', 'enc:join'\]"):
        await double.click(summary, "enc:next:2")


@pytest.mark.asyncio
async def test_ephemeral_message_components_belong_to_their_user(double: DiscordDouble, bot) -> None:
    rec = await double.invoke("pick")
    msg = (await rec.response()).message
    stranger = double.add_member("crais")
    with pytest.raises(InvalidOptions, match=r"takes 1\.\.1"):
        await double.select(msg, "pick:stance", ["reckless"])
    choice = await double.select(msg, "pick:stance", ["careful"])
    assert (await choice.response()).type == 7
    assert msg.content == "Stance: careful" and msg.components == []
    assert stranger in double.world.members


@pytest.mark.asyncio
async def test_modal_round_trip(double: DiscordDouble, bot) -> None:
    rec = await double.invoke("encounter rename")
    cb = await rec.response()
    assert cb.type == 9 and rec.modal["title"] == "Rename the encounter"
    with pytest.raises(InvalidOptions, match="name: required"):
        await double.submit_modal(rec, {})
    submitted = await double.submit_modal(rec, {"name": "Talyn"})
    assert (await submitted.response()).data["content"] == "Renamed to Talyn."


@pytest.mark.asyncio
async def test_buttons_still_work_after_a_bot_restart(double: DiscordDouble, table) -> None:
    async with double.running(make_bot(table)):
        summary = await _start(double, table)
        first_ids = {c["name"]: c["id"] for c in double.commands()}
    assert double.sessions[0].invalid  # closed with 1000: the session is gone
    async with double.running(make_bot(table)):
        assert {c["name"]: c["id"] for c in double.commands()} == first_ids
        assert double.registry.sync_count == 2 and len(double.sessions) == 2
        rec = await double.click(summary, "enc:next:1", user=double.owner_id)
        assert (await rec.response()).type == 7
        assert summary.embed["description"] == "Round 2"
    assert table.errors == []
