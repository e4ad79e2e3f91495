"""Growth: does /attack get slower as the database or the fight grows? Pairs of runs, interleaved, small vs big.

- stored: a database holding only the fight vs one holding 10,000 other encounters (500 of them active);
- combatants: a fight of 3 vs one of 20, in the same database;
- events: a fight with about 10 logged events vs one with 1,000 more, in the same database.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bench.fill import fill_encounters, fill_events
from bench.floor import sample_of
from bench.scenarios import Table, open_table
from bench.stats import median, ms

__all__ = ["OTHERS_FROM", "GrowthPlan", "growth"]

FIGHT, FEW, MANY, SHORT, LONG = 100, 200, 201, 300, 301
OTHERS_FROM = 3_000_000


@dataclass(frozen=True)
class GrowthPlan:
    """How much to run, and how big 'big' is."""

    trials: int
    attacks: int  # sequential attacks per side per trial
    stored: int = 10_000
    active: int = 500
    combatants: tuple[int, int] = (3, 20)
    events: int = 1_000


Side = Callable[[], Awaitable[float]]


async def _attacks(table: Table, channel: int, count: int) -> float:
    """Return the median /attack time in seconds over ``count`` sequential attacks in ``channel``."""
    _, [latencies] = await table.run([channel], count)
    return median(latencies)


async def _pair(small: Side, big: Side, trials: int, before: Callable[[], Awaitable[None]] | None = None
                ) -> dict[str, float]:
    smalls: list[float] = []
    bigs: list[float] = []
    for trial in range(trials):
        if before is not None:
            await before()
        sides = [(small, smalls), (big, bigs)]
        for side, into in sides if trial % 2 == 0 else sides[::-1]:
            into.append(await side())
    low, high = median(smalls), median(bigs)
    return {"small_ms": ms(low), "big_ms": ms(high), "ratio": high / low}


async def growth(urls: tuple[str, str], plan: GrowthPlan,
                 after: Callable[[Table], Awaitable[dict[str, Any]]] | None = None) -> dict[str, Any]:
    """Measure the three growth pairs on two fresh databases of one backend; ``after`` may use the big one."""
    one_url, many_url = urls
    one, many = await open_table(one_url), await open_table(many_url)
    try:
        for table in (one, many):
            await table.setup(FIGHT)
            await table.run([FIGHT], 3)
        await fill_encounters(many_url, await sample_of(many_url, FIGHT), plan.stored, plan.active, OTHERS_FROM)
        few, lots = plan.combatants
        await one.setup(FEW, few)
        await one.setup(MANY, lots)
        await one.setup(LONG)
        await one.run([FEW, MANY, LONG], 3)
        await fill_events(one_url, LONG, await sample_of(one_url, LONG), plan.events)

        async def short_log() -> None:  # a fresh fight each trial keeps the short log at about 10 entries
            await one.setup(SHORT)
            await one.run([SHORT], 3)

        result = {
            "stored": await _pair(lambda: _attacks(one, FIGHT, plan.attacks),
                                  lambda: _attacks(many, FIGHT, plan.attacks), plan.trials),
            "combatants": await _pair(lambda: _attacks(one, FEW, plan.attacks),
                                      lambda: _attacks(one, MANY, plan.attacks), plan.trials),
            "events": await _pair(lambda: _attacks(one, SHORT, plan.attacks),
                                  lambda: _attacks(one, LONG, plan.attacks), plan.trials, short_log),
            "plan": {"stored": plan.stored, "active": plan.active, "combatants": list(plan.combatants),
                     "events": plan.events, "attacks": plan.attacks, "trials": plan.trials},
            "resets": one.resets + many.resets,
        }
        if after is not None:
            result["memory"] = await after(many)
        return result
    finally:
        await one.db.dispose()
        await many.db.dispose()
