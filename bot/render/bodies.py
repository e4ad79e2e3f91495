"""What a command says beyond the rules' result, as text: one renderer per reply body type, found by dispatch."""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bot.registry import find
from bot.render.dice import roll_faces
from bot.render.help import topic_lines
from bot.render.names import Names, listing, safe, who
from bot.render.odds import odds_lines
from bot.render.plugin import trait_text
from bot.services.replies import (
    Added,
    Body,
    CharacterCard,
    CharacterDeleted,
    CharacterList,
    DemoStarted,
    Ended,
    Exported,
    Held,
    HelpShown,
    HelpTopic,
    LogEntry,
    Logged,
    MapShown,
    OddsShown,
    Recapped,
    Removed,
    Rolled,
    SettingsShown,
    Started,
    StatusShown,
    Undone,
)
from combat.errors import echo
from combat.sheet import Sheet
from combat.summary import Beat
from combat.system import RuleSystem

__all__ = ["Context", "UserNames", "log_line", "render_body"]


class UserNames(Protocol):
    """Name the users behind ids (the local table's @names, or a guild's display names)."""

    def name(self, ident: int | str | None) -> str:
        """Return a user's name."""
        ...


@dataclass(frozen=True, slots=True)
class Context:
    """What a body's text needs: combatants' display names, users' names, and the system (and its title)."""

    names: Names
    users: UserNames
    title: str = ""
    system: RuleSystem | None = None


def _beat(beat: Beat, names: Names) -> str:
    text = f"{who(names, beat.actor)} {safe(beat.move)}"
    if beat.target and beat.aid:
        text += f" → {who(names, beat.target)}"
    elif beat.target:
        text += f" → {who(names, beat.target)}: {'hit' if beat.hit else 'miss'}"
    return text + (f", {safe(beat.wound)}" if beat.wound else "")


def _typed(name: str, value: str, context: Context) -> str:
    """Show one option as typed; a user (owner:) by name, never as a raw id."""
    return context.users.name(value) if name == "owner" else echo(value)


def log_line(entry: LogEntry, context: Context) -> str:
    """Render one log entry: '#4 R1 attack by carol: Aeryn attack → Trooper 1: hit, Hurt'."""
    mark = " (undone)" if entry.undone else ""
    author = safe(entry.user_name) if entry.user_name else context.users.name(entry.user)
    beats = "; ".join(_beat(b, context.names) for b in entry.beats)
    if entry.undid is not None:  # an undo: which entry it took back, not its payload as typed options
        kind = dict(entry.given).get("kind")
        beats = f"undid #{entry.undid}" + (f" ({safe(kind)})" if kind else "")
    elif not beats and entry.given:  # a GM tool, a declared attack: what was typed
        beats = safe(" ".join(f"{name}:{_typed(name, value, context)}" for name, value in entry.given))
    return f"#{entry.seq} R{entry.round} {entry.kind} by {author}{mark}" + (f": {beats}" if beats else "")


def _log(body: Logged, context: Context) -> list[str]:
    """Render a page of the log, with where it stands and how to see the others."""
    if body.gone:  # those no longer in the fight are named as they were
        context = replace(context, names={**dict(body.gone), **context.names})
    lines = [log_line(e, context) for e in body.entries] or ["The log is empty."]
    if body.pages == 1:
        return lines
    scope = f" round:{body.round}" if body.round is not None else ""
    older = f"; older: /encounter log{scope} page:{body.page - 1}" if body.page > 1 else ""
    return [f"Log page {body.page} of {body.pages}{older}", *lines]


_MENTIONS = {"gm_role_id": "<@&{}>", "summary_channel_id": "<#{}>"}  # as a mention: a name on Discord, no ping


def _settings(body: SettingsShown, context: Context) -> list[str]:
    def shown(value: object) -> object:
        return "none" if value is None else "yes" if value is True else "no" if value is False else value

    def value(key: str, value: object) -> object:
        if value and key in _MENTIONS:  # Discord shows the role's or channel's name (answers never ping a role)
            return _MENTIONS[key].format(value)
        return f"{value} minutes" if key == "remind_after" and value else shown(value)

    # Each setting under the option that changes it (allow_join, gm_role, remind_after, summary_channel).
    return [f"{key.removesuffix('_id')}: {value(key, v)}" for key, v in body.settings.items() if key != "guild_id"]


def _gear(sheet: Sheet) -> str:
    """Say what a sheet carries and its talents: 'Weapons: pulse rifle · Armour: plated vest · Talents: Cool Head'."""
    parts = [
        ("Weapons", ", ".join(sheet.weapons)),
        ("Armour", sheet.armour or ""),
        ("Shield", sheet.shield or ""),
        ("Talents", ", ".join(t.title() for t in sorted(sheet.talents))),
    ]
    return " · ".join(f"{label}: {safe(value)}" for label, value in parts if value)


