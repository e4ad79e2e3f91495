"""Turn a service reply into plain text lines: what the local table prints and what Discord embeds show."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Protocol

from bot.render.dice import roll_faces, signed
from bot.render.farscape import render_result
from bot.render.names import safe
from bot.render.reaction import answer_lines, declared_lines, waiting_line
from bot.render.summary import render_round_summary, render_turn
from bot.render.tracks import wound_boxes
from bot.services.replies import Reply
from combat.intent import Declared
from combat.model import Encounter
from combat.systems.farscape.wounds import Health as FarscapeHealth

__all__ = ["UserNames", "render_reply"]


class UserNames(Protocol):
    """Name the users behind ids (the local table's @names, or a guild's display names)."""

    def name(self, ident: int | str | None) -> str:
        """Return a user's name."""
        ...


def _names(encounter: Encounter | None) -> dict[str, str]:
    return {c.id: c.name for c in encounter.combatants} if encounter else {}


def _change_lines(reply: Reply, names: Mapping[str, str], summaries: bool) -> list[str]:
    change = reply.change
    if change is None:
        return []
    lines = [f"{names.get(who, who)} cannot act ({phase} phase) and is passed over." for who, phase in change.skipped]
    lines += [f"{names.get(who, who)}'s held action lapses." for who in change.lapsed]
    for summary in reply.summaries if summaries else ():
        lines += render_round_summary(summary, names)
    if change.started is not None:
        lines.append(f"— Round {change.started.round} begins —")
        for recovery in getattr(change.started, "recoveries", ()):
            verdict = "shakes off the surprise" if recovery.recovered else "is still frozen"
            lines.append(f"{names.get(recovery.combatant, recovery.combatant)} {verdict} (Willpower).")
    return lines


def _status_lines(reply: Reply, ids: UserNames) -> list[str]:
    encounter = reply.encounter
    if encounter is None or reply.system is None:
        return []
    lines = [f"{reply.info.get('name', 'Encounter')} — {reply.system.title}, GM {ids.name(reply.gm)}"]
    order = {e.combatant: e.counts[0] for e in encounter.turns.order if e.counts}
    for c in encounter.combatants:
        states = ", ".join(reply.system.status(c)) or "ready"
        owner = f" ({ids.name(c.owner)})" if c.owner else ""
        init = f" init {signed(order[c.id])}" if c.id in order else ""
        lines.append(f"• {c.name}{owner} [{c.side}]{init}: {states}")
        if isinstance(c.health, FarscapeHealth):
            lines += [f"    {line}" for line in wound_boxes(c.health)]
    lines.append(render_turn(encounter, _names(encounter)))
    lines += [w for w in (waiting_line(encounter, _names(encounter)),) if w]
    return lines


def _info_lines(reply: Reply, ids: UserNames) -> list[str]:
    info = reply.info
    if "export" in info:
        return [json.dumps(info["export"], indent=2, sort_keys=True, ensure_ascii=False)]
    if "entries" in info:
        return [_log_line(e, _names(reply.encounter), ids) for e in info["entries"]] or ["The log is empty."]
    if "roll" in info:
        roll = info["roll"]
        return [f"{info['spec']}: {roll_faces(roll)} = {roll.total}"]
    if "character" in info:
        ch = info["character"]
        traits = ", ".join(f"{k.title()} {signed(v)}" for k, v in sorted(ch["sheet"].traits.items()))
        return [f"{safe(ch['name'])} ({ch['system']}, {ch['sheet'].tier}): {traits}"]
    if "characters" in info:
        return [f"• {safe(c['name'])} ({c['system']}) — {ids.name(c['owner'])}" for c in info["characters"]] or [
            "No characters saved here yet."
        ]
    if "added" in info:
        return [f"Added {', '.join(safe(n) for n in info['added'])}."]
    if "removed" in info:
        return [f"Removed {', '.join(safe(n) for n in info['removed'])}."]
    if reply.command == "character delete" and "name" in info:
        return [f"Deleted {safe(info['name'])}."]
    if "held" in info:
        return [f"{safe(info['held'])} holds their action; /encounter release acts with it later this round."]
    if "strain" in info:
        verb = "may now strain to fight on" if info["strain"]["allowed"] else "may no longer strain"
        return [f"{safe(info['strain']['target'])} {verb}."]
    if "adjusted" in info:
        adjusted = info["adjusted"]
        return [f"{safe(adjusted['target'])}'s Initiative adjustment is now {adjusted['initiative']:+d}."]
    if "settings" in info:
        shown = {k: ("none" if v is None else "yes" if v is True else "no" if v is False else v)
                 for k, v in info["settings"].items() if k != "guild_id"}
        return [f"{key.replace('_', ' ')}: {value}" for key, value in shown.items()]
    if "undone" in info:
        return [f"Undid #{info['undone']['seq']} ({info['undone']['kind']})."]
    return []


def _log_line(entry: Mapping[str, Any], names: Mapping[str, str], ids: UserNames) -> str:
    mark = " (undone)" if entry["undone"] else ""
    beats = "; ".join(
        f"{names.get(b['actor'], b['actor'])} {b['move']}"
        + (f" → {names.get(b['target'], b['target'])}: {'hit' if b['hit'] else 'miss'}" if b.get("target") else "")
        + (f", {b['wound']}" if b.get("wound") else "")
        for b in entry["beats"]
    )
    return f"#{entry['seq']} R{entry['round']} {entry['kind']} by {ids.name(entry['user'])}{mark}" + (
        f": {beats}" if beats else ""
    )


def render_reply(reply: Reply, ids: UserNames, *, summaries: bool = True, turn: bool = True) -> list[str]:
    """Render a reply as text lines; Discord posts summaries and the turn separately, so it can leave them out."""
    names = _names(reply.encounter)
    lines: list[str] = []
    if reply.command == "encounter start":
        lines.append(f"Encounter '{safe(reply.info['name'])}' started ({reply.system.title if reply.system else ''}).")
    elif reply.command == "encounter end":
        for summary in reply.summaries if summaries else ():
            lines += render_round_summary(summary, names)
        lines.append(f"Encounter '{safe(reply.info['name'])}' ended.")
        return lines
    elif reply.command == "encounter status":
        return _status_lines(reply, ids)
    if reply.settled is not None:
        lines += render_reply(reply.settled, ids, summaries=False, turn=False)
    lines += answer_lines(reply.info, names)
    lines += _info_lines(reply, ids)
    if isinstance(reply.result, Declared):
        lines += declared_lines(reply.result, names)
    elif reply.result is not None:
        lines += render_result(reply.result, names)
    lines += _change_lines(reply, names, summaries)
    if turn and reply.encounter is not None and reply.encounter.turns.round and reply.command != "encounter log":
        lines.append(render_turn(reply.encounter, names))
        lines += [w for w in (waiting_line(reply.encounter, names),) if w]
    return lines
