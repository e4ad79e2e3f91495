"""End to end: the real discord.py client (FrayBot) against the Discord double of tests/discord_double.

Latency is from sending the interaction to the double holding the answer (the direct response, or the followup
that fills a deferred one). /roll touches no database, so /attack p99 ÷ /roll p99 is what the database path adds.

Each trial is a 1-channel series (attack and roll in turn) and then a 200-channel burst of each. The first pair of
every trial after the first comes right after a burst has settled and pays for it (cold caches, the burst's last
status-board edits and log checkpoint); the very first pays for starting up. Measured on a 2-core VM: such a first
/attack took 4.5–5.5 ms (10 ms the very first) against a 2.4 ms median, and with five trials of 100 pairs, five
such samples are exactly the p99's rank. So that pair is timed apart (``first_after_burst_ms`` in the JSON, every
sample) and the 1-channel figures are the series' steady state.

Likewise the bot's first bursts are its start-up, not the commands' steady cost, and go first, untimed in the
figures (their slowest answers are kept apart, ``warmup_ms``): a burst of /roll and one /attack in every channel for
each of its fighters, a whole round. The first burst opens the bot's pool of HTTP connections to Discord, one per
answer in flight (measured: about 300 connects in the first 200-channel burst, none after). The fights were set up
by this process, so the bot starts every channel cold: the first command reads the encounter, and the first round
that ends reads the round's events back for its summary (measured: the attack burst that ended it took about twice
as long); from then on the bot follows each round and keeps what it needs.

The warm-up also puts the fights out of step, as the tables of 200 channels are: channel ``i`` is ``i % 4`` turns
into its round of four, so each burst ends the rounds of a quarter of the channels. Set up in step, every fourth
burst ended a round in all 200 channels at once, and that one burst made the whole /attack p99 (measured in stop
22: that burst took 1.2-1.5x a burst that ended none).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import math
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from bench.process import cpu_seconds, fray_run, main_thread_seconds
from bench.scenarios import Table, open_table
from bench.stats import median, per_command, spread
from bot.config import REPO_ROOT, Settings

__all__ = ["E2EPlan", "e2e", "fights"]

SETTLE = Settings().status_edit_delay + 0.5
QUIET, SETTLE_WITHIN = 0.25, 20.0  # seconds without a request to the double that mean the boards are done; at most

sys.path.insert(0, str(REPO_ROOT / "tests"))


@dataclass(frozen=True)
class E2EPlan:
    """Trials, sequential commands per trial on one channel, and how many channels the burst uses."""

    trials: int
    sequential: int
    channels: int = 200


@dataclass
class Probe:
    """Send commands through the double as the GM and time them; refused or lost ones are counted."""

    double: Any
    gm: int
    bot: int  # the pid of the bot's process (its CPU time is read from /proc)
    lost: int = 0

    async def timed(self, path: str, options: dict[str, str], channel: int) -> float | None:
        started = time.perf_counter()
        try:
            record = await self.double.invoke(path, options, user=self.gm, channel=channel)
            callback = await record.response(timeout=30)
            if callback.ephemeral:  # a refusal (not your turn, …): not the command we meant to time
                self.lost += 1
                return None
            if callback.type == 5:
                await record.followups(1, timeout=30)
        except Exception:  # a lost or refused interaction is counted, not timed
            self.lost += 1
            return None
        return time.perf_counter() - started


def _by_command() -> dict[str, list[float]]:
    """Return an empty list of figures for each command timed."""
    return {"attack": [], "roll": []}


@dataclass
class BurstCpu:
    """The CPU ms over each burst, by command: the bot's, and this process's (the double's and the probe's).

    Also each burst's wall ms and the ms the bot's main thread (its event loop) ran in it: the share of a burst the
    loop was busy, and so how much of it the bot spent waiting (for its database thread, or for the double).
    """

    bot: dict[str, list[float]] = field(default_factory=_by_command)
    double: dict[str, list[float]] = field(default_factory=_by_command)
    loop: dict[str, list[float]] = field(default_factory=_by_command)
    wall: dict[str, list[float]] = field(default_factory=_by_command)

    def add(self, name: str, bot: float, double: float, loop: float, wall: float) -> None:
        """Note one burst of command ``name``: the ms of each reading."""
        for kept, value in ((self.bot, bot), (self.double, double), (self.loop, loop), (self.wall, wall)):
            kept[name].append(round(value, 1))

    def figures(self, channels: int) -> dict[str, Any]:
        """Return every burst's CPU, each side's µs per command, the bot's /attack ÷ /roll, the loop's busy share."""
        bot = per_command(self.bot, channels, 1000)
        ratio = bot["attack"] / bot["roll"] if bot["roll"] else math.nan  # a burst shorter than a tick reads 0
        busy = {name: sum(self.loop[name]) / sum(walls) if sum(walls) else math.nan
                for name, walls in self.wall.items()}
        return {"burst_cpu_ms": self.bot, "burst_double_cpu_ms": self.double, "bot_cpu_us_per_command_n": bot,
                "bot_cpu_attack_over_roll_n": ratio,
                "double_cpu_us_per_command_n": per_command(self.double, channels, 1000),
                "burst_loop_ms": self.loop, "burst_wall_ms": self.wall, "loop_busy_share_n": busy}


async def _attack(probe: Probe, table: Table, channel: int) -> float | None:
    return await probe.timed("attack", {"target": table.target(channel)}, channel)


async def _roll(probe: Probe, _table: Table, channel: int) -> float | None:
    return await probe.timed("roll", {"dice": "4dF"}, channel)


PAIR = (("attack", _attack), ("roll", _roll))


def _in_turn(n: int) -> tuple[tuple[str, Any], ...]:
    """Return the pair in the order for turn ``n``: which command goes first flips every turn."""
    return PAIR if n % 2 == 0 else PAIR[::-1]


@contextlib.contextmanager
def _probe_collector_paused() -> Any:
    """Keep this process's collector (the double's and the probe's, not the bot's) out of a timed stretch.

    The double and the probe keep every request and message they see, so this process's heap grows through the run,
    and its full collections paused the double for 40-120 ms (measured) in whichever burst they fell, of either
    command. Its collections run between the timed stretches instead (``_settle``), and what survives them is frozen.
    """
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


async def _series(probe: Probe, table: Table, one: int, trial: int, pairs: int, got: dict[str, list[float]]) -> None:
    """Send ``pairs`` pairs in channel ``one``, one at a time, adding their latencies to ``got``."""
    for i in range(pairs):
        await table.ready(one)
        with _probe_collector_paused():
            for name, send in _in_turn(trial + i):
                if (took := await send(probe, table, one)) is not None:
                    got[name].append(took)


async def _warm_up(probe: Probe, table: Table, burst: list[int]) -> dict[str, list[float]]:
    """Send untimed bursts until the bot has its connections open and has followed a round in every channel.

    Channel ``i`` of the burst gets ``size + i % size`` attacks, so the fights end their rounds out of step, as
    independent tables do. Return the slowest answers of each command.
    """
    await _ready(table, burst)
    got = {"roll": await _at_once(probe, table, burst, _roll), "attack": []}
    size = max(table.sizes[channel] for channel in burst)
    for step in range(2 * size - 1):
        due = [channel for i, channel in enumerate(burst) if step < size + i % size]
        await _ready(table, due)
        got["attack"] += await _at_once(probe, table, due, _attack)
    return {name: [round(v * 1000, 1) for v in sorted(found)[-3:]] for name, found in got.items()}


async def _bursts(
    probe: Probe, table: Table, burst: list[int], trial: int, got: dict[str, list[float]],
    each: dict[str, list[float]], cpu: BurstCpu,
) -> None:
    """Send each command in every channel of ``burst`` at once, adding their latencies to ``got``.

    Each burst's own p99 (ms) goes to ``each``: the bursts' spread, and the trial-by-trial ratio, are shown apart.
    The CPU time over each burst (ms, while its answers come in) goes to ``cpu``: the bot's, and this process's
    (the double's and the probe's) beside it.
    """
    await _ready(table, burst)
    for name, send in _in_turn(trial):
        found = await _at_once(probe, table, burst, send, (cpu, name))
        got[name] += found
        each[name].append(round(spread(found)["p99_ms"], 1))


async def _ready(table: Table, channels: list[int]) -> None:
    """Read each channel's fight again, setting up anew any that is over (untimed)."""
    for channel in channels:
        await table.ready(channel)


