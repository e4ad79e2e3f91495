"""/attack, /dodge and /act: the moves of the fight, for whatever system the channel's encounter plays; /odds first.

The schema is the same for every system: the options a move commonly has get a field of their own (values suggested
from the channel's system as you type, plain text for Discord), and everything else goes in ``extra`` as
``name=value`` pairs. The services check every value against the move's own specs and name what is allowed.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import suggest
from bot.discord.cogs.common import EXTRA, described, run

__all__ = ["CombatCog", "setup"]

Interaction = discord.Interaction[Any]
Text = app_commands.Range[str, 1, 100]
Modifier = app_commands.Range[int, -1000, 1000]
_ATTACK_FIELDS = frozenset({"weapon", "move", "mode", "location", "range", "stance"})
_ACT_FIELDS = frozenset({"weapon"})


@app_commands.guild_only()
class CombatCog(commands.Cog):
    """The moves."""

    @app_commands.command(name="attack", description="Attack: the system's attack (blows in melee, a shot …).")
    @described(
        "attack", weapon="The weapon to use.", move="A technique of the system (punch, kick, aimed …).",
        mode="Fire mode (the system's: single, burst …).", location="Aim at a body part (a called shot).",
        range="Range to the target.", stance="A stance (the system's).", extra=EXTRA,
    )
    @app_commands.rename(as_="as")
    @app_commands.autocomplete(
        target=suggest.from_source("combatants"), as_=suggest.from_source("combatants"),
        weapon=suggest.from_move("weapon", "attack"), move=suggest.from_move("move", "attack"),
        mode=suggest.from_move("mode", "attack"), location=suggest.from_move("location", "attack"),
        range=suggest.from_move("range", "attack"), stance=suggest.from_move("stance", "attack"),
        extra=suggest.move_extra("attack", _ATTACK_FIELDS),
    )
    async def attack(
        self,
        interaction: Interaction,
        target: Text,
        weapon: Text | None = None,
        move: Text | None = None,
        mode: Text | None = None,
        location: Text | None = None,
        range: Text | None = None,
        stance: Text | None = None,
        modifier: Modifier | None = None,
        as_: Text | None = None,
        extra: app_commands.Range[str, 1, 1000] | None = None,
    ) -> None:
        """Attack someone."""
        named = {"target": target, "weapon": weapon, "move": move, "mode": mode, "location": location,
                 "range": range, "stance": stance, "modifier": modifier, "as_": as_}
        await run(interaction, "attack", {**named, "extra": extra})

    @app_commands.command(name="odds", description="The exact chances of an attack (or move:) on a target; no dice.")
    @described(
        "odds", weapon="The weapon to use.", move="A technique, or another move of the system (shoot, feint …).",
        mode="Fire mode (the system's: single, burst …).", location="Aim at a body part (a called shot).",
        range="Range to the target.", stance="A stance (the system's).", extra=EXTRA,
    )
    @app_commands.rename(as_="as")
    @app_commands.autocomplete(
        target=suggest.from_source("combatants"), as_=suggest.from_source("combatants"),
        weapon=suggest.odds_field("weapon"), move=suggest.odds_move, mode=suggest.odds_field("mode"),
        location=suggest.odds_field("location"), range=suggest.odds_field("range"),
        stance=suggest.odds_field("stance"), extra=suggest.odds_extra(_ATTACK_FIELDS),
    )
    async def odds(
        self,
        interaction: Interaction,
        target: Text,
        weapon: Text | None = None,
        move: Text | None = None,
        mode: Text | None = None,
        location: Text | None = None,
        range: Text | None = None,
        stance: Text | None = None,
        modifier: Modifier | None = None,
        as_: Text | None = None,
        extra: app_commands.Range[str, 1, 1000] | None = None,
    ) -> None:
        """Show the exact chances of an attack, rolling nothing."""
        named = {"target": target, "weapon": weapon, "move": move, "mode": mode, "location": location,
                 "range": range, "stance": stance, "modifier": modifier, "as_": as_}
        await run(interaction, "odds", {**named, "extra": extra})

    @app_commands.command(name="dodge", description="Dodge (in most systems a reaction: any time, even out of turn).")
    @described("dodge", skill="The skill to dodge with (the system's).", extra=EXTRA)
    @app_commands.rename(as_="as")
    @app_commands.autocomplete(as_=suggest.from_source("combatants"), skill=suggest.from_move("skill", "dodge"),
                               extra=suggest.move_extra("dodge", frozenset({"skill"})))
    async def dodge(
        self, interaction: Interaction, skill: Text | None = None, modifier: Modifier | None = None,
        as_: Text | None = None, extra: app_commands.Range[str, 1, 1000] | None = None,
    ) -> None:
        """Dodge."""
        await run(interaction, "dodge", {"skill": skill, "modifier": modifier, "as_": as_, "extra": extra})

    @app_commands.command(name="act", description="Any other move of the system: feint, reload, grenade …")
    @described("act", weapon="The weapon (or grenade, charge …) to use.", extra=EXTRA)
    @app_commands.rename(as_="as")
    @app_commands.autocomplete(move=suggest.from_source("moves"), target=suggest.from_source("combatants"),
                               weapon=suggest.from_move("weapon"), as_=suggest.from_source("combatants"),
                               extra=suggest.move_extra(None, _ACT_FIELDS))
    async def act(
        self,
        interaction: Interaction,
        move: Text,
        target: Text | None = None,
        weapon: Text | None = None,
        modifier: Modifier | None = None,
        as_: Text | None = None,
        extra: app_commands.Range[str, 1, 1000] | None = None,
    ) -> None:
        """Make any other move."""
        named = {"move": move, "target": target, "weapon": weapon, "modifier": modifier, "as_": as_}
        await run(interaction, "act", {**named, "extra": extra})


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(CombatCog())
