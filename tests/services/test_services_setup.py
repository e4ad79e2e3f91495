"""Setting up a fight in every system: saved characters' cards, sheets refused with what is allowed, numbering."""

from __future__ import annotations

import pytest
from services_kit import BOB, GM, ROLE_GM, Table

from bot.render.bodies import Context, render_body
from combat.errors import InvalidInput, InvalidSheet, UnknownName

pytestmark = pytest.mark.asyncio


class _Users:
    """Name users by their id."""

    def name(self, ident: int | str | None) -> str:
        """Return the id as the name."""
        return str(ident)


async def _card(table: Table, name: str) -> list[str]:
    reply = await table.run(BOB, "character show", name=name)
    return render_body(reply.body, Context({}, _Users()))


async def _saved(table: Table) -> list[str]:
    reply = await table.run(BOB, "character list")
    return [name for name, _, _ in reply.body.characters]


async def test_a_character_card_shows_the_gear_and_talents_saved(table: Table):
    await table.run(BOB, "character create", name="Aeryn", system="farscape", stats="Agility=Great",
                    weapon="pulse rifle, knife", armour="plated vest", shield="small", talents="cool head")
    assert (await _card(table, "Aeryn"))[1:] == [
        "Weapons: pulse rifle, knife · Armour: plated vest · Shield: small · Talents: Cool Head"
    ]
    await table.run(BOB, "character create", name="Nobody", system="fallout")
    assert len(await _card(table, "Nobody")) == 1  # nothing carried: no gear line


@pytest.mark.parametrize("system", ["fallout", "d6pool"])
@pytest.mark.parametrize(("option", "value", "fragment"), [
    ("talents", "cool head", "no talents; leave talents out"),
    ("shield", "buckler", "no shields; leave shield out"),
])
async def test_talents_or_a_shield_on_a_sheet_without_them_are_refused_not_dropped(
    table: Table, system: str, option: str, value: str, fragment: str
):
    with pytest.raises(InvalidSheet, match=fragment):
        await table.run(BOB, "character create", name="Max", system=system, **{option: value})
    assert await _saved(table) == []


async def test_a_fallout_level_below_one_is_refused(table: Table):
    with pytest.raises(InvalidSheet, match="level must be from 1 to 30; 0 is not"):
        await table.run(BOB, "character create", name="Max", system="fallout", stats="Level=0")
    assert await _saved(table) == []


@pytest.mark.parametrize(("system", "options", "fragment"), [
    ("farscape", {"template": "dragon"}, "No template named 'dragon' here; choose one of peacekeeper trooper, "),
    ("farscape", {"weapon": "bfg"}, "; choose one of knuckleduster, blackjack, "),
    ("farscape", {"tier": "boss"}, "; choose one of protagonist, antagonist, ally, henchman, bystander, minion."),
    ("farscape", {"talents": "luck"}, "; choose one of cool head, quick draw."),
    ("deryni", {"shield": "tower"}, "; choose one of buckler, round shield, kite shield."),
    ("deryni", {"stats": "Luck=Good"}, "No attribute or skill named 'luck' here; choose one of strength, "),
    ("d6pool", {"template": "zzz"}, "; choose one of thug, gunman, swordsman, dump truck, concrete wall."),
    ("d6pool", {"stats": "zz=3"}, "No attribute or skill named 'zz' here; choose one of agility, "),
    ("fallout", {"tier": "huge"}, "; choose one of great, large, small, tiny, minute."),
    ("fallout", {"template": "zzz"}, "No template named 'zzz' here; choose one of "),
    ("fallout", {"weapon": "bfg"}, "No weapon named 'bfg' here; choose one of fists, "),
    ("fallout", {"armour": "zzz"}, "No armour named 'zzz' here; choose one of "),
])
async def test_an_unknown_name_on_a_sheet_lists_what_is_allowed(
    table: Table, system: str, options: dict[str, str], fragment: str
):
    with pytest.raises(UnknownName) as refused:
        await table.run(BOB, "character create", name="Max", system=system, **options)
    assert fragment in refused.value.message
    assert await _saved(table) == []


async def test_one_more_of_a_numbered_group_goes_on_with_its_numbers(table: Table):
    await table.run(GM, "encounter start", system="fallout", name="Junktown")
    await table.run(GM, "encounter add", template="ghoul", count="2")
    assert (await table.run(GM, "encounter add", template="ghoul")).body.names == ("Ghoul 3",)
    await table.run(GM, "encounter begin")
    assert (await table.run(GM, "encounter add", template="ghoul")).body.names == ("Ghoul 4",)
    # A name alone in the fight is still refused: that is a second Max, not one more of a group.
    await table.run(GM, "encounter add", name="Max")
    assert "already in this fight" in await table.refused(GM, "encounter add", InvalidInput, name="max")


