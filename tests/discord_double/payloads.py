"""Every JSON payload the double sends, built in one place (a KeyError in discord.py points here)."""

from __future__ import annotations

from typing import Any

from .world import Channel, Member, Role, World

Json = dict[str, Any]
API_VERSION = 10
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
EPHEMERAL = 1 << 6
LOADING = 1 << 7


def user(m: Member) -> Json:
    """Return a user object."""
    data: Json = {"id": str(m.id), "username": m.name, "discriminator": "0", "global_name": m.global_name,
                  "avatar": None, "bot": m.bot, "system": False, "public_flags": 0, "flags": 0}
    return data


def member(world: World, m: Member, *, with_user: bool = True, channel_id: int | None = None) -> Json:
    """Return a guild member object; with channel_id, add the interaction-only `permissions`."""
    data: Json = {"roles": [str(r) for r in m.roles], "joined_at": m.joined_at, "nick": m.nick, "avatar": None,
                  "premium_since": None, "deaf": False, "mute": False, "pending": False, "flags": 0,
                  "communication_disabled_until": None}
    if with_user:
        data["user"] = user(m)
    if channel_id is not None:
        data["permissions"] = str(world.permissions_in(m.id, channel_id))
    return data


def role(r: Role) -> Json:
    """Return a role object."""
    return {"id": str(r.id), "name": r.name, "permissions": str(r.permissions), "position": r.position,
            "color": 0, "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False, "icon": None, "unicode_emoji": None, "managed": r.managed,
            "mentionable": r.mentionable, "flags": 0}


def channel(world: World, c: Channel) -> Json:
    """Return a guild channel object."""
    overwrites = [{"id": str(target), "type": 0 if target in world.roles else 1, "allow": str(a), "deny": str(d)}
                  for target, (a, d) in c.overwrites.items()]
    return {"id": str(c.id), "type": c.type, "guild_id": str(world.guild_id), "name": c.name, "position": c.position,
            "permission_overwrites": overwrites, "parent_id": str(c.parent_id) if c.parent_id else None,
            "topic": c.topic, "nsfw": False, "last_message_id": None, "rate_limit_per_user": 0, "flags": 0}


def role_event(world: World, r: Role) -> Json:
    """Return GUILD_ROLE_CREATE / GUILD_ROLE_UPDATE data."""
    return {"guild_id": str(world.guild_id), "role": role(r)}


def member_add(world: World, m: Member) -> Json:
    """Return GUILD_MEMBER_ADD data."""
    return member(world, m) | {"guild_id": str(world.guild_id)}


def message_delete(world: World, message_id: int, channel_id: int) -> Json:
    """Return MESSAGE_DELETE data."""
    return {"id": str(message_id), "channel_id": str(channel_id), "guild_id": str(world.guild_id)}


def resolved_channel(world: World, c: Channel, user_id: int) -> Json:
    """Return the partial channel Discord puts in interaction `resolved.channels`."""
    return {"id": str(c.id), "type": c.type, "name": c.name, "parent_id": str(c.parent_id) if c.parent_id else None,
            "permissions": str(world.permissions_in(user_id, c.id)), "nsfw": False, "position": c.position}


def guild(world: World) -> Json:
    """Return the full GUILD_CREATE guild object (roles, channels, members incl. the bot)."""
    return {"id": str(world.guild_id), "name": world.guild_name, "icon": None, "splash": None,
            "discovery_splash": None, "owner_id": str(world.owner_id), "afk_channel_id": None, "afk_timeout": 300,
            "verification_level": 0, "default_message_notifications": 1, "explicit_content_filter": 0,
            "roles": [role(r) for r in world.roles.values()], "emojis": [], "stickers": [], "features": [],
            "mfa_level": 0, "application_id": None, "system_channel_id": None, "system_channel_flags": 0,
            "rules_channel_id": None, "max_members": 500000, "vanity_url_code": None, "description": None,
            "banner": None, "premium_tier": 0, "premium_subscription_count": 0, "preferred_locale": "en-US",
            "public_updates_channel_id": None, "nsfw_level": 0, "premium_progress_bar_enabled": False,
            "safety_alerts_channel_id": None, "joined_at": world.members[world.bot_id].joined_at, "large": False,
            "unavailable": False, "member_count": len(world.members), "voice_states": [],
            "members": [member(world, m) for m in world.members.values()],
            "channels": [channel(world, c) for c in world.channels.values()], "threads": [], "presences": [],
            "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": []}


