"""The bare floor: per command BEGIN, SELECT the encounter row by channel, UPDATE it, INSERT one event, COMMIT.

Same schema (made by Fray's migrations), same pragmas, and the same bytes Fray writes (a real encounter state
and a real /attack payload, copied from rows Fray stored); no ORM, no JSON decoding, no rules.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from bench.dbs import pg_connect, sqlite_connect

__all__ = ["Floor", "PgFloor", "Sample", "SqliteFloor", "open_floor", "sample_of"]


@dataclass(frozen=True)
class Sample:
    """A real encounter state and a real /attack event payload, as JSON text."""

    state: str
    payload: str


async def sample_of(url: str, channel: int) -> Sample:
    """Read the state of the active encounter in ``channel`` and its latest /attack payload, as Fray stored them."""
    if url.startswith("sqlite"):
        conn = await sqlite_connect(url)
        try:
            row = await (await conn.execute(
                "SELECT e.state, v.payload FROM encounters e JOIN events v ON v.encounter_id = e.id "
                "WHERE e.channel_id = ? AND e.active AND v.kind = 'attack' ORDER BY v.seq DESC LIMIT 1",
                (channel,))).fetchone()
        finally:
            await conn.close()
    else:
        pg = await pg_connect(url)
        try:
            row = await pg.fetchrow(
                "SELECT e.state::text, v.payload::text FROM encounters e JOIN events v ON v.encounter_id = e.id "
                "WHERE e.channel_id = $1 AND e.active AND v.kind = 'attack' ORDER BY v.seq DESC LIMIT 1", channel)
        finally:
            await pg.close()
    assert row is not None, "no /attack stored yet to copy"
    return Sample(str(row[0]), str(row[1]))


class Floor(Protocol):
    """A floor loop on one database."""

    async def prepare(self, channels: list[int]) -> None: ...

    async def run(self, channels: list[int], per_channel: int) -> tuple[float, list[list[float]]]: ...

    async def close(self) -> None: ...


@dataclass
class SqliteFloor:
    """One aiosqlite connection (SQLite has one writer): concurrent channels queue for it."""

    url: str
    sample: Sample
    conn: Any = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def prepare(self, channels: list[int]) -> None:
        """Store one active encounter per floor channel, with the sample state."""
        self.conn = await sqlite_connect(self.url)
        await self.conn.execute("BEGIN IMMEDIATE")
        await self.conn.executemany(
            "INSERT INTO encounters (guild_id, channel_id, system, name, gm_id, active, version, state) "
            "VALUES (1, ?, 'farscape', 'floor', 1, 1, 1, ?)", [(c, self.sample.state) for c in channels])
        await self.conn.execute("COMMIT")

    async def command(self, channel: int) -> float:
        """Run one floor command; return its latency in seconds (waiting for the writer included)."""
        started = time.perf_counter()
        async with self.lock:
            conn = self.conn
            await conn.execute("BEGIN IMMEDIATE")
            cursor = await conn.execute(
                "SELECT id, version, state FROM encounters WHERE channel_id = ? AND active", (channel,))
            ident, version, state = await cursor.fetchone()
            await cursor.close()
            now = datetime.now(UTC).isoformat(sep=" ")
            await conn.execute("UPDATE encounters SET state = ?, version = ?, updated = ? WHERE id = ? AND version = ?",
                               (self.sample.state, version + 1, now, ident, version))
            await conn.execute(
                "INSERT INTO events (encounter_id, seq, round, kind, user_id, payload, before, undone, created) "
                "VALUES (?, ?, 1, 'attack', 1, ?, ?, 0, ?)", (ident, version, self.sample.payload, state, now))
            await conn.execute("COMMIT")
        return time.perf_counter() - started

    async def run(self, channels: list[int], per_channel: int) -> tuple[float, list[list[float]]]:
        """Send ``per_channel`` commands per channel, the channels at once."""
        return await _run(self.command, channels, per_channel)

    async def close(self) -> None:
        """Close the connection."""
        if self.conn is not None:
            await self.conn.close()


@dataclass
class PgFloor:
    """One asyncpg connection per channel, each command locking its row with SELECT … FOR UPDATE as Fray does."""

    url: str
    sample: Sample
    conns: dict[int, Any] = field(default_factory=dict)

    async def prepare(self, channels: list[int]) -> None:
        """Open a connection per floor channel and store one active encounter in each."""
        conns = await asyncio.gather(*(pg_connect(self.url) for _ in channels))
        self.conns = dict(zip(channels, conns, strict=True))
        await conns[0].executemany(
            "INSERT INTO encounters (guild_id, channel_id, system, name, gm_id, active, version, state) "
            "VALUES (1, $1, 'farscape', 'floor', 1, true, 1, $2)", [(c, self.sample.state) for c in channels])

    async def command(self, channel: int) -> float:
        """Run one floor command on the channel's own connection; return its latency in seconds."""
        conn = self.conns[channel]
        started = time.perf_counter()
        async with conn.transaction():
            row = await conn.fetchrow(
                "SELECT id, version, state::text FROM encounters WHERE channel_id = $1 AND active FOR UPDATE", channel)
            ident, version, state = row
            await conn.execute("UPDATE encounters SET state = $1, version = $2, updated = now() "
                               "WHERE id = $3 AND version = $4", self.sample.state, version + 1, ident, version)
            await conn.execute(
                "INSERT INTO events (encounter_id, seq, round, kind, user_id, payload, before, undone, created) "
                "VALUES ($1, $2, 1, 'attack', 1, $3, $4, false, now())",
                ident, version, self.sample.payload, state)
        return time.perf_counter() - started

    async def run(self, channels: list[int], per_channel: int) -> tuple[float, list[list[float]]]:
        """Send ``per_channel`` commands per channel, the channels at once."""
        return await _run(self.command, channels, per_channel)

    async def close(self) -> None:
        """Close every connection."""
        await asyncio.gather(*(c.close() for c in self.conns.values()))


async def _run(command: Any, channels: list[int], per_channel: int) -> tuple[float, list[list[float]]]:
    async def one(channel: int) -> list[float]:
        return [await command(channel) for _ in range(per_channel)]

    started = time.perf_counter()
    latencies = await asyncio.gather(*(one(c) for c in channels))
    return time.perf_counter() - started, list(latencies)


async def open_floor(url: str, sample: Sample, channels: list[int]) -> Floor:
    """Open the floor loop of the backend of ``url`` and store its encounters."""
    floor: Floor = SqliteFloor(url, sample) if url.startswith("sqlite") else PgFloor(url, sample)
    await floor.prepare(channels)
    return floor
