"""What a user does in Discord's client: run a slash command, type into autocomplete, click, select, submit."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from . import options, payloads
from .errors import ComponentNotFound, DoubleError, DoubleTimeout, InvalidOptions, NotPermitted
from .interactions import Choice, InteractionRecord
from .messages import StoredMessage, Upload
from .schema import nest

if TYPE_CHECKING:
    from .double import DiscordDouble

Json = dict[str, Any]
USE_APPLICATION_COMMANDS = 1 << 31
SLASH, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5


def _register(double: DiscordDouble, filename: str, data: bytes) -> Json:
    aid = double.ids.next()
    double.uploads[aid] = Upload(0, filename, data)
    url = f"{double.base_url}/attachments/0/{aid}/{filename}"
    return {"id": str(aid), "filename": filename, "size": len(data), "url": url, "proxy_url": url,
            "content_type": "application/octet-stream"}


def _check_permission(double: DiscordDouble, cmd: Json, user: int, channel: int) -> None:
    perms = double.world.permissions_in(user, channel)
    if not perms & USE_APPLICATION_COMMANDS:
        raise NotPermitted(f"user {user} lacks Use Application Commands in channel {channel}")
    required = cmd.get("default_member_permissions")
    if required is not None and int(required) & perms != int(required):
        raise NotPermitted(f"/{cmd['name']} needs permissions {required}; user {user} has {perms}")


async def send_interaction(double: DiscordDouble, kind: int, name: str, *, user: int, channel: int, data: Json,
                           message: Json | None = None) -> InteractionRecord:
    """Build, register and dispatch an INTERACTION_CREATE; return its record."""
    double.world.member(user)
    double.world.channel(channel)
    iid = double.ids.next()
    token = f"itok-{iid}-{secrets.token_hex(8)}"
    payload = payloads.interaction(double.world, kind=kind, interaction_id=iid, token=token, app_id=double.app_id,
                                   user_id=user, channel_id=channel, data=data, message=message)
    rec = InteractionRecord(iid, token, kind, name, user, channel, payload, double.clock.now(), double.store,
                            double.changes)
    double.interactions[iid] = rec
    double.by_token[token] = rec
    await double.flush()
    await double.gateway.dispatch_guild("INTERACTION_CREATE", payload, required=True)
    double.changes.bump()
    return rec


def command_data(double: DiscordDouble, path: str, values: dict[str, Any], *, user: int, channel: int,
                 focused: str | None = None) -> tuple[Json, str]:
    """Return (interaction data, full name) for a command path, validated against the synced schema."""
    cmd, chain, leaf = double.registry.resolve(path, double.guild_id)
    _check_permission(double, cmd, user, channel)
    typed, resolved = options.build(double.world, leaf, values, user_id=user, channel_id=channel, focused=focused,
                                    register=lambda f, b: _register(double, f, b))
    data: Json = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": nest(chain, typed, cmd)}
    if "guild_id" in cmd:
        data["guild_id"] = cmd["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data, " ".join([cmd["name"], *chain])


async def invoke(double: DiscordDouble, path: str, values: dict[str, Any] | None, *, user: int | None,
                 channel: int | None) -> InteractionRecord:
    """Run a slash command as `user` in `channel`."""
    uid, cid = user or double.user_id, channel or double.channel_id
    data, name = command_data(double, path, dict(values or {}), user=uid, channel=cid)
    return await send_interaction(double, SLASH, name, user=uid, channel=cid, data=data)


async def autocomplete(double: DiscordDouble, path: str, values: dict[str, Any], *, focused: str,
                       user: int | None, channel: int | None) -> list[Choice]:
    """Type into an autocomplete option; return the bot's choices (it must answer within ack_deadline)."""
    uid, cid = user or double.user_id, channel or double.channel_id
    if focused not in values:
        raise InvalidOptions(f"the focused option {focused!r} needs a (partial) value in the options")
    data, name = command_data(double, path, values, user=uid, channel=cid, focused=focused)
    rec = await send_interaction(double, AUTOCOMPLETE, name, user=uid, channel=cid, data=data)
    try:
        await rec.wait_for(lambda r: r.callback is not None, timeout=double.ack_deadline, what="autocomplete choices")
    except DoubleTimeout:
        raise DoubleTimeout(f"/{name} autocomplete for {focused!r} got no answer within {double.ack_deadline}s") \
            from None
    if rec.callback is None or rec.callback.type != 8:
        raise DoubleError(f"autocomplete answered with callback type {rec.callback and rec.callback.type}, not 8")
    return rec.choices


