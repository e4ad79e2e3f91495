"""Bot REST routes (Authorization: Bot <token>): login, command sync, channel messages, pins, typing, lookups."""

from __future__ import annotations

from aiohttp import web

from . import limits, payloads, posting
from .httpkit import double_of, json_response, no_content, read_body, reject, require_bot, snowflake
from .ids import iso_now
from .messages import StoredMessage
from .schema import overwrite_problems
from .world import MANAGE_MESSAGES, PIN_MESSAGES, SEND_MESSAGES, VIEW_CHANNEL

routes = web.RouteTableDef()


@routes.get("/api/v10/users/@me")
async def me(request: web.Request) -> web.Response:
    """Return the bot user (static_login)."""
    d = double_of(request)
    return require_bot(request) or json_response(payloads.user(d.world.members[d.world.bot_id]))


@routes.get("/api/v10/oauth2/applications/@me")
async def application(request: web.Request) -> web.Response:
    """Return the application (sets client.application_id)."""
    d = double_of(request)
    return require_bot(request) or json_response(payloads.application(d.world, d.app_id))


@routes.get("/api/v10/gateway")
@routes.get("/api/v10/gateway/bot")
async def gateway(request: web.Request) -> web.Response:
    """Return the gateway URL (AutoShardedBot asks /gateway/bot)."""
    d = double_of(request)
    limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
    body = {"url": d.gateway_url, "shards": d.shard_count, "session_start_limit": limit}
    if request.path.endswith("/bot"):
        return require_bot(request) or json_response(body)
    return json_response({"url": d.gateway_url})


@routes.put("/api/v10/applications/{app}/commands")
@routes.put("/api/v10/applications/{app}/guilds/{guild}/commands")
async def sync_commands(request: web.Request) -> web.Response:
    """Bulk-overwrite global or guild commands (tree.sync)."""
    d = double_of(request)
    if denied := require_bot(request):
        return denied
    guild = snowflake(request, "guild")
    if snowflake(request, "app") != d.app_id or ("guild" in request.match_info and guild != d.guild_id):
        return reject(request, 404, 10002 if guild is None else 10004, "Unknown Application or Guild")
    body, _ = await read_body(request)
    if not isinstance(body, list):
        return reject(request, 400, 50035, "Invalid Form Body")
    found = overwrite_problems(body)
    if found:
        return reject(request, 400, 50035, "Invalid Form Body", limits.errors_json(found))
    return json_response(d.registry.overwrite(d.app_id, guild, body))


@routes.get("/api/v10/applications/{app}/commands")
@routes.get("/api/v10/applications/{app}/guilds/{guild}/commands")
async def fetch_commands(request: web.Request) -> web.Response:
    """Return the synced commands of a scope."""
    d = double_of(request)
    return require_bot(request) or json_response(d.registry.commands(snowflake(request, "guild")))


def _channel_or_error(request: web.Request, need: int = VIEW_CHANNEL) -> tuple[int, web.Response | None]:
    d = double_of(request)
    cid = snowflake(request, "channel")
    if cid is None or cid not in d.world.channels:
        return 0, reject(request, 404, 10003, "Unknown Channel")
    if d.world.permissions_in(d.world.bot_id, cid) & need != need:
        return cid, reject(request, 403, 50013, "Missing Permissions")
    return cid, None


def _bot_message(request: web.Request, cid: int) -> tuple[StoredMessage | None, web.Response | None]:
    d = double_of(request)
    msg = d.store.get(snowflake(request, "message") or 0)
    if msg is None or msg.channel_id != cid or msg.ephemeral:
        return None, reject(request, 404, 10008, "Unknown Message")
    return msg, None


@routes.post("/api/v10/channels/{channel}/messages")
async def send_message(request: web.Request) -> web.Response:
    """Create a channel message (JSON or multipart)."""
    d = double_of(request)
    if denied := require_bot(request):
        return denied
    cid, error = _channel_or_error(request, VIEW_CHANNEL | SEND_MESSAGES)
    if error:
        return error
    body, uploads = await read_body(request)
    if bad := posting.refuse_body(request, body, result=posting.preview(None, body or {}, uploads)):
        return bad
    msg = await posting.create(d, channel_id=cid, body=body, uploads=uploads, source="channel")
    return json_response(msg.payload)


@routes.get("/api/v10/channels/{channel}/messages")
async def history(request: web.Request) -> web.Response:
    """Return channel history, newest first (limit/before/after)."""
    d = double_of(request)
    cid, error = _channel_or_error(request)
    if denied := require_bot(request) or error:
        return denied
    found = d.store.visible(cid)
    before, after = request.query.get("before"), request.query.get("after")
    if before:
        found = [m for m in found if m.id < int(before)]
    if after:
        found = [m for m in found if m.id > int(after)]
    limit = int(request.query.get("limit", 50))
    newest = list(reversed(found))[:limit] if not after else list(reversed(found[:limit]))
    return json_response([m.payload for m in newest])