def application(world: World, app_id: int) -> Json:
    """Return GET /oauth2/applications/@me."""
    bot = world.members[world.bot_id]
    return {"id": str(app_id), "name": bot.name, "icon": None, "description": "", "rpc_origins": [],
            "bot_public": True, "bot_require_code_grant": False, "bot": user(bot),
            "owner": user(world.members[world.owner_id]), "team": None, "verify_key": "00" * 32, "flags": 0,
            "interactions_endpoint_url": None, "summary": "", "tags": []}


def ready(world: World, *, app_id: int, session_id: str, resume_url: str, shard: list[int],
          guild_ids: list[int]) -> Json:
    """Return the READY dispatch data."""
    return {"v": API_VERSION, "user": user(world.members[world.bot_id]) | {"verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in guild_ids], "session_id": session_id,
            "resume_gateway_url": resume_url, "shard": shard, "application": {"id": str(app_id), "flags": 0},
            "private_channels": [], "relationships": [], "user_settings": {}, "presences": [],
            "session_type": "normal", "auth": {}, "_trace": ["double"]}


def members_chunk(world: World, members: list[Member], *, nonce: str | None, not_found: list[int]) -> Json:
    """Return a GUILD_MEMBERS_CHUNK dispatch (one chunk)."""
    data: Json = {"guild_id": str(world.guild_id), "members": [member(world, m) for m in members],
                  "chunk_index": 0, "chunk_count": 1, "not_found": [str(u) for u in not_found]}
    if nonce is not None:
        data["nonce"] = nonce
    return data


def message(world: World, *, message_id: int, channel_id: int, author_id: int, timestamp: str,
            webhook_id: int | None = None, interaction: Json | None = None) -> Json:
    """Return the skeleton of a message object; content and the rest are applied from the request body."""
    author = world.members[author_id]
    data: Json = {"id": str(message_id), "channel_id": str(channel_id), "guild_id": str(world.guild_id),
                  "author": user(author), "member": member(world, author, with_user=False), "content": "",
                  "timestamp": timestamp, "edited_timestamp": None, "tts": False, "mention_everyone": False,
                  "mentions": [], "mention_roles": [], "attachments": [], "embeds": [], "components": [],
                  "reactions": [], "pinned": False, "type": 0, "flags": 0}
    if webhook_id is not None:
        data["webhook_id"] = str(webhook_id)
        data["application_id"] = str(webhook_id)
        del data["member"]
    if interaction is not None:
        data["interaction_metadata"] = interaction
        data["type"] = 20
    return data


def interaction(world: World, *, kind: int, interaction_id: int, token: str, app_id: int, user_id: int,
                channel_id: int, data: Json, message: Json | None = None) -> Json:
    """Return an INTERACTION_CREATE payload (2 slash, 3 component, 4 autocomplete, 5 modal submit)."""
    bot_perms = world.permissions_in(world.bot_id, channel_id)
    payload: Json = {
        "id": str(interaction_id), "application_id": str(app_id), "type": kind, "token": token, "version": 1,
        "guild_id": str(world.guild_id), "guild": {"id": str(world.guild_id), "locale": "en-US", "features": []},
        "channel_id": str(channel_id), "channel": channel(world, world.channel(channel_id)),
        "member": member(world, world.member(user_id), channel_id=channel_id),
        "app_permissions": str(bot_perms), "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
        "authorizing_integration_owners": {"0": str(world.guild_id)}, "context": 0,
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT, "data": data,
    }
    if message is not None:
        payload["message"] = message
    return payload


def interaction_metadata(*, interaction_id: int, kind: int, user: Json, name: str | None) -> Json:
    """Return `interaction_metadata` for a message created by an interaction response."""
    meta: Json = {"id": str(interaction_id), "type": kind, "user": user,
                  "authorizing_integration_owners": {"0": "0"}}
    if name is not None:
        meta["name"] = name
    return meta


def callback_response(*, interaction_id: int, interaction_type: int, callback_type: int,
                      message: Json | None) -> Json:
    """Return the JSON of POST /interactions/{id}/{token}/callback?with_response=1."""
    flags = int(message["flags"]) if message else 0
    body: Json = {"interaction": {"id": str(interaction_id), "type": interaction_type,
                                  "response_message_id": message["id"] if message else None,
                                  "response_message_loading": bool(flags & LOADING),
                                  "response_message_ephemeral": bool(flags & EPHEMERAL)},
                  "resource": {"type": callback_type}}
    if message is not None:
        body["resource"]["message"] = message
    return body


def error(code: int, message: str, errors: Json | None = None) -> Json:
    """Return a Discord error body."""
    body: Json = {"code": code, "message": message}
    if errors:
        body["errors"] = errors
    return body


def rate_limited(retry_after: float, *, is_global: bool = False) -> Json:
    """Return a 429 body."""
    return {"message": "You are being rate limited.", "retry_after": retry_after, "global": is_global}
