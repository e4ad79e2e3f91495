"""Small HTTP helpers shared by the REST, webhook and interaction routes."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import orjson
from aiohttp import BodyPartReader, web

from . import payloads
from .messages import Upload
from .state import Rejection

if TYPE_CHECKING:
    from .double import DiscordDouble

Json = dict[str, Any]
FILE_FIELD = re.compile(r"^files\[(\d+)\]$")
DOUBLE_KEY: web.AppKey[Any] = web.AppKey("double")
REL_PATH: web.RequestKey[str] = web.RequestKey("rel_path", str)
BODY: web.RequestKey[Any] = web.RequestKey("body")
UPLOADS: web.RequestKey[list[Upload]] = web.RequestKey("uploads")
INTERACTION: web.RequestKey[Any] = web.RequestKey("interaction")


def double_of(request: web.Request) -> DiscordDouble:
    """Return the double serving this request."""
    return request.app[DOUBLE_KEY]  # type: ignore[no-any-return]


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """Return JSON with Content-Type exactly application/json (gotcha A: no charset)."""
    body = orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)
    return web.Response(body=body, status=status, content_type="application/json", headers=headers)


def no_content() -> web.Response:
    """Return 204."""
    return web.Response(status=204)


def reject(request: web.Request, status: int, code: int, message: str, errors: Json | None = None) -> web.Response:
    """Return a Discord error and remember it (on the interaction too, when the route has a token)."""
    double = double_of(request)
    rejection = Rejection(request.method, request[REL_PATH], status, code, message)
    double.rejections.append(rejection)
    record = request.get(INTERACTION)
    if record is not None:
        record.failures.append(rejection)
    return json_response(payloads.error(code, message, errors), status)


def require_bot(request: web.Request) -> web.Response | None:
    """Return a 401 unless the request carries `Authorization: Bot <token>`."""
    if request.headers.get("Authorization") != f"Bot {double_of(request).token}":
        return reject(request, 401, 0, "401: Unauthorized")
    return None


async def read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """Return (JSON body or payload_json, uploaded files) for JSON and multipart requests (parsed once)."""
    if BODY in request:
        return request[BODY], request[UPLOADS]
    body, uploads = await _parse_body(request)
    request[BODY], request[UPLOADS] = body, uploads
    return body, uploads


async def _parse_body(request: web.Request) -> tuple[Any, list[Upload]]:
    if request.content_type.startswith("multipart/"):
        body: Any = None
        uploads: list[Upload] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            raw = await part.read()
            if name == "payload_json":
                body = orjson.loads(raw)
            elif m := FILE_FIELD.match(name):
                ctype = part.headers.get("Content-Type")
                uploads.append(Upload(int(m.group(1)), part.filename or name, bytes(raw), ctype))
        return body, uploads
    raw = await request.read()
    if not raw:
        return None, []
    try:
        return orjson.loads(raw), []
    except ValueError:
        return raw.decode(errors="replace"), []


def snowflake(request: web.Request, key: str) -> int | None:
    """Return a path parameter as an int, or None when it is not a snowflake."""
    value = request.match_info.get(key, "")
    return int(value) if value.isdigit() else None
