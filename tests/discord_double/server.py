"""The aiohttp application on 127.0.0.1 (free port): recording middleware, fault injection, route table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import orjson
from aiohttp import web
from aiohttp.typedefs import Handler

from . import payloads, rest, webhooks
from .httpkit import DOUBLE_KEY, INTERACTION, REL_PATH, json_response, read_body
from .state import Fault, RecordedRequest

if TYPE_CHECKING:
    from .double import DiscordDouble

API_PREFIX = "/api/v10"
SECRET_HEADERS = frozenset({"authorization", "cookie"})


def _fault_response(fault: Fault) -> web.Response:
    if fault.status == 429:
        headers = {"Retry-After": str(max(1, round(fault.retry_after))),
                   "X-RateLimit-Scope": "global" if fault.is_global else "user"}
        if fault.via:
            headers["Via"] = "1.1 google"
        if fault.is_global:
            headers["X-RateLimit-Global"] = "true"
        return json_response(payloads.rate_limited(fault.retry_after, is_global=fault.is_global), 429, headers)
    message = fault.message or f"{fault.status}: injected failure"
    return json_response(payloads.error(fault.code, message), fault.status)


def _take_fault(double: DiscordDouble, method: str, path: str) -> Fault | None:
    for fault in double.faults:
        if fault.matches(method, path):
            fault.times -= 1
            return fault
    return None


@web.middleware
async def recorder(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Record every API request (each retry too), apply scripted faults, turn unknown routes into JSON 404s."""
    double: DiscordDouble = request.app[DOUBLE_KEY]
    if not request.path.startswith(API_PREFIX):
        return await handler(request)
    rel = request.path[len(API_PREFIX):]
    request[REL_PATH] = rel
    body, uploads = await read_body(request)
    headers = {k: v for k, v in request.headers.items() if k.lower() not in SECRET_HEADERS}
    rec = RecordedRequest(request.method, rel, dict(request.query), body, headers, uploads,
                          authorized=request.headers.get("Authorization") == f"Bot {double.token}",
                          at=double.clock.now())
    double.requests.append(rec)
    fault = _take_fault(double, request.method, rel)
    bucket = next((b for b in double.buckets if b.matches(request.method, rel)), None)
    allowed, remaining, reset_after = bucket.take(double.clock.now()) if bucket else (True, 0, 0.0)
    response: web.StreamResponse
    if fault is not None:
        rec.faulted = True
        response = _fault_response(fault)
    elif not allowed:
        rec.faulted = True
        response = _fault_response(Fault(request.method, rel, 429, 0, reset_after))
    else:
        try:
            response = await handler(request)
        except web.HTTPException as exc:
            double.unhandled.append(rec)
            response = json_response(payloads.error(0, f"{exc.status}: {exc.reason}"), exc.status)
    if bucket is not None:
        response.headers.update(bucket.headers(remaining, reset_after))
    rec.status = response.status
    if isinstance(response, web.Response) and response.body and response.content_type == "application/json":
        rec.response = orjson.loads(bytes(response.body))  # type: ignore[arg-type]
    touched = request.get(INTERACTION)
    double.changes.bump(touched.id if touched is not None else None)  # its own waiters, and everyone's
    return response


def build_app(double: DiscordDouble) -> web.Application:
    """Return the application with every route the double serves."""
    app = web.Application(middlewares=[recorder], client_max_size=30 * 1024 * 1024)
    app[DOUBLE_KEY] = double
    app.router.add_get("/gateway/", double.gateway.handle)
    app.router.add_get("/gateway", double.gateway.handle)
    app.add_routes(webhooks.routes)
    app.add_routes(rest.routes)
    return app


class Server:
    """Run the app on 127.0.0.1 with an OS-chosen port."""

    def __init__(self, app: web.Application) -> None:
        self.app = app
        self.runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=1.0)
        self.port = 0

    async def start(self) -> int:
        """Start listening and return the port."""
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self.runner.addresses[0][1])
        return self.port

    async def stop(self) -> None:
        """Close every connection and stop."""
        await self.runner.cleanup()
