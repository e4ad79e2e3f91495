"""/attack, /dodge and /act: the moves of the fight."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord import suggest
from bot.discord.cogs.common import described, run
from combat.errors import InvalidInput

__all__ = ["CombatCog", "setup"]

Interaction = discord.Interaction[Any]
STANCES = [app_commands.Choice(name=n, value=v) for n, v in
           (("offensive +2", "+2"), ("offensive +1", "+1"), ("even", "0"), ("defensive -1", "-1"),
            ("defensive -2", "-2"))]
LOCATIONS = [app_commands.Choice(name=n, value=n) for n in ("torso", "arm", "leg", "head", "hand", "foot", "eye")]
RANGES = [app_commands.Choice(name=n, value=n) for n in ("point blank", "short", "medium", "long", "extreme")]
MODES = [app_commands.Choice(name=n, value=n) for n in ("single", "semi", "auto")]
SKILLS = [app_commands.Choice(name=n.title(), value=n) for n in ("agility", "acrobatics")]
EXTRA = "More options as name=value, comma-separated (e.g. aware=no, rounds=6)."


def _extra(text: str | None) -> dict[str, str]:
    """Read 'aware=no, rounds=6' into options."""
    options: dict[str, str] = {}
    for part in (text or "").split(","):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise InvalidInput(f"'{part.strip()}' is not name=value; write extra like \"aware=no, rounds=6\".")
        options[name.strip().lower()] = value.strip()
    return options


def _choice(value: app_commands.Choice[str] | None) -> str | None:
    return value.value if value else None


@app_commands.guild_only()
class CombatCog(commands.Cog):
    """The moves."""

    @app_commands.command(name="attack", description="Attack: blows in melee, or a shot with a ranged weapon.")
    @described(
        "attack", stance="Offensive or defensive stance.", location="Aim at a body part.",
        range="Range to the target.", mode="Fire mode.", extra=EXTRA,
    )
    @app_commands.rename(as_="as")
    @app_commands.choices(stance=STANCES, location=LOCATIONS, range=RANGES, mode=MODES)
    @app_commands.autocomplete(target=suggest.targets, weapon=suggest.weapons, move=suggest.techniques,
                               as_=suggest.targets)
    async def attack(
        self,
        interaction: Interaction,
        target: str,
        weapon: str | None = None,
        move: str | None = None,
        stance: app_commands.Choice[str] | None = None,
        location: app_commands.Choice[str] | None = None,
        range: app_commands.Choice[str] | None = None,
        mode: app_commands.Choice[str] | None = None,
        modifier: app_commands.Range[int, -5, 5] | None = None,
        as_: str | None = None,
        extra: str | None = None,
    ) -> None:
        """Attack someone."""
        values: dict[str, Any] = {
            **_extra(extra), "target": target, "weapon": weapon, "move": move, "stance": _choice(stance),
            "location": _choice(location), "range": _choice(range), "mode": _choice(mode),
            "modifier": modifier, "as_": as_,
        }
        await run(interaction, "attack", values)

    @app_commands.command(name="dodge", description="Dodge ranged attacks this element (any time, even out of turn).")
    @described("dodge")
    @app_commands.rename(as_="as")
    @app_commands.choices(skill=SKILLS)
    @app_commands.autocomplete(as_=suggest.targets)
    async def dodge(
        self, interaction: Interaction, skill: app_commands.Choice[str] | None = None, as_: str | None = None
    ) -> None:
        """Dodge."""
        await run(interaction, "dodge", {"skill": _choice(skill), "as_": as_})

    @app_commands.command(name="act", description="Any other move: feint, grapple, sweep, reload, grenade, …")
    @described("act", weapon="The weapon or grenade to use.", extra=EXTRA)
    @app_commands.rename(as_="as")
    @app_commands.autocomplete(move=suggest.moves, target=suggest.targets, weapon=suggest.weapons,
                               as_=suggest.targets)
    async def act(
        self,
        interaction: Interaction,
        move: str,
        target: str | None = None,
        weapon: str | None = None,
        modifier: app_commands.Range[int, -5, 5] | None = None,
        as_: str | None = None,
        extra: str | None = None,
    ) -> None:
        """Make any other move."""
        values: dict[str, Any] = {**_extra(extra), "move": move, "target": target, "weapon": weapon,
                                  "modifier": modifier, "as_": as_}
        await run(interaction, "act", values)


async def setup(bot: commands.Bot) -> None:
    """Add the cog."""
    await bot.add_cog(CombatCog())
