"""Saved characters (per guild and system) and the /roll command."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import count

from bot.db.rows import CharacterRow
from bot.services.context import Caller
from bot.services.core import Services
from bot.services.errors import NotAllowed
from bot.services.replies import Reply
from bot.services.roster import check_name, sheet_request
from combat.dice import parse_dice
from combat.dice import roll as roll_dice
from combat.errors import InvalidInput, UnknownName
from combat.system import system_keys

__all__ = ["create", "delete", "edit", "list_characters", "roll", "show"]

_ROLLS = count(1)


def _system_key(text: str) -> str:
    key = text.strip().lower()
    if key not in system_keys():
        raise InvalidInput(f"There is no rule system '{text}'; choose one of {', '.join(system_keys())}.")
    return key


def _view(row: CharacterRow, sheet: object) -> dict[str, object]:
    return {"name": row.name, "system": row.system, "owner": row.owner_id, "sheet": sheet}


async def create(svc: Services, caller: Caller, options: Mapping[str, str]) -> Reply:
    """Save a new character for this guild, owned by the caller."""
    key = _system_key(options["system"])
    name = check_name(options["name"], "character name")
    built = svc.system(key).build_sheet(sheet_request(dict(options)))
    async with svc.db.unit_of_work() as uow:
        row = await uow.characters.create(
            guild_id=caller.guild_id, owner_id=caller.user_id, system=key, name=name, sheet=built.sheet
        )
        await uow.commit()
    return Reply("character create", svc.system(key), info={"character": _view(row, built.sheet)})


async def _mine(svc: Services, caller: Caller, name: str, *, write: bool) -> tuple[CharacterRow, object]:
    async with svc.db.unit_of_work() as uow:
        rows = await uow.characters.list(caller.guild_id)
    matches = [r for r in rows if r.name.lower() == name.strip().lower()]
    if not matches:
        raise UnknownName("character", name, [r.name for r in rows])
    mine = [r for r in matches if r.owner_id == caller.user_id]
    if write and not mine:
        raise NotAllowed(f"{matches[0].name} belongs to someone else; only its player can change it.")
    row = (mine or matches)[0]
    return row, uow.characters.sheet(row)


async def show(svc: Services, caller: Caller, options: Mapping[str, str]) -> Reply:
    """Show a saved character."""
    row, sheet = await _mine(svc, caller, options["name"], write=False)
    return Reply("character show", svc.system(row.system), info={"character": _view(row, sheet)})


async def edit(svc: Services, caller: Caller, options: Mapping[str, str]) -> Reply:
    """Change a saved character's traits or gear."""
    row, _ = await _mine(svc, caller, options["name"], write=True)
    system = svc.system(row.system)
    async with svc.db.unit_of_work() as uow:
        fresh = await uow.characters.get(row.id)
        if fresh is None:
            raise UnknownName("character", options["name"], [])
        current = uow.characters.sheet(fresh)
        request = sheet_request({k: v for k, v in options.items() if k != "name"})
        traits = {**{k: str(v) for k, v in current.traits.items()}, **request.traits}
        merged = type(request)(
            template=request.template,
            traits=traits,
            talents=request.talents or tuple(sorted(current.talents)),
            tier=request.tier or current.tier,
            weapons=request.weapons if request.weapons is not None else current.weapons,
            armour=request.armour or current.armour,
            shield=request.shield or current.shield,
        )
        sheet = system.build_sheet(merged).sheet
        await uow.characters.update(fresh, sheet=sheet)
        await uow.commit()
    return Reply("character edit", system, info={"character": _view(fresh, sheet)})


async def list_characters(svc: Services, caller: Caller, options: Mapping[str, str]) -> Reply:
    """List the guild's saved characters."""
    async with svc.db.unit_of_work() as uow:
        rows = await uow.characters.list(caller.guild_id)
    listed = [{"name": r.name, "system": r.system, "owner": r.owner_id} for r in rows]
    return Reply("character list", info={"characters": listed})


async def delete(svc: Services, caller: Caller, options: Mapping[str, str]) -> Reply:
    """Delete one of the caller's characters."""
    row, _ = await _mine(svc, caller, options["name"], write=True)
    async with svc.db.unit_of_work() as uow:
        fresh = await uow.characters.get(row.id)
        if fresh is not None:
            await uow.characters.delete(fresh)
        await uow.commit()
    return Reply("character delete", info={"name": row.name})


async def roll(svc: Services, caller: Caller, options: Mapping[str, str]) -> Reply:
    """Roll dice in notation like 4dF, 3d6+2 or d10."""
    spec = parse_dice(options["dice"])
    dice = svc.dice.for_command(caller.channel_id, f"roll:{next(_ROLLS)}")
    result = roll_dice(dice, spec)
    return Reply("roll", info={"spec": str(spec), "roll": result})
