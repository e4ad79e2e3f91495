"""Who a message would ping, from its content and allowed_mentions (limits.md §1.5)."""

from __future__ import annotations

import re
from typing import Any

from .world import MENTION_EVERYONE, World

USER_MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
EVERYONE_MENTION = re.compile(r"@(everyone|here)\b")
# Without allowed_mentions, regular messages parse everything; interaction responses and webhooks parse users only.
CHANNEL_DEFAULT = ("users", "roles", "everyone")
WEBHOOK_DEFAULT = ("users",)


def _ids(values: Any) -> set[int]:
    return {int(v) for v in (values or [])}


def pinged(world: World, *, content: str, allowed_mentions: dict[str, Any] | None, author_id: int,
           webhook: bool, channel_id: int) -> set[int]:
    """Return the user ids a message with this content and allowed_mentions would notify."""
    if allowed_mentions is None:
        parse = set(WEBHOOK_DEFAULT if webhook else CHANNEL_DEFAULT)
        users: set[int] = set()
        roles: set[int] = set()
    else:
        parse = set(allowed_mentions.get("parse") or [])
        users, roles = _ids(allowed_mentions.get("users")), _ids(allowed_mentions.get("roles"))
    can_mass = bool(world.permissions_in(author_id, channel_id) & MENTION_EVERYONE) if author_id in world.members \
        else False
    out: set[int] = set()
    for raw in USER_MENTION.findall(content):
        uid = int(raw)
        if uid in world.members and ("users" in parse or uid in users):
            out.add(uid)
    for raw in ROLE_MENTION.findall(content):
        rid = int(raw)
        role = world.roles.get(rid)
        if role is None or not ("roles" in parse or rid in roles):
            continue
        if role.mentionable or can_mass:
            out |= world.role_members(rid)
    if EVERYONE_MENTION.search(content) and "everyone" in parse and can_mass:
        out |= set(world.members)
    out.discard(author_id)
    return out


def mentioned_users(world: World, content: str) -> list[int]:
    """Return member ids written as <@id> in the content, in order, without duplicates."""
    seen: list[int] = []
    for raw in USER_MENTION.findall(content):
        uid = int(raw)
        if uid in world.members and uid not in seen:
            seen.append(uid)
    return seen
