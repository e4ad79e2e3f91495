"""The fight as a Markdown recap a GM pastes into campaign notes: the sides, every round's actions, how it ended.

Every action appears once, in order: a move that waited for a choice is told with the answers that finished it;
undone actions are left out. The actions are told from the log's beats (the round summary's words), the round
summaries from the same beats, and how it ended from the system's own words (``out_of_fight``, ``status`` and its
renderer's number-free health word).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from bot.guide.hints import decided, standing
from bot.registry import find
from bot.render.bodies import UserNames
from bot.render.names import listing, possessive, safe
from bot.render.summary import render_beat
from bot.services.replies import RecapEntry, Recapped, Reply
from combat.model import Encounter
from combat.summary import Beat, summarize_round
from combat.system import RuleSystem

__all__ = ["ACTIONS", "recap_lines"]

# The commands the recap tells as actions (an answer to a choice is told with the action it finishes).
ACTIONS = frozenset({"attack", "act", "dodge", "encounter gm", "encounter hold", "encounter release",
                     "encounter join", "encounter add", "encounter remove"})
_SPECIAL = re.compile(r"([\\`*_\[\]<>|#~])")


def md(text: str) -> str:
    """Return text safe in Markdown (its special characters escaped) and in Discord (no '@' mention)."""
    return _SPECIAL.sub(r"\\\1", safe(text))


@dataclass
class _Action:
    round: int
    actor: str
    actor_id: str | None
    move: str
    options: dict[str, str]
    beats: list[Beat] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)


_GM_COMMANDS = frozenset({"encounter gm", "encounter add", "encounter remove"})


def _actor_id(entry: RecapEntry, encounter: Encounter, gone: Mapping[str, str]) -> str | None:
    """Find who acted: the beats' actor, the GM's 'as', the result's actor, else the caller's own combatant.

    The GM's tools are the GM's own (None): their beats are told with whoever they name. ``gone`` names those who
    left the encounter later (by id), for an 'as' that named one of them.
    """
    if entry.kind in _GM_COMMANDS:
        return None
    if entry.beats:
        return entry.beats[0].actor
    named = entry.options.get("as")
    if named:
        fighters = [*((c.id, c.name) for c in encounter.combatants), *gone.items()]
        return next((cid for cid, name in fighters if name.lower() == named.lower()), None)
    if entry.actor is not None:
        return entry.actor
    owned = [c.id for c in encounter.combatants if entry.user is not None and c.owner == str(entry.user)]
    return owned[0] if len(owned) == 1 else None


def _actor(entry: RecapEntry, found: str | None, names: dict[str, str], users: UserNames) -> str:
    """Name who acted: the combatant found, else the GM (a tool) or the name of whoever typed it."""
    if entry.kind in _GM_COMMANDS:
        return "GM"
    if found is not None:
        return names.get(found, md(found))
    if entry.options.get("as"):
        return md(entry.options["as"])
    return md(entry.user_name) if entry.user_name else users.name(entry.user)


def _answer(entry: RecapEntry, asked: str | None, owners: Mapping[str, str | None], names: dict[str, str]) -> str:
    """Tell an answer to a choice: whose it was (a player's, or the GM's for an NPC) and what was chosen."""
    owner = owners.get(asked) if asked is not None else None
    whose = f"{possessive(names[asked])} player" if owner and asked in names else "the GM"
    choice = md(entry.choice or "?")
    return f"{whose}: {choice} (the default: time ran out)" if entry.lapsed else f"{whose}: {choice}"


class _Players:
    """Name players as the log has them (the name they typed under), else as ``users`` knows them."""

    def __init__(self, entries: Iterable[RecapEntry], users: UserNames) -> None:
        self.typed = {str(e.user): e.user_name for e in entries if e.user is not None and e.user_name}
        self.users = users

    def name(self, ident: int | str | None) -> str:
        """Return a player's name, never an id."""
        return self.typed.get(str(ident)) or self.users.name(ident)