async def _at_once(
    probe: Probe, table: Table, channels: list[int], send: Any,
    cpu: tuple[BurstCpu, str] | None = None,
) -> list[float]:
    """Send one command in every channel at once; return the latencies of those answered, once the bursts settle.

    With ``cpu`` (the readings and the command's name), what the burst took until its last answer was in is noted:
    the bot's CPU, this process's (the double and the probe), the bot's main thread's run time and the wall time.
    """
    with _probe_collector_paused():
        bot, here = cpu_seconds(probe.bot), time.process_time()
        loop, started = main_thread_seconds(probe.bot), time.perf_counter()
        results = await asyncio.gather(*(send(probe, table, c) for c in channels))
        if cpu is not None:
            readings, name = cpu
            readings.add(name, (cpu_seconds(probe.bot) - bot) * 1000, (time.process_time() - here) * 1000,
                         (main_thread_seconds(probe.bot) - loop) * 1000, (time.perf_counter() - started) * 1000)
    await _settle(probe.double)
    return [r for r in results if r is not None]


async def _settle(double: Any) -> None:
    """Let the status boards' edits after a burst go by before the next command.

    They come STATUS_EDIT_DELAY later, a few at a time: wait that long, then until the double has had no request
    for QUIET seconds (SETTLE_WITHIN at most). This process collects its garbage meanwhile (see
    ``_probe_collector_paused``).
    """
    await asyncio.sleep(SETTLE)
    gc.collect()
    gc.freeze()
    deadline = time.monotonic() + SETTLE_WITHIN
    while time.monotonic() < deadline:
        seen = len(double.requests)
        await asyncio.sleep(QUIET)
        if len(double.requests) == seen:
            return


