"""Where an /attack's extra over a /roll goes, end to end: the bot's CPU by thread, and its calls by area.

Run: .venv/bin/python bench/where.py [--bursts 4] [--channels 200] [--calls]
It sets up the end-to-end stage (bench/e2e.py: the Discord double, a Farscape fight in every channel, `fray run`),
warms it up the same way, then sends bursts of /attack and of /roll in every channel, in turn (the order flips every
burst). For each command it prints the bot's CPU a command over the bursts, from /proc: the event loop's thread
(user and system) and the other threads (the database's). With --calls the bot runs under bench/profiled_bot.py and
cProfile counts the event loop's calls over the same bursts: calls and profiled µs a command by area (the rules,
the services, the database layer, rendering, discord.py, aiohttp, asyncio), and the functions that grow most from
/roll to /attack. cProfile adds a cost to every call: read its µs as shares, and the CPU lines as the times.
Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import pstats
import signal
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from bench import e2e
from bench.process import fray_run

TICK = os.sysconf("SC_CLK_TCK")
# Where a function lives, by the first of these its file's path holds (the order matters: combat/ after its systems).
AREAS = (("combat/systems/", "rules (a system)"), ("combat/", "rules (the engine)"), ("bot/services", "services"),
         ("bot/db", "database layer"), ("bot/render", "rendering"), ("bot/systems", "rendering"),
         ("bot/discord", "bot/discord"), ("bot/", "bot (other)"), ("site-packages/discord/", "discord.py"),
         ("aiohttp", "aiohttp"), ("asyncio", "asyncio"), ("sqlalchemy", "SQLAlchemy"), ("logging", "logging"))
Threads = dict[str, tuple[int, int]]


def threads(pid: int) -> Threads:
    """Return each thread's user and system clock ticks so far, by thread id."""
    found: Threads = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # a thread that ended meanwhile
            continue
        found[task.name] = (int(fields[11]), int(fields[12]))
    return found


def _area(where: str) -> str:
    return next((name for key, name in AREAS if key in where), "other")


async def _burst(probe: Any, table: Any, channels: list[int], send: Callable[..., Any], pid: int,
                 cpu: dict[str, list[int]]) -> None:
    """Send one command in every channel at once; add the bot's CPU ticks (main user, main system, others)."""
    before = threads(pid)
    with e2e._probe_collector_paused():
        await asyncio.gather(*(send(probe, table, c) for c in channels))
    after = threads(pid)
    for tid, (user, system) in after.items():
        was = before.get(tid, (0, 0))
        if tid == str(pid):
            cpu["main user"][0] += user - was[0]
            cpu["main system"][0] += system - was[1]
        else:
            cpu["other threads"][0] += user + system - sum(was)


