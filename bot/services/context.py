"""Who is asking and where, and where each command's dice come from."""

from __future__ import annotations

import zlib
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from combat.dice import DiceSource, Die, RandomDice

__all__ = ["Caller", "DiceProvider", "QueuedDice", "RandomProvider", "ReplayDice"]


@dataclass(frozen=True, slots=True)
class Caller:
    """The user behind a command, the guild and channel it came from, and the roles they hold."""

    user_id: int
    name: str
    guild_id: int
    channel_id: int
    roles: frozenset[str] = field(default_factory=frozenset)
    admin: bool = False

    @property
    def owner_key(self) -> str:
        """Return the key stored as a combatant's owner."""
        return str(self.user_id)


class DiceProvider(Protocol):
    """Hand out the dice source for one command."""

    def for_command(self, channel_id: int, salt: str) -> DiceSource:
        """Return the dice for a command in ``channel_id``; ``salt`` names the command's place in the history."""
        ...

    def snapshot(self, channel_id: int) -> tuple[int, ...]:
        """Return the faces queued by hand in a channel, to put back with ``restore``."""
        ...

    def restore(self, channel_id: int, faces: Iterable[int]) -> None:
        """Put a channel's queued faces back as a snapshot had them (a command that did not count took some)."""
        ...


class RandomProvider:
    """Fresh random dice for every command (the live bot)."""

    def __init__(self) -> None:
        self._rng = RandomDice()

    def for_command(self, channel_id: int, salt: str) -> DiceSource:
        """Return the shared random source."""
        return self._rng

    def snapshot(self, channel_id: int) -> tuple[int, ...]:
        """Return no faces: none are queued by hand here."""
        return ()

    def restore(self, channel_id: int, faces: Iterable[int]) -> None:
        """Do nothing: no faces are queued by hand here."""


class QueuedDice:
    """Faces queued by hand come first; after them the fallback source rolls."""

    def __init__(self, queue: deque[int], fallback: DiceSource) -> None:
        self._queue = queue
        self._fallback = fallback

    def face(self, die: Die) -> int:
        """Return the next queued face (checked against the die) or a fallback roll."""
        if not self._queue:
            return self._fallback.face(die)
        value = self._queue[0]
        if value not in die.faces:
            from combat.errors import DiceError

            raise DiceError(f"The queued face {value} cannot come up on a {die.label}; the queue was left as it was.")
        self._queue.popleft()
        return value


class ReplayDice:
    """The local table's dice: queued faces per channel first, then random dice seeded by (seed, channel, salt).

    Seeding each command by its place in the encounter's history makes a replay after a restart roll the same.
    Only channels with faces still queued are remembered, so a bot that has seen many channels keeps nothing for them.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._queues: dict[int, deque[int]] = {}
        self._random = RandomDice()

    def queue(self, channel_id: int, faces: Iterable[int]) -> None:
        """Queue exact faces for the next rolls in a channel."""
        self._queues.setdefault(channel_id, deque()).extend(faces)

    def clear(self, channel_id: int) -> None:
        """Drop the faces still queued in a channel."""
        self._queues.pop(channel_id, None)

    def snapshot(self, channel_id: int) -> tuple[int, ...]:
        """Return the faces still queued in a channel, to put back with ``restore``."""
        return tuple(self._queues.get(channel_id, ()))

    def restore(self, channel_id: int, faces: Iterable[int]) -> None:
        """Put a channel's queue back as a snapshot had it (a refused command gives back the faces it took)."""
        self._queues[channel_id] = deque(faces)
        if not self._queues[channel_id]:
            del self._queues[channel_id]

    def queued(self, channel_id: int) -> int:
        """Return how many faces are still queued in a channel."""
        return len(self._queues.get(channel_id, ()))

    def for_command(self, channel_id: int, salt: str) -> DiceSource:
        """Return the queued faces for this channel, falling back to seeded or fresh random dice."""
        fallback = self._random if self.seed is None else RandomDice(hash_seed(self.seed, channel_id, salt))
        queue = self._queues.get(channel_id)
        if not queue:
            self._queues.pop(channel_id, None)  # a queue used up is forgotten
            return fallback
        return QueuedDice(queue, fallback)

    def channels(self) -> int:
        """Return how many channels have a queue remembered (only those with faces left, or just used up)."""
        return len(self._queues)


def hash_seed(seed: int, channel_id: int, salt: str) -> int:
    """Derive a stable integer seed (independent of PYTHONHASHSEED) from the parts."""
    return zlib.crc32(f"{seed}:{channel_id}:{salt}".encode()) + (seed << 32)
