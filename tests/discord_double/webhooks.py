"""Interaction callbacks and the interaction webhook (followups, @original): Discord's respond-once rules."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from . import payloads, posting
from .httpkit import INTERACTION, double_of, json_response, no_content, read_body, reject, snowflake
from .interactions import Callback, InteractionRecord
from .messages import StoredMessage, Upload

Json = dict[str, Any]

routes = web.RouteTableDef()
# Callback types each interaction type accepts: 4 message, 5 deferred message, 6 deferred update,
# 7 update message, 8 autocomplete result, 9 modal.
ALLOWED = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}


def _truthy(value: str | None) -> bool:
    return (value or "").lower() in ("1", "true")


def _choice_problems(data: Json | None) -> str | None:
    choices = (data or {}).get("choices")
    if not isinstance(choices, list) or len(choices) > 25:
        return "choices must be a list of at most 25"
    if any(not 1 <= len(str(c.get("name", ""))) <= 100 for c in choices):
        return "choice names must be 1..100 characters"
    return None


async def _respond(request: web.Request, rec: InteractionRecord, kind: int, data: Json | None,
                   uploads: list[Upload]) -> StoredMessage | web.Response | None:
    d = double_of(request)
    clicked = d.store.get(int(rec.payload["message"]["id"])) if "message" in rec.payload else None
    if kind == 4:
        flags = int((data or {}).get("flags") or 0) & payloads.EPHEMERAL
        preview = posting.preview(None, data or {}, uploads)
        if bad := posting.refuse_body(request, data, result=preview):
            return bad
        return await posting.create(d, channel_id=rec.channel_id, body=data or {}, uploads=uploads,
                                    source="interaction", interaction=rec, flags=flags)
    if kind == 5:
        flags = (int((data or {}).get("flags") or 0) & payloads.EPHEMERAL) | payloads.LOADING
        return await posting.create(d, channel_id=rec.channel_id, body={}, uploads=[], source="interaction",
                                    interaction=rec, flags=flags)
    if kind == 7 and clicked is not None:
        if bad := posting.refuse_body(request, data, result=posting.preview(clicked, data or {}, uploads)):
            return bad
        return await posting.edit(d, clicked, data or {}, uploads)
    if kind == 8 and (problem := _choice_problems(data)):
        return reject(request, 400, 50035, f"Invalid Form Body: {problem}")
    return clicked if kind == 6 else None


@routes.post("/api/v10/interactions/{iid}/{token}/callback")
async def callback(request: web.Request) -> web.Response:
    """Acknowledge an interaction: once, within ack_deadline, with a type valid for the interaction."""
    d = double_of(request)
    rec = d.interactions.get(snowflake(request, "iid") or 0)
    if rec is None or rec.token != request.match_info["token"]:
        return reject(request, 404, 10062, "Unknown interaction")
    request[INTERACTION] = rec
    now = d.clock.now()
    if rec.callback is not None:
        return reject(request, 400, 40060, "Interaction has already been acknowledged.")
    if rec.expired or now - rec.created_at > d.ack_deadline:
        rec.expired = True
        return reject(request, 404, 10062, "Unknown interaction")
    body, uploads = await read_body(request)
    kind = body.get("type") if isinstance(body, dict) else None
    if kind not in ALLOWED.get(rec.kind, set()):
        return reject(request, 400, 50035, f"Interaction callback type {kind} is invalid for a {rec.label}")
    data = body.get("data")
    result = await _respond(request, rec, kind, data, uploads)
    if isinstance(result, web.Response):
        return result
    if result is not None:
        rec.original_id = result.id
    rec.callback = Callback(kind, data, now - rec.created_at, result)
    d.changes.bump(rec.id)
    if not _truthy(request.query.get("with_response")):
        return no_content()
    message = result.payload if result is not None and kind in (4, 5, 7) else None
    return json_response(payloads.callback_response(interaction_id=rec.id, interaction_type=rec.kind,
                                                    callback_type=kind, message=message))


def _webhook_interaction(request: web.Request) -> tuple[InteractionRecord | None, web.Response | None]:
    d = double_of(request)
    rec = d.by_token.get(request.match_info["token"])
    if snowflake(request, "app") != d.app_id or rec is None:
        return None, reject(request, 404, 10015, "Unknown Webhook")
    request[INTERACTION] = rec
    if d.clock.now() - rec.created_at > d.token_ttl:
        return None, reject(request, 401, 50027, "Invalid Webhook Token")
    if rec.callback is None:
        return None, reject(request, 404, 10015, "Unknown Webhook")
    return rec, None


@routes.post("/api/v10/webhooks/{app}/{token}")
async def followup(request: web.Request) -> web.Response:
    """Send a followup; the first one after a deferred (type 5) response fills the placeholder."""
    d = double_of(request)
    rec, error = _webhook_interaction(request)
    if error or rec is None:
        return error or no_content()
    body, uploads = await read_body(request)
    if bad := posting.refuse_body(request, body, result=posting.preview(None, body or {}, uploads)):
        return bad
    placeholder = rec.original
    if rec.callback and rec.callback.type == 5 and placeholder is not None and placeholder.loading \
            and not placeholder.deleted:
        msg = await posting.edit(d, placeholder, body, uploads, clear_loading=True)
    else:
        flags = int(body.get("flags") or 0) & payloads.EPHEMERAL
        msg = await posting.create(d, channel_id=rec.channel_id, body=body, uploads=uploads, source="followup",
                                   interaction=rec, flags=flags)
    rec.followup_ids.append(msg.id)
    d.changes.bump(rec.id)
    return json_response(msg.payload) if _truthy(request.query.get("wait")) else no_content()


@routes.get("/api/v10/webhooks/{app}/{token}/messages/{message}")
@routes.patch("/api/v10/webhooks/{app}/{token}/messages/{message}")
@routes.delete("/api/v10/webhooks/{app}/{token}/messages/{message}")
async def webhook_message(request: web.Request) -> web.Response:
    """Fetch, edit or delete @original or a followup of this interaction."""
    d = double_of(request)
    rec, error = _webhook_interaction(request)
    if error or rec is None:
        return error or no_content()
    ref = request.match_info["message"]
    mid = rec.original_id if ref == "@original" else snowflake(request, "message")
    msg = d.store.get(mid or 0)
    if msg is None or (mid != rec.original_id and mid not in rec.followup_ids):
        return reject(request, 404, 10008, "Unknown Message")
    if request.method == "GET":
        return json_response(msg.payload)
    if request.method == "DELETE":
        await posting.delete(d, msg)
        return no_content()
    body, uploads = await read_body(request)
    if bad := posting.refuse_body(request, body, result=posting.preview(msg, body or {}, uploads)):
        return bad
    await posting.edit(d, msg, body, uploads, clear_loading=True)
    return json_response(msg.payload)
