"""Saved characters: create, show, edit, list, delete (owner only), and joining a fight with one."""

from dataclasses import replace

import pytest
from services_kit import BOB, CAROL, EVE, GM, GUILD, SURE_MISS, TROOPER_1, Table

from bot.db.errors import CharacterExists
from bot.db.repositories import GuildSettings
from bot.services.errors import NoEncounter, NotAllowed
from combat.errors import InvalidInput, NotYourTurn, UnknownName

pytestmark = pytest.mark.asyncio

RYGEL = {
    "name": "Rygel", "system": "farscape", "tier": "protagonist", "weapon": "pulse pistol",
    "stats": "Speed=Superb, Agility=Good, Energy Weapons=Good, Willpower=Great",
}


async def _names(table: Table, caller=EVE) -> list[str]:
    return [name for name, _, _ in (await table.run(caller, "character list")).body.characters]


async def _set_guild(table: Table, **changes) -> None:
    async with table.svc.db.unit_of_work() as uow:
        await uow.settings.save(replace(GuildSettings(GUILD), **changes))
        await uow.commit()


async def test_create_and_show_a_character(table: Table):
    created = await table.run(BOB, "character create", **RYGEL)
    character = created.body
    assert (character.name, character.system, character.owner) == ("Rygel", "farscape", BOB.user_id)
    sheet = character.sheet
    assert sheet.traits["speed"] == 3 and sheet.traits["willpower"] == 2
    assert sheet.weapons == ("pulse pistol",) and sheet.tier == "protagonist"
    # Anyone in the guild may look, by any case of the name.
    shown = await table.run(EVE, "character show", name="rYGEL")
    assert shown.body.sheet == sheet and shown.body.owner == BOB.user_id


async def test_create_from_a_template(table: Table):
    reply = await table.run(CAROL, "character create", name="Chiana", system="farscape", template="bounty hunter")
    sheet = reply.body.sheet
    assert sheet.has("quick draw") and sheet.tier == "henchman" and "heavy pulse pistol" in sheet.weapons


async def test_a_name_is_taken_once_per_guild(table: Table):
    await table.run(BOB, "character create", **RYGEL)
    with pytest.raises(CharacterExists):
        await table.run(CAROL, "character create", **{**RYGEL, "name": "RYGEL"})
    # Another guild has its own characters.
    elsewhere = replace(CAROL, guild_id=GUILD + 1)
    await table.run(elsewhere, "character create", **RYGEL)
    assert await _names(table) == ["Rygel"]
    assert (await table.run(elsewhere, "character list")).body.characters == (("Rygel", "farscape", CAROL.user_id),)


async def test_bad_sheets_are_refused_and_nothing_is_saved(table: Table):
    for options, error in (
        ({"stats": "Agility"}, InvalidInput),
        ({"stats": "Telepathy=Good"}, UnknownName),
        ({"weapon": "bfg"}, UnknownName),
        ({"template": "dragon"}, UnknownName),
        ({"tier": "deity"}, InvalidInput),
    ):
        with pytest.raises(error):
            await table.run(BOB, "character create", name="Stark", system="farscape", **options)
    assert await _names(table) == []


async def test_the_owner_edits_keeping_what_was_not_changed(table: Table):
    await table.run(BOB, "character create", **RYGEL)
    edited = await table.run(BOB, "character edit", name="rygel", stats="Agility=Great", armour="protective fatigues")
    sheet = edited.body.sheet
    assert sheet.traits["agility"] == 2 and sheet.traits["speed"] == 3 and sheet.traits["willpower"] == 2
    assert sheet.armour == "protective fatigues" and sheet.weapons == ("pulse pistol",)
    assert sheet.tier == "protagonist"
    assert (await table.run(EVE, "character show", name="Rygel")).body.sheet == sheet


async def test_only_the_owner_edits_or_deletes(table: Table):
    await table.run(BOB, "character create", **RYGEL)
    before = (await table.run(EVE, "character show", name="Rygel")).body
    for caller in (CAROL, GM, EVE):
        with pytest.raises(NotAllowed, match="belongs to someone else"):
            await table.run(caller, "character edit", name="Rygel", stats="Agility=Terrible")
        with pytest.raises(NotAllowed, match="belongs to someone else"):
            await table.run(caller, "character delete", name="Rygel")
    assert (await table.run(EVE, "character show", name="Rygel")).body == before


async def test_a_bad_edit_changes_nothing(table: Table):
    await table.run(BOB, "character create", **RYGEL)
    before = (await table.run(EVE, "character show", name="Rygel")).body
    for options, error in (({"stats": "Agility=Wonderful"}, InvalidInput), ({"weapon": "bfg"}, UnknownName)):
        with pytest.raises(error):
            await table.run(BOB, "character edit", name="Rygel", **options)
    assert (await table.run(EVE, "character show", name="Rygel")).body == before


