"""Helpers the cogs share: option descriptions from the command table, and a short way to run a service."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.commands import find_command
from bot.discord.caller import options_of

__all__ = ["EXTRA", "described", "run"]

T = TypeVar("T")

EXTRA = "More options as name=value, comma-separated (a value holding pairs goes in quotes)."


def described(path: str, **extra: str) -> Callable[[T], T]:
    """Describe a callback's parameters from the command table ('as' is the parameter 'as_'), plus ``extra``."""
    command = find_command(path)
    table = {("as_" if o.name == "as" else o.name): o.description[:100] for o in command.options} if command else {}

    def decorate(func: T) -> T:
        callback: Callable[..., Any] = getattr(func, "callback", None) or func  # type: ignore[assignment]
        params = set(inspect.signature(callback).parameters)
        chosen = {k: v for k, v in {**table, **extra}.items() if k in params}
        return app_commands.describe(**chosen)(func)

    return decorate


async def run(interaction: discord.Interaction[Any], path: str, values: Mapping[str, Any]) -> None:
    """Send the command's options (as text) to its service through the bot's responder."""
    from bot.discord.client import FrayBot

    client = interaction.client
    assert isinstance(client, FrayBot)
    options = options_of({("as" if k == "as_" else k): v for k, v in values.items()})
    await client.responder.run(interaction, path, options)
