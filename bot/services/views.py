"""Read-only commands: status, log and export; the export's JSON shape; and the fights a starting bot takes up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter

from bot.commands import MOVE_COMMANDS, help_topics, topic_commands
from bot.db.repositories.boards import PostedSummary
from bot.db.repositories.encounters import StoredEncounter
from bot.db.rows import EventRow
from bot.db.uow import Work
from bot.registry import find
from bot.render.plugin import picture, picture_options
from bot.services.actions import resolver
from bot.services.args import Args
from bot.services.context import Caller
from bot.services.core import Services
from bot.services.errors import NoEncounter
from bot.services.recap import LOGGED_KEYS, gone_names, recap_entries
from bot.services.replies import (
    Exported,
    HelpShown,
    HelpTopic,
    LogEntry,
    Logged,
    MapShown,
    Recapped,
    Reply,
    StatusShown,
)
from combat.errors import InvalidInput, RulesError, echo
from combat.model import Encounter
from combat.options import parse_options, same_name
from combat.summary import Beat
from combat.system import RuleSystem

__all__ = ["ActiveFight", "active_fights", "export", "export_data", "help_", "log", "map_", "status"]


_BEATS = TypeAdapter(tuple[Beat, ...])
LOG_PAGE = 20


async def status(svc: Services, caller: Caller, args: Args) -> Reply:
    """Show the round, the order and everyone's state."""
    loaded = await svc.peek(caller)
    row, encounter = loaded.row, loaded.encounter
    gm = svc.is_gm(caller, loaded)
    system = svc.system(row.system)
    return Reply("encounter status", system, encounter, body=StatusShown(row.name), gm=row.gm_id, viewer_gm=gm)


def _entry(event: EventRow) -> dict[str, Any]:
    payload = event.payload if isinstance(event.payload, dict) else {}
    return {
        "seq": event.seq,
        "round": event.round,
        "kind": event.kind,
        "user": event.user_id,
        "undone": event.undone,
        "beats": payload.get("beats", []),
        "move": payload.get("move"),
        "undid": payload.get("seq") if event.kind == "undo" else None,
    }


# What the services add to an event's payload beside the options typed, and the event an undo took back.
_KEPT = LOGGED_KEYS | {"seq"}


