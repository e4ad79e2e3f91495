"""Checks on one reply of the random table: it renders everywhere Fray shows it; and how to tell two states apart."""

from __future__ import annotations

import json
import traceback
from dataclasses import replace
from typing import Any

from bot.console.identity import Identities
from bot.console.output import reply_json
from bot.db.codec import decode_encounter
from bot.db.engine import registered_types
from bot.discord.outgoing import compose
from bot.render.reply import render_reply
from bot.services import Reply
from bot.services.replies import MapShown, OddsShown
from combat.model import Encounter

__all__ = ["Failure", "diff_docs", "normal", "rendered", "trace"]

# Discord's documented limits on what one message may carry.
EMBED_LIMITS = {"title": 256, "description": 4096, "total": 6000, "fields": 25, "field": 1024, "embeds": 10}


class Failure(AssertionError):
    """Raise when an invariant breaks: ``kind`` names which one (the report groups bugs by it)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


def trace(error: BaseException) -> str:
    """Return an exception's traceback as text."""
    return "".join(traceback.format_exception(error))


def rendered(reply: Reply, users: Identities) -> list[str]:
    """Render a reply as the local table prints it (text and JSON) and Discord shows it (embeds, GM and player).

    Return the text lines; raise ``Failure`` when anything raises or gives what Discord would refuse.
    """
    body, printed = reply.body, reply
    if isinstance(body, MapShown | OddsShown) and body.picture is not None:
        if not body.picture.startswith(b"\x89PNG"):
            raise Failure("picture is not a PNG", f"/{reply.command}: {body.picture[:20]!r}")
        printed = replace(reply, body=replace(body, picture=None, file="/tmp/fray-fuzz.png"))  # as the console does
    try:
        lines = render_reply(printed, users)
        json.dumps(reply_json(printed, users), ensure_ascii=False)
        outgoing = [compose(reply, users, gm) for gm in (True, False)]
    except Exception as error:
        raise Failure(f"render crash {type(error).__name__}", trace(error)) from error
    if not all(isinstance(line, str) for line in lines):
        raise Failure("render gave a line that is not text", repr(lines))
    for out in outgoing:
        _check_embeds(out.embeds, reply.command)
    return lines


def _check_embeds(embeds: list[Any], command: str) -> None:
    """Refuse embeds Discord would reject (its documented size limits)."""
    limits = EMBED_LIMITS
    too_big = [
        e for e in embeds
        if len(e.title or "") > limits["title"] or len(e.description or "") > limits["description"]
        or len(e) > limits["total"] or len(e.fields) > limits["fields"]
        or any(len(f.value or "") > limits["field"] for f in e.fields)
    ]
    if too_big or len(embeds) > limits["embeds"]:
        raise Failure("embed over Discord's limits", f"/{command}: {len(embeds)} embeds, {[len(e) for e in embeds]}")


def normal(document: Any) -> Encounter | None:
    """Return a stored document decoded, a waiting choice's deadline left out (an undo asks again, with a fresh one).

    Compared decoded, not as JSON: sets (who is done in a slot) come out of JSON in no fixed order.
    """
    if document is None:
        return None
    encounter = decode_encounter(document, registered_types(document["system"]))
    if encounter.pending is not None:
        encounter = replace(encounter, pending=replace(encounter.pending, deadline=0))
    return encounter


def diff_docs(old: Any, new: Any, where: str = "") -> str:
    """Name the first place two stored documents differ (who is done in a slot is a set: compared sorted)."""
    if where.endswith(".done") and isinstance(old, list) and isinstance(new, list):
        old, new = sorted(old), sorted(new)
    if isinstance(old, dict) and isinstance(new, dict):
        for key in dict.fromkeys([*old, *new]):
            if old.get(key) != new.get(key):
                return diff_docs(old.get(key), new.get(key), f"{where}.{key}")
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            if a != b:
                return diff_docs(a, b, f"{where}[{i}]")
    return f"at {where or 'top'}: {json.dumps(old)[:300]} → {json.dumps(new)[:300]}" if old != new else "same"
