"""Typing and validating option values against the synced schema, as Discord's client would."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from . import payloads
from .errors import InvalidOptions
from .world import World

Json = dict[str, Any]
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11
TYPE_NAMES = {STRING: "string", INTEGER: "integer", BOOLEAN: "boolean", USER: "user", CHANNEL: "channel",
              ROLE: "role", MENTIONABLE: "mentionable", NUMBER: "number", ATTACHMENT: "attachment"}
MAX_SAFE = 2**53 - 1
Register = Callable[[str, bytes], Json]


class _Resolved:
    def __init__(self) -> None:
        self.data: dict[str, dict[str, Json]] = {}

    def put(self, kind: str, key: int, value: Json) -> None:
        self.data.setdefault(kind, {})[str(key)] = value


def _snowflake(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return getattr(value, "id", None) if isinstance(getattr(value, "id", None), int) else None


def _check_range(name: str, opt: Json, value: float, problems: list[str]) -> None:
    lo, hi = opt.get("min_value"), opt.get("max_value")
    if lo is not None and value < lo:
        problems.append(f"{name}: {value} is below the minimum {lo}")
    if hi is not None and value > hi:
        problems.append(f"{name}: {value} is above the maximum {hi}")


def _scalar(name: str, opt: Json, value: Any, problems: list[str]) -> Any:
    kind = opt["type"]
    if kind == STRING:
        if not isinstance(value, str):
            problems.append(f"{name}: expected a string, got {value!r}")
            return value
        lo, hi = opt.get("min_length", 0), opt.get("max_length", 6000)
        if not lo <= len(value) <= hi:
            problems.append(f"{name}: length {len(value)} is outside {lo}..{hi}")
    elif kind == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_SAFE:
            problems.append(f"{name}: expected an integer, got {value!r}")
            return value
        _check_range(name, opt, value, problems)
    elif kind == NUMBER:
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            problems.append(f"{name}: expected a number, got {value!r}")
            return value
        _check_range(name, opt, value, problems)
    elif kind == BOOLEAN and not isinstance(value, bool):
        problems.append(f"{name}: expected true/false, got {value!r}")
    choices = opt.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        problems.append(f"{name}: {value!r} is not one of the choices {[c['value'] for c in choices]}")
    return value


def _entity(world: World, name: str, opt: Json, value: Any, ctx: tuple[int, int], res: _Resolved,
            register: Register, problems: list[str]) -> Any:
    kind, (user_id, _channel_id) = opt["type"], ctx
    if kind == ATTACHMENT:
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], bytes)):
            problems.append(f"{name}: expected (filename, bytes), got {value!r}")
            return None
        att = register(str(value[0]), value[1])
        res.put("attachments", int(att["id"]), att)
        return att["id"]
    sid = _snowflake(value)
    if sid is None:
        problems.append(f"{name}: expected an id for a {TYPE_NAMES[kind]}, got {value!r}")
        return None
    if kind in (USER, MENTIONABLE) and sid in world.members:
        m = world.members[sid]
        res.put("users", sid, payloads.user(m))
        res.put("members", sid, payloads.member(world, m, with_user=False, channel_id=_channel_id))
    elif kind in (ROLE, MENTIONABLE) and sid in world.roles:
        res.put("roles", sid, payloads.role(world.roles[sid]))
    elif kind == CHANNEL and sid in world.channels:
        ch = world.channels[sid]
        allowed = opt.get("channel_types")
        if allowed and ch.type not in allowed:
            problems.append(f"{name}: channel type {ch.type} is not allowed (allowed: {allowed})")
        res.put("channels", sid, payloads.resolved_channel(world, ch, user_id))
    else:
        problems.append(f"{name}: {sid} is not a {TYPE_NAMES[kind]} of the guild")
    return str(sid)


def build(world: World, schema: list[Json], values: dict[str, Any], *, user_id: int, channel_id: int,
          register: Register, focused: str | None = None) -> tuple[list[Json], Json]:
    """Return (typed options[], resolved) or raise InvalidOptions listing every problem."""
    by_name = {o["name"]: o for o in schema}
    problems = [f"{n}: unknown option (the command has {sorted(by_name) or 'no options'})"
                for n in values if n not in by_name]
    if focused is None:
        problems += [f"{o['name']}: required option missing" for o in schema
                     if o.get("required") and o["name"] not in values]
    elif focused not in by_name or not by_name[focused].get("autocomplete"):
        problems.append(f"{focused}: this option has no autocomplete")
    res = _Resolved()
    out: list[Json] = []
    for opt in schema:
        name = opt["name"]
        if name not in values:
            continue
        value = values[name]
        if name == focused:
            out.append({"type": opt["type"], "name": name, "value": str(value), "focused": True})
            continue
        if opt["type"] in (USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT):
            typed = _entity(world, name, opt, value, (user_id, channel_id), res, register, problems)
        else:
            typed = _scalar(name, opt, value, problems)
        out.append({"type": opt["type"], "name": name, "value": typed})
    if problems:
        raise InvalidOptions("Discord's client would refuse these options:\n  " + "\n  ".join(problems))
    return out, res.data