async def test_a_side_that_may_be_a_slip_is_named_when_someone_is_added_to_it(table: Table):
    async def added(**options: str) -> list[str]:
        return render_body((await table.run(GM, "encounter add", **options)).body, Context({}, _Users()))

    await table.run(GM, "encounter start", system="farscape")
    assert await added(name="Aeryn", side="heroes") == ["Added Aeryn."]
    assert await added(name="Scorpius", side="foes") == ["Added Scorpius."]  # a fight's second side is no surprise
    assert await added(name="Crichton", side="heroes") == ["Added Crichton."]
    assert await added(name="Chiana", side="hero") == [
        "Added Chiana. They are on a new side, hero (the others: heroes, foes). Did you mean heroes?"]
    assert await added(name="Rygel", side="hynerians") == [
        "Added Rygel. They are on a new side, hynerians (the others: heroes, foes, hero)."]


async def test_someone_added_after_his_place_in_the_round_is_told_when_he_acts(table: Table):
    async def added(**options: str) -> list[str]:
        return render_body((await table.run(GM, "encounter add", **options)).body, Context({}, _Users()))

    await table.run(GM, "encounter start", system="farscape")
    await table.run(GM, "encounter add", name="Aeryn", side="crew", stats="Speed=Good")
    await table.run(GM, "encounter add", name="Scorpius", side="foes", stats="Speed=Fair")
    await table.run(GM, "encounter begin")  # Aeryn (Good) acts first, then Scorpius (Fair)
    await table.run(GM, "encounter next")  # Scorpius's turn now
    assert await added(name="Rygel", side="crew", stats="Speed=Superb") == [
        "Added Rygel. Rygel acts from round 2 (their place in this one has passed)."]
    assert await added(name="Slowpoke", side="crew", stats="Speed=Terrible") == ["Added Slowpoke."]  # still to come
    removed = await table.run(GM, "encounter remove", name="Slowpoke")  # name: as add takes it, for target:
    assert removed.body.names == ("Slowpoke",)


async def test_a_character_card_reads_each_trait_as_its_system_does(table: Table):
    # FUDGE on the ladder; Fallout attributes as numbers; the d6 pool's attributes as numbers, its skills as modifiers.
    await table.run(BOB, "character create", name="Aeryn", system="farscape", stats="Agility=Great")
    assert "Agility Great (+2)" in (await _card(table, "Aeryn"))[0]
    await table.run(BOB, "character create", name="Max", system="fallout", stats="AG=8")
    assert "Agility 8" in (await _card(table, "Max"))[0]
    await table.run(BOB, "character create", name="Rex", system="d6pool", stats="Agility=4, Swords=3")
    card = (await _card(table, "Rex"))[0]
    assert "Agility 4" in card and "Swords +3" in card
    # HTK 0 on a sheet means the tier's rule works it out; Defence counts for objects only: neither reads as a bare
    # number a player would take for his own.
    assert "HTK by the rule (Stamina x2 + level for characters)" in card and "Defence 2 (objects only)" in card
    await table.run(BOB, "character create", name="Tank", system="d6pool", stats="HTK=30")
    assert "HTK 30" in (await _card(table, "Tank"))[0]


async def test_the_settings_read_as_the_options_that_change_them(table: Table):
    await table.run(GM, "encounter start", system="farscape")
    lines = render_body((await table.run(GM, "encounter settings")).body, Context({}, _Users()))
    assert {line.split(":")[0] for line in lines} == {
        "gm_role", "summary_channel", "players_end_turn", "allow_join", "remind_after"}


async def test_a_gm_role_and_summary_channel_show_as_mentions_discord_names(table: Table):
    # Discord shows a mention as the role's or channel's name; the answer allows no role pings (outgoing.allowed).
    await table.run(GM, "encounter start", system="farscape")
    body = (await table.run(ROLE_GM, "encounter settings", gm_role="77", summary_channel="<#4242>")).body
    lines = render_body(body, Context({}, _Users()))
    assert "gm_role: <@&77>" in lines and "summary_channel: <#4242>" in lines
    cleared = (await table.run(ROLE_GM, "encounter settings", clear="gm_role")).body
    assert "gm_role: none" in render_body(cleared, Context({}, _Users()))
