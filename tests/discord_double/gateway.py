"""The gateway websocket: HELLO, heartbeats, IDENTIFY/READY/GUILD_CREATE, RESUME with replay, chunks, op 7."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson
from aiohttp import WSMsgType, web

from . import payloads
from .errors import NoBotConnected

if TYPE_CHECKING:
    from .double import DiscordDouble

Json = dict[str, Any]
HELLO, HEARTBEAT_ACK, RECONNECT, INVALID_SESSION = 10, 11, 7, 9
PRIVILEGED = (1 << 1) | (1 << 8) | (1 << 15)  # members, presences, message content


def _text(frame: Json) -> str:
    """Return a gateway frame as JSON text (orjson: the double's own time counts on a bench's cores)."""
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()
GUILDS, GUILD_MEMBERS = 1 << 0, 1 << 1


@dataclass(eq=False)
class Session:
    """One gateway session; survives socket drops until RESUMEd, invalidated by a 1000/1001 close."""

    id: str
    intents: int
    shard: tuple[int, int]
    identify: Json = field(repr=False)  # the IDENTIFY payload without its token
    seq: int = 0
    backlog: list[tuple[int, str]] = field(default_factory=list, repr=False)
    ws: web.WebSocketResponse | None = field(default=None, repr=False)
    request: web.Request | None = field(default=None, repr=False)
    invalid: bool = False
    resumes: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    @property
    def connected(self) -> bool:
        """Return True while a socket is attached."""
        return self.ws is not None and not self.ws.closed


class Gateway:
    """All sessions of the double and the websocket handler."""

    def __init__(self, double: DiscordDouble) -> None:
        self.double = double
        self.sessions: list[Session] = []
        self.connections: list[dict[str, str]] = []  # query string of every websocket connect
        self.identifies: list[Json] = []  # IDENTIFY payloads with the token removed

    def live(self, guild_id: int | None = None) -> list[Session]:
        """Return sessions that still receive events (for the shard of guild_id)."""
        out = [s for s in self.sessions if not s.invalid]
        if guild_id is not None:
            out = [s for s in out if (guild_id >> 22) % s.shard[1] == s.shard[0]]
        return out

    async def _send(self, ws: web.WebSocketResponse, frame: Json) -> None:
        if not ws.closed:
            await ws.send_str(_text(frame))

    async def dispatch(self, session: Session, event: str, data: Json) -> None:
        """Send an op 0 event with the next sequence number (kept for RESUME replay)."""
        async with session.lock:
            session.seq += 1
            text = _text({"op": 0, "t": event, "s": session.seq, "d": data})
            session.backlog.append((session.seq, text))
            if session.connected and session.ws is not None:
                try:
                    await session.ws.send_str(text)
                except (ConnectionError, RuntimeError):
                    session.ws = None

    async def dispatch_guild(self, event: str, data: Json, *, intent: int = 0, required: bool = False) -> int:
        """Send a guild event to every live session of the guild's shard that has the intent."""
        targets = [s for s in self.live(self.double.guild_id) if not intent or s.intents & intent]
        if required and not targets:
            raise NoBotConnected("no bot session is connected to the double (did the bot log in and connect?)")
        for session in targets:
            await self.dispatch(session, event, data)
        return len(targets)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """Serve one websocket connection."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.connections.append(dict(request.query))
        await self._send(ws, {"op": HELLO, "d": {"heartbeat_interval": self.double.heartbeat_interval},
                              "s": None, "t": None})
        session: Session | None = None
        async for msg in ws:
            if msg.type is not WSMsgType.TEXT:
                continue
            frame = orjson.loads(msg.data)
            op, data = frame.get("op"), frame.get("d")
            if op == 1:
                await self._send(ws, {"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
            elif op == 2:
                session = await self._identify(ws, request, data)
            elif op == 6:
                session = await self._resume(ws, request, data)
            elif op == 8 and session is not None:
                await self._chunk(session, data)
        if session is not None and session.ws is ws:
            session.ws = None
            if ws.close_code in (1000, 1001):
                session.invalid = True
        self.double.changes.bump()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, request: web.Request, data: Json) -> Session | None:
        double = self.double
        public = {k: v for k, v in data.items() if k != "token"}
        self.identifies.append(public)
        if data.get("token") != double.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        intents = int(data.get("intents", 0))
        if intents & PRIVILEGED & ~double.privileged_intents:
            await ws.close(code=4014, message=b"Disallowed intent(s).")
            return None
        shard = tuple(data.get("shard") or (0, 1))
        session = Session(uuid.uuid4().hex, intents, (int(shard[0]), int(shard[1])), public, ws=ws, request=request)
        self.sessions.append(session)
        guilds = [double.guild_id] if (double.guild_id >> 22) % session.shard[1] == session.shard[0] else []
        ready = payloads.ready(double.world, app_id=double.app_id, session_id=session.id,
                               resume_url=double.gateway_url, shard=list(session.shard), guild_ids=guilds)
        await self.dispatch(session, "READY", ready)
        for _ in guilds:
            await self.dispatch(session, "GUILD_CREATE", payloads.guild(double.world))
        double.changes.bump()
        return session

    async def _resume(self, ws: web.WebSocketResponse, request: web.Request, data: Json) -> Session | None:
        session = next((s for s in self.sessions if s.id == data.get("session_id")), None)
        if session is None or session.invalid or data.get("token") != self.double.token:
            await self._send(ws, {"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        async with session.lock:
            old = session.ws
            session.ws, session.request = ws, request
            after = int(data.get("seq") or 0)
            for seq, text in session.backlog:
                if seq > after:
                    await ws.send_str(text)
        if old is not None and old is not ws and not old.closed:
            await old.close(code=4000)
        await self.dispatch(session, "RESUMED", {})
        session.resumes += 1
        self.double.changes.bump()
        return session

    async def _chunk(self, session: Session, data: Json) -> None:
        world = self.double.world
        wanted = [int(u) for u in data.get("user_ids") or []]
        if wanted:
            found = [world.members[u] for u in wanted if u in world.members]
            missing = [u for u in wanted if u not in world.members]
        else:
            query, limit = str(data.get("query") or "").lower(), int(data.get("limit") or 0)
            found = [m for m in world.members.values() if m.name.lower().startswith(query)]
            found, missing = (found[:limit] if limit else found), []
        chunk = payloads.members_chunk(world, found, nonce=data.get("nonce"), not_found=missing)
        await self.dispatch(session, "GUILD_MEMBERS_CHUNK", chunk)

    async def reconnect(self, timeout: float = 5.0) -> None:
        """Send op 7 RECONNECT to every connected session and wait until each has RESUMEd."""
        targets = [s for s in self.live() if s.connected]
        if not targets:
            raise NoBotConnected("no connected bot session to send RECONNECT to")
        before = {s.id: s.resumes for s in targets}
        for s in targets:
            if s.ws is not None:
                await self._send(s.ws, {"op": RECONNECT, "d": None, "s": None, "t": None})
        await self._await_resumed(targets, before, timeout, "RESUME after op 7")

    async def drop(self, timeout: float = 5.0, *, wait: bool = True) -> None:
        """Abort every connected socket without a close frame; with wait, return once each session RESUMEd."""
        targets = [s for s in self.live() if s.connected]
        if not targets:
            raise NoBotConnected("no connected bot session to drop")
        before = {s.id: s.resumes for s in targets}
        for s in targets:
            if s.request is not None and s.request.transport is not None:
                s.request.transport.abort()
            s.ws = None
        if wait:
            await self._await_resumed(targets, before, timeout, "RESUME after a dropped connection")

    async def _await_resumed(self, targets: list[Session], before: dict[str, int], timeout: float,
                             what: str) -> None:
        await self.double.changes.wait_for(lambda: all(s.resumes > before[s.id] for s in targets), timeout, what)
