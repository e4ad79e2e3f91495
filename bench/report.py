"""Turn the results into the printed table (what | Fray | floor/reference | ratio | goal) and the JSON file.

Throughput ratios are Fray ÷ floor (higher is better, as issue 13 writes them: "≥ 0.3× the bare floor"); every
other ratio is "how many times worse than the reference" (lower is better). The goal column says met or MISSED.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from bench.stats import median

__all__ = ["Row", "rows", "table", "write_json"]

Row = tuple[str, str, str, str, str]
NAMES = {"sqlite": "SQLite", "postgresql": "PG"}


def _f(value: float, digits: int = 1) -> str:
    return "-" if value is None or math.isnan(value) else f"{value:,.{digits}f}"


def _x(value: float) -> str:
    return "-" if value is None or math.isnan(value) else f"{value:.2f}x"


def _goal(value: float, bound: float, *, at_least: bool = False) -> str:
    """Say whether a ratio meets its goal (at most ``bound``, or at least it)."""
    if value is None or math.isnan(value):
        return "-"
    met = value >= bound if at_least else value <= bound
    return f"{'>=' if at_least else '<='} {bound:g}: {'met' if met else 'MISSED'}"


def _throughput(db: str, found: dict[str, Any]) -> list[Row]:
    rate, n = found["commands_per_s"], found["channels"]
    one, many = rate["fray_1"] / rate["floor_1"], rate["fray_n"] / rate["floor_n"]
    out = [(f"{db} /attack cmds/s, 1 channel (ratio Fray/floor)", _f(rate["fray_1"]), _f(rate["floor_1"]),
            _x(one), _goal(one, 0.3, at_least=True)),
           (f"{db} /attack cmds/s, {n} channels (ratio Fray/floor)", _f(rate["fray_n"]), _f(rate["floor_n"]),
            _x(many), _goal(many, 0.3, at_least=True))]
    fray, floor = found["fairness"]["fray"], found["fairness"]["floor"]
    spread = "{p50_ms:.1f}/{p99_ms:.1f}/{max_ms:.1f}"
    wait = fray["channel_wait_max_over_median"]
    out += [(f"{db} {n} ch. latency p50/p99/max ms (ratio p99/p50)", spread.format(**fray), spread.format(**floor),
             _x(fray["p99_over_p50"]), _goal(fray["p99_over_p50"], 3)),
            (f"{db} {n} ch. per-channel total wait max/median", _x(wait),
             _x(floor["channel_wait_max_over_median"]), _x(wait), _goal(wait, 3))]
    return out


def _growth(db: str, found: dict[str, Any]) -> list[Row]:
    plan = found["plan"]
    few, lots = plan["combatants"]
    labels = {"stored": f"{plan['stored']:,} stored ({plan['active']} active) vs 1",
              "combatants": f"{lots} combatants vs {few}", "events": f"{plan['events']:,} logged events vs ~10"}
    goals = {"stored": 1.1, "combatants": 1.2, "events": 1.1}
    return [(f"{db} /attack ms, {labels[k]}", _f(found[k]["big_ms"], 2), _f(found[k]["small_ms"], 2),
             _x(found[k]["ratio"]), _goal(found[k]["ratio"], goals[k])) for k in labels]


def _memory(found: dict[str, Any]) -> list[Row]:
    n = found["channels_touched"]
    return [(f"RSS MiB after touching {n:,} stored encounters' channels (before)", _f(found["rss_after_mb"]),
             _f(found["rss_before_mb"]), f"+{found['rss_after_mb'] - found['rss_before_mb']:.1f} MiB", "-"),
            (f"per-channel structures after {n:,} channels: locks / dice queues", str(found["channel_locks_alive"]),
             str(found["dice_queues"]), "-",
             "bounded: met" if found["channel_locks_alive"] + found["dice_queues"] == 0 else "bounded: MISSED")]


def _e2e(db: str, found: dict[str, Any]) -> list[Row]:
    lat, n = found["latency"], found["channels"]
    one, many = found["attack_p99_over_roll_p99_1"], found["attack_p99_over_roll_p99_n"]
    out = [(f"{db} e2e p99 ms, /attack vs /roll, 1 channel", _f(lat["attack_1"]["p99_ms"]),
            _f(lat["roll_1"]["p99_ms"]), _x(one), _goal(one, 3)),
           (f"{db} e2e p99 ms, /attack vs /roll, {n} channels", _f(lat["attack_n"]["p99_ms"]),
            _f(lat["roll_n"]["p99_ms"]), _x(many), _goal(many, 3))]
    each = found.get("burst_p99_ms", {})
    if each.get("attack") and each.get("roll"):  # the same bursts, trial by trial (no goal: the spread of the runs)
        out.append((f"{db} e2e {n} channels, median over trials of each burst's p99", _f(median(each["attack"])),
                    _f(median(each["roll"])), _x(found["attack_p99_over_roll_p99_n_by_trial"]), "-"))
    per = found["bot_cpu_us_per_command_n"]  # what a burst's length follows (no goal: it explains the p99s)
    out.append((f"{db} e2e {n} channels, the bot's CPU us per command (/proc)", _f(per["attack"], 0),
                _f(per["roll"], 0), _x(found["bot_cpu_attack_over_roll_n"]), "-"))
    busy = found.get("loop_busy_share_n", {})  # the rest of a burst the bot's event loop waited
    if busy.get("attack") is not None and busy.get("roll") is not None:
        out.append((f"{db} e2e {n} channels, share of each burst the bot's event loop ran (schedstat)",
                    f"{busy['attack']:.0%}", f"{busy['roll']:.0%}", "-", "-"))
    double = found["double_cpu_us_per_command_n"]  # the other side of each burst: is the double the one limiting it?
    out.append((f"{db} e2e {n} channels, the double's CPU us per command (the bench)", _f(double["attack"], 0),
                _f(double["roll"], 0), "-", "-"))
    first = found.get("first_after_burst_ms", {})
    if first.get("attack") and first.get("roll"):  # each trial's first pair, timed apart (bench/e2e.py)
        out.append((f"{db} e2e median ms of each trial's first /attack vs /roll", _f(median(first["attack"])),
                    _f(median(first["roll"])), "-", "-"))
    if found["lost"]:
        out.append((f"{db} e2e interactions lost or refused", str(found["lost"]), "0", "-", "0: MISSED"))
    return out


def _instructions(db: str, found: dict[str, Any]) -> list[Row]:
    per, n = found["per_command"], found["channels"]
    out = [(f"{db} bot instructions per command (callgrind), /attack vs /roll, {n} channels",
            f"{per['attack'] / 1e6:.2f}M", f"{per['roll'] / 1e6:.2f}M", _x(found["attack_over_roll"]), "-")]
    if found["lost"]:
        out.append((f"{db} instructions: interactions lost or refused", str(found["lost"]), "0", "-", "0: MISSED"))
    return out


def rows(results: dict[str, Any]) -> list[Row]:
    """Return the table's rows for whatever was measured."""
    out: list[Row] = []
    for key, db in NAMES.items():
        found = results.get(key, {})
        if "throughput" in found:
            out += _throughput(db, found["throughput"])
        if "growth" in found:
            out += _growth(db, found["growth"])
            if "memory" in found["growth"]:
                out += _memory(found["growth"]["memory"])
        if "e2e" in found:
            out += _e2e(db, found["e2e"])
        if "instructions" in found:
            out += _instructions(db, found["instructions"])
    return out


def table(found: list[Row]) -> str:
    """Return the rows as an aligned text table."""
    head: Row = ("what", "Fray", "floor/reference", "ratio", "goal")
    widths = [max(len(r[i]) for r in [head, *found]) for i in range(5)]

    def line(r: Row) -> str:
        return "  ".join([r[0].ljust(widths[0]), *(c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True))])

    return "\n".join([line(head), "  ".join("-" * w for w in widths), *(line(r) for r in found)])


def write_json(path: Path, results: dict[str, Any]) -> None:
    """Write every figure (and the table's rows) as JSON."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**results, "table": rows(results)}, indent=2, default=str) + "\n")
