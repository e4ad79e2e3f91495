"""Helpers the cogs share: option descriptions from the command table, and a short way to run a service."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.commands import find_command
from bot.discord.caller import options_of

__all__ = ["described", "run"]


def described(path: str, **extra: str) -> dict[str, str]:
    """Return the descriptions of a command's options, keyed by parameter name ('as' becomes 'as_')."""
    command = find_command(path)
    found = {("as_" if o.name == "as" else o.name): o.description[:100] for o in command.options} if command else {}
    return {**found, **extra}


async def run(interaction: discord.Interaction[Any], path: str, values: Mapping[str, Any]) -> None:
    """Send the command's options (as text) to its service through the bot's responder."""
    from bot.discord.client import FrayBot

    client = interaction.client
    assert isinstance(client, FrayBot)
    options = options_of({("as" if k == "as_" else k): v for k, v in values.items()})
    await client.responder.run(interaction, path, options)
