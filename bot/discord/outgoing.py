"""Turn a service reply into what Discord shows: embeds, the one allowed mention, files, and buttons."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field

import discord

from bot.commands import READ_ONLY
from bot.discord.embeds import TOTAL, help_embed, pack, shortened, status_embeds
from bot.render.guide import guide_lines
from bot.render.names import safe
from bot.render.odds import odds_lines, title
from bot.render.plugin import SystemRenderer
from bot.render.reply import UserNames, render_reply, renderer_of
from bot.render.summary import render_turn
from bot.services.replies import (
    Exported,
    HelpShown,
    HelpTopic,
    Logged,
    MapShown,
    OddsShown,
    Recapped,
    Reply,
    Rolled,
    StatusShown,
)
from combat.model import Combatant, Encounter

__all__ = ["PINGS", "TURN_LINE", "Outgoing", "compose", "players_up", "shortened"]

TURN_LINE = 1500  # characters of whose turn it is, at most: a message's content stops at 2000
PINGS = 10  # players pinged at most (tied fighters acting together): 10 mentions keep the content within 2000


@dataclass
class Outgoing:
    """One response: text, embeds, who may be pinged, an attached file, whether only the caller sees it."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    ephemeral: bool = False
    mentions: tuple[int, ...] = ()
    file: discord.File | None = None

    @property
    def allowed(self) -> discord.AllowedMentions:
        """Allow a ping for the players up next only (several when tied fighters act together); nobody else, ever."""
        users = [discord.Object(player) for player in self.mentions]
        return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


def _names(encounter: Encounter | None) -> dict[str, str]:
    return {c.id: c.name for c in encounter.combatants} if encounter else {}


def players_up(encounter: Encounter | None) -> tuple[int, ...]:
    """Return the user id of the player who must answer an attack, else of each player whose combatant acts now.

    ``PINGS`` at most: a slot of many tied fighters pings the first players only.
    """
    if encounter is None:
        return ()
    if encounter.pending is not None:
        asked = encounter.get(encounter.pending.reaction.combatant).owner
        return (int(asked),) if asked and asked.isdigit() else ()
    current = encounter.turns.current
    if current is None:
        return ()
    owners = (encounter.get(combatant_id).owner for combatant_id in current.waiting)
    return tuple(dict.fromkeys(int(owner) for owner in owners if owner and owner.isdigit()))[:PINGS]


def _turn_line(encounter: Encounter, players: tuple[int, ...]) -> str:
    """Say whose turn it is, pinging ``players`` (``players_up``) to act or to choose."""
    text = shortened(render_turn(encounter, _names(encounter)), TURN_LINE)
    if encounter.pending is not None:
        return f"{text} — {_choice_line(encounter, players[0] if players else None)}"
    return f"{text} — {', '.join(f'<@{p}>' for p in players)}, you're up." if players else text


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


def _health_line(renderer: SystemRenderer, combatant: Combatant, gm: bool) -> str:
    """Show a combatant's health: in full to the GM and for players' characters, as a word for other NPCs."""
    return "\n".join(renderer.health(combatant, detailed=gm or bool(combatant.owner)))


def _export_file(body: Exported) -> discord.File:
    data = json.dumps(body.data, indent=2, sort_keys=True, ensure_ascii=False).encode()
    return discord.File(io.BytesIO(data), filename="encounter.json")


def _map(body: MapShown) -> Outgoing:
    """Post the map picture as a PNG file for everyone; a system with no map says so to the caller only."""
    if body.picture is None:
        return Outgoing(content=f"{body.title} draws no battle map.", ephemeral=True)
    picture = discord.File(io.BytesIO(body.picture), filename="map.png")
    return Outgoing(content=f"The map of '{safe(body.name)}'.", file=picture)


def _odds(body: OddsShown, names: dict[str, str]) -> Outgoing:
    """Show the odds to the caller only: the text in an embed, the bar chart attached as odds.png and shown in it."""
    lines = odds_lines(body, names)[1:]
    embeds = pack(f"Odds: {title(body.odds, names)}", lines)
    picture = None
    if body.picture is not None:
        picture = discord.File(io.BytesIO(body.picture), filename="odds.png")
        embeds[-1].set_image(url="attachment://odds.png")
    return Outgoing(content="Nothing was rolled.", embeds=embeds, file=picture, ephemeral=True)


def compose(reply: Reply, users: UserNames, gm: bool) -> Outgoing:
    """Compose the response to a command; round summaries are posted on their own (see ``summary_embeds``)."""
    encounter = reply.encounter
    if isinstance(reply.body, StatusShown):
        return Outgoing(embeds=status_embeds(reply, gm), ephemeral=gm)
    if isinstance(reply.body, HelpShown):
        return Outgoing(embeds=[help_embed(reply.system)], ephemeral=True)
    if isinstance(reply.body, Exported):
        said = "The encounter as JSON" + (" (it has ended)." if reply.ended else ".")
        return Outgoing(content=said, file=_export_file(reply.body), ephemeral=True)
    if isinstance(reply.body, Recapped):
        recap = "\n".join(render_reply(reply, users)).encode()
        file = discord.File(io.BytesIO(recap), filename="encounter.md")
        said = "A recap of the " + ("ended " if reply.ended else "") + "fight, in Markdown for your campaign notes."
        return Outgoing(content=said, file=file, ephemeral=True)
    if isinstance(reply.body, MapShown):
        return _map(reply.body)
    if isinstance(reply.body, OddsShown):
        return _odds(reply.body, _names(encounter))
    body = render_reply(reply, users, summaries=False, turn=False) + guide_lines(reply, buttons=True)
    embeds = pack(_title(reply), body, tail=isinstance(reply.body, Logged))
    for name, value in _wounded(reply):
        if len(embeds[-1].fields) < 10 and sum(len(e) for e in embeds) + len(name) + len(value) < TOTAL:
            embeds[-1].add_field(name=safe(name)[:256], value=value[:1024], inline=False)
    out = Outgoing(embeds=embeds, ephemeral=_private(reply.body))
    if out.ephemeral:
        return out
    if encounter is not None and encounter.turns.round and not reply.over:
        # A read (someone looking at the log) tells whose turn it is without pinging them: nothing was asked of them.
        out.mentions = () if reply.command in READ_ONLY else players_up(encounter)
        out.content = _turn_line(encounter, out.mentions)
    return out


def _private(body: object) -> bool:
    """Tell whether only the caller sees the answer: help (as a whole or on a topic) and a secret roll."""
    return isinstance(body, HelpTopic) or (isinstance(body, Rolled) and body.secret)


def _wounded(reply: Reply) -> list[tuple[str, str]]:
    """Show each combatant the action wounded: players' characters on their box tracks, NPCs as descriptors."""
    encounter, system = reply.encounter, reply.system
    if encounter is None or system is None:
        return []
    hurt = dict.fromkeys([b.target for b in reply.beats if b.target and b.wound])
    if not hurt:
        return []
    renderer = renderer_of(system)
    shown: list[tuple[str, str]] = []
    for combatant_id in hurt:
        combatant = next((c for c in encounter.combatants if c.id == combatant_id), None)
        if combatant is not None and (line := _health_line(renderer, combatant, gm=False)):
            shown.append((combatant.name, line))
    return shown


_TITLES = {
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


def _title(reply: Reply) -> str:
    """Title the answer: the command's own title, else its name in title case."""
    title = _TITLES.get(reply.command)
    return reply.command.title() if title is None else title
