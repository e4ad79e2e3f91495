"""Embeds within Discord's limits: long text over several embeds, big fights in compact lines, nothing dropped silently.

Discord allows 4096 characters in an embed's description, 25 fields, 10 embeds and 6000 characters in all per
message. Lines are packed whole; when even that is not enough, the last line says how many were left out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import discord

from bot.render.help import command_lines, move_commands, system_lines
from bot.render.names import safe
from bot.render.plugin import SystemRenderer, initiative_text
from bot.render.reply import names_of, renderer_of
from bot.render.summary import by_initiative, counts_note, render_round_summary, render_turn, state_text
from bot.services.replies import Reply, StatusShown
from combat.model import Combatant, Encounter
from combat.summary import RoundSummary
from combat.system import RuleSystem

__all__ = ["COLOUR", "field_chunks", "help_embed", "pack", "status_embeds", "summary_embeds"]

COLOUR = discord.Colour.dark_teal()
DESCRIPTION = 4000
TOTAL = 5800
EMBEDS = 10
FOOTER = 2048
_NUMBERED = re.compile(r"^(.*\S) (\d+)$")


def _left_out(count: int) -> str:
    return f"… and {count} more line{'s' if count != 1 else ''} (the whole text: the local table, or the export)"


def _chunks(lines: Sequence[str], budget: int) -> tuple[list[str], int]:
    """Fill descriptions with whole lines within ``budget`` characters; return them and how many lines did not fit."""
    total = sum(map(len, lines)) + len(lines)
    if total <= budget and total <= DESCRIPTION:  # all of it in one description (most replies)
        first = next((i for i, line in enumerate(lines) if line), len(lines))  # as below: no empty line leads
        text = "\n".join(lines[first:])
        return [text] if text else [], 0
    chunks: list[str] = []
    current: list[str] = []  # the lines of the description being filled, joined only when it is full
    size = 0  # the length of that description
    used = 0
    for number, raw in enumerate(lines):
        line = raw[:DESCRIPTION]
        cost = len(line) + 1
        full = len(chunks) + (1 if size else 0) >= EMBEDS and size + cost > DESCRIPTION
        if used + cost > budget or full:
            return [*chunks, "\n".join(current)] if size else chunks, len(lines) - number
        if size and size + cost > DESCRIPTION:
            chunks.append("\n".join(current))
            current, size = [line], len(line)
        elif size:
            current.append(line)
            size += cost
        else:
            current, size = [line], len(line)
        used += cost
    return [*chunks, "\n".join(current)] if size else chunks, 0


def pack(title: str, lines: Sequence[str], colour: discord.Colour = COLOUR, *, tail: bool = False,
         footer: str | None = None) -> list[discord.Embed]:
    """Return embeds holding the lines in order; past the limits, say how many were left out.

    ``tail`` keeps the last lines rather than the first (a log: the newest entries matter most).
    """
    footer = footer[:FOOTER] if footer else footer
    budget = max(0, TOTAL - len(safe(title)[:256]) - len(footer or "") - 120)
    ordered = list(reversed(lines)) if tail else lines
    chunks, missing = _chunks(ordered, budget)
    if tail:
        chunks = ["\n".join(reversed(c.split("\n"))) for c in reversed(chunks)]
    if missing:
        note = _left_out(missing) if not tail else f"… {missing} earlier line{'s' if missing != 1 else ''} not shown"
        if not chunks:  # not one line fitted beside a long title and footer
            chunks = [note]
        elif tail:
            chunks = [note + "\n" + chunks[0], *chunks[1:]]
        else:
            chunks = [*chunks[:-1], chunks[-1] + "\n" + note]
    embeds = [discord.Embed(title=safe(title)[:256] if i == 0 else None, description=chunk or None, colour=colour)
              for i, chunk in enumerate(chunks or [""])]
    if footer:
        embeds[-1].set_footer(text=footer)
    return embeds


def summary_embeds(summary: RoundSummary, encounter: Encounter | None) -> list[discord.Embed]:
    """Build the round summary posted when a round ends (several embeds for a big round)."""
    lines = render_round_summary(summary, names_of(encounter))
    return pack(lines[0], lines[1:], discord.Colour.gold())


def _group_key(
    renderer: SystemRenderer, system: RuleSystem, encounter: Encounter, combatant: Combatant, gm: bool
) -> tuple[str, ...] | None:
    """Return what makes NPCs shown alike (their name without its number, side, states, health), or None."""
    found = _NUMBERED.match(combatant.name)
    if combatant.owner or found is None:
        return None
    health = renderer.health(combatant, detailed=gm)
    return (found.group(1), combatant.side, state_text(system, encounter, combatant), *health)


def _grouped_name(members: list[Combatant]) -> str:
    """Name alike NPCs at once: 'Peacekeeper trooper 1, 2, 5 (3)'."""
    numbers = [m.name.rsplit(" ", 1)[1] for m in members]
    return f"{members[0].name.rsplit(' ', 1)[0]} {', '.join(numbers)} ({len(members)})"


def _compact(system: RuleSystem, encounter: Encounter, gm: bool) -> list[str]:
    """One line per combatant, alike NPCs in one line: 'Peacekeeper trooper 1–12 (12) [foes]: ready · Unhurt'."""
    renderer = renderer_of(system)
    groups: dict[tuple[str, ...] | str, list[Combatant]] = {}
    for c in by_initiative(encounter):
        groups.setdefault(_group_key(renderer, system, encounter, c, gm) or c.id, []).append(c)
    lines = []
    for members in groups.values():
        first = members[0]
        states = state_text(system, encounter, first)
        health = " · ".join(renderer.health(first, detailed=gm or bool(first.owner)))
        name = first.name if len(members) == 1 else _grouped_name(members)
        lines.append(safe(f"• {name} [{first.side}]: {states} · {health}"))
    return lines


def shortened(text: str, limit: int) -> str:
    """Cut a list-like line to ``limit`` characters at a name (", "), saying so: a slot of many tied fighters."""
    if len(text) <= limit:
        return text
    cut = text.rfind(", ", 0, limit - 20)
    return (text[:cut] if cut > 0 else text[:limit - 20]) + ", … and more"


def _turn_footer(encounter: Encounter) -> str:
    """Say whose turn it is, within a footer's limit."""
    return shortened(render_turn(encounter, names_of(encounter)), FOOTER) if encounter.turns.round else "Not begun yet"


