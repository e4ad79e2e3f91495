"""Buttons under a turn: "Next turn" and "Undo". Their custom ids carry the channel, so they work after a restart."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.discord.client import FrayBot

__all__ = ["NextTurnButton", "UndoButton", "turn_view"]


class NextTurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"fray:next:(?P<channel>\d+)"):
    """End the current turn (the GM, or the player whose turn it is when the server allows it)."""

    def __init__(self, channel_id: int) -> None:
        self.channel_id = channel_id
        button: discord.ui.Button[Any] = discord.ui.Button(
            label="Next turn", style=discord.ButtonStyle.primary, custom_id=f"fray:next:{channel_id}"
        )
        super().__init__(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> NextTurnButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["channel"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Run /encounter next for whoever clicked."""
        bot: FrayBot = interaction.client
        await bot.responder.run(interaction, "encounter next", {})


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"fray:undo:(?P<channel>\d+)"):
    """Undo the last action (the GM only; the service refuses anyone else)."""

    def __init__(self, channel_id: int) -> None:
        self.channel_id = channel_id
        button: discord.ui.Button[Any] = discord.ui.Button(
            label="Undo", style=discord.ButtonStyle.secondary, custom_id=f"fray:undo:{channel_id}"
        )
        super().__init__(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> UndoButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["channel"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Run /encounter undo for whoever clicked."""
        bot: FrayBot = interaction.client
        await bot.responder.run(interaction, "encounter undo", {})


def turn_view(channel_id: int) -> discord.ui.View:
    """Return the buttons shown under a turn."""
    view = discord.ui.View(timeout=None)
    view.add_item(NextTurnButton(channel_id))
    view.add_item(UndoButton(channel_id))
    return view