def _given(payload: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """Return the options typed for the event: a move's ``options``, else the payload's own typed values."""
    typed = payload.get("options")
    found = typed if isinstance(typed, dict) else {k: v for k, v in payload.items() if k not in _KEPT}
    return tuple((str(k), str(v)) for k, v in found.items() if isinstance(v, str | int | bool))


def log_entry(event: EventRow) -> LogEntry:
    """Return one event as a log line's data, with the name the platform gave its author."""
    entry = _entry(event)
    payload = event.payload if isinstance(event.payload, dict) else {}
    name = payload.get("user_name")
    return LogEntry(
        seq=event.seq, round=event.round, kind=event.kind, user=event.user_id,
        user_name=name if isinstance(name, str) else None, undone=event.undone,
        beats=_BEATS.validate_python(entry["beats"]), move=entry["move"], undid=entry["undid"], given=_given(payload),
    )


async def log(svc: Services, caller: Caller, args: Args) -> Reply:
    """Show a page of the log (the newest by default), of the whole encounter or of one round."""
    round_number, wanted, fight = args.number("round"), args.number("page"), args.text("for")
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        row, encounter, ended = await _shown(svc, uow, caller)
        if fight is not None and fight != str(row.id):
            raise RulesError("That log is of an earlier fight in this channel: /encounter log shows this one's.")
        total = await uow.events.count(row.id, round_number)
        pages = max(1, -(-total // LOG_PAGE))
        page = pages if wanted is None else wanted
        if page > pages:
            raise InvalidInput(f"The log has {pages} page{'s' if pages > 1 else ''}; there is no page {page}.")
        # Pages are cut from the newest entry back, so the newest page (the default) is a full one.
        end = total - (pages - page) * LOG_PAGE
        start = max(0, end - LOG_PAGE)
        events = await uow.events.page(row.id, start, end - start, round_number)
        entries = tuple(log_entry(e) for e in events)
        gone = await _gone(uow, row.id, encounter, entries)
    body = Logged(entries, page, pages, round_number, gone, row.id)
    return Reply("encounter log", svc.system(row.system), encounter, body=body, gm=row.gm_id, ended=ended)


async def _gone(uow: Work, encounter_id: int, encounter: Encounter,
                entries: tuple[LogEntry, ...]) -> tuple[tuple[str, str], ...]:
    """Return the names of the combatants the entries' beats name who are no longer in the fight (from the log)."""
    here = {c.id for c in encounter.combatants}
    named = {key for e in entries for b in e.beats for key in (b.actor, b.target) if key is not None}
    if named <= here:
        return ()
    taken = (pair for e in await uow.events.all_events(encounter_id, states=False) for pair in gone_names(e.payload))
    return tuple((key, name) for key, name in dict(taken).items() if key in named - here)


def _initiative(encounter: Encounter, combatant_id: str) -> int | None:
    entry = next((e for e in encounter.turns.order if e.combatant == combatant_id), None)
    return entry.counts[0] if entry and entry.counts else None


def export_data(system: RuleSystem, encounter: Encounter, name: str, events: list[EventRow]) -> dict[str, Any]:
    """Build the export: system, round, phase, whose turn, every combatant's state, and the log."""
    current = encounter.turns.current
    turn = " and ".join(encounter.names(current.waiting)) if current and current.waiting else None
    return {
        "system": system.key,
        "name": name,
        "round": encounter.turns.round,
        "phase": encounter.turns.phase,
        "turn": turn,
        "combatants": [
            {
                "name": c.name,
                "side": c.side,
                "owner": c.owner,
                "initiative": _initiative(encounter, c.id),
                "status": list(system.status(c)),
                **system.health_state(c),
            }
            for c in encounter.combatants
        ],
        "log": [_entry(e) for e in events],
    }


async def export(svc: Services, caller: Caller, args: Args) -> Reply:
    """Export the encounter as JSON data, or (``format:markdown``) everything a readable recap needs."""
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        row, encounter, ended = await _shown(svc, uow, caller)
        events = await uow.events.all_events(row.id, states=False)
    system = svc.system(row.system)
    if args.text("format") == "markdown":
        return Reply("encounter export", system, encounter, body=Recapped(row.name, recap_entries(events)),
                     gm=row.gm_id, ended=ended)
    data = {**export_data(system, encounter, row.name, events), "ended": ended}
    return Reply("encounter export", system, encounter, body=Exported(data), gm=row.gm_id, ended=ended)


async def _shown(svc: Services, uow: Work, caller: Caller) -> tuple[StoredEncounter, Encounter, bool]:
    """Return the channel's active encounter, else the last one that ended there (True: ended); NoEncounter if none.

    Its log and its recap stay readable after the GM ends a fight, until a new one starts in the channel.
    """
    try:
        loaded = await svc.current(uow, caller)
    except NoEncounter:
        last = await uow.encounters.last_ended(caller.guild_id, caller.channel_id)
        if last is None:
            raise
        return last.row, last.encounter, True
    return loaded.row, loaded.encounter, False


async def map_(svc: Services, caller: Caller, args: Args) -> Reply:
    """Draw the battle map: the system's renderer makes the picture, with its own options (None: it has no map)."""
    loaded = await svc.peek(caller)
    row, encounter = loaded.row, loaded.encounter
    system = svc.system(row.system)
    renderer = find(system.key).renderer
    options = parse_options(picture_options(renderer), args.extra, owner="/encounter map", resolve=resolver(encounter))
    drawn = picture(renderer, encounter, options)
    return Reply("encounter map", system, encounter, body=MapShown(row.name, system.title, drawn), gm=row.gm_id)


def _topic(text: str, system: RuleSystem | None) -> HelpTopic:
    """Return the help on one topic: a group of commands, one command, or one of the channel's system's moves or tools.

    An unknown topic is refused naming the topics.
    """
    commands = topic_commands(text)
    if not commands:
        return _system_topic(text, system)
    topic = commands[0].path if len(commands) == 1 else commands[0].path.split()[0]
    paths = tuple(c.path for c in commands)
    if system is None or len(commands) != 1:
        return HelpTopic(topic, paths)
    moves = {m.name: m for m in system.moves()}
    path = commands[0].path
    if path in MOVE_COMMANDS:
        found = (path,) if path in moves else ()
        return HelpTopic(topic, paths, found, missing=() if found else (path,))
    if path == "act":
        return HelpTopic(topic, paths, tuple(m for m in moves if m not in MOVE_COMMANDS))
    if path == "encounter gm":
        return HelpTopic(topic, paths, tools=tuple(t.name for t in system.gm_tools()))
    return HelpTopic(topic, paths)


def _system_topic(text: str, system: RuleSystem | None) -> HelpTopic:
    """Return the help on one move or GM tool of the channel's system named by ``text``; refuse anything else."""
    if system is not None:
        for move in system.moves():
            if same_name(text, move.name):
                return HelpTopic(move.name, (), (move.name,))
        for tool in system.gm_tools():
            if same_name(text, tool.name):
                return HelpTopic(tool.name, (), tools=(tool.name,))
    groups = [t for t in help_topics() if " " not in t]
    also = f", or one of {system.title}'s moves or GM tools" if system is not None else ""
    raise InvalidInput(f"There is no help on '{echo(text)}'; topics: {', '.join(groups)}, or one command like "
                       f"'encounter add'{also}.")


async def help_(svc: Services, caller: Caller, args: Args) -> Reply:
    """Show the commands, and the moves, options and GM tools of the channel's system (or the systems there are).

    With a topic, show only the commands it covers, with their options (the same in every channel).
    """
    topic = args.text("topic")
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        await uow.snapshot()
        loaded = await uow.encounters.get_active(caller.channel_id, for_update=False)
    system = svc.system(loaded.row.system) if loaded is not None else None
    if topic is not None:
        return Reply("help", system, body=_topic(topic, system))
    if loaded is None:
        return Reply("help", body=HelpShown(None))
    return Reply("help", system, loaded.encounter, body=HelpShown(loaded.row.system))


@dataclass(frozen=True)
class ActiveFight:
    """An active encounter as a starting bot takes it up: where, its GM, its system, its state and its board."""

    guild_id: int
    channel_id: int
    gm_id: int
    system: str
    encounter: Encounter
    board: int | None = None  # the message showing its status board, once one is posted
    summaries: tuple[PostedSummary, ...] = ()  # the round summaries it posted, oldest first


async def active_fights(svc: Services) -> list[ActiveFight]:
    """Return every active encounter, decoded (read once as the bot starts: suggestions, choices waiting, boards)."""
    async with svc.db.unit_of_work() as uow:
        boards, posted = await uow.boards.shown(), await uow.boards.summaries()
        return [ActiveFight(row.guild_id, row.channel_id, row.gm_id, row.system,
                            uow.encounters.decode(row.system, row.state), boards.get(row.channel_id),
                            tuple(posted.get(row.channel_id, ())))
                for row in await uow.encounters.all_active()]
