from __future__ import annotations

import pytest

from . import CommandNotSynced, DiscordDouble, InvalidOptions, NotPermitted


@pytest.mark.asyncio
async def test_ping_is_an_ephemeral_type_4_response(double: DiscordDouble, bot) -> None:
    rec = await double.invoke("ping")
    cb = await rec.response()
    assert cb.type == 4 and cb.ephemeral and cb.data["content"] == "pong"
    assert [m.content for m in rec.ephemeral] == ["pong"]
    assert double.messages() == []  # ephemeral: nobody else sees it


@pytest.mark.asyncio
async def test_start_defers_sends_pins_and_fills_the_placeholder(double: DiscordDouble, bot, table) -> None:
    rec = await double.invoke("encounter start", {"system": "farscape", "name": "Moya"})
    assert (await rec.response()).type == 5
    [filled] = await rec.followups(1)
    assert filled.id == rec.original_id and not filled.loading
    assert filled.content == "Encounter **Moya** started by Player."
    reply, summary = double.messages(double.channel_id)  # the placeholder was posted first, at defer time
    assert summary.embed["title"] == "Moya (farscape)" and summary.pinned
    assert summary.custom_ids == ["enc:next:1", "enc:end:1", "enc:join"]  # Join sits in row 1
    assert reply is filled
    assert double.requests_to("PUT", rf"/channels/{double.channel_id}/messages/pins/{summary.id}$")[0].status == 204
    assert table.encounters[1].message_id == summary.id


@pytest.mark.asyncio
async def test_member_option_is_resolved_and_summary_is_edited(double: DiscordDouble, bot, table) -> None:
    rogue = double.add_member("rygel", global_name="Rygel")
    await (await double.invoke("encounter start", {"system": "fallout"})).followups(1)
    rec = await double.invoke("encounter add", {"member": rogue, "initiative": 12})
    cb = await rec.response()
    assert cb.data["content"] == f"<@{rogue}> joins at 12."
    data = rec.payload["data"]
    assert data["options"][0]["options"][0] == {"type": 6, "name": "member", "value": str(rogue)}
    assert str(rogue) in data["resolved"]["members"] and str(rogue) in data["resolved"]["users"]
    summary = double.message(table.encounters[1].message_id)
    assert summary.edited and summary.embed["fields"][0]["value"] == "Rygel"


@pytest.mark.asyncio
async def test_invoke_refuses_what_discords_client_would(double: DiscordDouble, bot, table) -> None:
    with pytest.raises(CommandNotSynced, match="not a synced command"):
        await double.invoke("flee")
    with pytest.raises(CommandNotSynced, match="needs a subcommand"):
        await double.invoke("encounter")
    with pytest.raises(CommandNotSynced, match="not a subcommand"):
        await double.invoke("encounter pause")
    with pytest.raises(InvalidOptions, match="not one of the choices"):
        await double.invoke("encounter start", {"system": "d20"})
    with pytest.raises(InvalidOptions, match="required option missing"):
        await double.invoke("encounter start", {})
    with pytest.raises(InvalidOptions, match="unknown option"):
        await double.invoke("encounter start", {"system": "farscape", "colour": "red"})
    with pytest.raises(InvalidOptions, match=r"outside 1\.\.30"):
        await double.invoke("encounter start", {"system": "farscape", "name": "x" * 31})
    with pytest.raises(InvalidOptions, match="above the maximum 20"):
        await double.invoke("encounter add", {"member": double.user_id, "initiative": 21})
    with pytest.raises(InvalidOptions, match="expected an integer"):
        await double.invoke("encounter add", {"member": double.user_id, "initiative": "3"})
    with pytest.raises(InvalidOptions, match="not a user of the guild"):
        await double.invoke("encounter add", {"member": 12345, "initiative": 3})
    assert double.interactions == {} and table.errors == []


@pytest.mark.asyncio
async def test_default_member_permissions_are_enforced(double: DiscordDouble, bot) -> None:
    with pytest.raises(NotPermitted, match="needs permissions"):
        await double.invoke("gm")
    rec = await double.invoke("gm", user=double.owner_id)
    assert (await rec.response()).data["content"] == "GM tools"
    gm_role = double.add_role("GM", permissions=1 << 5)  # MANAGE_GUILD
    gm = double.add_member("aeryn", roles=[gm_role])
    assert (await (await double.invoke("gm", user=gm)).response()).type == 4
