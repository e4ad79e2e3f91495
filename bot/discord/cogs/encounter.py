"""/encounter: start, add, join, remove, begin, next, hold, release, react, status, undo, log, export, map, end, gm.

Nothing here belongs to a rule system: systems, tiers, templates, reactions and GM tools are suggested from the
channel's system as you type, and checked by the services.
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands import MAX_REMIND_MINUTES
from bot.discord import suggest
from bot.discord.cogs.common import described, run

__all__ = ["EncounterCog", "setup"]

Interaction = discord.Interaction[Any]
Text = app_commands.Range[str, 1, 100]
TOOL_OPTIONS = "The tool's options as name=value, comma-separated (a value holding pairs in quotes)."


@app_commands.guild_only()
class EncounterCog(commands.GroupCog, group_name="encounter", group_description="Run a fight in this channel."):
    """The /encounter commands."""

    @app_commands.command(name="start", description="Start an encounter in this channel; you become its GM.")
    @described("encounter start")
    @app_commands.autocomplete(system=suggest.from_source("systems"), demo=suggest.from_source("demos"))
    async def start(
        self, interaction: Interaction, system: Text | None = None, name: Text | None = None, demo: Text | None = None
    ) -> None:
        """Start an encounter, or a system's guided demo."""
        await run(interaction, "encounter start", {"system": system, "name": name, "demo": demo})

    @app_commands.command(name="add", description="Add combatants: a template, traits, or the average combatant.")
    @described("encounter add")
    @app_commands.autocomplete(
        template=suggest.from_source("table:templates"), side=suggest.from_source("sides"),
        weapon=suggest.from_source("table:weapons"), armour=suggest.from_source("table:armour"),
        shield=suggest.from_source("table:shields"), tier=suggest.from_source("tiers"),
        talents=suggest.from_source("talents"),
    )
    async def add(
        self,
        interaction: Interaction,
        name: Text | None = None,
        template: Text | None = None,
        stats: app_commands.Range[str, 1, 1000] | None = None,
        talents: app_commands.Range[str, 1, 1000] | None = None,
        weapon: app_commands.Range[str, 1, 1000] | None = None,
        armour: Text | None = None,
        shield: Text | None = None,
        tier: Text | None = None,
        side: app_commands.Range[str, 1, 32] | None = None,
        owner: discord.Member | None = None,
        count: app_commands.Range[int, 1, 20] | None = None,
    ) -> None:
        """Add combatants."""
        values = {"name": name, "template": template, "stats": stats, "talents": talents, "weapon": weapon,
                  "armour": armour, "shield": shield, "tier": tier, "side": side, "owner": owner, "count": count}
        await run(interaction, "encounter add", values)

    @app_commands.command(name="join", description="Join the fight with your saved character.")
    @described("encounter join")
    @app_commands.autocomplete(character=suggest.characters, side=suggest.from_source("sides"))
    async def join(self, interaction: Interaction, character: Text, side: Text | None = None) -> None:
        """Join with a saved character."""
        await run(interaction, "encounter join", {"character": character, "side": side})

    @app_commands.command(name="remove", description="Take a combatant out of the encounter (exact name).")
    @described("encounter remove")
    @app_commands.autocomplete(target=suggest.from_source("combatants"))
    async def remove(self, interaction: Interaction, target: Text) -> None:
        """Remove a combatant."""
        await run(interaction, "encounter remove", {"target": target})

    @app_commands.command(name="begin", description="Work out initiative and start round 1.")
    async def begin(self, interaction: Interaction) -> None:
        """Begin the fight."""
        await run(interaction, "encounter begin", {})

    @app_commands.command(name="next", description="End the current turn and move on.")
    async def next(self, interaction: Interaction) -> None:
        """End the turn."""
        await run(interaction, "encounter next", {})

    @app_commands.command(name="hold", description="Hold your action to act later this round.")
    @described("encounter hold")
    @app_commands.rename(as_="as")
    @app_commands.autocomplete(as_=suggest.from_source("combatants"))
    async def hold(self, interaction: Interaction, as_: Text | None = None) -> None:
        """Hold an action."""
        await run(interaction, "encounter hold", {"as": as_})

    @app_commands.command(name="release", description="Act now with a held action.")
    @described("encounter release")
    @app_commands.rename(as_="as")
    @app_commands.autocomplete(as_=suggest.from_source("combatants"))
    async def release(self, interaction: Interaction, as_: Text | None = None) -> None:
        """Act with a held action."""
        await run(interaction, "encounter release", {"as": as_})

    @app_commands.command(name="react", description="Answer what the fight asks you: a defence, how to spend a roll.")
    @described("encounter react")
    @app_commands.autocomplete(choice=suggest.from_source("choices"))
    async def react(self, interaction: Interaction, choice: Text) -> None:
        """Answer a choice."""
        await run(interaction, "encounter react", {"choice": choice})

    @app_commands.command(name="status", description="Show the round, the order and everyone's state.")
    async def status(self, interaction: Interaction) -> None:
        """Show the status."""
        await run(interaction, "encounter status", {})

    @app_commands.command(name="undo", description="Undo the last action, with everything it did.")
    async def undo(self, interaction: Interaction) -> None:
        """Undo."""
        await run(interaction, "encounter undo", {})

    @app_commands.command(name="log", description="Show the log of actions.")
    @described("encounter log")
    async def log(
        self, interaction: Interaction, round: app_commands.Range[int, 1, 1_000_000] | None = None,
        page: app_commands.Range[int, 1, 1_000_000] | None = None,
    ) -> None:
        """Show the log."""
        await run(interaction, "encounter log", {"round": round, "page": page})

    @app_commands.command(name="export", description="Export the encounter: a JSON file, or a Markdown recap.")
    @described("encounter export")
    async def export(self, interaction: Interaction, format: Literal["json", "markdown"] | None = None) -> None:
        """Export the encounter."""
        await run(interaction, "encounter export", {"format": format})

    @app_commands.command(name="map", description="Show the battle map as a picture.")
    @described("encounter map", options="What to draw over the map, as name=value (the system's options).")
    @app_commands.autocomplete(options=suggest.map_extra)
    async def map(self, interaction: Interaction, options: app_commands.Range[str, 1, 1000] | None = None) -> None:
        """Post the map picture."""
        await run(interaction, "encounter map", {"options": options})

    @app_commands.command(name="end", description="End the encounter.")
    async def end(self, interaction: Interaction) -> None:
        """End the encounter."""
        await run(interaction, "encounter end", {})

    @app_commands.command(name="gm", description="Use one of the system's GM tools: surprise, healing, …")
    @described("encounter gm", target="Who the tool is used on (when it takes someone).", options=TOOL_OPTIONS)
    @app_commands.autocomplete(tool=suggest.from_source("tools"), target=suggest.from_source("combatants"),
                               options=suggest.tool_extra)
    async def gm(
        self, interaction: Interaction, tool: Text, target: Text | None = None,
        options: app_commands.Range[str, 1, 1000] | None = None,
    ) -> None:
        """Use a GM tool."""
        await run(interaction, "encounter gm", {"tool": tool, "target": target, "options": options})

    @app_commands.command(name="settings", description="Show or change Fray's settings for this server.")
    @described("encounter settings")
    async def settings(
        self,
        interaction: Interaction,
        gm_role: discord.Role | None = None,
        summary_channel: discord.TextChannel | None = None,
        players_end_turn: bool | None = None,
        allow_join: bool | None = None,
        remind_after: app_commands.Range[int, 0, MAX_REMIND_MINUTES] | None = None,
        clear: Literal["gm_role", "summary_channel"] | None = None,
    ) -> None:
        """Show or change the settings."""
        values = {"gm_role": gm_role, "summary_channel": summary_channel, "players_end_turn": players_end_turn,
                  "allow_join": allow_join, "remind_after": remind_after, "clear": clear}
        await run(interaction, "encounter settings", values)


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(EncounterCog())
