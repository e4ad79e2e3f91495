"""Turn the results into the printed table (what | Fray | floor/reference | ratio) and the JSON file."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

__all__ = ["Row", "rows", "table", "write_json"]

Row = tuple[str, str, str, str]
NAMES = {"sqlite": "SQLite", "postgresql": "PG"}


def _f(value: float, digits: int = 1) -> str:
    return "-" if value is None or math.isnan(value) else f"{value:,.{digits}f}"


def _x(value: float) -> str:
    return "-" if value is None or math.isnan(value) else f"{value:.2f}x"


def _throughput(db: str, found: dict[str, Any]) -> list[Row]:
    rate, n = found["commands_per_s"], found["channels"]
    out = [(f"{db} /attack cmds/s, 1 channel", _f(rate["fray_1"]), _f(rate["floor_1"]),
            _x(rate["floor_1"] / rate["fray_1"])),
           (f"{db} /attack cmds/s, {n} channels", _f(rate["fray_n"]), _f(rate["floor_n"]),
            _x(rate["floor_n"] / rate["fray_n"]))]
    fray, floor = found["fairness"]["fray"], found["fairness"]["floor"]
    spread = "{p50_ms:.1f}/{p99_ms:.1f}/{max_ms:.1f}"
    out += [(f"{db} {n} ch. latency p50/p99/max ms (ratio p99/p50)", spread.format(**fray), spread.format(**floor),
             _x(fray["p99_over_p50"])),
            (f"{db} {n} ch. per-channel total wait max/median", _x(fray["channel_wait_max_over_median"]),
             _x(floor["channel_wait_max_over_median"]), _x(fray["channel_wait_max_over_median"]))]
    return out


def _growth(db: str, found: dict[str, Any]) -> list[Row]:
    plan = found["plan"]
    few, lots = plan["combatants"]
    labels = {"stored": f"{plan['stored']:,} stored ({plan['active']} active) vs 1",
              "combatants": f"{lots} combatants vs {few}", "events": f"{plan['events']:,} logged events vs ~10"}
    return [(f"{db} /attack ms, {labels[k]}", _f(found[k]["big_ms"], 2), _f(found[k]["small_ms"], 2),
             _x(found[k]["ratio"])) for k in labels]


def _memory(found: dict[str, Any]) -> list[Row]:
    n = found["channels_touched"]
    return [(f"RSS MiB after touching {n:,} stored encounters' channels (before)", _f(found["rss_after_mb"]),
             _f(found["rss_before_mb"]), f"+{found['rss_after_mb'] - found['rss_before_mb']:.1f} MiB"),
            (f"per-channel structures after {n:,} channels: locks / dice queues", str(found["channel_locks_alive"]),
             str(found["dice_queues"]), "-")]


def _e2e(db: str, found: dict[str, Any]) -> list[Row]:
    lat, n = found["latency"], found["channels"]
    out = [(f"{db} e2e p99 ms, /attack vs /roll, 1 channel", _f(lat["attack_1"]["p99_ms"]),
            _f(lat["roll_1"]["p99_ms"]), _x(found["attack_p99_over_roll_p99_1"])),
           (f"{db} e2e p99 ms, /attack vs /roll, {n} channels", _f(lat["attack_n"]["p99_ms"]),
            _f(lat["roll_n"]["p99_ms"]), _x(found["attack_p99_over_roll_p99_n"]))]
    if found["lost"]:
        out.append((f"{db} e2e interactions lost or refused", str(found["lost"]), "0", "-"))
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
    return out


def table(found: list[Row]) -> str:
    """Return the rows as an aligned text table."""
    head: Row = ("what", "Fray", "floor/reference", "ratio")
    widths = [max(len(r[i]) for r in [head, *found]) for i in range(4)]

    def line(r: Row) -> str:
        return "  ".join([r[0].ljust(widths[0]), *(c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True))])

    return "\n".join([line(head), "  ".join("-" * w for w in widths), *(line(r) for r in found)])


def write_json(path: Path, results: dict[str, Any]) -> None:
    """Write every figure (and the table's rows) as JSON."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**results, "table": rows(results)}, indent=2, default=str) + "\n")
