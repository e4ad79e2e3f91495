"""`fray run` as its own process against the Discord double: the bot's heap and core are its own, as in production."""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from bot.config import REPO_ROOT

__all__ = ["cpu_seconds", "fray_run", "main_thread_seconds"]

STARTED_WITHIN = 60.0  # seconds for the process to log in, sync its commands and connect


def cpu_seconds(pid: int) -> float:
    """Return the CPU time (user and system, every thread) process ``pid`` has used so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime and stime, in clock ticks


def main_thread_seconds(pid: int) -> float:
    """Return the time process ``pid``'s main thread has run so far (its schedstat, in nanoseconds: no 10 ms ticks).

    NaN where the kernel keeps no schedstat.
    """
    try:
        return int(Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split()[0]) / 1e9
    except (OSError, ValueError, IndexError):
        return math.nan


def _environment(double: Any, url: str) -> dict[str, str]:
    """Return the environment `fray run` needs to use ``url`` and reach the double instead of Discord."""
    skip = ("DISCORD_", "DATABASE_", "DEV_GUILD", "SHARD_", "METRICS_")
    env = {k: v for k, v in os.environ.items() if not k.startswith(skip)}
    env.update(DISCORD_TOKEN=double.token, DISCORD_API_BASE=double.api_base, DISCORD_GATEWAY_URL=double.gateway_url,
               DATABASE_URL=url, PYTHONPATH=str(REPO_ROOT))
    return env


async def _stop(process: asyncio.subprocess.Process) -> None:
    """Ask the process to stop (SIGTERM, as a service manager does); kill it if it has not within 30 s."""
    if process.returncode is not None:
        return
    process.terminate()
    try:
        await asyncio.wait_for(process.wait(), 30)
    except TimeoutError:
        process.kill()
        await process.wait()


@contextlib.asynccontextmanager
async def fray_run(
    double: Any, url: str, *, under: tuple[str, ...] = (), started_within: float = STARTED_WITHIN
) -> AsyncIterator[asyncio.subprocess.Process]:
    """Start `python -m bot run` on ``url`` pointed at ``double``; yield once it is connected and answers.

    ``under`` is a command the bot runs under (valgrind, for bench/instructions.py): its pid is then that command's.
    """
    known = len(double.sessions)
    process = await asyncio.create_subprocess_exec(
        *under, sys.executable, "-m", "bot", "run", env=_environment(double, url), cwd=REPO_ROOT,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
    )
    exited = asyncio.ensure_future(process.wait())
    try:
        connected = asyncio.ensure_future(double.wait_for(lambda: any(s.connected for s in double.sessions[known:]),
                                                          started_within, "fray run to connect"))
        await asyncio.wait({exited, connected}, return_when=asyncio.FIRST_COMPLETED)
        if exited.done():
            connected.cancel()
            raise RuntimeError(f"fray run exited with {process.returncode} before it connected")
        await connected
        record = await double.invoke("roll", {"dice": "4dF"})  # connected is not yet ready: wait for one answer
        await record.response(timeout=started_within)
        yield process
    finally:
        await _stop(process)
        await exited
