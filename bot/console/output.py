"""The local table's output: text lines from bot.render, or one JSON object per command."""

from __future__ import annotations

from typing import Any

from bot.console.identity import Identities
from bot.db.codec import encode_payload
from bot.render.reply import render_reply
from bot.services.replies import Reply

__all__ = ["render_reply", "reply_json"]


def reply_json(reply: Reply, ids: Identities) -> dict[str, Any]:
    """Return a reply as one JSON-ready object."""
    encounter = reply.encounter
    turn = None
    if encounter is not None and encounter.turns.current is not None:
        turn = [c for c in encounter.names(encounter.turns.current.waiting)]
    data: dict[str, Any] = {
        "ok": True,
        "command": reply.command,
        "round": encounter.turns.round if encounter else None,
        "turn": turn,
        "result": encode_payload(reply.result),
        "summaries": encode_payload(reply.summaries),
        "info": encode_payload({k: v for k, v in reply.info.items() if k != "character"}),
    }
    if reply.settled is not None:
        # A choice whose time ran out, resolved with its default before this command.
        data["settled"] = {"result": encode_payload(reply.settled.result), "info": encode_payload(reply.settled.info)}
    if encounter is not None and reply.command == "encounter status":
        health = reply.system.health_state if reply.system is not None else (lambda _: {})
        data["combatants"] = [{"name": c.name, **health(c)} for c in encounter.combatants]
    return data
