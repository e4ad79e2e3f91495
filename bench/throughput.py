"""Commands per second: Fray's /attack through the services against the bare floor, 1 channel and 50 at once.

Trials interleave Fray and the floor (the order flips every trial); figures are medians over trials. The per-command
latencies of the 50-channel runs also give the fairness figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bench.floor import open_floor, sample_of
from bench.scenarios import open_table
from bench.stats import median, spread

__all__ = ["Plan", "throughput"]

FRAY_ONE, FLOOR_ONE = 100, 5_000_000


@dataclass(frozen=True)
class Plan:
    """How much to run: trials, and attacks per trial."""

    trials: int
    one_channel: int  # attacks in the 1-channel run
    per_channel: int  # attacks per channel in the many-channel run
    channels: int = 50


def _fairness(runs: list[list[list[float]]]) -> dict[str, float]:
    """Per-command spread over every many-channel run, and per-channel total wait max/median (median of trials)."""
    flat = [x for run in runs for channel in run for x in channel]
    totals = [max(t) / median(t) for t in ([sum(channel) for channel in run] for run in runs)]
    return {**spread(flat), "channel_wait_max_over_median": median(totals)}


async def throughput(url: str, plan: Plan) -> dict[str, Any]:
    """Measure one database; return commands/s (medians) for Fray and the floor, and Fray's fairness."""
    many_fray = [FRAY_ONE + 1 + i for i in range(plan.channels)]
    many_floor = [FLOOR_ONE + 1 + i for i in range(plan.channels)]
    table = await open_table(url)
    try:
        for channel in [FRAY_ONE, *many_fray]:
            await table.setup(channel)
        await table.run([FRAY_ONE], 5)  # warm-up, and an /attack to copy the bytes of
        floor = await open_floor(url, await sample_of(url, FRAY_ONE), [FLOOR_ONE, *many_floor])
        try:
            rates: dict[str, list[float]] = {"fray_1": [], "floor_1": [], "fray_n": [], "floor_n": []}
            fray_runs: list[list[list[float]]] = []
            floor_runs: list[list[list[float]]] = []
            await floor.run([FLOOR_ONE], 5)
            for trial in range(plan.trials):
                runners = [("fray", table.run), ("floor", floor.run)]
                for name, runner in runners if trial % 2 == 0 else runners[::-1]:
                    one = [FRAY_ONE] if name == "fray" else [FLOOR_ONE]
                    wall, _ = await runner(one, plan.one_channel)
                    rates[f"{name}_1"].append(plan.one_channel / wall)
                for name, runner in runners if trial % 2 else runners[::-1]:
                    many = many_fray if name == "fray" else many_floor
                    wall, latencies = await runner(many, plan.per_channel)
                    rates[f"{name}_n"].append(plan.channels * plan.per_channel / wall)
                    (fray_runs if name == "fray" else floor_runs).append(latencies)
        finally:
            await floor.close()
    finally:
        await table.db.dispose()
    return {
        "channels": plan.channels,
        "commands_per_s": {k: median(v) for k, v in rates.items()},
        "trials": rates,
        "fairness": {"fray": _fairness(fray_runs), "floor": _fairness(floor_runs)},
        "resets": table.resets,
    }