def _actions(entries: Iterable[RecapEntry], encounter: Encounter, names: dict[str, str],
             users: UserNames) -> tuple[list[_Action], dict[int, list[Beat]], dict[int, list[Beat]]]:
    """Gather the actions in order (answers joined to what they finish), each round's start and end beats."""
    entries = tuple(entries)
    owners = _owners(entries, encounter)
    gone = {key: name for e in entries for key, name in e.gone}
    actions: list[_Action] = []
    ends: dict[int, list[Beat]] = {}
    starts: dict[int, list[Beat]] = {}
    waiting: tuple[_Action, str | None] | None = None
    for entry in entries:
        if entry.undone or entry.kind == "undo":
            continue
        ends.setdefault(entry.round, []).extend(entry.round_end)
        starts.setdefault(entry.round + 1, []).extend(entry.round_start)  # the command ended its round
        if entry.kind == "encounter react" and waiting is not None:
            action, asked = waiting
            action.beats.extend(entry.beats)
            action.answers.append(_answer(entry, asked, owners, names))
            waiting = (action, entry.asked) if entry.waits else None
            continue
        if entry.kind not in ACTIONS or (entry.kind == "encounter add" and entry.round == 0):
            continue
        options = {k: (users.name(v) if k == "owner" else v) for k, v in entry.options.items() if k != "as"}
        found = _actor_id(entry, encounter, gone)
        action = _Action(entry.round, _actor(entry, found, names, users), found, entry.move or entry.kind, options,
                         list(entry.beats))
        actions.append(action)
        waiting = (action, entry.asked) if entry.waits else None
    return actions, ends, starts


def _beat(beat: Beat, action: _Action, names: dict[str, str]) -> str:
    """Tell a beat after its action's head: the actor left out when it is the action's own."""
    told = render_beat(beat, names)
    if beat.actor != action.actor_id:
        return told
    if beat.target is not None:
        return "→ " + told.split(" → ", 1)[1]
    if beat.move == action.move:
        return safe(beat.note) if beat.note else ""
    return f"{safe(beat.move)} ({safe(beat.note)})" if beat.note else safe(beat.move)


def _line(number: int, action: _Action, names: dict[str, str]) -> str:
    """Tell one action: '3. **Aeryn** attack → Peacekeeper commando 1: hit, Hurt — Aeryn's player: dodge'."""
    shown = {k: v for k, v in action.options.items() if not (k == "target" and action.beats)}
    options = ", ".join(f"{md(k)} {md(v)}" for k, v in shown.items())
    text = f"{number}. **{action.actor}** {md(action.move)}" + (f" ({options})" if options else "")
    parts = [p for p in (_beat(b, action, names) for b in action.beats) if p]
    if parts:
        text += (" " if parts[0].startswith("→") else ": ") + "; ".join(parts)
    if action.answers:
        text += " — " + "; ".join(action.answers)
    return text


def _owners(entries: Iterable[RecapEntry], encounter: Encounter) -> dict[str, str | None]:
    """Return each combatant's player (None: the GM's), those who left the fight included, by id."""
    owners: dict[str, str | None] = {cid: owner for e in entries for cid, _, owner in e.gone_sides}
    owners.update({c.id: c.owner for c in encounter.combatants})
    return owners


def _left(entries: Iterable[RecapEntry], encounter: Encounter) -> list[tuple[str, str, str | None]]:
    """Return (id, side, owner) of those who fought and left the encounter before its end (removed, not undone).

    An undo that takes someone out of the encounter takes back his coming: he never was in the fight.
    """
    here = {c.id for c in encounter.combatants}
    left = {cid: (cid, side, owner) for e in entries if not e.undone and e.kind != "undo"
            for cid, side, owner in e.gone_sides}
    return [who for cid, who in left.items() if cid not in here]


def _sides(encounter: Encounter, names: dict[str, str], players: UserNames,
           left: list[tuple[str, str, str | None]]) -> list[str]:
    """List the combatants by side, each player's after their character (by the name they typed under).

    Those who left the encounter before its end are listed on their side too, marked as gone.
    """
    members = [(c.id, c.side, c.owner, "") for c in encounter.combatants]
    members += [(cid, side, owner, " (left the fight)") for cid, side, owner in left]
    sides: dict[str, list[str]] = {}
    for cid, side, owner, mark in members:
        player = f" ({md(players.name(owner))})" if owner else ""
        sides.setdefault(side, []).append(names.get(cid, md(cid)) + player + mark)
    return [f"- **{md(side)}**: {', '.join(listed)}" for side, listed in sides.items()]


def _count(number: int, one: str, many: str | None = None) -> str:
    return f"{number} {one if number == 1 else many or one + 's'}"


