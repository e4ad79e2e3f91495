"""Turn a service reply into what Discord shows: embeds, the one allowed mention, files, and buttons."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field

import discord

from bot.render.help import command_lines, system_lines
from bot.render.names import safe
from bot.render.reply import UserNames, render_reply, renderer_of
from bot.render.summary import render_round_summary, render_turn
from bot.services.replies import Exported, HelpShown, MapShown, Reply, StatusShown
from combat.model import Combatant, Encounter
from combat.summary import RoundSummary
from combat.system import RuleSystem

__all__ = ["Outgoing", "compose", "next_player", "status_embed", "summary_embed"]

COLOUR = discord.Colour.dark_teal()
MAX_DESCRIPTION = 3800


@dataclass
class Outgoing:
    """One response: text, embeds, who may be pinged, an attached file, whether only the caller sees it."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    ephemeral: bool = False
    mention: int | None = None
    file: discord.File | None = None

    @property
    def allowed(self) -> discord.AllowedMentions:
        """Allow a ping for the next player only; nobody else, ever."""
        users = [discord.Object(self.mention)] if self.mention else []
        return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


def _names(encounter: Encounter | None) -> dict[str, str]:
    return {c.id: c.name for c in encounter.combatants} if encounter else {}


def _chunk(lines: list[str]) -> str:
    text = "\n".join(lines)
    if len(text) <= MAX_DESCRIPTION:
        return text
    return text[: MAX_DESCRIPTION - 40].rsplit("\n", 1)[0] + "\n… (more in /encounter log)"


def next_player(encounter: Encounter | None) -> int | None:
    """Return the user id of the player who must answer an attack, else of the player whose combatant acts now."""
    if encounter is not None and encounter.pending is not None:
        asked = encounter.get(encounter.pending.reaction.combatant).owner
        return int(asked) if asked and asked.isdigit() else None
    if encounter is None or encounter.turns.current is None:
        return None
    for combatant_id in encounter.turns.current.waiting:
        owner = encounter.get(combatant_id).owner
        if owner and owner.isdigit():
            return int(owner)
    return None


def _turn_line(encounter: Encounter) -> str:
    text = render_turn(encounter, _names(encounter))
    player = next_player(encounter)
    if encounter.pending is not None:
        return f"{text} — {_choice_line(encounter, player)}"
    return f"{text} — <@{player}>, you're up." if player else text


def _choice_line(encounter: Encounter, player: int | None) -> str:
    """Ask the attacked character's player to choose, with the default and when it is taken (a live timestamp)."""
    pending = encounter.pending
    assert pending is not None
    reaction = pending.reaction
    name = safe(encounter.get(reaction.combatant).name)
    whom = f"<@{player}>" if player else "their player"
    default = reaction.label(reaction.default)
    return (f"{name} is under attack: {whom}, {reaction.labels()}? "
            f"{default} <t:{int(pending.deadline)}:R> if no one chooses.")


def summary_embed(summary: RoundSummary, encounter: Encounter | None) -> discord.Embed:
    """Build the round summary embed posted when a round ends."""
    lines = render_round_summary(summary, _names(encounter))
    return discord.Embed(title=safe(lines[0]), description=_chunk(lines[1:]), colour=discord.Colour.gold())


def _health_line(system: RuleSystem, combatant: Combatant, gm: bool) -> str:
    """Show a combatant's health: in full to the GM and for players' characters, as a word for other NPCs."""
    return "\n".join(renderer_of(system).health(combatant, detailed=gm or bool(combatant.owner)))


def status_embed(reply: Reply, gm: bool) -> discord.Embed:
    """Build the status embed: the GM sees every track, players see NPCs as descriptors."""
    encounter, system = reply.encounter, reply.system
    name = reply.body.name if isinstance(reply.body, StatusShown) else "Encounter"
    title = f"{safe(name)} — {system.title if system else ''}"
    embed = discord.Embed(title=title, colour=COLOUR)
    if encounter is None or system is None:
        return embed
    order = {e.combatant: e.counts[0] for e in encounter.turns.order if e.counts}
    for c in encounter.combatants[:24]:
        states = ", ".join(system.status(c)) or "ready"
        init = f" · init {order[c.id]:+d}" if c.id in order and (gm or c.owner) else ""
        health = _health_line(system, c, gm)
        embed.add_field(name=safe(f"{c.name} [{c.side}]{init}")[:256], value=f"{states}\n{health}"[:1024])
    embed.set_footer(text=render_turn(encounter, _names(encounter)) if encounter.turns.round else "Not begun yet")
    return embed