async def _trials(probe: Probe, table: Table, channels: list[int], plan: E2EPlan) -> dict[str, Any]:
    one, burst = channels[0], channels[: plan.channels]
    first = _by_command()  # each trial's first pair (see the module)
    steady, many = _by_command(), _by_command()
    each = _by_command()  # each trial's burst p99
    cpu = BurstCpu()
    warmup = await _warm_up(probe, table, burst)
    for trial in range(plan.trials):
        await _series(probe, table, one, trial + 1, 1, first)
        await _series(probe, table, one, trial, plan.sequential, steady)
        await _bursts(probe, table, burst, trial, many, each, cpu)
    by_trial = [a / r for a, r in zip(each["attack"], each["roll"], strict=True)]
    figures = {f"{name}_{suffix}": spread(found[name])
               for suffix, found in (("1", steady), ("n", many)) for name in ("attack", "roll")}
    return {
        "channels": plan.channels,
        "latency": figures,
        "attack_p99_over_roll_p99_1": figures["attack_1"]["p99_ms"] / figures["roll_1"]["p99_ms"],
        "attack_p99_over_roll_p99_n": figures["attack_n"]["p99_ms"] / figures["roll_n"]["p99_ms"],
        "attack_median_ms_1": median(steady["attack"]) * 1000,
        "burst_p99_ms": each,
        "attack_p99_over_roll_p99_n_by_trial": median(by_trial),
        **cpu.figures(len(burst)),
        "first_after_burst_ms": {k: [round(v * 1000, 2) for v in first[k]] for k in ("attack", "roll")},
        "warmup_ms": warmup,
        "samples": {f"{name}_{suffix}": len(found[name]) for suffix, found in
                    (("first", first), ("1", steady), ("n", many)) for name in ("attack", "roll")},
        "lost": probe.lost,
        "resets": table.resets,
    }


async def e2e(url: str, plan: E2EPlan) -> dict[str, Any]:
    """Start the double, set up a fight in every channel, run `fray run` on ``url``, and time /attack against /roll.

    The bot runs as its own process (bench/process.py), as in production: the double and this probe keep every
    request and message they see for the tests, and in the bot's process those records were the larger part of what
    its collector walked.
    """
    async with fights(url, plan.channels) as (double, table, channels), fray_run(double, url) as process:
        return await _trials(Probe(double, table.gm, process.pid), table, channels, plan)


@contextlib.asynccontextmanager
async def fights(url: str, count: int) -> AsyncIterator[tuple[Any, Table, list[int]]]:
    """Start the double with a GM and ``count`` channels, and set up a fight in each on ``url`` (the bot not yet)."""
    from discord_double import DiscordDouble  # type: ignore[import-not-found]

    async with DiscordDouble() as double:
        gm = double.add_member("gm")
        channels = [double.channel_id, *(double.add_channel(f"fight-{i}") for i in range(count - 1))]
        table = await open_table(url)
        table.gm, table.guild = gm, double.guild_id
        try:
            for channel in channels:
                await table.setup(channel)
            yield double, table, channels
        finally:
            await table.db.dispose()
