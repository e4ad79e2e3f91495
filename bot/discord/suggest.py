"""Autocomplete from memory: combatants, weapons, moves, templates, sides; the chosen value is checked again later."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from combat.model import Encounter
from combat.systems.farscape.melee_moves import technique_names

if TYPE_CHECKING:
    from bot.discord.client import FrayBot

__all__ = ["characters", "moves", "sides", "targets", "techniques", "templates", "weapons"]

Choices = list[app_commands.Choice[str]]
LIMIT = 25


def _match(values: Iterable[str], current: str) -> Choices:
    wanted = current.strip().lower()
    picked = [v for v in dict.fromkeys(values) if wanted in v.lower()]
    picked.sort(key=lambda v: (not v.lower().startswith(wanted), v.lower()))
    return [app_commands.Choice(name=v[:100], value=v[:100]) for v in picked[:LIMIT]]


def _roster(interaction: discord.Interaction[Any]) -> tuple[str, Encounter] | None:
    bot: FrayBot = interaction.client
    return bot.rosters.get(interaction.channel_id or 0)


async def targets(interaction: discord.Interaction[Any], current: str) -> Choices:
    """Suggest the channel's combatants."""
    roster = _roster(interaction)
    return _match((c.name for c in roster[1].combatants), current) if roster else []


async def sides(interaction: discord.Interaction[Any], current: str) -> Choices:
    """Suggest the sides in the channel's encounter."""
    roster = _roster(interaction)
    return _match((c.side for c in roster[1].combatants), current) if roster else []


async def weapons(interaction: discord.Interaction[Any], current: str) -> Choices:
    """Suggest the acting combatant's weapons (the one named in as:, else the caller's own)."""
    roster = _roster(interaction)
    if roster is None:
        return []
    encounter = roster[1]
    chosen = getattr(interaction.namespace, "as", None)
    owned = [c for c in encounter.combatants if c.owner == str(interaction.user.id)]
    named = [c for c in encounter.combatants if chosen and c.name.lower() == str(chosen).lower()]
    pool = named or owned or list(encounter.combatants)
    return _match((w for c in pool for w in c.sheet.weapons), current)


async def moves(interaction: discord.Interaction[Any], current: str) -> Choices:
    """Suggest the moves of the channel's system."""
    bot: FrayBot = interaction.client
    roster = _roster(interaction)
    key = roster[0] if roster else "farscape"
    return _match((m.name for m in bot.services.system(key).moves()), current)


async def techniques(interaction: discord.Interaction[Any], current: str) -> Choices:
    """Suggest melee techniques for /attack move:."""
    return _match(technique_names(), current)


async def templates(interaction: discord.Interaction[Any], current: str) -> Choices:
    """Suggest the system's templates."""
    bot: FrayBot = interaction.client
    roster = _roster(interaction)
    system = bot.services.system(roster[0] if roster else "farscape")
    tables = getattr(system, "tables", None)
    names = getattr(tables, "templates", {}) if tables is not None else {}
    return _match(names, current)


async def characters(interaction: discord.Interaction[Any], current: str) -> Choices:
    """Suggest the caller's saved characters on this server."""
    bot: FrayBot = interaction.client
    async with bot.services.db.unit_of_work() as uow:
        rows = await uow.characters.list(interaction.guild_id or 0, owner_id=interaction.user.id)
    return _match((r.name for r in rows), current)
