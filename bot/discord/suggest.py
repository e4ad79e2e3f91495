"""Autocomplete: every suggestion comes from the channel's system and encounter kept in memory, never the database.

The bot keeps each channel's last reply's encounter, and takes up every active fight of its shards as it starts.

The chosen value is checked again by the services. Options that belong to a move or a GM tool are suggested from
that move's or tool's own specs, so a system's vocabulary reaches Discord without a static list.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.completion import complete_pairs, match, source_values, spec_values
from bot.registry import find, keys
from bot.render.plugin import picture_options
from bot.services.characters import names_of, system_of
from combat.model import Encounter
from combat.options import OptionSpec, normal_key, same_name
from combat.system import RuleSystem

if TYPE_CHECKING:
    from bot.discord.client import FrayBot

__all__ = ["characters", "for_character", "from_move", "from_source", "map_extra", "move_extra", "odds_extra",
           "odds_field", "odds_move", "tool_extra"]

Choices = list[app_commands.Choice[str]]
Interaction = discord.Interaction[Any]
Callback = Callable[[Interaction, str], Coroutine[Any, Any, Choices]]


def _choices(values: list[str]) -> Choices:
    return [app_commands.Choice(name=v[:100], value=v[:100]) for v in values]


def _scene(interaction: Interaction) -> tuple[RuleSystem | None, Encounter | None]:
    """Return the system (typed in system:, else the channel's) and the channel's encounter as last seen."""
    bot: FrayBot = interaction.client
    roster = bot.rosters.get(interaction.channel_id or 0)
    encounter = roster[1] if roster else None
    typed = normal_key(str(getattr(interaction.namespace, "system", "") or ""))
    key = typed if typed in keys() else roster[0] if roster else None
    return (bot.services.system(key) if key else None), encounter


def _actor(interaction: Interaction, encounter: Encounter | None) -> str | None:
    """Return who acts: the combatant named in as:, else the caller's own (None when unknown)."""
    if encounter is None:
        return None
    named = str(getattr(interaction.namespace, "as", "") or "").lower()
    for combatant in encounter.combatants:
        if named and combatant.name.lower() == named:
            return combatant.id
    owned = [c.id for c in encounter.combatants if c.owner == str(interaction.user.id)]
    return owned[0] if owned else None


def from_source(source: str) -> Callback:
    """Suggest the values of a named source: combatants, sides, systems, tiers, moves, tools or table rows."""

    async def suggest(interaction: Interaction, current: str) -> Choices:
        system, encounter = _scene(interaction)
        return _choices(match(source_values(system, encounter, _actor(interaction, encounter), source), current))

    return suggest


def _move_name(interaction: Interaction, fixed: str | None) -> str:
    return fixed or str(getattr(interaction.namespace, "move", "") or "")


def _move_options(system: RuleSystem | None, move: str) -> tuple[OptionSpec, ...]:
    if system is None:
        return ()
    found = next((m for m in system.moves() if same_name(move, m.name)), None)
    return found.options if found is not None else ()


def from_move(option: str, move: str | None = None) -> Callback:
    """Suggest values for ``option`` of the move (``move``, else the one typed in move:) from its spec."""

    async def suggest(interaction: Interaction, current: str) -> Choices:
        system, encounter = _scene(interaction)
        specs = _move_options(system, _move_name(interaction, move))
        spec = next((s for s in specs if s.name == option), None)
        if spec is None:
            return []
        return _choices(match(spec_values(system, encounter, _actor(interaction, encounter), spec), current))

    return suggest


def move_extra(move: str | None = None, skip: frozenset[str] = frozenset()) -> Callback:
    """Complete 'name=value, …' for the move's options not given their own field (``skip``)."""

    async def suggest(interaction: Interaction, current: str) -> Choices:
        system, encounter = _scene(interaction)
        specs = [s for s in _move_options(system, _move_name(interaction, move)) if s.name not in skip]
        return _choices(complete_pairs(current, specs, system, encounter, _actor(interaction, encounter)))

    return suggest


def _odds_of(system: RuleSystem | None, interaction: Interaction) -> str:
    """Return the move /odds asks about: the one typed in move: when it is a move of the system, else the attack."""
    typed = str(getattr(interaction.namespace, "move", "") or "")
    moves = system.moves() if system is not None else ()
    return typed if any(same_name(typed, m.name) for m in moves) else "attack"


async def odds_move(interaction: Interaction, current: str) -> Choices:
    """Suggest /odds move: the attack's own move values (a system's techniques), then the system's moves."""
    system, encounter = _scene(interaction)
    if system is None:
        return []
    spec = next((s for s in _move_options(system, "attack") if s.name == "move"), None)
    own = spec_values(system, encounter, _actor(interaction, encounter), spec) if spec is not None else ()
    return _choices(match((*own, *(m.name for m in system.moves())), current))


def odds_field(option: str) -> Callback:
    """Suggest values for ``option`` of the move /odds asks about (the attack, or the move named in move:)."""

    async def suggest(interaction: Interaction, current: str) -> Choices:
        system, encounter = _scene(interaction)
        specs = _move_options(system, _odds_of(system, interaction))
        spec = next((s for s in specs if s.name == option), None)
        if spec is None:
            return []
        return _choices(match(spec_values(system, encounter, _actor(interaction, encounter), spec), current))

    return suggest


def odds_extra(skip: frozenset[str]) -> Callback:
    """Complete 'name=value, …' for the options of the move /odds asks about not given their own field."""

    async def suggest(interaction: Interaction, current: str) -> Choices:
        system, encounter = _scene(interaction)
        specs = [s for s in _move_options(system, _odds_of(system, interaction)) if s.name not in skip]
        return _choices(complete_pairs(current, specs, system, encounter, _actor(interaction, encounter)))

    return suggest


async def tool_extra(interaction: Interaction, current: str) -> Choices:
    """Complete 'name=value, …' for the options of the GM tool typed in tool: (its target has its own field)."""
    system, encounter = _scene(interaction)
    if system is None:
        return []
    wanted = str(getattr(interaction.namespace, "tool", "") or "")
    tool = next((t for t in system.gm_tools() if same_name(wanted, t.name)), None)
    specs = [s for s in tool.options if s.name != "target"] if tool is not None else []
    return _choices(complete_pairs(current, specs, system, encounter, None))


async def map_extra(interaction: Interaction, current: str) -> Choices:
    """Complete 'name=value, …' for the options the channel's system's map picture takes."""
    system, encounter = _scene(interaction)
    if system is None:
        return []
    specs = list(picture_options(find(system.key).renderer))
    return _choices(complete_pairs(current, specs, system, encounter, None))


async def characters(interaction: Interaction, current: str) -> Choices:
    """Suggest the caller's saved characters on this server."""
    bot: FrayBot = interaction.client
    return _choices(match(await names_of(bot.services, interaction.guild_id or 0, interaction.user.id), current))


def for_character(source: str) -> Callback:
    """Suggest a source's values in the system of the caller's character named in name: (else as ``from_source``)."""

    async def suggest(interaction: Interaction, current: str) -> Choices:
        bot: FrayBot = interaction.client
        named = str(getattr(interaction.namespace, "name", "") or "")
        key = await system_of(bot.services, interaction.guild_id or 0, interaction.user.id, named) if named else None
        if key is None:
            system, encounter = _scene(interaction)
            return _choices(match(source_values(system, encounter, _actor(interaction, encounter), source), current))
        return _choices(match(source_values(bot.services.system(key), None, None, source), current))

    return suggest