async def measure(url: str, channels: int, bursts: int, out: str | None) -> dict[str, dict[str, list[int]]]:
    """Run the bursts; return each command's CPU ticks, and write cProfile's counts when ``out`` is given."""
    under = (sys.executable, str(Path(__file__).with_name("profiled_bot.py"))) if out else ()
    if out:
        os.environ["FRAY_PROFILE_OUT"] = out
    cpu: dict[str, dict[str, list[int]]] = {
        name: {"main user": [0], "main system": [0], "other threads": [0]} for name in ("attack", "roll")}
    dumps = {"attack": 0, "roll": 0}
    async with e2e.fights(url, channels) as (double, table, chans), fray_run(double, url, under=under) as process:
        probe = e2e.Probe(double, table.gm, process.pid)
        await e2e._warm_up(probe, table, chans)
        for number in range(2 * bursts):
            name, send = e2e._in_turn(number // 2)[number % 2]
            await e2e._ready(table, chans)
            if out:
                os.kill(process.pid, signal.SIGUSR1)
            await _burst(probe, table, chans, send, process.pid, cpu[name])
            if out:
                os.kill(process.pid, signal.SIGUSR2)
                await _dumped(f"{out}-{number}.pstats")
                os.rename(f"{out}-{number}.pstats", f"{out}-{name}-{dumps[name]}.pstats")
                dumps[name] += 1
            await e2e._settle(double)
    return cpu


async def _dumped(path: str, within: float = 30.0) -> None:
    """Wait for the bot to write its counts."""
    for _ in range(int(within / 0.05)):
        if Path(path).exists():
            await asyncio.sleep(0.1)  # let the write finish
            return
        await asyncio.sleep(0.05)
    raise RuntimeError(f"the bot wrote no {path}")


def cpu_lines(cpu: dict[str, dict[str, list[int]]], commands: int) -> list[str]:
    """Render each command's CPU a command (µs), and /attack over /roll."""
    lines = [f"{'the bot, CPU µs a command':28s} {'/attack':>9s} {'/roll':>9s} {'ratio':>7s}"]
    for part in ("main user", "main system", "other threads"):
        attack, roll = (cpu[n][part][0] / TICK / commands * 1e6 for n in ("attack", "roll"))
        lines.append(f"{part:28s} {attack:9.0f} {roll:9.0f} {attack / roll if roll else float('nan'):7.2f}")
    return lines


def call_lines(out: str, commands: int) -> list[str]:
    """Render cProfile's counts by area and the functions that grow most, a command."""
    stats = {name: pstats.Stats(*sorted(str(p) for p in Path(out).parent.glob(f"{Path(out).name}-{name}-*.pstats")))
             for name in ("attack", "roll")}
    by_area: dict[str, Counter[str]] = {}
    grows: Counter[str] = Counter()
    for name, found in stats.items():
        areas: Counter[str] = Counter()
        for (where, line, function), (_, calls, own, _, _) in found.stats.items():  # type: ignore[attr-defined]
            areas[f"{_area(where)} calls"] += calls
            areas[f"{_area(where)} µs"] += own * 1e6
            label = f"{where.split('site-packages/')[-1].split('/work/main/')[-1]}:{line}({function})"
            grows[label] += own * 1e6 if name == "attack" else -own * 1e6
        by_area[name] = areas
    lines = [f"{'cProfile, a command':28s} {'/attack':>16s} {'/roll':>16s}", f"{'':28s} {'calls':>7s} {'µs':>8s} "
             f"{'calls':>7s} {'µs':>8s}"]
    names = sorted({k.rsplit(" ", 1)[0] for k in by_area["attack"]}, key=lambda a: -by_area["attack"][f"{a} µs"])
    for area in names:
        row = [by_area[n][f"{area} {kind}"] / commands for n in ("attack", "roll") for kind in ("calls", "µs")]
        lines.append(f"{area:28s} {row[0]:7.0f} {row[1]:8.0f} {row[2]:7.0f} {row[3]:8.0f}")
    lines += ["", "grows most from /roll to /attack (own µs a command):"]
    lines += [f"  {value / commands:7.1f}  {label}" for label, value in grows.most_common(15)]
    return lines


def main() -> None:
    """Parse the arguments, run the bursts on a throwaway SQLite file and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--bursts", type=int, default=4, help="bursts of each command (default 4)")
    parser.add_argument("--channels", type=int, default=200, help="channels, one fight each (default 200)")
    parser.add_argument("--calls", action="store_true", help="count the event loop's calls with cProfile too")
    parser.add_argument("--keep", type=Path, help="write the database and the counts here, and keep them")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        scratch = args.keep or stack.enter_context(tempfile.TemporaryDirectory(prefix="fray-where-"))
        Path(scratch).mkdir(parents=True, exist_ok=True)
        url = f"sqlite+aiosqlite:///{scratch}/where.sqlite3"
        out = f"{scratch}/profile" if args.calls else None
        cpu = asyncio.run(measure(url, args.channels, args.bursts, out))
        commands = args.bursts * args.channels
        lines = cpu_lines(cpu, commands) + (["", *call_lines(out, commands)] if out else [])
        sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
