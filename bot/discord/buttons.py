"""Buttons under a turn: "Next turn" and "Undo". Their custom ids carry the channel, so they work after a restart."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

import discord

if TYPE_CHECKING:
    from bot.discord.client import FrayBot

__all__ = ["CommandButton", "NextTurnButton", "UndoButton", "turn_view"]


_ANY = r"fray:(?P<action>[a-z]+):(?P<channel>\d+)"


class CommandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ANY):
    """A button that runs one command for whoever clicks it; the services decide whether they may."""

    action: ClassVar[str] = ""
    label: ClassVar[str] = ""
    path: ClassVar[str] = ""
    style: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary

    def __init__(self, channel_id: int) -> None:
        self.channel_id = channel_id
        custom_id = f"fray:{self.action}:{channel_id}"
        super().__init__(discord.ui.Button(label=self.label, style=self.style, custom_id=custom_id))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CommandButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["channel"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Run the button's command for whoever clicked."""
        bot: FrayBot = interaction.client
        await bot.responder.run(interaction, self.path, {})


class NextTurnButton(CommandButton, template=r"fray:next:(?P<channel>\d+)"):
    """End the current turn (the GM, or the player whose turn it is when the server allows it)."""

    action, label, path, style = "next", "Next turn", "encounter next", discord.ButtonStyle.primary


class UndoButton(CommandButton, template=r"fray:undo:(?P<channel>\d+)"):
    """Undo the last action (the GM only; the service refuses anyone else)."""

    action, label, path = "undo", "Undo", "encounter undo"


def turn_view(channel_id: int) -> discord.ui.View:
    """Return the buttons shown under a turn."""
    view = discord.ui.View(timeout=None)
    view.add_item(NextTurnButton(channel_id))
    view.add_item(UndoButton(channel_id))
    return view
