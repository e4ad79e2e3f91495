"""The local table's output: text lines from bot.render, or one JSON object per command."""

from __future__ import annotations

from typing import Any

from bot.console.identity import Identities
from bot.db.codec import encode_payload
from bot.render.guide import guide_hint, hint_line
from bot.render.reply import render_reply
from bot.services.replies import Body, Reply

__all__ = ["render_reply", "reply_json"]


def _body(body: Body | None) -> dict[str, Any] | None:
    """Return a reply's body as JSON data, with its kind ('Exported', 'Undone' …)."""
    if body is None:
        return None
    data: dict[str, Any] = encode_payload(body)
    return {"kind": type(body).__name__, **data}


def reply_json(reply: Reply, ids: Identities) -> dict[str, Any]:
    """Return a reply as one JSON-ready object."""
    encounter = reply.encounter
    turn = None
    if encounter is not None and encounter.turns.current is not None:
        turn = list(encounter.names(encounter.turns.current.waiting))
    data: dict[str, Any] = {
        "ok": True,
        "command": reply.command,
        "round": encounter.turns.round if encounter else None,
        "turn": turn,
        "result": encode_payload(reply.result),
        "summaries": encode_payload(reply.summaries),
        "body": _body(reply.body),
        "answer": encode_payload(reply.answer),
    }
    if reply.settled is not None:
        # A choice whose time ran out, resolved with its default before this command.
        settled = reply.settled
        data["settled"] = {"result": encode_payload(settled.result), "answer": encode_payload(settled.answer)}
    hint = guide_hint(reply)
    if hint is not None:  # a guided encounter: what to type next, as text and as the commands themselves
        data["hint"] = {"text": hint_line(hint), "commands": [s.typed() for s in hint.suggestions]}
    if encounter is not None and reply.command == "encounter status":
        health = reply.system.health_state if reply.system is not None else (lambda _: {})
        data["combatants"] = [{"name": c.name, **health(c)} for c in encounter.combatants]
    return data
