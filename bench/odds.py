"""Measure /odds: the rules' exact count, the chart, and the whole command through the services, per system.

Run: .venv/bin/python bench/odds.py [--repeat 20]. It reports numbers (milliseconds, median and worst); nothing here
asserts a time.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.config import REPO_ROOT, Settings
from bot.db.engine import open_database
from bot.render.odds_chart import draw
from bot.services import Caller, ReplayDice, Services, dispatch
from combat.system import Intent

GM = Caller(1, "gm", 1, 10)
PLAYER = Caller(2, "bob", 1, 10)

# Per system: the set-up, then the /odds asks to time (bob plays the first combatant).
SCENES: dict[str, tuple[list[tuple[str, dict[str, str]]], list[dict[str, str]]]] = {
    "farscape": ([("encounter add", {"name": "Aeryn", "owner": "<@2>", "side": "crew", "tier": "protagonist",
                                     "weapon": "pulse rifle, sword",
                                     "stats": "Agility=Great, Energy Weapons=Great, Melee Weapon=Great"}),
                  ("encounter add", {"name": "Scorpius", "side": "foes", "tier": "antagonist", "weapon": "sword",
                                     "stats": "Melee Weapon=Superb, Strength=Good, Willpower=Great"})],
                 [{"target": "Scorpius", "range": "medium"}, {"target": "Scorpius", "weapon": "sword", "stance": "2"}]),
    "deryni": ([("encounter add", {"name": "Morgan", "owner": "<@2>", "side": "heroes", "template": "knight"}),
                ("encounter add", {"template": "bandit"})],
               [{"target": "Bandit"}, {"target": "Bandit", "knockout": "pommel"}]),
    "d6pool": ([("encounter add", {"name": "Megaman", "owner": "<@2>", "side": "heroes", "weapon": "power blast",
                                   "stats": "Agility=8, Powers=expert"}),
                ("encounter add", {"template": "thug", "armour": "plate"})],
               [{"target": "Thug"}]),
    "fallout": ([("encounter add", {"name": "Vera", "owner": "<@2>", "side": "vault", "weapon": "machinegun",
                                    "stats": "agility=8, firearms=8"}),
                 ("encounter add", {"template": "raider"}),
                 ("encounter gm", {"tool": "place", "target": "Vera", "hex": "C6"}),
                 ("encounter gm", {"tool": "place", "target": "Raider", "hex": "C2"})],
                [{"target": "Raider", "mode": "burst"}]),
}


def _ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples):7.1f} ms, worst {max(samples):7.1f} ms"


async def run(repeat: int) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        url = f"sqlite+aiosqlite:///{Path(scratch) / 'fray.sqlite3'}"
        db = await open_database(url)
        try:
            svc = Services(db, Settings(database_url=url, data_dir=REPO_ROOT / "data"), ReplayDice(3))
            await svc.warm()
            for number, (system, (steps, asks)) in enumerate(SCENES.items()):
                channel = 100 + number
                gm, player = (Caller(c.user_id, c.name, 1, channel) for c in (GM, PLAYER))
                await dispatch(svc, gm, "encounter start", {"system": system})
                for path, options in steps:
                    await dispatch(svc, gm, path, options)
                await dispatch(svc, gm, "encounter begin", {})
                for ask in asks:
                    reply = await dispatch(svc, player, "odds", ask)
                    odds = reply.body.odds  # type: ignore[union-attr]
                    encounter, rules = reply.encounter, reply.system
                    assert encounter is not None and rules is not None
                    intent = Intent(odds.actor, odds.move, (odds.target,), {k: v for k, v in ask.items()
                                                                            if k != "target"})
                    rules_ms, chart_ms, command_ms = [], [], []
                    for _ in range(repeat):
                        start = time.perf_counter()
                        rules.odds(encounter, intent)  # the options as typed: each system reads text too
                        rules_ms.append((time.perf_counter() - start) * 1000)
                        start = time.perf_counter()
                        draw(odds, {c.id: c.name for c in encounter.combatants})
                        chart_ms.append((time.perf_counter() - start) * 1000)
                        start = time.perf_counter()
                        await dispatch(svc, player, "odds", ask)
                        command_ms.append((time.perf_counter() - start) * 1000)
                    shown = " ".join(f"{k}:{v}" for k, v in ask.items())
                    sys.stdout.write(f"{system:9} {shown}\n")
                    sys.stdout.write(f"  rules {_ms(rules_ms)} | chart {_ms(chart_ms)} | /odds {_ms(command_ms)}\n")
        finally:
            await db.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=20)
    asyncio.run(run(parser.parse_args().repeat))


if __name__ == "__main__":
    main()