def status_embeds(reply: Reply, gm: bool) -> list[discord.Embed]:
    """Build the status: fields per combatant for a small fight, compact grouped lines for a big one."""
    encounter, system = reply.encounter, reply.system
    name = reply.body.name if isinstance(reply.body, StatusShown) else reply.name or "Encounter"
    title = f"{safe(name)} — {system.title if system else ''}"
    if encounter is None or system is None:
        return [discord.Embed(title=title, colour=COLOUR)]
    embed = discord.Embed(title=title, colour=COLOUR)
    order = {e.combatant: e.counts[0] for e in encounter.turns.order if e.counts}
    renderer = renderer_of(system)
    for c in by_initiative(encounter):
        states = state_text(system, encounter, c)
        counts = counts_note(encounter, system, c.id)
        init = f" · {initiative_text(renderer, order[c.id])}{counts}" if c.id in order and (gm or c.owner) else ""
        health = "\n".join(renderer.health(c, detailed=gm or bool(c.owner)))
        embed.add_field(name=safe(f"{c.name} [{c.side}]{init}")[:256], value=f"{states}\n{health}"[:1024])
    embed.set_footer(text=_turn_footer(encounter))
    if len(encounter.combatants) <= 25 and len(embed) <= TOTAL:
        return [embed]
    return pack(title, _compact(system, encounter, gm), footer=_turn_footer(encounter))


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
    commands = "\n".join(command_lines(system))[:3000]
    embed = discord.Embed(title="Fray — combat in chat", colour=COLOUR, description=commands)
    if system is None:
        sections = [("Rule systems (/encounter start system:…)", system_lines())]
    else:
        moves = [f"**{m.name}** — {m.summary}" + (f" ({', '.join(m.option_names())})" if m.options else "")
                 for m in system.moves()]
        tools = [f"**{t.name}** — {t.summary}" for t in system.gm_tools()]
        sections = [(f"{system.title}: moves ({move_commands(system)})", moves),
                    (f"{system.title}: GM tools (/encounter gm tool:…)", tools)]
    budget = TOTAL - len(commands)
    for title, lines in sections:
        for number, chunk in enumerate(field_chunks(lines)):
            name = title if number == 0 else f"{title} (more)"
            budget -= len(name) + len(chunk)
            if budget < 0 or len(embed.fields) == 25:
                return embed.set_footer(text="More with /help in the local table, or as you type (autocomplete).")
            embed.add_field(name=name, value=chunk, inline=False)
    return embed
