"""Measure per-command latency through the services on SQLite (and PostgreSQL when FRAY_TEST_PG_URL is set).

Run: .venv/bin/python bench/commands.py [--commands 400]. It reports numbers; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.config import REPO_ROOT, Settings
from bot.db.engine import open_database
from bot.services import HANDLERS, Caller, ReplayDice, Services

GM = Caller(1, "gm", 1, 10)


async def run(url: str, commands: int) -> dict[str, float]:
    """Start a fight and time ``commands`` alternating adds and turn changes; return latency figures in ms."""
    db = await open_database(url)
    try:
        settings = Settings(database_url=url, data_dir=REPO_ROOT / "data")
        services = Services(db, settings, ReplayDice(7))
        await services.warm()
        await HANDLERS["encounter start"](services, GM, {"system": "farscape"})
        await HANDLERS["encounter add"](services, GM, {"template": "peacekeeper trooper", "count": "6"})
        await HANDLERS["encounter begin"](services, GM, {})
        timings: list[float] = []
        for i in range(commands):
            path = "encounter next" if i % 2 else "encounter status"
            started = time.perf_counter()
            await HANDLERS[path](services, GM, {})
            timings.append((time.perf_counter() - started) * 1000)
        concurrent = time.perf_counter()
        await asyncio.gather(*(HANDLERS["encounter next"](services, GM, {}) for _ in range(100)))
        burst = (time.perf_counter() - concurrent) * 1000
    finally:
        await db.dispose()
    timings.sort()
    return {
        "median_ms": statistics.median(timings),
        "p95_ms": timings[int(len(timings) * 0.95) - 1],
        "max_ms": timings[-1],
        "burst_100_next_ms": burst,
    }


async def _admin(base: str, verb: str) -> str:
    """Create or drop the benchmark's own PostgreSQL database next to ``base``; return its URL."""
    from sqlalchemy import make_url, text
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(base, isolation_level="AUTOCOMMIT")
    create, drop = 'CREATE DATABASE "fray_bench"', 'DROP DATABASE IF EXISTS "fray_bench" WITH (FORCE)'
    statement = create if verb == "CREATE" else drop
    try:
        async with engine.connect() as conn:
            await conn.execute(text(statement))
    finally:
        await engine.dispose()
    return make_url(base).set(database="fray_bench").render_as_string(hide_password=False)


def main() -> None:
    """Run the benchmark on each available database and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--commands", type=int, default=400)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        targets = {"sqlite": f"sqlite+aiosqlite:///{scratch}/bench.sqlite3"}
        base = os.environ.get("FRAY_TEST_PG_URL")
        if base:
            targets["postgresql"] = asyncio.run(_admin(base, "CREATE"))
        try:
            for name, url in targets.items():
                figures = asyncio.run(run(url, args.commands))
                shown = ", ".join(f"{k} {v:.1f}" for k, v in figures.items())
                sys.stdout.write(f"{name}: {args.commands} commands: {shown}\n")
        finally:
            if base:
                asyncio.run(_admin(base, "DROP"))


if __name__ == "__main__":
    main()
