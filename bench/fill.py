"""Fill a database fast with plain SQL: other encounters (copies of a real state) and a long event log."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator

import aiosqlite

from bench.dbs import pg_connect, sqlite_connect
from bench.floor import Sample

__all__ = ["fill_encounters", "fill_events"]


@contextlib.asynccontextmanager
async def _sqlite_writing(url: str) -> AsyncIterator[aiosqlite.Connection]:
    """Yield a SQLite connection inside BEGIN IMMEDIATE; commit when the block ends, close in any case."""
    conn = await sqlite_connect(url)
    try:
        await conn.execute("BEGIN IMMEDIATE")
        yield conn
        await conn.execute("COMMIT")
    finally:
        await conn.close()


def _roster(state: str) -> list[tuple[str, str, str, int]]:
    fighters = json.loads(state).get("combatants", [])
    return [(c["id"], c["name"], c["side"], i) for i, c in enumerate(fighters)]


async def fill_encounters(url: str, sample: Sample, count: int, active: int, first_channel: int) -> None:
    """Store ``count`` encounters in channels from ``first_channel`` on, the first ``active`` of them active.

    Each gets the sample state and its combatant rows (as Fray keeps them for queries); none gets events.
    """
    rows = [(first_channel + i, i < active) for i in range(count)]
    roster = _roster(sample.state)
    if url.startswith("sqlite"):
        async with _sqlite_writing(url) as conn:
            await conn.executemany(
                "INSERT INTO encounters (guild_id, channel_id, system, name, gm_id, active, version, state) "
                "VALUES (2, ?, 'farscape', 'other', 1, ?, 1, ?)", [(c, a, sample.state) for c, a in rows])
            cursor = await conn.execute("SELECT id FROM encounters WHERE channel_id >= ?", (first_channel,))
            ids = [r[0] for r in await cursor.fetchall()]
            await conn.executemany(
                "INSERT INTO combatants (encounter_id, key, name, side, owner_id, position) "
                "VALUES (?, ?, ?, ?, NULL, ?)",
                [(e, *c) for e in ids for c in roster])
        return
    pg = await pg_connect(url)
    try:
        async with pg.transaction():
            await pg.executemany(
                "INSERT INTO encounters (guild_id, channel_id, system, name, gm_id, active, version, state) "
                "VALUES (2, $1, 'farscape', 'other', 1, $2, 1, $3)", [(c, a, sample.state) for c, a in rows])
            ids = [r[0] for r in await pg.fetch("SELECT id FROM encounters WHERE channel_id >= $1", first_channel)]
            await pg.copy_records_to_table("combatants", records=[(e, *c) for e in ids for c in roster],
                                           columns=["encounter_id", "key", "name", "side", "position"])
        await pg.execute("VACUUM ANALYZE")  # settled now: no autovacuum of these rows during the timed runs
    finally:
        await pg.close()


async def fill_events(url: str, channel: int, sample: Sample, count: int) -> None:
    """Log ``count`` more events (copies of a real /attack, with its ``before``) for the active fight in ``channel``.

    They are logged at round 0 with seq 0, -1, -2 … (before the fight's own entries), so no round summary reads them
    and the next seq is unchanged; only the log's length grows.
    """
    if url.startswith("sqlite"):
        async with _sqlite_writing(url) as conn:
            cursor = await conn.execute("SELECT id FROM encounters WHERE channel_id = ? AND active", (channel,))
            found = await cursor.fetchone()
            assert found is not None, f"no active fight in channel {channel}"
            ident = found[0]
            await conn.executemany(
                "INSERT INTO events (encounter_id, seq, round, kind, user_id, payload, before, undone) "
                "VALUES (?, ?, 0, 'attack', 1, ?, ?, 0)",
                [(ident, -i, sample.payload, sample.state) for i in range(count)])
        return
    pg = await pg_connect(url)
    try:
        row = await pg.fetchrow("SELECT id FROM encounters WHERE channel_id = $1 AND active", channel)
        await pg.executemany(
            "INSERT INTO events (encounter_id, seq, round, kind, user_id, payload, before, undone) "
            "VALUES ($1, $2, 0, 'attack', 1, $3, $4, false)",
            [(row[0], -i, sample.payload, sample.state) for i in range(count)])
        await pg.execute("VACUUM ANALYZE")  # settled now: no autovacuum of these rows during the timed runs
    finally:
        await pg.close()
