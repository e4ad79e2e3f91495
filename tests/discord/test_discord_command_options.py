"""Every option the command table gives a command is a parameter of its slash command (Discord can give it)."""

from __future__ import annotations

from typing import Any

import pytest
from discord import app_commands

from bot.commands import find_command
from bot.discord.cogs.characters import CharacterCog
from bot.discord.cogs.combat import CombatCog
from bot.discord.cogs.encounter import EncounterCog
from bot.discord.cogs.misc import MiscCog

pytestmark = pytest.mark.timeout(30)

# Set by the buttons (the moment of the fight a button was shown at), never typed on Discord.
BUTTONS_ONLY = frozenset({"for"})
# Slash commands with no entry in the command table: an attached file has no typed form on the local table.
DISCORD_ONLY = frozenset({"character import"})


def slash_commands() -> list[tuple[str, app_commands.Command[Any, Any, Any]]]:
    """Return each slash command of Fray's cogs with its full path ('encounter settings')."""
    found: list[tuple[str, app_commands.Command[Any, Any, Any]]] = []
    for cog in (EncounterCog(), CombatCog(), CharacterCog(), MiscCog()):
        for command in cog.walk_app_commands():
            if isinstance(command, app_commands.Command):
                found.append((command.qualified_name, command))
    return found


def test_every_slash_command_but_the_attachment_ones_is_in_the_command_table() -> None:
    paths = {path for path, _ in slash_commands()}
    assert {"encounter settings", "attack", "character import"} <= paths
    assert {path for path in paths if find_command(path) is None} == DISCORD_ONLY


@pytest.mark.parametrize(("path", "command"), [(p, c) for p, c in slash_commands() if p not in DISCORD_ONLY],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_each_option_of_the_table_is_a_parameter_of_the_slash_command(path: str, command: Any) -> None:
    spec = find_command(path)
    assert spec is not None
    table = {o.name for o in spec.options} - BUTTONS_ONLY
    params = {p.display_name for p in command.parameters}
    assert table <= params, f"{path}: the table's {sorted(table - params)} cannot be given on Discord"