def _round(
    number: int, actions: list[_Action], marks: tuple[list[Beat], list[Beat]], names: dict[str, str]
) -> list[str]:
    """Tell one round: what befell whom as it began, each action, what the system did as it ended, and the tally."""
    starts, ends = marks
    lines = [f"## Round {number}" if number else "## Before the fight", ""]
    if starts:
        lines += ["As the round began: " + "; ".join(render_beat(b, names) for b in starts), ""]
    lines += [_line(i, a, names) for i, a in enumerate(actions, 1)] or ["Nothing happened."]
    if ends:
        lines += ["", "As the round ended: " + "; ".join(render_beat(b, names) for b in ends)]
    if number:
        beats = starts + [b for a in actions for b in a.beats] + ends
        summary = summarize_round(number, beats, (), ())
        down = f"; down: {listing(names.get(c, md(c)) for c in summary.down)}" if summary.down else ""
        tally = f"{_count(summary.hits, 'hit')}, {_count(summary.misses, 'miss', 'misses')}"
        lines += ["", f"*Round {number}: {tally}{down}.*"]
    return [*lines, ""]


def _state(system: RuleSystem, c_id: str, encounter: Encounter, names: dict[str, str]) -> str:
    combatant = encounter.get(c_id)
    word = "; ".join(find(system.key).renderer.health(combatant, detailed=False))
    states = [s for s in system.status(combatant) if s.lower() not in word.lower()]
    detail = ", ".join(md(p) for p in (word, *states) if p)
    return names[c_id] + (f" ({detail})" if detail else "")


def _ending(system: RuleSystem, encounter: Encounter, names: dict[str, str], last: int, ended: bool) -> list[str]:
    up = standing(system, encounter)
    down = [c for c in encounter.combatants if c not in up]  # scenery too: its state (Damaged, Intact) is told here
    lines = ["## How it ended", ""]
    if decided(system, encounter):
        sides = sorted({c.side for c in up})
        lines.append(f"**{md(sides[0])}** won in round {last}." if sides
                     else f"Nobody was left standing in round {last}.")
    elif ended:
        when = f"in round {encounter.turns.round}, no side beaten" if encounter.turns.round else "before it began"
        lines.append(f"The GM ended it {when}.")
    elif encounter.turns.round:
        lines.append(f"Still under way in round {encounter.turns.round}.")
    else:
        lines.append("Not begun yet.")
    lines.append("")
    if up:
        lines.append("- **Still standing**: " + "; ".join(_state(system, c.id, encounter, names) for c in up))
    if down:
        lines.append("- **Out of the fight**: " + "; ".join(_state(system, c.id, encounter, names) for c in down))
    return lines


def recap_lines(reply: Reply, users: UserNames) -> list[str]:
    """Render the recap of a reply whose body is ``Recapped``, as Markdown lines."""
    body, encounter, system = reply.body, reply.encounter, reply.system
    assert isinstance(body, Recapped) and encounter is not None and system is not None
    # Those taken out of the fight are named as they were; those in it now as they are.
    names = {key: md(name) for e in body.entries for key, name in e.gone}
    names.update({c.id: md(c.name) for c in encounter.combatants})
    players = _Players(body.entries, users)
    actions, ends, starts = _actions(body.entries, encounter, names, players)
    # A round's start tells a round of its own only when it took someone out: the step that ended the fight may also
    # have begun a round, whose bleeding or waking is no part of the fight.
    marked = {r for r, beats in ends.items() if beats} | {r for r, beats in starts.items() if any(b.out for b in beats)}
    told = {a.round for a in actions} | marked
    fought = {a.round for a in actions if a.beats} | marked
    last = max(told, default=0)
    # Every round up to the last one where something happened (a round that passed with nobody acting included).
    rounds = sorted(told | set(range(1, last + 1)))
    sides = _sides(encounter, names, players, _left(body.entries, encounter))
    lines = [f"# {md(body.name)} — {md(system.title)}", "", "## Sides", "", *sides, ""]
    for number in rounds:
        marks = (starts.get(number, []), ends.get(number, []))
        lines += _round(number, [a for a in actions if a.round == number], marks, names)
    # The fight was decided in the last round that took someone out: tending the hurt after it is no part of it.
    decisive = {a.round for a in actions if any(b.out for b in a.beats)} | {
        r for marks in (ends, starts) for r, beats in marks.items() if any(b.out for b in beats)}
    won = max(decisive, default=max(fought, default=last))
    return [*lines, *_ending(system, encounter, names, won, reply.ended)]
