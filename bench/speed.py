"""Issue 13 "Speed": every speed measurement with one command, printed as a table and written as JSON.

Run: .venv/bin/python bench/speed.py [--quick] [--json out.json] [--pg URL] [--only throughput,growth,e2e]
PostgreSQL comes from --pg or FRAY_TEST_PG_URL (throwaway databases are made next to it and dropped); without
either, PostgreSQL is skipped with a note. Nothing here asserts a time. See bench/README.md for how to read it.
``--only instructions`` (or adding it to the list) also counts the bot's instructions per command under callgrind
(bench/instructions.py; a few minutes, valgrind needed): the end-to-end ratio without the machine's clock.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import sys
import tempfile
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the tests' PostgreSQL and Discord kits

from bench.dbs import fresh_database
from bench.e2e import E2EPlan, e2e
from bench.growth import GrowthPlan, growth
from bench.instructions import InstructionsPlan, available, instructions
from bench.memory import memory
from bench.report import rows, table, write_json
from bench.throughput import Plan, throughput

DEFAULT_JSON = Path(__file__).resolve().parent / "results" / "speed-latest.json"
STAGES = ("throughput", "growth", "e2e")  # the default run
OPTIONAL = ("instructions",)  # run when asked for with --only


@dataclass(frozen=True)
class Budget:
    """How much every stage runs."""

    throughput: Plan
    growth: GrowthPlan
    touch: int  # channels touched for the memory figures
    e2e: E2EPlan
    instructions: InstructionsPlan


# Windows long enough that SQLite's WAL checkpoints (an fsync every ~1,000 pages) fall in every run alike.
# Trials long enough that one stall of this noisy machine does not decide a median or a p99 (p99 of 500 samples).
DEFAULT = Budget(Plan(trials=5, one_channel=1000, per_channel=20), GrowthPlan(trials=5, attacks=60), 10_000,
                 E2EPlan(trials=5, sequential=100), InstructionsPlan(bursts=6))
QUICK = Budget(Plan(trials=3, one_channel=100, per_channel=2), GrowthPlan(trials=3, attacks=8), 1_000,
               E2EPlan(trials=2, sequential=20), InstructionsPlan(bursts=2))


async def _stage(results: dict[str, Any], key: str, name: str, run: Callable[[], Awaitable[Any]]) -> None:
    started = time.perf_counter()
    sys.stderr.write(f"… {key} {name}\n")
    try:
        results.setdefault(key, {})[name] = await run()
    except Exception as exc:  # one stage failing must not lose the others' figures
        traceback.print_exc()
        results.setdefault("errors", []).append(f"{key} {name}: {exc!r}")
    results.setdefault("seconds", {})[f"{key} {name}"] = round(time.perf_counter() - started, 1)


async def run(budget: Budget, pg: str | None, stages: tuple[str, ...]) -> dict[str, Any]:
    """Run every stage on SQLite and (when given) PostgreSQL; return the results."""
    results: dict[str, Any] = {"budget": asdict(budget), "python": platform.python_version(),
                               "cpus": os.cpu_count(), "notes": []}
    backends = ["sqlite"] + (["postgresql"] if pg else [])
    if not pg:
        results["notes"].append("PostgreSQL skipped: pass --pg URL or set FRAY_TEST_PG_URL")
    with tempfile.TemporaryDirectory() as scratch:
        where = Path(scratch)
        for backend in backends:
            if "throughput" in stages:
                async def measure_throughput(backend: str = backend) -> Any:
                    async with fresh_database(backend, where, pg, "tp") as url:
                        return await throughput(url, budget.throughput)

                await _stage(results, backend, "throughput", measure_throughput)
            if "growth" in stages:
                async def measure_growth(backend: str = backend) -> Any:
                    after = (lambda t: memory(t, budget.touch)) if backend == "sqlite" else None
                    async with fresh_database(backend, where, pg, "one") as one, \
                            fresh_database(backend, where, pg, "many") as many:
                        return await growth((one, many), budget.growth, after)

                await _stage(results, backend, "growth", measure_growth)
            if "e2e" in stages:
                async def measure_e2e(backend: str = backend) -> Any:
                    async with fresh_database(backend, where, pg, "e2e") as url:
                        return await e2e(url, budget.e2e)

                await _stage(results, backend, "e2e", measure_e2e)
            if "instructions" in stages and available():
                async def measure_instructions(backend: str = backend) -> Any:
                    async with fresh_database(backend, where, pg, "ic") as url:
                        return await instructions(url, budget.instructions)

                await _stage(results, backend, "instructions", measure_instructions)
    if "instructions" in stages and not available():
        results["notes"].append("instructions skipped: valgrind (with callgrind_control) is not installed")
    return results


def main() -> None:
    """Parse the options, run, print the table and write the JSON."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer trials and commands (about 30 s)")
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON, help=f"where to write (default {DEFAULT_JSON})")
    parser.add_argument("--pg", default=os.environ.get("FRAY_TEST_PG_URL"), help="PostgreSQL server URL")
    parser.add_argument("--only", default=",".join(STAGES),
                        help=f"comma-separated stages of {', '.join(STAGES + OPTIONAL)}")
    args = parser.parse_args()
    stages = tuple(s.strip() for s in args.only.split(",") if s.strip())
    started = time.perf_counter()
    results = asyncio.run(run(QUICK if args.quick else DEFAULT, args.pg or None, stages))
    results["total_seconds"] = round(time.perf_counter() - started, 1)
    write_json(args.json, results)
    out = [table(rows(results))]
    out += [f"note: {n}" for n in results["notes"]]
    out += [f"error: {e}" for e in results.get("errors", [])]
    out.append(f"({'quick' if args.quick else 'default'} run, {results['total_seconds']} s; JSON: {args.json})")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