def field_chunks(lines: list[str], limit: int = 1024) -> list[str]:
    """Split lines into embed field values of at most ``limit`` characters, never cutting a line short."""
    chunks: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            chunks.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    return [*chunks, current] if current else chunks


def help_embed(system: RuleSystem | None) -> discord.Embed:
    """List the commands, and the channel's system's moves and GM tools (without an encounter, the systems)."""
    embed = discord.Embed(title="Fray — combat in chat", colour=COLOUR, description="\n".join(command_lines())[:3000])
    if system is None:
        sections = [("Rule systems (/encounter start system:…)", system_lines())]
    else:
        moves = [f"**{m.name}** — {m.summary}" + (f" ({', '.join(m.option_names())})" if m.options else "")
                 for m in system.moves()]
        tools = [f"**{t.name}** — {t.summary}" for t in system.gm_tools()]
        sections = [(f"{system.title}: moves (/attack, /dodge, /act move:…)", moves),
                    (f"{system.title}: GM tools (/encounter gm tool:…)", tools)]
    budget = 5800 - len(embed.description or "")
    for title, lines in sections:
        for number, chunk in enumerate(field_chunks(lines)):
            name = title if number == 0 else f"{title} (more)"
            budget -= len(name) + len(chunk)
            if budget < 0 or len(embed.fields) == 25:
                return embed.set_footer(text="More with /help in the local table, or as you type (autocomplete).")
            embed.add_field(name=name, value=chunk, inline=False)
    return embed


def _export_file(body: Exported) -> discord.File:
    data = json.dumps(body.data, indent=2, sort_keys=True, ensure_ascii=False).encode()
    return discord.File(io.BytesIO(data), filename="encounter.json")


def _map(body: MapShown) -> Outgoing:
    """Post the map picture as a PNG file for everyone; a system with no map says so to the caller only."""
    if body.picture is None:
        return Outgoing(content=f"{body.title} draws no battle map.", ephemeral=True)
    picture = discord.File(io.BytesIO(body.picture), filename="map.png")
    return Outgoing(content=f"The map of '{safe(body.name)}'.", file=picture)


def compose(reply: Reply, users: UserNames, gm: bool) -> Outgoing:
    """Compose the response to a command; round summaries are posted on their own (see ``summary_embed``)."""
    encounter = reply.encounter
    if isinstance(reply.body, StatusShown):
        return Outgoing(embeds=[status_embed(reply, gm)], ephemeral=gm)
    if isinstance(reply.body, HelpShown):
        return Outgoing(embeds=[help_embed(reply.system)], ephemeral=True)
    if isinstance(reply.body, Exported):
        return Outgoing(content="The encounter as JSON.", file=_export_file(reply.body), ephemeral=True)
    if isinstance(reply.body, MapShown):
        return _map(reply.body)
    body = render_reply(reply, users, summaries=False, turn=False)
    embed = discord.Embed(title=safe(_title(reply))[:256], description=_chunk(body) or None, colour=COLOUR)
    for name, value in _wounded(reply):
        embed.add_field(name=safe(name)[:256], value=value[:1024], inline=False)
    out = Outgoing(embeds=[embed])
    if encounter is not None and encounter.turns.round and reply.command != "encounter end":
        out.content = _turn_line(encounter)
        out.mention = next_player(encounter)
    return out


def _wounded(reply: Reply) -> list[tuple[str, str]]:
    """Show each combatant the action wounded: players' characters on their box tracks, NPCs as descriptors."""
    encounter, system = reply.encounter, reply.system
    if encounter is None or system is None or reply.result is None:
        return []
    hurt = dict.fromkeys(b.target for b in system.digest(reply.result) if b.target and b.wound)
    shown: list[tuple[str, str]] = []
    for combatant_id in hurt:
        combatant = next((c for c in encounter.combatants if c.id == combatant_id), None)
        if combatant is not None and (line := _health_line(system, combatant, gm=False)):
            shown.append((combatant.name, line))
    return shown[:10]


def _title(reply: Reply) -> str:
    titles = {
        "encounter start": "Encounter started",
        "encounter add": "Combatants added",
        "encounter begin": "The fight begins",
        "encounter next": "Next turn",
        "encounter end": "Encounter ended",
        "encounter undo": "Undone",
        "encounter hold": "Action held",
        "encounter release": "Held action",
        "encounter surprise": "Surprise!",
        "encounter remove": "Combatant removed",
        "encounter join": "Joined the fight",
    }
    return titles.get(reply.command, reply.command.title())
