"""Instructions the bot spends per command, counted by callgrind in the end-to-end bursts of bench/e2e.py.

On this kind of machine the same burst of /attacks takes up to 1.7x longer from one trial to the next (the bot's own
CPU time, not waiting), so a ratio of p99s moves by more than most changes to the code do. Valgrind's callgrind counts
the instructions the bot executes instead: for the same program and inputs the count is the same whatever else the
machine is doing. The bot (`fray run`, as bench/e2e.py starts it) runs under ``valgrind --tool=callgrind`` with the
counting switched off; `callgrind_control` switches it on for each burst only, from sending the interactions until
the last answer is in, then dumps the counts (every thread of the bot: the event loop's and SQLite's).

The bot runs some 50 times slower under valgrind, so a burst here is 20 channels, not 200 (a command's count hardly
depends on how many come at once; it is the work, not the waiting). The fights and the warm-up are bench/e2e.py's;
the dice are the bot's own random ones, so a burst's count varies a little with what the dice did (a hit, a round's
end), and the figure is the mean over the bursts. Skipped with a note when valgrind is not installed.
"""

from __future__ import annotations

import asyncio
import glob
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import e2e as bursts
from bench.process import fray_run
from bench.stats import per_command

__all__ = ["InstructionsPlan", "available", "instructions"]

STARTED_WITHIN = 600.0  # seconds for the bot to start under valgrind (its imports run at a fiftieth of the speed)
DUMPED_WITHIN = 60.0  # seconds for a dump of the counts to appear


@dataclass(frozen=True)
class InstructionsPlan:
    """Bursts of each command, and how many channels a burst uses."""

    bursts: int
    channels: int = 20


def available() -> bool:
    """Tell whether valgrind and callgrind_control are installed."""
    return shutil.which("valgrind") is not None and shutil.which("callgrind_control") is not None


async def _control(pid: int, *args: str) -> None:
    """Send one command to the callgrind inside process ``pid`` (it answers once done)."""
    done = await asyncio.create_subprocess_exec("callgrind_control", *args, str(pid),
                                                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
    if await done.wait():
        raise RuntimeError(f"callgrind_control {' '.join(args)} {pid} failed")


async def _counted(pid: int, out: Path, send: Any) -> int:
    """Count the instructions of one burst (``send`` sends it and returns once every answer is in)."""
    known = set(glob.glob(f"{out}.{pid}*"))
    await _control(pid, "--zero")
    await _control(pid, "--instr=on")
    try:
        await send()
    finally:
        await _control(pid, "--instr=off")
    await _control(pid, "--dump")
    for _ in range(int(DUMPED_WITHIN * 10)):
        fresh = [p for p in glob.glob(f"{out}.{pid}*") if p not in known]
        if fresh:
            return _total(Path(fresh[0]))
        await asyncio.sleep(0.1)
    raise RuntimeError("callgrind wrote no dump")


def _total(dump: Path) -> int:
    """Return the instructions a callgrind dump counted (its ``totals:`` line; older valgrinds write ``summary:``)."""
    lines = dump.read_text().splitlines()
    for key in ("totals:", "summary:"):
        found = [int(line.split()[1]) for line in lines if line.startswith(key)]
        if found:
            return found[0]
    raise RuntimeError(f"no totals in {dump}")


async def _series(probe: bursts.Probe, table: Any, channels: list[int], out: Path,
                  plan: InstructionsPlan) -> dict[str, list[int]]:
    """Count each command's bursts, the two commands taking turns (which goes first flips every turn)."""
    counts: dict[str, list[int]] = {"attack": [], "roll": []}
    for turn in range(plan.bursts):
        for name, send in bursts.PAIR if turn % 2 == 0 else bursts.PAIR[::-1]:
            await bursts._ready(table, channels)

            async def burst(send: Any = send) -> None:
                await asyncio.gather(*(send(probe, table, channel) for channel in channels))

            counts[name].append(await _counted(probe.bot, out, burst))
            await bursts._settle(probe.double)
    return counts


async def instructions(url: str, plan: InstructionsPlan) -> dict[str, Any]:
    """Run `fray run` under callgrind on ``url``; count each command's instructions per interaction, in bursts."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "callgrind.out"
        under = ("valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}.%p")
        async with (bursts.fights(url, plan.channels) as (double, table, channels),
                    fray_run(double, url, under=under, started_within=STARTED_WITHIN) as process):
            probe = bursts.Probe(double, table.gm, process.pid)
            await bursts._warm_up(probe, table, channels)
            counts = await _series(probe, table, channels, out, plan)
    per = per_command(counts, plan.channels)
    return {
        "channels": plan.channels,
        "per_command": per,
        "attack_over_roll": per["attack"] / per["roll"],
        "bursts": counts,
        "lost": probe.lost,
        "resets": table.resets,
    }
