"""Memory: RSS after every stored encounter's channel got a command, and the per-channel structures left behind."""

from __future__ import annotations

import resource
import time
from pathlib import Path
from typing import Any

from bench.growth import OTHERS_FROM
from bench.scenarios import Table
from bot.services import ReplayDice, dispatch

__all__ = ["memory", "rss_mb"]


def rss_mb() -> float:
    """Return the resident set size now (VmRSS), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _queues(table: Table) -> int:
    """Return how many channels the dice provider keeps a queue for (-1: it keeps none by design)."""
    dice = table.services.dice
    return dice.channels() if isinstance(dice, ReplayDice) else -1


async def memory(table: Table, channels: int) -> dict[str, Any]:
    """Send /encounter status and /roll in ``channels`` channels holding stored encounters; report what grew."""
    before, started = rss_mb(), time.perf_counter()
    refused = 0
    for i in range(channels):
        caller = table.caller(OTHERS_FROM + i)
        try:
            await dispatch(table.services, caller, "encounter status", {})
        except Exception:  # an ended encounter: "no encounter here" is still a command that touched the channel
            refused += 1
        await dispatch(table.services, caller, "roll", {"dice": "4dF"})
    return {
        "channels_touched": channels,
        "no_active_encounter": refused,
        "seconds": time.perf_counter() - started,
        "rss_before_mb": before,
        "rss_after_mb": rss_mb(),
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "channel_locks_alive": len(table.db.locks),
        "dice_queues": _queues(table),
    }
