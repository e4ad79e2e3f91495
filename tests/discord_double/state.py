"""Recorded requests, injected faults and the change notifier that every wait_for uses."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .errors import DoubleTimeout
from .messages import Upload

T = TypeVar("T")


@dataclass
class RecordedRequest:
    """One HTTP request the bot made (every attempt, retries included)."""

    method: str
    path: str  # relative to /api/v10, e.g. "/channels/123/messages"
    query: dict[str, str]
    json: Any
    headers: dict[str, str]
    files: list[Upload] = field(default_factory=list)
    status: int = 0
    response: Any = None
    faulted: bool = False
    authorized: bool = False
    at: float = 0.0

    def matches(self, method: str, pattern: str) -> bool:
        """Return True if the method matches ('*' for any) and the regex is found in the path."""
        return method in ("*", self.method) and re.search(pattern, self.path) is not None

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}{' (fault)' if self.faulted else ''}>"


@dataclass
class Fault:
    """A scripted failure for the next `times` requests matching method and path regex."""

    method: str
    pattern: str
    status: int
    times: int
    retry_after: float = 0.3
    code: int = 0
    message: str | None = None
    via: bool = True
    is_global: bool = False

    def matches(self, method: str, path: str) -> bool:
        """Return True if this fault applies to the request."""
        return self.times > 0 and method.upper() in ("*", self.method.upper()) and re.search(self.pattern, path) \
            is not None


@dataclass(frozen=True)
class Rejection:
    """A request the double refused with a Discord error (e.g. 10062 Unknown interaction)."""

    method: str
    path: str
    status: int
    code: int
    message: str


Waiter = tuple[Callable[[], Any], asyncio.Future[Any]]


class Changes:
    """Wake waiters whenever the double's state changes: only those whose condition now holds.

    ``bump`` checks each waiting predicate at once (they are cheap reads of the double's state) and wakes the
    satisfied ones, so a burst of hundreds of interactions waiting on their answers costs no wake-ups for the
    others. A predicate over state the double does not bump for (a test's own list) is also re-checked every
    ``poll`` seconds; predicates over what requests change (every request bumps) pass ``poll=None``.

    A waiter may name a ``key`` (an interaction's id) when its predicate reads only what requests for that key
    change: it is checked on the bumps that name the key, not on every bump. With hundreds of interactions waiting
    for their answers, every request used to re-check them all (the double's own CPU, on the bot's cores in a bench).
    """

    def __init__(self) -> None:
        self._waiting: list[Waiter] = []
        self._keyed: dict[object, list[Waiter]] = {}

    def bump(self, key: object = None) -> None:
        """Signal a change: resolve every waiter whose predicate now holds (keyed ones only for ``key``)."""
        self._waiting = self._check(self._waiting)
        if key is not None and key in self._keyed:
            still = self._check(self._keyed.pop(key))
            if still:
                self._keyed[key] = still

    @staticmethod
    def _check(waiting: list[Waiter]) -> list[Waiter]:
        """Resolve the waiters whose predicate holds (or raises); return those still waiting."""
        still: list[Waiter] = []
        for predicate, future in waiting:
            if future.done():
                continue
            try:
                value = predicate()
            except Exception as exc:  # the waiter sees it raised, as a direct call would
                future.set_exception(exc)
                continue
            if value:
                future.set_result(value)
            else:
                still.append((predicate, future))
        return still

    async def wait_for(
        self, predicate: Callable[[], T | None], timeout: float, what: Callable[[], str] | str,
        poll: float | None = 0.02, key: object = None,
    ) -> T:
        """Return the first truthy predicate() value, re-checking on every change; raise DoubleTimeout.

        With a ``key``, it is re-checked only on the changes bumped with that key (and every ``poll`` seconds).
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                text = what() if callable(what) else what
                raise DoubleTimeout(f"timed out after {timeout:.2f}s waiting for {text}")
            future: asyncio.Future[T] = loop.create_future()
            (self._waiting if key is None else self._keyed.setdefault(key, [])).append((predicate, future))
            try:
                async with asyncio.timeout(remaining if poll is None else min(remaining, poll)):
                    return await future
            except TimeoutError:
                pass
            finally:
                future.cancel()  # nothing once resolved; a cancelled one is dropped at the next bump
                if key is not None:
                    self._forget(key, future)

    def _forget(self, key: object, future: asyncio.Future[Any]) -> None:
        """Drop a keyed waiter that is done (its key may never be bumped again)."""
        waiting = self._keyed.get(key)
        if waiting is not None:
            waiting[:] = [w for w in waiting if w[1] is not future]
            if not waiting:
                del self._keyed[key]
