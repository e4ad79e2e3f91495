"""DiscordDouble: a local, realistic Discord for end-to-end tests of a real discord.py bot."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

from . import actions, payloads
from .errors import DoubleError, DoubleTimeout
from .gateway import GUILD_MEMBERS, GUILDS, PRIVILEGED, Gateway, Session
from .ids import Clock, Snowflakes
from .interactions import Choice, InteractionRecord
from .mentions import pinged
from .messages import MessageStore, StoredMessage, Upload
from .pointing import Pointing, point_discord
from .ratelimits import Bucket
from .schema import CommandRegistry
from .server import Server, build_app
from .state import Changes, Fault, RecordedRequest, Rejection
from .world import World

T = TypeVar("T")
Json = dict[str, Any]


class DiscordDouble:
    """One guild, one bot application, a REST API and a gateway on 127.0.0.1; state survives bot restarts."""

    def __init__(self, *, guild_name: str = "Fray Test Guild", bot_name: str = "Fray", channel_name: str = "general",
                 ack_deadline: float = 3.0, token_ttl: float = 900.0, shard_count: int = 1,
                 privileged_intents: int = PRIVILEGED, heartbeat_interval: int = 41250) -> None:
        self.ids = Snowflakes()
        self.clock = Clock()
        self.world = World(self.ids, guild_name=guild_name, bot_name=bot_name)
        self.channel_id = self.world.add_channel(channel_name)
        self.user_id = self.world.add_member("player", global_name="Player")
        self.app_id = self.world.bot_id
        self.token = f"double.{secrets.token_urlsafe(24)}"
        self.ack_deadline, self.token_ttl = ack_deadline, token_ttl
        self.shard_count, self.privileged_intents = shard_count, privileged_intents
        self.heartbeat_interval = heartbeat_interval
        self.registry = CommandRegistry(self.ids)
        self.store = MessageStore()
        self.uploads: dict[int, Upload] = {}
        self.pins: dict[int, str] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self.requests: list[RecordedRequest] = []
        self.rejections: list[Rejection] = []
        self.unhandled: list[RecordedRequest] = []
        self.faults: list[Fault] = []
        self.buckets: list[Bucket] = []
        self.changes = Changes()
        self.gateway = Gateway(self)
        self._pending: list[asyncio.Task[int]] = []
        self._server: Server | None = None

    # ----- lifecycle and addresses -------------------------------------------------------------------------------
    async def start(self) -> DiscordDouble:
        """Start serving on a free port."""
        self._server = Server(build_app(self))
        await self._server.start()
        return self

    async def stop(self) -> None:
        """Stop serving (closes every socket)."""
        if self._server is not None:
            await self.flush()
            for session in self.sessions:
                if session.ws is not None and not session.ws.closed:
                    await session.ws.close(code=1001)
            await self._server.stop()
            self._server = None

    async def __aenter__(self) -> DiscordDouble:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def port(self) -> int:
        """Return the listening port."""
        if self._server is None:
            raise DoubleError("the double is not started (await double.start())")
        return self._server.port

    @property
    def base_url(self) -> str:
        """Return http://127.0.0.1:PORT."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """Return the value for discord.http.Route.BASE."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """Return the value for DiscordWebSocket.DEFAULT_GATEWAY (also READY's resume_gateway_url)."""
        return f"ws://127.0.0.1:{self.port}/gateway/"

    def point(self) -> Pointing:
        """Point discord.py here now; the result restores discord.com (restore() or use it in a with-block)."""
        return point_discord(self.api_base, self.gateway_url)

    @contextlib.asynccontextmanager
    async def running(self, bot: Any, *, timeout: float = 5.0) -> AsyncIterator[Any]:
        """Log the bot in (runs setup_hook: sync errors raise here), connect, wait for on_ready; close at exit."""
        try:
            await bot.login(self.token)
        except BaseException:
            await bot.close()
            raise
        known = len(self.sessions)
        task = asyncio.create_task(bot.connect())
        ready = asyncio.create_task(bot.wait_until_ready())
        done, _ = await asyncio.wait({task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            await bot.close()
            if task in done:
                raise DoubleError(f"the bot's connect() ended before ready: {task.exception()!r}")
            task.cancel()
            raise DoubleTimeout(f"bot not ready after {timeout}s (guild_ready_timeout too high?)")
        try:
            yield bot
        finally:
            await bot.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, timeout)
            with contextlib.suppress(DoubleTimeout):  # let the gateway notice the close before the test goes on
                await self.wait_for(lambda: not any(s.connected for s in self.sessions[known:]), 1.0)
            # discord.py 2.7 on aiohttp 3.x closes with 4000 (resumable); this bot is gone for good, so expire it.
            for session in self.sessions[known:]:
                session.invalid = True

    # ----- the guild ------------------------------------------------------------------------------------------------
    @property
    def guild_id(self) -> int:
        """Return the guild id."""
        return self.world.guild_id

    @property
    def bot_id(self) -> int:
        """Return the bot user id (equal to app_id)."""
        return self.world.bot_id

    @property
    def owner_id(self) -> int:
        """Return the guild owner's user id (all permissions)."""
        return self.world.owner_id

    def add_channel(self, name: str, *, type: int = 0, overwrites: dict[int, tuple[int, int]] | None = None) -> int:
        """Add a channel (announced with CHANNEL_CREATE to connected bots) and return its id."""
        cid = self.world.add_channel(name, type=type, overwrites=overwrites)
        self._announce("CHANNEL_CREATE", lambda: payloads.channel(self.world, self.world.channels[cid]))
        return cid

    def add_role(self, name: str, *, permissions: int = 0, mentionable: bool = False) -> int:
        """Add a role (announced with GUILD_ROLE_CREATE) and return its id."""
        rid = self.world.add_role(name, permissions=permissions, mentionable=mentionable)
        self._announce("GUILD_ROLE_CREATE", lambda: payloads.role_event(self.world, self.world.roles[rid]))
        return rid

    def add_member(self, name: str, roles: tuple[int, ...] | list[int] = (), *, global_name: str | None = None,
                   nick: str | None = None) -> int:
        """Add a member (GUILD_MEMBER_ADD, members intent only) and return their user id."""
        uid = self.world.add_member(name, roles=roles, global_name=global_name, nick=nick)
        self._announce("GUILD_MEMBER_ADD", lambda: payloads.member_add(self.world, self.world.members[uid]),
                       intent=GUILD_MEMBERS)
        return uid

    def set_bot_permissions(self, permissions: int) -> None:
        """Replace the permissions of the bot's managed role (e.g. drop MANAGE_MESSAGES to refuse pins)."""
        role = self.world.roles[self.world.bot_role_id]
        role.permissions = permissions
        self._announce("GUILD_ROLE_UPDATE", lambda: payloads.role_event(self.world, role))

    def _announce(self, event: str, build: Callable[[], Json], intent: int = GUILDS) -> None:
        """Queue a guild event for connected bots; flushed (in order) before the next interaction."""
        if self.gateway.live():
            task = asyncio.get_running_loop().create_task(self.gateway.dispatch_guild(event, build(), intent=intent))
            self._pending.append(task)

    async def flush(self) -> None:
        """Wait until queued guild events (CHANNEL_CREATE, GUILD_MEMBER_ADD, ...) were sent."""
        pending, self._pending = self._pending, []
        await asyncio.gather(*pending)

    # ----- what users do ---------------------------------------------------------------------------------------------
    async def invoke(self, path: str, options: dict[str, Any] | None = None, *, user: int | None = None,
                     channel: int | None = None) -> InteractionRecord:
        """Run '/path' (e.g. "encounter start") with options, as Discord's client would; return the record."""
        return await actions.invoke(self, path, options, user=user, channel=channel)

    async def autocomplete(self, path: str, options: dict[str, Any], *, focused: str, user: int | None = None,
                           channel: int | None = None) -> list[Choice]:
        """Type options[focused] into an autocomplete option; return the choices (answered within ack_deadline)."""
        return await actions.autocomplete(self, path, options, focused=focused, user=user, channel=channel)

    async def click(self, message: StoredMessage | int, custom_id: str, *,
                    user: int | None = None) -> InteractionRecord:
        """Click an enabled button of a message."""
        return await actions.click(self, message, custom_id, user=user)

    async def select(self, message: StoredMessage | int, custom_id: str, values: list[str], *,
                     user: int | None = None) -> InteractionRecord:
        """Pick values in a string select."""
        return await actions.select(self, message, custom_id, values, user=user)

    async def submit_modal(self, record: InteractionRecord, values: dict[str, str], *,
                           user: int | None = None) -> InteractionRecord:
        """Submit the modal the bot opened for `record` with {text input custom_id: value}."""
        return await actions.submit_modal(self, record, values, user=user)

    # ----- what the bot did ------------------------------------------------------------------------------------------
    def messages(self, channel: int | None = None) -> list[StoredMessage]:
        """Return the bot's visible (non-ephemeral, not deleted) messages, oldest first, edits applied."""
        return self.store.visible(channel)

    def message(self, message_id: int) -> StoredMessage:
        """Return a stored message by id (deleted ones too; check .deleted)."""
        return self.store.by_id[message_id]

    def commands(self, guild: bool = False) -> list[Json]:
        """Return the synced global commands (or the guild's, with guild=True)."""
        return self.registry.commands(self.guild_id if guild else None)

    def pinged(self, message: StoredMessage, revision: int = -1) -> set[int]:
        """Return who a message (at a revision; default latest) would notify, per content and allowed_mentions."""
        rev = message.revisions[revision]
        return pinged(self.world, content=rev.content, allowed_mentions=rev.allowed_mentions,
                      author_id=int(message.payload["author"]["id"]), webhook=message.webhook,
                      channel_id=message.channel_id)

    def requests_to(self, method: str, pattern: str) -> list[RecordedRequest]:
        """Return recorded requests matching method ('*' = any) and a path regex (relative to /api/v10)."""
        return [r for r in self.requests if r.matches(method, pattern)]

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float = 5.0, what: str = "a condition") -> T:
        """Wait until predicate() is truthy (re-checked on every change) and return its value."""
        return await self.changes.wait_for(predicate, timeout, what)

    async def wait_for_request(self, method: str, pattern: str, *, count: int = 1,
                               timeout: float = 5.0) -> RecordedRequest:
        """Wait until `count` matching requests were answered; return the last of them."""
        def done() -> RecordedRequest | None:
            found = [r for r in self.requests_to(method, pattern) if r.status]
            return found[count - 1] if len(found) >= count else None
        return await self.wait_for(done, timeout, f"{count}x {method} {pattern} (saw {self.requests[-5:]})")

    async def wait_for_message(self, predicate: Callable[[StoredMessage], bool] | None = None, *,
                               channel: int | None = None, timeout: float = 5.0) -> StoredMessage:
        """Wait for a visible message matching predicate (default: any) and return the newest such."""
        def found() -> StoredMessage | None:
            hits = [m for m in self.messages(channel) if predicate is None or predicate(m)]
            return hits[-1] if hits else None
        return await self.wait_for(found, timeout, "a matching message")

    # ----- faults, time and the gateway -----------------------------------------------------------------------------
    def fail_next(self, method: str, path_regex: str, status: int = 429, times: int = 1, retry_after: float = 0.3,
                  *, code: int = 0, message: str | None = None, via: bool = True, is_global: bool = False) -> Fault:
        """Answer the next `times` matching requests with `status` (429 carries Via + retry_after, gotcha G)."""
        fault = Fault(method, path_regex, status, times, retry_after, code, message, via, is_global)
        self.faults.append(fault)
        return fault

    def rate_limit(self, method: str, path_regex: str, limit: int, per: float) -> Bucket:
        """Rate-limit matching requests: X-RateLimit-* headers always, a 429 (with Via) once exhausted."""
        bucket = Bucket(method, path_regex, limit, per, f"bucket-{len(self.buckets) + 1}")
        self.buckets.append(bucket)
        return bucket

    def advance(self, seconds: float) -> None:
        """Move the double's clock forward (interaction deadlines and token expiry)."""
        self.clock.advance(seconds)

    @property
    def sessions(self) -> list[Session]:
        """Return every gateway session ever identified."""
        return self.gateway.sessions

    async def reconnect(self, timeout: float = 5.0) -> None:
        """Send op 7 RECONNECT and wait until the bot has RESUMEd."""
        await self.gateway.reconnect(timeout)

    async def drop_connection(self, timeout: float = 5.0, *, wait: bool = True) -> None:
        """Abort the socket (no close frame); events sent meanwhile are replayed on RESUME. wait: until resumed."""
        await self.gateway.drop(timeout, wait=wait)