def _added(body: Added) -> str:
    """Say who was added, and name a side new to the fight when it may be a slip (a third side, or a close one)."""
    line = f"Added {', '.join(safe(n) for n in body.names)}."
    if body.later:
        whose = "their places" if len(body.later) > 1 else "their place"
        line += (f" {listing(safe(n) for n in body.later)} act{'s' if len(body.later) == 1 else ''} from round "
                 f"{body.from_round} ({whose} in this one has passed).")
    if body.new_side is None:
        return line
    folded = [side.casefold() for side in body.sides]
    close = difflib.get_close_matches(body.new_side.casefold(), folded, n=1, cutoff=0.75)
    if len(body.sides) < 2 and not close:
        return line  # the second side of a fight is no surprise
    hint = f" Did you mean {safe(body.sides[folded.index(close[0])])}?" if close else ""
    others = ", ".join(map(safe, body.sides))
    return f"{line} They are on a new side, {safe(body.new_side)} (the others: {others}).{hint}"


def _rolled(body: Rolled) -> str:
    """Show a /roll: 'Perception (4dF): [+ − ▢ +] = 1', marked when only the one who rolled sees it."""
    spec = f"{safe(body.label)} ({body.spec})" if body.label else body.spec
    secret = " (secret: only you see this)" if body.secret else ""
    return f"{spec}: {roll_faces(body.roll)} = {body.roll.total}{secret}"


def _card(body: CharacterCard, context: Context) -> list[str]:
    renderer = find(body.system).renderer
    traits = ", ".join(trait_text(renderer, k, v) for k, v in sorted(body.sheet.traits.items()))
    tier = f", {safe(body.sheet.tier)}" if body.sheet.tier else ""
    gear = _gear(body.sheet)
    return [f"{safe(body.name)} ({body.system}{tier}): {traits}", *([gear] if gear else [])]


def _characters(body: CharacterList, context: Context) -> list[str]:
    lines = [f"• {safe(name)} ({system}) — {context.users.name(owner)}" for name, system, owner in body.characters]
    return lines or ["No characters saved here yet."]


_RENDERERS: Mapping[type, Callable[[Any, Context], list[str]]] = {
    Started: lambda b, c: [f"Encounter '{safe(b.name)}' started ({c.title})."],
    Ended: lambda b, c: [f"Encounter '{safe(b.name)}' ended."],
    StatusShown: lambda b, c: [],
    Added: lambda b, c: [_added(b)],
    Removed: lambda b, c: [f"Removed {', '.join(safe(n) for n in b.names)}."],
    Held: lambda b, c: [f"{safe(b.name)} holds their action; /encounter release acts with it later this round."],
    Undone: lambda b, c: [f"Undid #{b.seq} ({b.kind})" + (": the fight goes on." if b.kind == "end" else ".")],
    Logged: lambda b, c: _log(b, c),
    Exported: lambda b, c: [json.dumps(b.data, indent=2, sort_keys=True, ensure_ascii=False)],
    Rolled: lambda b, c: [_rolled(b)],
    CharacterCard: _card,
    CharacterList: _characters,
    CharacterDeleted: lambda b, c: [f"Deleted {safe(b.name)}."],
    SettingsShown: _settings,
    HelpShown: lambda b, c: [],  # rendered whole by bot.render.help
    HelpTopic: lambda b, c: topic_lines(b, c.system),
    MapShown: lambda b, c: _map(b),
    DemoStarted: lambda b, c: _demo(b, c),
    Recapped: lambda b, c: [],  # rendered whole by bot.render.recap
    OddsShown: lambda b, c: odds_lines(b, c.names),
}


def _demo(body: DemoStarted, context: Context) -> list[str]:
    """Say the demo began: what the fight is, whose character is the caller's, and who else is in it."""
    others = [n for n in body.names if n not in body.yours]
    lines = [f"Demo '{safe(body.name)}' started ({context.title}): {safe(body.intro)}"]
    if body.yours:
        mine, theirs = (", ".join(safe(n) for n in group) for group in (body.yours, others))
        lines.append(f"Yours: {mine}. Against you: {theirs}.")
    return lines


def _map(body: MapShown) -> list[str]:
    if body.file is not None:
        return [f"The map of '{safe(body.name)}' is in {body.file}"]
    if body.picture is not None:
        return [f"The map of '{safe(body.name)}'."]
    return [f"{body.title} draws no battle map."]


def render_body(body: Body | None, context: Context) -> list[str]:
    """Render a reply's body; no body gives no lines."""
    if body is None:
        return []
    return _RENDERERS[type(body)](body, context)
