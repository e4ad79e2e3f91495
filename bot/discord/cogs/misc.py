"""/roll and /help."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands import COMMANDS
from bot.discord.cogs.common import run

if TYPE_CHECKING:
    from bot.discord.client import FrayBot

__all__ = ["MiscCog", "help_embed", "setup"]

Interaction = discord.Interaction[Any]


def help_embed(bot: FrayBot, system_key: str | None) -> discord.Embed:
    """List the commands, and the active system's moves in short."""
    embed = discord.Embed(title="Fray — combat in chat", colour=discord.Colour.dark_teal())
    lines = [f"/{c.path} — {c.description}" for c in COMMANDS]
    embed.description = "\n".join(lines)[:4000]
    system = bot.services.system(system_key or "farscape")
    moves = "\n".join(f"**{m.name}** — {m.summary}" for m in system.moves())
    embed.add_field(name=f"{system.title}: moves (/attack, /dodge, /act move:…)", value=moves[:1024], inline=False)
    return embed


class MiscCog(commands.Cog):
    """Dice and help."""

    @app_commands.command(name="roll", description="Roll dice: 4dF, 3d6+2, d10.")
    @app_commands.describe(dice="What to roll, like 4dF or 3d6+2.")
    async def roll(self, interaction: Interaction, dice: app_commands.Range[str, 1, 40]) -> None:
        """Roll dice."""
        await run(interaction, "roll", {"dice": dice})

    @app_commands.command(name="help", description="Fray's commands, and this channel's rule system in short.")
    async def help(self, interaction: Interaction) -> None:
        """Show help."""
        client = interaction.client
        roster = getattr(client, "rosters", {}).get(interaction.channel_id or 0)
        embed = help_embed(client, roster[0] if roster else None)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(MiscCog())
