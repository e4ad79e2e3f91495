"""What the test holds after invoke/click/autocomplete: the interaction and everything the bot answered."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from .messages import MessageStore, StoredMessage
from .state import Changes, Rejection

Json = dict[str, Any]
T = TypeVar("T")
KIND_NAMES = {2: "slash command", 3: "component", 4: "autocomplete", 5: "modal submit"}


class Choice(NamedTuple):
    """One autocomplete suggestion."""

    name: str
    value: Any


@dataclass(frozen=True)
class Callback:
    """The initial interaction response: callback type (4,5,6,7,8,9), its data and how long the bot took."""

    type: int
    data: Json | None
    latency: float
    message: StoredMessage | None = None

    @property
    def ephemeral(self) -> bool:
        """Return True if the response (or the deferred placeholder) is ephemeral."""
        return bool(int((self.data or {}).get("flags") or 0) & 64)


@dataclass(eq=False)
class InteractionRecord:
    """One interaction sent to the bot; await its response, followups or rejections."""

    id: int
    token: str
    kind: int
    name: str
    user_id: int
    channel_id: int
    payload: Json = field(repr=False)
    created_at: float = field(repr=False)
    _store: MessageStore = field(repr=False)
    _changes: Changes = field(repr=False)
    callback: Callback | None = None
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    failures: list[Rejection] = field(default_factory=list)
    expired: bool = False

    @property
    def label(self) -> str:
        """Return a readable description for error messages."""
        return f"{KIND_NAMES.get(self.kind, self.kind)} {self.name!r} (interaction {self.id})"

    @property
    def original(self) -> StoredMessage | None:
        """Return the @original message (response, placeholder or clicked message), if any."""
        return self._store.by_id.get(self.original_id) if self.original_id else None

    @property
    def messages(self) -> list[StoredMessage]:
        """Return the messages this interaction created (initial response, then followups), current state."""
        ids = ([self.original_id] if self.original_id and self._owns_original() else []) + self.followup_ids
        found = [self._store.by_id[i] for i in dict.fromkeys(ids) if i in self._store.by_id]
        return [m for m in found if not m.deleted]

    def _owns_original(self) -> bool:
        msg = self.original
        return msg is not None and msg.interaction_id == self.id

    @property
    def ephemeral(self) -> list[StoredMessage]:
        """Return this interaction's ephemeral messages (only the invoking user sees them)."""
        return [m for m in self.messages if m.ephemeral]

    @property
    def followup_messages(self) -> list[StoredMessage]:
        """Return the followup messages (not the initial response)."""
        return [self._store.by_id[i] for i in self.followup_ids if not self._store.by_id[i].deleted]

    @property
    def choices(self) -> list[Choice]:
        """Return the autocomplete choices (type 8 response)."""
        if self.callback is None or self.callback.type != 8:
            return []
        return [Choice(c["name"], c["value"]) for c in (self.callback.data or {}).get("choices", [])]

    @property
    def modal(self) -> Json | None:
        """Return the modal the bot opened (type 9 data), if any."""
        return self.callback.data if self.callback and self.callback.type == 9 else None

    async def wait_for(self, predicate: Callable[[InteractionRecord], T | None], timeout: float = 5.0,
                       what: str = "a condition") -> T:
        """Wait until predicate(record) is truthy and return its value."""
        return await self._changes.wait_for(lambda: predicate(self), timeout, lambda: f"{what} on {self.label}")

    async def response(self, timeout: float = 5.0) -> Callback:
        """Wait for the initial callback and return it."""
        def got() -> Callback | None:
            return self.callback
        return await self._changes.wait_for(got, timeout, lambda: self._missing("an initial response"), poll=None,
                                            key=self.id)

    async def followups(self, n: int = 1, timeout: float = 5.0) -> list[StoredMessage]:
        """Wait until at least n followups exist and return them all."""
        def enough() -> list[StoredMessage] | None:
            found = self.followup_messages
            return found if len(found) >= n else None
        return await self._changes.wait_for(enough, timeout, lambda: self._missing(f"{n} followup(s)"), poll=None,
                                            key=self.id)

    async def rejected(self, code: int | None = None, timeout: float = 5.0) -> Rejection:
        """Wait until the double refused one of the bot's calls for this interaction (optionally with code)."""
        def hit() -> Rejection | None:
            return next((r for r in self.failures if code is None or r.code == code), None)
        return await self._changes.wait_for(hit, timeout, lambda: self._missing(f"a rejection {code or ''}"),
                                            poll=None, key=self.id)

    def _missing(self, what: str) -> str:
        return (f"{what} to {self.label}; callback={self.callback and self.callback.type}, "
                f"followups={len(self.followup_ids)}, rejections={[(r.status, r.code) for r in self.failures]}")
