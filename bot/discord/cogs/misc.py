"""/roll and /help."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import suggest
from bot.discord.cogs.common import described, run

__all__ = ["MiscCog", "setup"]

Interaction = discord.Interaction[Any]


class MiscCog(commands.Cog):
    """Dice and help."""

    @app_commands.command(name="roll", description="Roll dice: 4dF, 3d6+2, d10.")
    @described("roll", dice="What to roll, like 4dF or 3d6+2.")
    async def roll(
        self, interaction: Interaction, dice: app_commands.Range[str, 1, 40],
        label: app_commands.Range[str, 1, 100] | None = None, secret: bool | None = None,
    ) -> None:
        """Roll dice, saying what for, in the open or for the caller's eyes only."""
        await run(interaction, "roll", {"dice": dice, "label": label, "secret": secret})

    @app_commands.command(name="help", description="Fray's commands, and this channel's rule system in short.")
    @described("help")
    @app_commands.autocomplete(topic=suggest.from_source("topics"))
    async def help(self, interaction: Interaction, topic: app_commands.Range[str, 1, 100] | None = None) -> None:
        """Show help: all of it, or on one topic."""
        await run(interaction, "help", {"topic": topic})


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(MiscCog())
