"""Read-only commands: status, log and export; and the export's JSON shape."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.db.rows import EventRow
from bot.services.access import is_gm
from bot.services.context import Caller
from bot.services.core import Services
from bot.services.errors import NoEncounter
from bot.services.replies import Reply
from combat.errors import InvalidInput
from combat.model import Encounter
from combat.system import RuleSystem

__all__ = ["export", "export_data", "log", "status"]


async def status(svc: Services, caller: Caller, options: Mapping[str, str]) -> Reply:
    """Show the round, the order and everyone's state."""
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        loaded = await uow.encounters.get_active(caller.channel_id, for_update=False)
        roles = await svc.gm_roles(uow, caller.guild_id)
    if loaded is None:
        raise NoEncounter()
    row, encounter = loaded
    gm = is_gm(caller, row.gm_id, roles)
    system = svc.system(row.system)
    return Reply("encounter status", system, encounter, info={"name": row.name}, gm=row.gm_id, viewer_gm=gm)


def _entry(event: EventRow) -> dict[str, Any]:
    payload = event.payload if isinstance(event.payload, dict) else {}
    return {
        "seq": event.seq,
        "round": event.round,
        "kind": event.kind,
        "user": event.user_id,
        "undone": event.undone,
        "beats": payload.get("beats", []),
        "move": payload.get("move"),
        "undid": payload.get("seq") if event.kind == "undo" else None,
    }


async def log(svc: Services, caller: Caller, options: Mapping[str, str]) -> Reply:
    """Show the log of the encounter, or of one round."""
    round_text = options.get("round")
    if round_text is not None and not (round_text.strip().isascii() and round_text.strip().isdecimal()):
        raise InvalidInput("round must be a round number, like round:2.")
    if round_text is not None and int(round_text) > 1_000_000:
        raise InvalidInput("round must be a round number under a million.")
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        loaded = await uow.encounters.get_active(caller.channel_id, for_update=False)
        if loaded is None:
            raise NoEncounter()
        row, encounter = loaded
        if round_text is not None:
            events = await uow.events.round_events(row.id, int(round_text))
        else:
            events = await uow.events.all_events(row.id)
    entries = [_entry(e) for e in events]
    return Reply("encounter log", svc.system(row.system), encounter, info={"entries": entries}, gm=row.gm_id)


def _initiative(encounter: Encounter, combatant_id: str) -> int | None:
    entry = next((e for e in encounter.turns.order if e.combatant == combatant_id), None)
    return entry.counts[0] if entry and entry.counts else None


def export_data(system: RuleSystem, encounter: Encounter, name: str, events: list[EventRow]) -> dict[str, Any]:
    """Build the export: system, round, phase, whose turn, every combatant's state, and the log."""
    current = encounter.turns.current
    turn = " and ".join(encounter.names(current.waiting)) if current and current.waiting else None
    return {
        "system": system.key,
        "name": name,
        "round": encounter.turns.round,
        "phase": encounter.turns.phase,
        "turn": turn,
        "combatants": [
            {
                "name": c.name,
                "side": c.side,
                "owner": c.owner,
                "initiative": _initiative(encounter, c.id),
                "status": list(system.status(c)),
                **system.health_state(c),
            }
            for c in encounter.combatants
        ],
        "log": [_entry(e) for e in events],
    }


async def export(svc: Services, caller: Caller, options: Mapping[str, str]) -> Reply:
    """Export the encounter as JSON data."""
    async with svc.db.unit_of_work(caller.channel_id) as uow:
        loaded = await uow.encounters.get_active(caller.channel_id, for_update=False)
        if loaded is None:
            raise NoEncounter()
        row, encounter = loaded
        events = await uow.events.all_events(row.id)
    system = svc.system(row.system)
    data = export_data(system, encounter, row.name, events)
    return Reply("encounter export", system, encounter, info={"export": data}, gm=row.gm_id)
