"""Small statistics over latency samples (seconds in, milliseconds out)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence

__all__ = ["median", "ms", "per_command", "percentile", "spread"]


def median(values: Sequence[float]) -> float:
    """Return the median, or NaN for no values."""
    return statistics.median(values) if values else math.nan


def percentile(values: Sequence[float], q: float) -> float:
    """Return the q-th percentile (nearest rank, q in 0..100)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def ms(seconds: float) -> float:
    """Return milliseconds."""
    return seconds * 1000


def spread(latencies: Sequence[float]) -> dict[str, float]:
    """Return p50, p99 and max in milliseconds, and p99/p50."""
    p50, p99 = percentile(latencies, 50), percentile(latencies, 99)
    return {"p50_ms": ms(p50), "p99_ms": ms(p99), "max_ms": ms(max(latencies, default=math.nan)),
            "p99_over_p50": p99 / p50 if p50 else math.nan}


def per_command(totals: Mapping[str, Sequence[float]], channels: int, scale: float = 1.0) -> dict[str, float]:
    """Return each command's figure per interaction: its bursts' totals over all of them (``channels`` each), scaled."""
    return {name: sum(found) * scale / (len(found) * channels) for name, found in totals.items()}
