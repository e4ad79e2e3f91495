"""/character: create, show, edit, list, delete, and import from an attached JSON or YAML sheet."""

from __future__ import annotations

import json
from typing import Any

import discord
import yaml
from discord import app_commands
from discord.ext import commands

from bot.discord import suggest
from bot.discord.cogs.common import described, run
from combat.errors import InvalidInput

__all__ = ["CharacterCog", "read_sheet", "setup"]

Interaction = discord.Interaction[Any]
MAX_SHEET_BYTES = 64 * 1024
_FIELDS = ("name", "system", "template", "talents", "weapon", "armour", "shield", "tier")


class _Aliased(yaml.YAMLError):
    """A sheet used a YAML alias."""


class _SheetLoader(yaml.SafeLoader):
    """YAML's safe loader without aliases: a few hundred bytes of nested aliases would read as gigabytes."""

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        """Refuse an alias (``*name``) before it is expanded; compose anything else as the safe loader does."""
        if self.check_event(yaml.AliasEvent):
            raise _Aliased()
        return super().compose_node(parent, index)


def read_sheet(raw: bytes) -> dict[str, str]:
    """Read a JSON or YAML character sheet into command options."""
    if len(raw) > MAX_SHEET_BYTES:
        raise InvalidInput(f"That sheet is {len(raw)} bytes; keep it under {MAX_SHEET_BYTES}.")
    try:
        data = yaml.load(raw.decode("utf-8"), Loader=_SheetLoader)  # safe, and no aliases; JSON is YAML too
    except _Aliased:
        raise InvalidInput("A sheet may not use YAML aliases (*name): write each value out.") from None
    except (UnicodeDecodeError, yaml.YAMLError) as err:
        raise InvalidInput(f"Could not read the sheet as JSON or YAML ({type(err).__name__}).") from None
    if not isinstance(data, dict):
        raise InvalidInput("A sheet is a mapping with at least name and system.")
    options = {k: _text(data[k]) for k in _FIELDS if data.get(k) is not None}
    if "weapons" in data:
        options["weapon"] = _text(data["weapons"])
    traits = data.get("stats") or data.get("traits")
    if isinstance(traits, dict):
        options["stats"] = ", ".join(f"{k}={v}" for k, v in traits.items())
    elif traits is not None:
        options["stats"] = str(traits)
    return options


def _text(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return json.dumps(value) if isinstance(value, dict) else str(value)


@app_commands.guild_only()
class CharacterCog(commands.GroupCog, group_name="character", group_description="Your saved characters."):
    """The /character commands."""

    @app_commands.command(name="create", description="Save a character for this server.")
    @described("character create")
    @app_commands.autocomplete(system=suggest.from_source("systems"), template=suggest.from_source("table:templates"),
                               weapon=suggest.from_source("table:weapons"), armour=suggest.from_source("table:armour"),
                               shield=suggest.from_source("table:shields"), tier=suggest.from_source("tiers"))
    async def create(
        self,
        interaction: Interaction,
        name: app_commands.Range[str, 1, 100],
        system: app_commands.Range[str, 1, 32],
        template: str | None = None,
        stats: app_commands.Range[str, 1, 1000] | None = None,
        talents: str | None = None,
        weapon: str | None = None,
        armour: str | None = None,
        shield: str | None = None,
        tier: str | None = None,
    ) -> None:
        """Create a character."""
        values = {"name": name, "system": system, "template": template, "stats": stats, "talents": talents,
                  "weapon": weapon, "armour": armour, "shield": shield, "tier": tier}
        await run(interaction, "character create", values)

    @app_commands.command(name="import", description="Save a character from an attached JSON or YAML sheet.")
    @app_commands.describe(sheet="A .json or .yaml file with name, system, stats, talents, weapons, armour, tier.")
    async def import_(self, interaction: Interaction, sheet: discord.Attachment) -> None:
        """Import a character sheet."""
        if sheet.size > MAX_SHEET_BYTES:
            raise InvalidInput(f"That sheet is {sheet.size} bytes; keep it under {MAX_SHEET_BYTES}.")
        options = read_sheet(await sheet.read())
        await run(interaction, "character create", options)

    @app_commands.command(name="show", description="Show a saved character.")
    @described("character show")
    @app_commands.autocomplete(name=suggest.characters)
    async def show(self, interaction: Interaction, name: str) -> None:
        """Show a character."""
        await run(interaction, "character show", {"name": name})

    @app_commands.command(name="edit", description="Change a saved character's traits or gear.")
    @described("character edit")
    @app_commands.autocomplete(name=suggest.characters, template=suggest.for_character("table:templates"),
                               weapon=suggest.for_character("table:weapons"),
                               armour=suggest.for_character("table:armour"),
                               shield=suggest.for_character("table:shields"), tier=suggest.for_character("tiers"))
    async def edit(
        self,
        interaction: Interaction,
        name: str,
        template: str | None = None,
        stats: app_commands.Range[str, 1, 1000] | None = None,
        talents: str | None = None,
        weapon: str | None = None,
        armour: str | None = None,
        shield: str | None = None,
        tier: str | None = None,
    ) -> None:
        """Edit a character."""
        values = {"name": name, "template": template, "stats": stats, "talents": talents, "weapon": weapon,
                  "armour": armour, "shield": shield, "tier": tier}
        await run(interaction, "character edit", values)

    @app_commands.command(name="list", description="List the characters saved on this server.")
    async def list_(self, interaction: Interaction) -> None:
        """List characters."""
        await run(interaction, "character list", {})

    @app_commands.command(name="delete", description="Delete one of your characters.")
    @described("character delete")
    @app_commands.autocomplete(name=suggest.characters)
    async def delete(self, interaction: Interaction, name: str) -> None:
        """Delete a character."""
        await run(interaction, "character delete", {"name": name})


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(CharacterCog())