def _target(double: DiscordDouble, message: StoredMessage | int) -> StoredMessage:
    mid = message if isinstance(message, int) else message.id
    found = double.store.get(mid)
    if found is None:
        raise ComponentNotFound(f"message {mid} does not exist (deleted?)")
    return found


def _component(msg: StoredMessage, custom_id: str, user: int) -> Json:
    comp = msg.component(custom_id)
    if comp is None:
        raise ComponentNotFound(f"message {msg.id} has no component {custom_id!r} (it has {msg.custom_ids})")
    if comp.get("disabled"):
        raise ComponentNotFound(f"component {custom_id!r} on message {msg.id} is disabled")
    if msg.ephemeral and msg.interaction_id is not None and user != _owner(msg):
        raise ComponentNotFound(f"message {msg.id} is ephemeral: user {user} cannot see it")
    return comp


def _owner(msg: StoredMessage) -> int:
    meta = msg.payload.get("interaction_metadata") or {}
    return int(meta.get("user", {}).get("id", 0))


async def click(double: DiscordDouble, message: StoredMessage | int, custom_id: str, *,
                user: int | None) -> InteractionRecord:
    """Click a button on a message."""
    uid = user or double.user_id
    msg = _target(double, message)
    comp = _component(msg, custom_id, uid)
    if comp.get("type") != 2:
        raise ComponentNotFound(f"{custom_id!r} is not a button (type {comp.get('type')}); use select()")
    data = {"custom_id": custom_id, "component_type": 2}
    return await send_interaction(double, COMPONENT, custom_id, user=uid, channel=msg.channel_id, data=data,
                                  message=dict(msg.payload))


async def select(double: DiscordDouble, message: StoredMessage | int, custom_id: str, values: list[str], *,
                 user: int | None) -> InteractionRecord:
    """Choose values in a string select menu."""
    uid = user or double.user_id
    msg = _target(double, message)
    comp = _component(msg, custom_id, uid)
    if comp.get("type") != 3:
        raise ComponentNotFound(f"{custom_id!r} is not a string select (type {comp.get('type')})")
    allowed = [o["value"] for o in comp.get("options", [])]
    lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
    if any(v not in allowed for v in values) or not lo <= len(values) <= hi:
        raise InvalidOptions(f"select {custom_id!r} takes {lo}..{hi} of {allowed}, got {values}")
    data = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
    return await send_interaction(double, COMPONENT, custom_id, user=uid, channel=msg.channel_id, data=data,
                                  message=dict(msg.payload))


def _fill(node: Json, values: dict[str, str], problems: list[str]) -> Json:
    if node.get("type") == 1:
        return {"type": 1, "components": [_fill(c, values, problems) for c in node.get("components", [])]}
    if node.get("type") == 18:
        return {"type": 18, "component": _fill(node["component"], values, problems)}
    cid = node.get("custom_id", "")
    value = values.get(cid, "")
    lo, hi = node.get("min_length", 0), node.get("max_length", 4000)
    if node.get("required", True) and not value:
        problems.append(f"{cid}: required")
    elif value and not lo <= len(value) <= hi:
        problems.append(f"{cid}: length {len(value)} outside {lo}..{hi}")
    return {"type": node.get("type", 4), "custom_id": cid, "value": value}


async def submit_modal(double: DiscordDouble, record: InteractionRecord, values: dict[str, str], *,
                       user: int | None) -> InteractionRecord:
    """Fill in and submit the modal the bot opened in response to `record`."""
    modal = record.modal
    if modal is None:
        raise DoubleError(f"{record.label} did not open a modal")
    problems: list[str] = []
    components = [_fill(c, values, problems) for c in modal.get("components", [])]
    if problems:
        raise InvalidOptions("Discord's client would not submit this modal: " + "; ".join(problems))
    data = {"custom_id": modal["custom_id"], "components": components}
    source = double.store.get(int(record.payload["message"]["id"])) if "message" in record.payload else None
    return await send_interaction(double, MODAL_SUBMIT, modal["custom_id"], user=user or record.user_id,
                                  channel=record.channel_id, data=data,
                                  message=dict(source.payload) if source else None)
