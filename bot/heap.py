"""The collector and a long-running process: startup's objects are frozen, and collections wait for idle moments.

What startup made is kept for good, so the collector skips it (``freeze_startup_heap``). While serving, the
collector runs when no command is being answered (``collect_if_due``, called by the bot each time it falls quiet):
a burst of commands then pays for no collection, and its garbage is collected in the pause after it. The collector's
own thresholds stay as a safety net for a bot that is never quiet.
"""

from __future__ import annotations

import gc
from typing import Protocol

__all__ = [
    "IDLE_YOUNG", "SERVING_THRESHOLDS", "Collector", "collect_if_due", "freeze_startup_heap", "ready_to_serve",
    "tune_collector",
]

# The collector's own thresholds while serving: a young collection only past 50,000 new objects (Python's default:
# 700), so it does not run in the middle of a burst of commands; a middle one after 10 young ones (as Python's) and a
# full one after 100 middle ones (Python's: 10). Measured on 200-channel bursts (stop 23): with 2,000 (stop 22), a
# burst of /attack ran some 24 young and 2-3 middle collections, 36-47 ms of a 240-370 ms burst (a middle one 5-15
# ms: it walks the state of every command still waiting for its commit). Never quiet, 1,000 /attacks over 50
# channels through the services ran one young collection of 7-12 ms.
SERVING_THRESHOLDS = (50_000, 10, 100)
# New objects since the last collection that make one due once the bot is quiet (Python counts them in
# ``gc.get_count()[0]``); the older generations fall due on the counts of SERVING_THRESHOLDS.
IDLE_YOUNG = 2000


class Collector(Protocol):
    """The part of the ``gc`` module that ``collect_if_due`` uses (tests hand in a stand-in)."""

    def get_count(self) -> tuple[int, int, int]:
        """Return the collection counts of the three generations."""

    def collect(self, generation: int = 2) -> int:
        """Collect ``generation`` and the younger ones; return how many unreachable objects were found."""


def collect_if_due(collector: Collector = gc) -> int | None:
    """Run the collection that is due, the oldest generation first; return which one ran, or None.

    Called when no command is being answered: what bursts of commands left behind is collected in the pause after
    them, on the same counts as Python's own collector (a middle collection every 10 young ones, a full one every
    100 middle ones), with IDLE_YOUNG new objects making a young one due.
    """
    young, middle, old = collector.get_count()
    _, middle_every, old_every = SERVING_THRESHOLDS
    if old >= old_every:
        generation = 2
    elif middle >= middle_every:
        generation = 1
    elif young >= IDLE_YOUNG:
        generation = 0
    else:
        return None
    collector.collect(generation)
    return generation


def freeze_startup_heap() -> int:
    """Collect once, then freeze every object alive (tables, schemas, mappers, the client); return how many.

    A process that serves commands keeps what it made while starting for its whole life. Frozen, those objects are
    left out of every later collection, so a full collection scans only what was made since and pauses for a few
    milliseconds instead of tens (measured: 40–60 ms → none over 5 ms in bench/speed.py's 50-channel runs).
    Objects frozen are still freed by reference counting; only cycles among them wait for ``gc.unfreeze``.
    """
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def tune_collector() -> tuple[int, int, int]:
    """Set the collector's thresholds for serving (``SERVING_THRESHOLDS``); return the ones it had."""
    before = gc.get_threshold()
    gc.set_threshold(*SERVING_THRESHOLDS)
    return before


def ready_to_serve() -> None:
    """Freeze what startup made and tune the collector: what ``fray run`` does once set up, before any command.

    From then on the bot calls ``collect_if_due`` whenever it falls quiet (``FrayBot``'s ``idle``).
    """
    freeze_startup_heap()
    tune_collector()
