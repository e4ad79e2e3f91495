"""The log read for a recap: each event's move or tool, options, beats, and whether it waited for a choice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import TypeAdapter

from bot.db.rows import EventRow
from bot.services.replies import RecapEntry
from combat.summary import Beat

__all__ = ["LOGGED_KEYS", "gone_names", "recap_entries"]

_BEATS = TypeAdapter(tuple[Beat, ...])
# What the services add to an event's payload beside the options typed (see Services.record); a move's own options
# are kept under "options".
LOGGED_KEYS = frozenset({"user_name", "result", "beats", "change", "round_end_beats", "round_start_beats", "move",
                         "options", "lapsed", "gone", "gone_sides"})
# Payload keys that are not options the caller gave: the tool or the answer named is shown as what was done.
_NOT_OPTIONS = LOGGED_KEYS | {"tool", "choice"}


def _text(value: Any) -> str:
    """Return an option's value as the caller gave it (a list of names joined by commas)."""
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def _options(kind: str, payload: Mapping[str, Any]) -> dict[str, str]:
    """Return the options the caller gave, as text: a move's own, or a tool's and a hold's (kept flat)."""
    nested = kind in ("attack", "act", "dodge", "encounter add")
    given = payload.get("options") if nested else payload
    if not isinstance(given, Mapping):
        return {}
    # A move's own option called 'move' (Farscape's /attack move:kick) is shown; /act's move is the action's name.
    skip = _NOT_OPTIONS - {"move"} if nested and kind != "act" else _NOT_OPTIONS
    return {k: _text(v) for k, v in given.items() if k not in skip}


def _move(kind: str, payload: Mapping[str, Any]) -> str | None:
    """Return what the command did: the move, the GM's tool, or the turn command (hold, release …)."""
    for key in ("move", "tool"):
        if isinstance(payload.get(key), str):
            return str(payload[key])
    return kind.removeprefix("encounter ") if kind.startswith("encounter ") else None


def _waits(result: Any) -> bool:
    """Tell whether a stored result is an intent waiting for a choice (declared, or asked after its dice)."""
    return isinstance(result, Mapping) and "intent" in result and "reaction" in result


def _actor(result: Any) -> str | None:
    """Return the combatant a stored result names as its actor, if it names one."""
    if isinstance(result, Mapping):
        found = result.get("actor") or (result.get("intent") or {}).get("actor")
        return found if isinstance(found, str) else None
    return None


def _asked(result: Any) -> str | None:
    """Return the combatant a waiting result asks to choose."""
    reaction = result.get("reaction") if isinstance(result, Mapping) else None
    found = reaction.get("combatant") if isinstance(reaction, Mapping) else None
    return found if isinstance(found, str) else None


def gone_names(payload: Any) -> tuple[tuple[str, str], ...]:
    """Return the (id, name) of the combatants a logged command took out of the fight."""
    taken = payload.get("gone") if isinstance(payload, Mapping) else None
    if not isinstance(taken, Mapping):
        return ()
    return tuple((str(k), v) for k, v in taken.items() if isinstance(v, str))


def gone_sides(payload: Any) -> tuple[tuple[str, str, str | None], ...]:
    """Return the (id, side, owner) of the combatants a logged command took out of the fight (none before stop 45)."""
    taken = payload.get("gone_sides") if isinstance(payload, Mapping) else None
    if not isinstance(taken, Mapping):
        return ()
    return tuple((str(k), str(v[0]), v[1] if isinstance(v[1], str) else None) for k, v in taken.items()
                 if isinstance(v, list) and len(v) == 2 and isinstance(v[0], str))


def _entry(event: EventRow) -> RecapEntry:
    payload: Mapping[str, Any] = event.payload if isinstance(event.payload, Mapping) else {}
    result = payload.get("result")
    name, choice = payload.get("user_name"), payload.get("choice")
    return RecapEntry(
        seq=event.seq, round=event.round, kind=event.kind, undone=event.undone, user=event.user_id,
        user_name=name if isinstance(name, str) else None, move=_move(event.kind, payload),
        options=_options(event.kind, payload), beats=_BEATS.validate_python(payload.get("beats") or ()),
        waits=_waits(result), choice=choice if isinstance(choice, str) else None,
        lapsed=payload.get("lapsed") is True, actor=_actor(result), asked=_asked(result),
        round_end=_BEATS.validate_python(payload.get("round_end_beats") or ()),
        round_start=_BEATS.validate_python(payload.get("round_start_beats") or ()), gone=gone_names(payload),
        gone_sides=gone_sides(payload),
    )


def recap_entries(events: list[EventRow]) -> tuple[RecapEntry, ...]:
    """Return every event of the log, in order, as the recap reads it."""
    return tuple(_entry(e) for e in events)