@routes.get("/api/v10/channels/{channel}/messages/{message:\\d+}")
@routes.patch("/api/v10/channels/{channel}/messages/{message:\\d+}")
@routes.delete("/api/v10/channels/{channel}/messages/{message:\\d+}")
async def one_message(request: web.Request) -> web.Response:
    """Fetch, edit or delete one message."""
    d = double_of(request)
    cid, error = _channel_or_error(request)
    if denied := require_bot(request) or error:
        return denied
    msg, error = _bot_message(request, cid)
    if error or msg is None:
        return error or no_content()
    if request.method == "GET":
        return json_response(msg.payload)
    if request.method == "DELETE":
        await posting.delete(d, msg)
        return no_content()
    body, uploads = await read_body(request)
    if bad := posting.refuse_body(request, body, result=posting.preview(msg, body or {}, uploads)):
        return bad
    await posting.edit(d, msg, body, uploads)
    return json_response(msg.payload)


@routes.put("/api/v10/channels/{channel}/messages/pins/{message}")
@routes.delete("/api/v10/channels/{channel}/messages/pins/{message}")
@routes.put("/api/v10/channels/{channel}/pins/{message}")
@routes.delete("/api/v10/channels/{channel}/pins/{message}")
async def pin(request: web.Request) -> web.Response:
    """Pin or unpin (needs MANAGE_MESSAGES or PIN_MESSAGES)."""
    d = double_of(request)
    cid, error = _channel_or_error(request)
    if denied := require_bot(request) or error:
        return denied
    if not d.world.permissions_in(d.world.bot_id, cid) & (MANAGE_MESSAGES | PIN_MESSAGES):
        return reject(request, 403, 50013, "Missing Permissions")
    msg, error = _bot_message(request, cid)
    if error or msg is None:
        return error or no_content()
    pinning = request.method == "PUT"
    msg.payload["pinned"] = pinning
    d.pins.pop(msg.id, None)
    if pinning:
        d.pins[msg.id] = iso_now()
    d.changes.bump()
    return no_content()


@routes.get("/api/v10/channels/{channel}/messages/pins")
@routes.get("/api/v10/channels/{channel}/pins")
async def pins(request: web.Request) -> web.Response:
    """List pins: the 2.7 shape {items: [{pinned_at, message}], has_more} (legacy route: a plain list)."""
    d = double_of(request)
    cid, error = _channel_or_error(request)
    if denied := require_bot(request) or error:
        return denied
    pinned = [(at, d.store.by_id[mid]) for mid, at in reversed(d.pins.items())
              if d.store.get(mid) and d.store.by_id[mid].channel_id == cid]
    if request.path.endswith("/messages/pins"):
        return json_response({"items": [{"pinned_at": at, "message": m.payload} for at, m in pinned],
                              "has_more": False})
    return json_response([m.payload for _, m in pinned])


@routes.post("/api/v10/channels/{channel}/typing")
async def typing(request: web.Request) -> web.Response:
    """Trigger typing."""
    _, error = _channel_or_error(request)
    return require_bot(request) or error or no_content()


@routes.get("/api/v10/channels/{channel}")
async def get_channel(request: web.Request) -> web.Response:
    """Return a channel."""
    d = double_of(request)
    cid, error = _channel_or_error(request)
    return require_bot(request) or error or json_response(payloads.channel(d.world, d.world.channels[cid]))


@routes.get("/api/v10/users/{user:\\d+}")
@routes.get("/api/v10/guilds/{guild}/members/{user:\\d+}")
async def get_user(request: web.Request) -> web.Response:
    """Return a user or a guild member."""
    d = double_of(request)
    if denied := require_bot(request):
        return denied
    uid = snowflake(request, "user")
    if uid not in d.world.members:
        return reject(request, 404, 10013 if "guild" not in request.match_info else 10007, "Unknown User/Member")
    m = d.world.members[uid]
    return json_response(payloads.member(d.world, m) if "guild" in request.match_info else payloads.user(m))


@routes.get("/api/v10/guilds/{guild}")
@routes.get("/api/v10/guilds/{guild}/channels")
@routes.get("/api/v10/guilds/{guild}/roles")
async def get_guild(request: web.Request) -> web.Response:
    """Return the guild, its channels or its roles."""
    d = double_of(request)
    if denied := require_bot(request):
        return denied
    if snowflake(request, "guild") != d.guild_id:
        return reject(request, 404, 10004, "Unknown Guild")
    full = payloads.guild(d.world)
    tail = request.path.rsplit("/", 1)[-1]
    return json_response(full[tail] if tail in ("channels", "roles") else full)


@routes.get("/attachments/{channel}/{attachment}/{filename}")
async def attachment(request: web.Request) -> web.Response:
    """Serve uploaded bytes (Attachment.read())."""
    upload = double_of(request).uploads.get(snowflake(request, "attachment") or 0)
    if upload is None:
        raise web.HTTPNotFound()
    return web.Response(body=upload.data, content_type=upload.content_type or "application/octet-stream")
