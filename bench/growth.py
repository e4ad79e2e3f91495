"""Growth: does /attack get slower as the database or the fight grows? Small vs big, one attack each in turn.

- stored: a database holding only the fight vs one holding 10,000 other encounters (500 of them active);
- combatants: a fight of 3 vs one of 20, in the same database;
- events: a fight with about 10 logged events vs one with 1,000 more, in the same database.

The two sides take turns attack by attack (which goes first flips every time), so a stretch of this noisy machine
running slow falls on both alike. Run as blocks of 60 attacks a side, the same code read 0.76–1.30× on one pair
from one run to the next on a 2-core VM that ran slow for seconds at a time.
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


Side = Callable[[], Awaitable[float]]  # one /attack; returns its latency in seconds


async def _pair(small: Side, big: Side, plan: GrowthPlan, before: Callable[[], Awaitable[None]] | None = None
                ) -> dict[str, float]:
    """Time ``plan.attacks`` attacks a side per trial, the sides in turn; compare the medians of the trials' medians."""
    smalls: list[float] = []
    bigs: list[float] = []
    for _ in range(plan.trials):
        if before is not None:
            await before()
        got: tuple[list[float], list[float]] = ([], [])
        for i in range(plan.attacks):
            sides = ((small, got[0]), (big, got[1]))
            for side, into in sides if i % 2 == 0 else sides[::-1]:
                into.append(await side())
        smalls.append(median(got[0]))
        bigs.append(median(got[1]))
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
            "stored": await _pair(lambda: one.attack(FIGHT), lambda: many.attack(FIGHT), plan),
            "combatants": await _pair(lambda: one.attack(FEW), lambda: one.attack(MANY), plan),
            "events": await _pair(lambda: one.attack(SHORT), lambda: one.attack(LONG), plan, short_log),
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
