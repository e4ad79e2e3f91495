"""Create, edit and delete stored messages the way Discord does, echoing MESSAGE_* events to the gateway."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import limits, payloads
from .httpkit import reject
from .ids import iso_now
from .mentions import EVERYONE_MENTION, ROLE_MENTION, mentioned_users, pinged
from .messages import StoredMessage, Upload, apply_body

if TYPE_CHECKING:
    from .double import DiscordDouble
    from .interactions import InteractionRecord

Json = dict[str, Any]
GUILD_MESSAGES = 1 << 9


def refuse_body(request: web.Request, body: Any, *, result: Json | None = None) -> web.Response | None:
    """Return a 400 if the body breaks Discord's limits or the resulting message would be empty."""
    if not isinstance(body, dict):
        return reject(request, 400, 50109, "The request body contains invalid JSON.")
    found = limits.problems(body)
    if found:
        return reject(request, 400, 50035, "Invalid Form Body", limits.errors_json(found))
    if result is not None and limits.is_empty(result):
        return reject(request, 400, 50006, "Cannot send an empty message")
    return None


def preview(msg: StoredMessage | None, body: Json, uploads: list[Upload]) -> Json:
    """Return roughly what the message would look like after applying body (for the empty-message check)."""
    base = dict(msg.payload) if msg else {}
    for key in ("content", "embeds", "components", "attachments", "sticker_ids", "poll"):
        if key in body:
            base[key] = body[key]
    if uploads:
        base["attachments"] = [*base.get("attachments", []), *({"id": u.index} for u in uploads)]
    return base


def _refresh_mentions(double: DiscordDouble, msg: StoredMessage) -> None:
    w = double.world
    author = int(msg.payload["author"]["id"])
    who = pinged(w, content=msg.content, allowed_mentions=msg.allowed_mentions, author_id=author,
                 webhook=msg.webhook, channel_id=msg.channel_id)
    msg.payload["mentions"] = [payloads.user(w.members[u]) for u in mentioned_users(w, msg.content) if u in who]
    parse = set((msg.allowed_mentions or {}).get("parse", ["users", "roles", "everyone"]))
    msg.payload["mention_roles"] = [r for r in ROLE_MENTION.findall(msg.content) if "roles" in parse
                                    or r in {str(x) for x in (msg.allowed_mentions or {}).get("roles", [])}]
    msg.payload["mention_everyone"] = bool(EVERYONE_MENTION.search(msg.content)) and "everyone" in parse \
        and not msg.webhook


async def create(double: DiscordDouble, *, channel_id: int, body: Json, uploads: list[Upload], source: str,
                 interaction: InteractionRecord | None = None, flags: int = 0) -> StoredMessage:
    """Store a new bot message and echo MESSAGE_CREATE unless it is ephemeral."""
    mid = double.ids.next()
    meta = None
    webhook_id = None
    if interaction is not None:
        webhook_id = double.app_id
        member = double.world.members[interaction.user_id]
        meta = payloads.interaction_metadata(interaction_id=interaction.id, kind=interaction.kind,
                                             user=payloads.user(member), name=interaction.name)
    data = payloads.message(double.world, message_id=mid, channel_id=channel_id, author_id=double.world.bot_id,
                            timestamp=iso_now(), webhook_id=webhook_id, interaction=meta)
    data["flags"] = flags
    msg = StoredMessage(mid, channel_id, data, source, interaction.id if interaction else None)
    apply_body(msg, body, uploads, ids=double.ids, base_url=double.base_url, editing=False, at=double.clock.now())
    data["flags"] |= flags
    _refresh_mentions(double, msg)
    double.store.add(msg)
    double.uploads.update(msg.files)
    if not msg.ephemeral:
        await double.gateway.dispatch_guild("MESSAGE_CREATE", dict(msg.payload), intent=GUILD_MESSAGES)
    double.changes.bump()
    return msg


async def edit(double: DiscordDouble, msg: StoredMessage, body: Json, uploads: list[Upload], *,
               clear_loading: bool = False) -> StoredMessage:
    """Apply an edit and echo MESSAGE_UPDATE unless the message is ephemeral."""
    apply_body(msg, body, uploads, ids=double.ids, base_url=double.base_url, editing=True, at=double.clock.now())
    if clear_loading:
        msg.payload["flags"] = msg.flags & ~payloads.LOADING
    _refresh_mentions(double, msg)
    double.uploads.update(msg.files)
    if not msg.ephemeral:
        await double.gateway.dispatch_guild("MESSAGE_UPDATE", dict(msg.payload), intent=GUILD_MESSAGES)
    double.changes.bump()
    return msg


async def delete(double: DiscordDouble, msg: StoredMessage) -> None:
    """Mark a message deleted and echo MESSAGE_DELETE unless it was ephemeral."""
    msg.deleted = True
    if not msg.ephemeral:
        data = payloads.message_delete(double.world, msg.id, msg.channel_id)
        await double.gateway.dispatch_guild("MESSAGE_DELETE", data, intent=GUILD_MESSAGES)
    double.changes.bump()