async def test_delete_and_list(table: Table):
    await table.run(BOB, "character create", **RYGEL)
    await table.run(CAROL, "character create", name="Chiana", system="farscape")
    assert await _names(table) == ["Chiana", "Rygel"]
    reply = await table.run(BOB, "character delete", name="rygel")
    assert reply.body.name == "Rygel"
    assert await _names(table) == ["Chiana"]
    with pytest.raises(UnknownName, match="No character named 'Rygel' here"):
        await table.run(EVE, "character show", name="Rygel")


async def test_an_unknown_character_suggests_the_nearest(table: Table):
    await table.run(BOB, "character create", **RYGEL)
    for path in ("character show", "character edit", "character delete"):
        with pytest.raises(UnknownName, match="did you mean 'Rygel'"):
            await table.run(BOB, path, name="Rigel")


async def test_join_a_fight_with_a_saved_character(duel: Table):
    await duel.run(EVE, "character create", **RYGEL)
    reply = await duel.run(EVE, "encounter join", character="rygel")
    joined = next(c for c in reply.encounter.combatants if c.name == "Rygel")
    assert (joined.owner, joined.side) == (EVE.owner_key, "crew")  # the side of the players' characters
    assert joined.sheet.traits["speed"] == 3
    exported = await duel.combatant("Rygel")
    assert exported["owner"] == str(EVE.user_id) and exported["initiative"] == 3
    # Eve now plays Rygel: she acts for him on his turn, and for nobody else.
    await duel.refused(EVE, "attack", NotYourTurn, target=TROOPER_1)
    await duel.refused(EVE, "dodge", NotAllowed, **{"as": "Aeryn"})
    await duel.run(EVE, "dodge")
    assert "dodging" in (await duel.combatant("Rygel"))["status"]
    assert (await duel.log())[-2]["kind"] == "encounter join"


async def test_join_with_a_side_and_next_round_in_the_order(duel: Table):
    await duel.run(EVE, "character create", **RYGEL)
    await duel.run(EVE, "encounter join", character="Rygel", side="Crew")
    assert (await duel.combatant("Rygel"))["side"] == "crew"
    for caller, target in ((BOB, TROOPER_1), (CAROL, TROOPER_1)):
        await duel.shoot(caller, target, SURE_MISS)
    reply = await duel.run(GM, "encounter next")
    assert reply.summaries[0].next_order[0] == ("rygel",)  # Superb Speed goes first
    await duel.shoot(EVE, TROOPER_1, SURE_MISS)


async def test_join_is_refused_when_the_guild_does_not_allow_it(duel: Table):
    await duel.run(EVE, "character create", **RYGEL)
    await _set_guild(duel, allow_join=False)
    message = await duel.refused(EVE, "encounter join", NotAllowed, character="Rygel")
    assert message == "The GM has not opened this fight to joining; ask them to add you."
    await _set_guild(duel, allow_join=True)
    await duel.run(EVE, "encounter join", character="Rygel")


async def test_join_only_with_your_own_character_and_only_once(duel: Table):
    await duel.run(BOB, "character create", **RYGEL)
    await duel.refused(EVE, "encounter join", UnknownName, character="Rygel")
    await duel.refused(EVE, "encounter join", UnknownName, character="Nobody")
    await duel.run(BOB, "encounter join", character="Rygel")
    assert await duel.refused(BOB, "encounter join", InvalidInput, character="Rygel") == (
        "Rygel is already in this fight."  # his own character: nothing to rename
    )


async def test_join_needs_an_encounter(table: Table):
    await table.run(EVE, "character create", **RYGEL)
    with pytest.raises(NoEncounter):
        await table.run(EVE, "encounter join", character="Rygel")


async def test_a_player_may_not_end_others_turns_when_the_guild_says_so(duel: Table):
    await _set_guild(duel, players_end_turn=False)
    await duel.refused(BOB, "encounter next", NotAllowed)
    await duel.run(GM, "encounter next")
    assert (await duel.export())["turn"] == "Aeryn"


async def test_edit_takes_gear_off_with_none(table: Table):
    await table.run(BOB, "character create", name="Aeryn", system="farscape", stats="Agility=Great",
                    weapon="pulse rifle, knife", armour="plated vest", talents="cool head")
    await table.run(BOB, "character edit", name="Aeryn", weapon="none", armour="None", talents="none")
    sheet = (await table.run(BOB, "character show", name="Aeryn")).body.sheet
    assert (sheet.weapons, sheet.armour, sheet.talents) == ((), None, frozenset())
    assert sheet.traits["agility"] == 2  # the rest as it was
    await table.run(BOB, "character edit", name="Aeryn", weapon="knife")
    assert (await table.run(BOB, "character show", name="Aeryn")).body.sheet.weapons == ("knife",)
