"""Saved characters: create, import from an attached sheet, join a running fight, list, delete."""

from __future__ import annotations

import json

import pytest
from fray_kit import Fray
from test_e2e_encounter import set_the_scene

YAML_SHEET = b"""
name: Chiana
system: farscape
tier: protagonist
stats:
  Agility: Great
  Speed: Good
  Energy Weapons: Fair
talents: [Cool Head]
weapons: [pulse pistol]
"""


@pytest.mark.asyncio
async def test_a_player_imports_a_sheet_and_joins_the_fight_with_it(fray: Fray) -> None:
    async with fray.running():
        imported = await fray.answer(fray.carol, "character import", sheet=("chiana.yaml", YAML_SHEET))
        assert "Chiana" in imported.embeds[0]["description"]
        sheet = json.dumps({"name": "Rygel", "system": "farscape", "stats": {"Intellect": "Great"}}).encode()
        await fray.answer(fray.dave, "character import", sheet=("rygel.json", sheet))
        listed = await fray.answer(fray.dave, "character list")
        assert "Chiana" in listed.embeds[0]["description"] and "Rygel" in listed.embeds[0]["description"]
        await set_the_scene(fray)
        await fray.answer(fray.gm, "encounter begin")
        joined = await fray.answer(fray.carol, "encounter join", character="Chiana")
        assert "Chiana" in joined.embeds[0]["description"]
        state = fray.bot.rosters[fray.double.channel_id][1]
        chiana = state.find("Chiana")
        assert chiana.owner == str(fray.carol) and chiana.sheet.has("cool head")
        assert "belongs to someone else" in await fray.refusal(fray.dave, "character delete", name="Chiana")
        await fray.answer(fray.carol, "character delete", name="Chiana")


@pytest.mark.asyncio
async def test_a_broken_sheet_is_refused_with_a_clear_line(fray: Fray) -> None:
    async with fray.running():
        refused = await fray.refusal(fray.carol, "character import", sheet=("bad.yaml", b"name: [unclosed"))
        assert "Could not read the sheet" in refused
        unknown = json.dumps({"name": "Zhaan", "system": "farscape", "stats": {"Agilty": "Good"}}).encode()
        refused = await fray.refusal(fray.carol, "character import", sheet=("zhaan.json", unknown))
        assert "did you mean 'agility'" in refused


def aliased_sheet(levels: int) -> bytes:
    """A few hundred bytes of YAML whose nested aliases would expand tenfold per level (a "billion laughs")."""
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, levels)]
    lines.append(f"name: Bomb\nsystem: farscape\nstats: {{Agility: *a{levels - 1}}}")
    return "\n".join(lines).encode()


@pytest.mark.asyncio
async def test_a_sheet_with_yaml_aliases_is_refused_before_it_can_grow(fray: Fray) -> None:
    # 9 levels is 10^9 strings once expanded: refused as it is read, and the bot goes on answering.
    sheet = aliased_sheet(9)
    assert len(sheet) < 600
    async with fray.running():
        refused = await fray.refusal(fray.carol, "character import", sheet=("bomb.yaml", sheet))
        assert "may not use YAML aliases" in refused
        plain = b"name: Chiana\nsystem: farscape\nstats: {Agility: Great}\n"
        imported = await fray.answer(fray.carol, "character import", sheet=("chiana.yaml", plain))
        assert "Chiana" in imported.embeds[0]["description"]


@pytest.mark.asyncio
async def test_character_names_and_an_edit_s_gear_are_suggested_in_the_character_s_own_system(fray: Fray) -> None:
    async with fray.running():
        await fray.answer(fray.carol, "character create", name="Morgan", system="deryni", template="knight")
        await fray.answer(fray.gm, "encounter start", system="farscape")  # the channel's fight is another system's
        for path in ("character show", "character edit", "character delete"):
            named = await fray.double.autocomplete(path, {"name": "mor"}, focused="name", user=fray.carol)
            assert [c.value for c in named] == ["Morgan"], path
        templates = await fray.double.autocomplete("character edit", {"name": "Morgan", "template": ""},
                                                   focused="template", user=fray.carol)
        assert "knight" in [c.value for c in templates]
        assert "peacekeeper trooper" not in [c.value for c in templates]
        edited = await fray.say(fray.carol, "character edit", name="Morgan", template=templates[0].value)
        assert not edited.ephemeral, "a suggested template is one the character's system takes"
        weapons = await fray.double.autocomplete("character edit", {"name": "Morgan", "weapon": "broad"},
                                                 focused="weapon", user=fray.carol)
        assert "broadsword" in [c.value for c in weapons]


@pytest.mark.asyncio
async def test_players_are_named_by_their_display_names_though_discord_sends_no_member_list(fray: Fray) -> None:
    # Only the guilds intent: the guild's cache knows nobody; callers and members named in options are noted.
    async with fray.running():
        await fray.answer(fray.carol, "character create", name="Zhaan", system="farscape", stats="Agility=Good")
        listed = await fray.answer(fray.dave, "character list")
        assert "• Zhaan (farscape) — Carol" in listed.embeds[0]["description"]
        await set_the_scene(fray)  # the GM adds Aeryn (owner:@carol) and D'Argo (owner:@dave)
        log = await fray.answer(fray.gm, "encounter log")
        assert "owner:Carol" in log.embeds[0]["description"] and "someone" not in log.embeds[0]["description"]
