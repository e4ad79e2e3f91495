"""Fray driven through its public services: set up fights, then send /attack as whoever's turn it is."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

from bot.config import REPO_ROOT, Settings
from bot.db.engine import Database, open_database
from bot.heap import collect_if_due, ready_to_serve
from bot.services import Caller, ReplayDice, Services, dispatch
from combat.model import Combatant, Encounter

__all__ = ["GM_ID", "GUILD_ID", "Table", "open_table"]

GM_ID = 1
GUILD_ID = 1
# Tough fighters with a weak, ammunition-free weapon: hundreds of attacks go by before anyone falls.
FIGHTER = {"tier": "antagonist", "weapon": "knife", "armour": "power armour",
           "stats": "Melee Weapon=Poor, Constitution=Superb"}


@dataclass
class Table:
    """Fray's services on one database, the fights it has set up (by channel) and what went wrong on the way."""

    db: Database
    services: Services
    fights: dict[int, Encounter] = field(default_factory=dict)
    sizes: dict[int, int] = field(default_factory=dict)
    resets: int = 0
    turn: int = 0
    busy: int = 0  # attacks under way; when the last one ends, collect_if_due runs as `fray run` does when quiet
    gm: int = GM_ID
    guild: int = GUILD_ID

    def caller(self, channel: int) -> Caller:
        """Return the GM in ``channel`` (the GM may act for any combatant whose turn it is)."""
        return Caller(self.gm, "gm", self.guild, channel)

    async def refresh(self, channel: int) -> None:
        """Read the fight in ``channel`` again (someone else, e.g. the bot, moved it on)."""
        reply = await dispatch(self.services, self.caller(channel), "encounter status", {})
        assert reply.encounter is not None
        self.fights[channel] = reply.encounter

    def _standing(self, fight: Encounter) -> list[Combatant]:
        """Return the fight's combatants still in it (not out of the fight by its system's rules)."""
        system = self.services.system(fight.system)
        return [c for c in fight.combatants if not system.out_of_fight(c)]

    async def ready(self, channel: int) -> None:
        """Read the fight in ``channel`` again; set it up anew if a side has nobody left standing (it is over).

        Random dice (the bot's, end to end) knock tough fighters out now and then over hundreds of attacks.
        """
        await self.refresh(channel)
        fight = self.fights[channel]
        if len({c.side for c in self._standing(fight)}) < len({c.side for c in fight.combatants}):
            self.resets += 1
            await self.setup(channel, self.sizes.get(channel, 4))

    async def setup(self, channel: int, combatants: int = 4) -> None:
        """Start a Farscape fight in ``channel`` with ``combatants`` fighters on two sides, and begin it."""
        gm = self.caller(channel)
        if channel in self.fights:
            await dispatch(self.services, gm, "encounter end", {})
        await dispatch(self.services, gm, "encounter start", {"system": "farscape"})
        first = (combatants + 1) // 2
        await dispatch(self.services, gm, "encounter add", {"name": "A", "count": str(first), "side": "a", **FIGHTER})
        await dispatch(self.services, gm, "encounter add",
                       {"name": "B", "count": str(combatants - first), "side": "b", **FIGHTER})
        reply = await dispatch(self.services, gm, "encounter begin", {})
        assert reply.encounter is not None
        self.fights[channel], self.sizes[channel] = reply.encounter, combatants

    def target(self, channel: int) -> str:
        """Name a foe of the combatant whose turn it is in ``channel``."""
        fight = self.fights[channel]
        current = fight.turns.current
        assert current is not None
        side = fight.get(current.waiting[0]).side
        foes = [c for c in self._standing(fight) if c.side != side]
        self.turn += 1
        return foes[self.turn % len(foes)].name if foes else "nobody"  # nobody left: refused, and counted

    async def attack(self, channel: int) -> float:
        """Send one /attack in ``channel``; return its latency in seconds (a refused one sets the fight up again)."""
        options = {"target": self.target(channel)}
        started = time.perf_counter()
        self.busy += 1
        try:
            reply = await dispatch(self.services, self.caller(channel), "attack", options)
            elapsed = time.perf_counter() - started  # the collection after it is no part of its answer
        except Exception:  # a fallen fighter or an empty weapon: count it, start over
            elapsed = time.perf_counter() - started
            self.resets += 1
            await self.setup(channel, self.sizes.get(channel, 4))
            return elapsed
        finally:
            self.busy -= 1
            if not self.busy:
                collect_if_due()
        assert reply.encounter is not None
        self.fights[channel] = reply.encounter
        return elapsed

    async def run(self, channels: list[int], per_channel: int) -> tuple[float, list[list[float]]]:
        """Send ``per_channel`` attacks in every channel, the channels at once; return wall time and latencies."""

        async def one(channel: int) -> list[float]:
            return [await self.attack(channel) for _ in range(per_channel)]

        started = time.perf_counter()
        latencies = await asyncio.gather(*(one(c) for c in channels))
        return time.perf_counter() - started, list(latencies)


async def open_table(url: str) -> Table:
    """Migrate the database, open Fray's services on it with seeded dice, and load every system's tables.

    Then the heap is frozen, as ``fray run`` does once the bot is set up (bot/heap.py).
    """
    db = await open_database(url)
    services = Services(db, Settings(database_url=url, data_dir=REPO_ROOT / "data"), ReplayDice(7))
    await services.warm()
    ready_to_serve()
    return Table(db, services)
