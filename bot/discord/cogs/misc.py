"""/roll and /help."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands import COMMANDS
from bot.discord.cogs.common import run
from bot.registry import keys
from combat.system import MoveSpec

if TYPE_CHECKING:
    from bot.discord.client import FrayBot

__all__ = ["MiscCog", "field_chunks", "help_embed", "setup"]

Interaction = discord.Interaction[Any]


def _move_line(move: MoveSpec) -> str:
    options = f" ({', '.join(move.option_names())})" if move.options else ""
    return f"**{move.name}** — {move.summary}{options}"


def help_embed(bot: FrayBot, system_key: str | None) -> discord.Embed:
    """List the commands, and the channel's system with its moves and GM tools (without one, the systems)."""
    embed = discord.Embed(title="Fray — combat in chat", colour=discord.Colour.dark_teal())
    embed.description = "\n".join(f"/{c.path} — {c.description}" for c in COMMANDS)[:3000]
    if system_key is None:
        systems = "\n".join(f"**{key}** — {bot.services.system(key).title}" for key in keys())
        embed.add_field(name="Rule systems (/encounter start system:…)", value=systems[:1024], inline=False)
        return embed
    for key in (system_key,):
        system = bot.services.system(key)
        moves = [_move_line(m) for m in system.moves()]
        tools = [f"**{t.name}** — {t.summary}" for t in system.gm_tools()]
        for title, lines in ((f"{system.title}: moves (/attack, /dodge, /act move:…)", moves),
                             (f"{system.title}: GM tools (/encounter gm tool:…)", tools)):
            for number, chunk in enumerate(field_chunks(lines)):
                embed.add_field(name=title if number == 0 else f"{title} (more)", value=chunk, inline=False)
    return embed


def field_chunks(lines: list[str], limit: int = 1024) -> list[str]:
    """Split lines into embed field values of at most ``limit`` characters, never cutting a line short."""
    chunks: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            chunks.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    return [*chunks, current] if current else chunks


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
