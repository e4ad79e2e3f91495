"""/encounter: start, add, join, remove, begin, next, hold, release, react, status, undo, log, export, end, surprise."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import suggest
from bot.discord.cogs.common import SYSTEMS, described, run

__all__ = ["EncounterCog", "setup"]

Interaction = discord.Interaction[Any]
TIERS = [app_commands.Choice(name=t.title(), value=t) for t in
         ("protagonist", "antagonist", "ally", "henchman", "bystander", "minion")]
REACTIONS = [app_commands.Choice(name="Dodge", value="dodge"), app_commands.Choice(name="Take it", value="take")]
HEALING = [app_commands.Choice(name=m.title(), value=m) for m in
           ("first aid", "medicine", "natural", "rest", "wake", "scratches")]
LEVELS = [app_commands.Choice(name=n, value=n) for n in
          ("Terrible", "Poor", "Mediocre", "Fair", "Good", "Great", "Superb")]


@app_commands.guild_only()
class EncounterCog(commands.GroupCog, group_name="encounter", group_description="Run a fight in this channel."):
    """The /encounter commands."""

    @app_commands.command(name="start", description="Start an encounter in this channel; you become its GM.")
    @described("encounter start")
    @app_commands.choices(system=SYSTEMS)
    async def start(
        self, interaction: Interaction, system: app_commands.Choice[str], name: app_commands.Range[str, 1, 100] | None
    ) -> None:
        """Start an encounter."""
        await run(interaction, "encounter start", {"system": system.value, "name": name})

    @app_commands.command(name="add", description="Add combatants: a template, traits, or the average combatant.")
    @described("encounter add")
    @app_commands.choices(tier=TIERS)
    @app_commands.autocomplete(template=suggest.templates, side=suggest.sides)
    async def add(
        self,
        interaction: Interaction,
        name: app_commands.Range[str, 1, 100] | None = None,
        template: str | None = None,
        stats: app_commands.Range[str, 1, 1000] | None = None,
        talents: str | None = None,
        weapon: str | None = None,
        armour: str | None = None,
        shield: str | None = None,
        tier: app_commands.Choice[str] | None = None,
        side: app_commands.Range[str, 1, 32] | None = None,
        owner: discord.Member | None = None,
        count: app_commands.Range[int, 1, 20] | None = None,
    ) -> None:
        """Add combatants."""
        values = dict(locals())
        values["tier"] = tier.value if tier else None
        await run(interaction, "encounter add", _plain(values))

    @app_commands.command(name="join", description="Join the fight with your saved character.")
    @described("encounter join")
    @app_commands.autocomplete(character=suggest.characters, side=suggest.sides)
    async def join(self, interaction: Interaction, character: str, side: str | None = None) -> None:
        """Join with a saved character."""
        await run(interaction, "encounter join", {"character": character, "side": side})

    @app_commands.command(name="remove", description="Take a combatant out of the encounter.")
    @described("encounter remove")
    @app_commands.autocomplete(target=suggest.targets)
    async def remove(self, interaction: Interaction, target: str) -> None:
        """Remove a combatant."""
        await run(interaction, "encounter remove", {"target": target})

    @app_commands.command(name="begin", description="Work out initiative and start round 1.")
    async def begin(self, interaction: Interaction) -> None:
        """Begin the fight."""
        await run(interaction, "encounter begin", {})

    @app_commands.command(name="next", description="End the current turn and move on.")
    async def next(self, interaction: Interaction) -> None:
        """End the turn."""
        await run(interaction, "encounter next", {})

    @app_commands.command(name="hold", description="Hold your action to act later this round.")
    @described("encounter hold")
    @app_commands.rename(as_="as")
    @app_commands.autocomplete(as_=suggest.targets)
    async def hold(self, interaction: Interaction, as_: str | None = None) -> None:
        """Hold an action."""
        await run(interaction, "encounter hold", {"as_": as_})

    @app_commands.command(name="release", description="Act now with a held action.")
    @described("encounter release")
    @app_commands.rename(as_="as")
    @app_commands.autocomplete(as_=suggest.targets)
    async def release(self, interaction: Interaction, as_: str | None = None) -> None:
        """Act with a held action."""
        await run(interaction, "encounter release", {"as_": as_})

    @app_commands.command(name="react", description="Answer an attack on your character: dodge, or take it.")
    @described("encounter react")
    @app_commands.choices(choice=REACTIONS)
    async def react(self, interaction: Interaction, choice: app_commands.Choice[str]) -> None:
        """Answer an attack."""
        await run(interaction, "encounter react", {"choice": choice.value})

    @app_commands.command(name="status", description="Show the round, the order and everyone's state.")
    async def status(self, interaction: Interaction) -> None:
        """Show the status."""
        await run(interaction, "encounter status", {})

    @app_commands.command(name="undo", description="Undo the last action, with everything it did.")
    async def undo(self, interaction: Interaction) -> None:
        """Undo."""
        await run(interaction, "encounter undo", {})

    @app_commands.command(name="log", description="Show the log of actions.")
    @described("encounter log")
    async def log(self, interaction: Interaction, round: app_commands.Range[int, 1, 100000] | None = None) -> None:
        """Show the log."""
        await run(interaction, "encounter log", {"round": round})

    @app_commands.command(name="export", description="Export the encounter as a JSON file.")
    async def export(self, interaction: Interaction) -> None:
        """Export the encounter."""
        await run(interaction, "encounter export", {})

    @app_commands.command(name="end", description="End the encounter.")
    async def end(self, interaction: Interaction) -> None:
        """End the encounter."""
        await run(interaction, "encounter end", {})

    @app_commands.command(name="surprise", description="A side is caught by surprise and freezes.")
    @described("encounter surprise")
    @app_commands.choices(difficulty=LEVELS)
    @app_commands.autocomplete(side=suggest.sides)
    async def surprise(
        self,
        interaction: Interaction,
        side: str | None = None,
        mutual: bool | None = None,
        leaders: str | None = None,
        difficulty: app_commands.Choice[str] | None = None,
    ) -> None:
        """Declare surprise."""
        values = {"side": side, "mutual": mutual, "leaders": leaders,
                  "difficulty": difficulty.value if difficulty else None}
        await run(interaction, "encounter surprise", values)

    @app_commands.command(name="heal", description="Heal a combatant: first aid, medicine, rest, waking, …")
    @described("encounter heal")
    @app_commands.choices(method=HEALING)
    @app_commands.autocomplete(target=suggest.targets, healer=suggest.targets)
    async def heal(
        self,
        interaction: Interaction,
        target: str,
        method: app_commands.Choice[str],
        healer: str | None = None,
        modifier: app_commands.Range[int, -5, 5] | None = None,
        arns: app_commands.Range[int, 0, 1000] | None = None,
    ) -> None:
        """Heal someone."""
        values = {"target": target, "method": method.value, "healer": healer, "modifier": modifier, "arns": arns}
        await run(interaction, "encounter heal", values)

    @app_commands.command(name="strain", description="Let an Incapacitated combatant strain to fight on.")
    @described("encounter strain")
    @app_commands.autocomplete(target=suggest.targets)
    async def strain(self, interaction: Interaction, target: str, allowed: bool | None = None) -> None:
        """Allow straining."""
        await run(interaction, "encounter strain", {"target": target, "allowed": allowed})

    @app_commands.command(name="adjust", description="Adjust a combatant's Initiative (from the next element).")
    @described("encounter adjust")
    @app_commands.autocomplete(target=suggest.targets)
    async def adjust(
        self, interaction: Interaction, target: str, initiative: app_commands.Range[int, -5, 5]
    ) -> None:
        """Adjust Initiative."""
        await run(interaction, "encounter adjust", {"target": target, "initiative": initiative})

    @app_commands.command(name="settings", description="Show or change Fray's settings for this server.")
    @described("encounter settings")
    async def settings(
        self,
        interaction: Interaction,
        gm_role: discord.Role | None = None,
        summary_channel: discord.TextChannel | None = None,
        players_end_turn: bool | None = None,
        allow_join: bool | None = None,
    ) -> None:
        """Show or change the settings."""
        values = {"gm_role": gm_role, "summary_channel": summary_channel,
                  "players_end_turn": players_end_turn, "allow_join": allow_join}
        await run(interaction, "encounter settings", values)


def _plain(values: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if k not in {"self", "interaction"}}


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(EncounterCog())
