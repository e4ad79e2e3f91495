"""A tiny discord.py bot ("Skirmish") that exercises the double the way Fray's bot will; tests only."""

from __future__ import annotations

import asyncio
import io
import re
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands


@dataclass
class Encounter:
    id: int
    channel_id: int
    owner_id: int
    system: str
    name: str
    round: int = 1
    combatants: list[str] = field(default_factory=list)
    message_id: int | None = None
    ended: bool = False


@dataclass
class Table:
    """The bot's 'database': shared between bot instances to model a restart."""

    encounters: dict[int, Encounter] = field(default_factory=dict)
    errors: list[BaseException] = field(default_factory=list)
    # /gated answers only once the test sets this.
    gate: asyncio.Event = field(default_factory=asyncio.Event)

    def in_channel(self, channel_id: int | None) -> Encounter | None:
        return next((e for e in self.encounters.values() if e.channel_id == channel_id and not e.ended), None)


def table_of(interaction: discord.Interaction) -> Table:
    return interaction.client.table  # type: ignore[attr-defined,no-any-return]


def summary_embed(enc: Encounter) -> discord.Embed:
    embed = discord.Embed(title=f"{enc.name} ({enc.system})", description=f"Round {enc.round}")
    embed.add_field(name="Combatants", value=", ".join(enc.combatants) or "nobody yet")
    return embed


class TurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"enc:(?P<action>next|end):(?P<eid>\d+)"):
    """A button whose custom_id carries the action and the encounter id (survives restarts)."""

    def __init__(self, action: str, eid: int) -> None:
        label = "Next round" if action == "next" else "End"
        super().__init__(discord.ui.Button(label=label, custom_id=f"enc:{action}:{eid}"))
        self.action, self.eid = action, eid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TurnButton:
        return cls(match["action"], int(match["eid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        enc = table_of(interaction).encounters[self.eid]
        if interaction.user.id != enc.owner_id:
            await interaction.response.send_message("Only the GM can do that.", ephemeral=True)
        elif self.action == "next":
            enc.round += 1
            await interaction.response.edit_message(embed=summary_embed(enc), view=summary_view(enc))
        else:
            enc.ended = True
            await interaction.response.defer()
            await interaction.edit_original_response(content="Encounter over.", embed=summary_embed(enc), view=None)


class JoinView(discord.ui.View):
    """A classic persistent view (fixed custom_id, registered with bot.add_view)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Join", custom_id="enc:join", style=discord.ButtonStyle.success, row=1)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        enc = table_of(interaction).in_channel(interaction.channel_id)
        if enc is None:
            await interaction.response.send_message("No encounter here.", ephemeral=True)
            return
        enc.combatants.append(interaction.user.display_name)
        await interaction.response.send_message(f"You joined {enc.name}.", ephemeral=True)


def summary_view(enc: Encounter) -> discord.ui.View:
    view = JoinView()
    view.add_item(TurnButton("next", enc.id))
    view.add_item(TurnButton("end", enc.id))
    return view


class RenameModal(discord.ui.Modal, title="Rename the encounter"):
    new_name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="New name", custom_id="name", max_length=30)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Renamed to {self.new_name.value}.")


class PickView(discord.ui.View):
    @discord.ui.select(custom_id="pick:stance", options=[discord.SelectOption(label=s, value=s.lower())
                                                          for s in ("Aggressive", "Defensive", "Careful")])
    async def stance(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"Stance: {select.values[0]}", view=None)


class Skirmish(commands.Cog):
    encounter = app_commands.Group(name="encounter", description="Run an encounter")

    def __init__(self, bot: commands.Bot, table: Table) -> None:
        self.bot, self.table = bot, table

    @app_commands.command(description="Are you there?")
    async def ping(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", ephemeral=True)

    @encounter.command(name="start", description="Start an encounter here")
    @app_commands.choices(system=[app_commands.Choice(name="Farscape", value="farscape"),
                                  app_commands.Choice(name="Fallout", value="fallout")])
    async def start(self, interaction: discord.Interaction, system: app_commands.Choice[str],
                    name: app_commands.Range[str, 1, 30] = "Skirmish") -> None:
        await interaction.response.defer()
        enc = Encounter(len(self.table.encounters) + 1, interaction.channel_id or 0, interaction.user.id,
                        system.value, name)
        self.table.encounters[enc.id] = enc
        assert isinstance(interaction.channel, discord.TextChannel)
        summary = await interaction.channel.send(embed=summary_embed(enc), view=summary_view(enc))
        enc.message_id = summary.id
        await summary.pin()
        await interaction.followup.send(f"Encounter **{name}** started by {interaction.user.display_name}.")

    @encounter.command(name="add", description="Add a member to the encounter")
    async def add(self, interaction: discord.Interaction, member: discord.Member,
                  initiative: app_commands.Range[int, 1, 20]) -> None:
        enc = self.table.in_channel(interaction.channel_id)
        if enc is None or enc.message_id is None:
            await interaction.response.send_message("No encounter here.", ephemeral=True)
            return
        enc.combatants.append(member.display_name)
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.get_partial_message(enc.message_id).edit(embed=summary_embed(enc))
        await interaction.response.send_message(f"{member.mention} joins at {initiative}.",
                                                allowed_mentions=discord.AllowedMentions(users=[member]))

    @encounter.command(name="rename", description="Rename the encounter")
    async def rename(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(RenameModal())

    @app_commands.command(description="Attack someone")
    async def attack(self, interaction: discord.Interaction, target: str) -> None:
        embed = discord.Embed(title="Attack", description=f"{interaction.user.display_name} attacks {target}")
        await interaction.response.send_message(f"Attack on {target}!", embed=embed)

    @attack.autocomplete("target")
    async def attack_targets(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        if current == "slowpoke":
            await asyncio.sleep(0.5)
        enc = self.table.in_channel(interaction.channel_id)
        names = enc.combatants if enc else []
        return [app_commands.Choice(name=n, value=n) for n in names if n.lower().startswith(current.lower())]

    @app_commands.command(description="Say something in the channel")
    async def announce(self, interaction: discord.Interaction, text: str, quiet: bool = False) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        mentions = discord.AllowedMentions.none() if quiet else discord.utils.MISSING
        async with interaction.channel.typing():
            await interaction.channel.send(text, allowed_mentions=mentions)
        await interaction.response.send_message("Sent.", ephemeral=True)

    @app_commands.command(description="Show progress")
    async def progress(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        await interaction.edit_original_response(content="25%")
        await interaction.edit_original_response(content="75%")
        assert (await interaction.original_response()).content == "75%"
        scratch = await interaction.followup.send("scratch", ephemeral=True, wait=True)
        await scratch.delete()
        done = await interaction.followup.send("done", ephemeral=True, wait=True)
        await done.edit(content="done!")

    @app_commands.command(description="Answer when the test opens the gate")
    async def gated(self, interaction: discord.Interaction) -> None:
        await table_of(interaction).gate.wait()
        await interaction.response.send_message("opened")

    @app_commands.command(description="Upload a sheet")
    async def upload(self, interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("sheet:", file=discord.File(io.BytesIO(b"hp,10\n"), "sheet.csv"))
        await interaction.response.send_message("log:", file=discord.File(io.BytesIO(b"round 1"), "log.txt"))

    @app_commands.command(description="Pick a stance")
    async def pick(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Choose:", view=PickView())

    @app_commands.command(description="GM only")
    @app_commands.default_permissions(manage_guild=True)
    async def gm(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("GM tools", ephemeral=True)


def make_bot(table: Table, *, sharded: bool = False, members: bool = False,
             guild_id: int | None = None) -> commands.Bot:
    """Return a fresh bot; guild_id syncs guild-scoped commands instead of global ones."""
    intents = discord.Intents.default()
    intents.members = members
    cls = commands.AutoShardedBot if sharded else commands.Bot
    bot = cls(command_prefix=commands.when_mentioned, intents=intents, guild_ready_timeout=0.05)
    bot.table = table  # type: ignore[attr-defined]

    async def setup_hook() -> None:
        await bot.add_cog(Skirmish(bot, table))
        bot.add_dynamic_items(TurnButton)
        bot.add_view(JoinView())
        if guild_id is not None:
            bot.tree.copy_global_to(guild=discord.Object(guild_id))
            bot.tree.clear_commands(guild=None)
            await bot.tree.sync(guild=discord.Object(guild_id))
        else:
            await bot.tree.sync()

    async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        table.errors.append(error)

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    bot.tree.on_error = on_tree_error  # type: ignore[method-assign]
    return bot
