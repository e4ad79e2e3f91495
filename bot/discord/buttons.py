"""Buttons under a turn: "Next turn" and "Undo". Their custom ids carry the channel, so they work after a restart."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

import discord

if TYPE_CHECKING:
    from bot.discord.client import FrayBot

__all__ = [
    "CommandButton", "LogPageButton", "NextTurnButton", "UndoButton", "laid_out", "log_view", "recent_turn_views",
    "turn_view",
]


_ANY = r"fray:(?P<action>[a-z]+):(?P<channel>\d+)"


def laid_out(view: discord.ui.View) -> discord.ui.View:
    """Stop a view of Fray's buttons before it is sent: it only lays them out, nothing listens through it.

    Every Fray button is a dynamic item registered once at startup (``FrayBot.setup_hook``): a click reaches it by its
    custom id under any message, after a restart too. discord.py sends a stopped view's buttons the same and keeps no
    record of it, where a live one is filed in its view store with every answer that carries it.
    """
    view.stop()
    return view


class CommandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_ANY):
    """A button that runs one command for whoever clicks it; the services decide whether they may.

    ``mark`` names the moment of the fight the button was shown at (the reply's ``mark``): the command acts only if the
    fight is still there, so a second click, or a click under an older message, is refused instead of acting again.
    """

    action: ClassVar[str] = ""
    label: ClassVar[str] = ""
    path: ClassVar[str] = ""
    style: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary

    def __init__(self, channel_id: int, mark: str | None = None) -> None:
        self.channel_id = channel_id
        self.mark = mark
        super().__init__(discord.ui.Button(label=self.label, style=self.style,
                                           custom_id=command_id(self.action, channel_id, mark)))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CommandButton:
        """Rebuild the button from its custom id (one shown before marks were given has none)."""
        return cls(int(match["channel"]), match.groupdict().get("mark"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Run the button's command for whoever clicked, for the moment it was shown at."""
        bot: FrayBot = interaction.client
        await bot.responder.click(interaction, self.path, {"for": self.mark} if self.mark else {})


def command_id(action: str, channel_id: int, mark: str | None) -> str:
    """Return a command button's custom id: 'fray:next:<channel>' and, with a mark, ':<encounter>.<version>'."""
    return f"fray:{action}:{channel_id}" + (f":{mark}" if mark else "")


_MARKED = r"(?P<channel>\d+)(?::(?P<mark>\d+\.\d+))?"


class NextTurnButton(CommandButton, template=r"fray:next:" + _MARKED):
    """End the current turn (the GM, or the player whose turn it is when the server allows it)."""

    action, label, path, style = "next", "Next turn", "encounter next", discord.ButtonStyle.primary


class UndoButton(CommandButton, template=r"fray:undo:" + _MARKED):
    """Undo the last action (the GM only; the service refuses anyone else)."""

    action, label, path = "undo", "Undo", "encounter undo"


def turn_view(channel_id: int) -> discord.ui.View:
    """Return the buttons shown under a turn."""
    view = discord.ui.View(timeout=None)
    view.add_item(NextTurnButton(channel_id))
    view.add_item(UndoButton(channel_id))
    return laid_out(view)


def recent_turn_views(size: int = 512) -> Callable[[int, str | None], discord.ui.View]:
    """Return the turn buttons of a channel for a moment of its fight: one view per channel (LRU), marked anew.

    Every turn's answer carries the same two buttons, and building a view costs a random id from the OS and its
    items' set-up; one view is sent any number of times, as its buttons are dynamic items (discord.py keeps no
    per-message record of a view made only of them). Each call sets the buttons' mark: send the view at once (its
    components are read as the answer is built, before it awaits anything), as the next call marks it again.
    """
    made = lru_cache(maxsize=size)(turn_view)

    def marked(channel_id: int, mark: str | None = None) -> discord.ui.View:
        view = made(channel_id)
        for item in view.children:
            if isinstance(item, CommandButton):
                item.custom_id = command_id(item.action, channel_id, mark)
        return view

    marked.cache_info = made.cache_info  # type: ignore[attr-defined]
    return marked


class LogPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"fray:log:(?P<channel>\d+):(?P<round>\d+):(?P<page>\d+)(?::(?P<fight>\d+))?",
):
    """Turn the log's page in place: older or newer entries (the round 0 means the whole log) of one fight."""

    def __init__(self, channel_id: int, round_number: int, page: int, label: str, fight: int = 0) -> None:
        self.channel_id, self.round, self.page, self.fight = channel_id, round_number, page, fight
        custom_id = f"fray:log:{channel_id}:{round_number}:{page}" + (f":{fight}" if fight else "")
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LogPageButton:
        """Rebuild the button from its custom id (one made before it named its fight turns the channel's log)."""
        page = int(match["page"])
        return cls(int(match["channel"]), int(match["round"]), page, str(page), int(match["fight"] or 0))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show that page of the log in the same message; a fight that has given way to another's is refused."""
        bot: FrayBot = interaction.client
        options = {"page": str(self.page), **({"round": str(self.round)} if self.round else {}),
                   **({"for": str(self.fight)} if self.fight else {})}
        await bot.responder.click(interaction, "encounter log", options, edit=True)


def log_view(channel_id: int, round_number: int | None, page: int, pages: int, fight: int = 0
             ) -> discord.ui.View | None:
    """Return Older / Newer buttons for a page of one fight's log, or None when it has one page."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    scope = round_number or 0
    if page > 1:
        view.add_item(LogPageButton(channel_id, scope, page - 1, f"◀ Older ({page - 1}/{pages})", fight))
    if page < pages:
        view.add_item(LogPageButton(channel_id, scope, page + 1, f"Newer ({page + 1}/{pages}) ▶", fight))
    return laid_out(view)
