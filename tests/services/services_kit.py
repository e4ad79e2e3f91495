"""Helpers for the service tests: callers, a table that runs commands by path, and a ready Farscape fight."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Mapping
from dataclasses import asdict, replace

import pytest

from bot.config import REPO_ROOT, Settings
from bot.db.engine import Database
from bot.services import Caller, ReplayDice, Reply, Services, dispatch
from bot.services.views import export_data
from combat.errors import FrayError

GUILD = 10
CHANNEL = 100
OTHER_CHANNEL = 200

GM = Caller(1, "gm", GUILD, CHANNEL)
BOB = Caller(2, "bob", GUILD, CHANNEL)  # plays Crichton
CAROL = Caller(3, "carol", GUILD, CHANNEL)  # plays Aeryn
EVE = Caller(9, "eve", GUILD, CHANNEL)  # in the channel, in no fight
ROLE_GM = Caller(5, "deputy", GUILD, CHANNEL, frozenset({"Players", "GM"}))

TROOPER_1 = "Peacekeeper trooper 1"
TROOPER_2 = "Peacekeeper trooper 2"

# Crichton (bob) is fastest, then Aeryn (carol), then the two troopers (the GM's), who tie and act together.
CRICHTON = {
    "name": "Crichton", "owner": "<@2>", "side": "crew", "tier": "protagonist", "weapon": "pulse pistol",
    "stats": "Speed=Great, Agility=Good, Energy Weapons=Good, Willpower=Good",
}
AERYN = {
    "name": "Aeryn", "owner": "<@3>", "side": "crew", "tier": "protagonist", "weapon": "pulse pistol",
    "stats": "Speed=Good, Agility=Good, Energy Weapons=Good",
}
TROOPERS = {"template": "peacekeeper trooper", "count": "2"}

# Four Fudge dice all +1: Crichton's or Aeryn's Good shot is Superb+2 and fells a minion trooper at once.
SURE_HIT = (1, 1, 1, 1)
# Four Fudge dice all −1: Good−4 never reaches a trooper's Fair Agility.
SURE_MISS = (-1, -1, -1, -1)


def make_settings(**changes: object) -> Settings:
    """Return settings with the repository's real data tables, ignoring any .env file."""
    fields: dict[str, object] = {"gm_role_name": "GM", **changes}
    return Settings(_env_file=None, data_dir=REPO_ROOT / "data", **fields)


def make_services(db: Database, **changes: object) -> Services:
    """Return services on ``db`` with seeded replay dice (queue exact faces with ``svc.dice.queue``)."""
    return Services(db, make_settings(**changes), ReplayDice(seed=7))


@contextlib.asynccontextmanager
async def second_process(url: str) -> AsyncIterator[Services]:
    """Another bot process on the same database: its own Database (no shared in-process lock) and Services."""
    database = Database(url)
    try:
        yield make_services(database)
    finally:
        await database.dispose()


class Table:
    """Run commands by path, as the local table and the Discord cogs do, and look at the encounter."""

    def __init__(self, svc: Services) -> None:
        self.svc = svc

    @property
    def dice(self) -> ReplayDice:
        """Return the replay dice, to queue exact faces."""
        dice = self.svc.dice
        assert isinstance(dice, ReplayDice)
        return dice

    async def run(self, caller: Caller, path: str, **options: str) -> Reply:
        """Run one command."""
        return await dispatch(self.svc, caller, path, options)

    async def export(self, caller: Caller = EVE) -> dict:
        """Return the channel's export, as the /encounter export command gives it."""
        reply = await self.run(caller, "encounter export")
        return dict(reply.body.data)

    async def snapshot(self, channel: int = CHANNEL) -> str:
        """Return the export as canonical JSON text, straight from the database (log included)."""
        async with self.svc.db.unit_of_work() as uow:
            loaded = await uow.encounters.get_active(channel, for_update=False)
            assert loaded is not None
            row, encounter = loaded.row, loaded.encounter
            events = await uow.events.all_events(row.id)
        return json.dumps(export_data(self.svc.system(row.system), encounter, row.name, events), sort_keys=True)

    async def refused(self, caller: Caller, path: str, error: type[FrayError] = FrayError, **options: str) -> str:
        """Run a command that must fail with ``error``, the export unchanged byte for byte; return its message."""
        before = await self.snapshot(caller.channel_id)
        queued = self.dice.queued(caller.channel_id)
        with pytest.raises(error) as raised:
            await self.run(caller, path, **options)
        assert await self.snapshot(caller.channel_id) == before
        assert self.dice.queued(caller.channel_id) == queued
        message = raised.value.message
        assert message.strip() and "\n" not in message and "Traceback" not in message
        return message

    async def combatant(self, name: str) -> dict:
        """Return one combatant's entry in the export."""
        data = await self.export()
        return next(c for c in data["combatants"] if c["name"] == name)

    async def log(self, caller: Caller = GM, **options: str) -> list[dict]:
        """Return the log entries."""
        reply = await self.run(caller, "encounter log", **options, page="1")
        entries = [export_entry(e) for e in reply.body.entries]
        for page in range(2, reply.body.pages + 1):
            later = await self.run(caller, "encounter log", **options, page=str(page))
            entries += [export_entry(e) for e in later.body.entries]
        return entries

    async def shoot(self, caller: Caller, target: str, faces: tuple[int, ...], **options: str) -> Reply:
        """Attack with exact attack dice; anything rolled after them comes from the seeded dice."""
        self.dice.queue(caller.channel_id, faces)
        reply = await self.run(caller, "attack", target=target, **options)
        assert self.dice.queued(caller.channel_id) == 0
        return reply


async def start_duel(table: Table, caller: Caller = GM) -> None:
    """Start 'Docking ring' in the caller's channel with Crichton, Aeryn and two troopers, and begin round one."""
    await table.run(caller, "encounter start", system="farscape", name="Docking ring")
    for options in (CRICHTON, AERYN, TROOPERS):
        await table.run(caller, "encounter add", **options)
    await table.run(caller, "encounter begin")


def export_entry(entry) -> dict:
    """Return a log entry as the export shows it (beats as plain dicts)."""
    data = asdict(entry)
    data.pop("user_name")
    return data


def in_channel(caller: Caller, channel: int) -> Caller:
    """Return the same caller in another channel."""
    return replace(caller, channel_id=channel)


def lethal_marks(combatant: Mapping[str, object]) -> int:
    """Count the lethal boxes filled on an exported combatant."""
    boxes = combatant["lethal"]
    assert isinstance(boxes, dict)
    return sum(boxes.values())
