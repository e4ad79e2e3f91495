"""Saved characters (per guild and system) and the /roll command."""

from __future__ import annotations

from dataclasses import replace
from itertools import count

from bot.db.errors import CharacterExists
from bot.db.rows import CharacterRow
from bot.registry import find
from bot.services.args import Args
from bot.services.context import Caller
from bot.services.core import Services
from bot.services.errors import NotAllowed
from bot.services.replies import CharacterCard, CharacterDeleted, CharacterList, Reply, Rolled
from bot.services.roster import check_name, check_new_name, sheet_request
from combat.dice import parse_dice
from combat.dice import roll as roll_dice
from combat.errors import UnknownName
from combat.sheet import Sheet

__all__ = ["create", "delete", "edit", "list_characters", "names_of", "roll", "show"]

_ROLLS = count(1)


def _view(row: CharacterRow, sheet: Sheet) -> CharacterCard:
    return CharacterCard(row.name, row.system, row.owner_id, sheet)


async def create(svc: Services, caller: Caller, args: Args) -> Reply:
    """Save a new character for this guild, owned by the caller."""
    key = find(args.text("system") or "").key
    name = check_name(args.text("name") or "", "character name")
    built = svc.system(key).build_sheet(sheet_request(args))
    async with svc.db.unit_of_work() as uow:
        saved = [r.name for r in await uow.characters.list(caller.guild_id)]
        if name.casefold() in {s.casefold() for s in saved}:
            raise CharacterExists(name)
        check_new_name(name, saved, "on this server")
        row = await uow.characters.create(
            guild_id=caller.guild_id, owner_id=caller.user_id, system=key, name=name, sheet=built.sheet
        )
        await uow.commit()
    return Reply("character create", svc.system(key), body=_view(row, built.sheet))


async def _mine(svc: Services, caller: Caller, name: str, *, write: bool) -> tuple[CharacterRow, Sheet]:
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


async def show(svc: Services, caller: Caller, args: Args) -> Reply:
    """Show a saved character."""
    row, sheet = await _mine(svc, caller, args.text("name") or "", write=False)
    return Reply("character show", svc.system(row.system), body=_view(row, sheet))


# What clears a piece of gear on /character edit (weapon:none, armour:none …).
_NONE = frozenset({"none", "nothing"})
_GEAR = ("weapon", "armour", "shield", "talents")


def _cleared(args: Args, option: str) -> bool:
    """Tell whether the option was given as 'none' (the gear taken off the sheet)."""
    text = args.text(option)
    return text is not None and text.strip().casefold() in _NONE


def _without_cleared(args: Args) -> Args:
    """Return the options with the gear given as 'none' left out (it is cleared, not looked up)."""
    values = {k: v for k, v in args.values.items() if not (k in _GEAR and _cleared(args, k))}
    return replace(args, values=values)


async def edit(svc: Services, caller: Caller, args: Args) -> Reply:
    """Change a saved character's traits or gear; 'none' takes a piece of gear off (weapon:none, armour:none)."""
    name = args.text("name") or ""
    row, _ = await _mine(svc, caller, name, write=True)
    system = svc.system(row.system)
    async with svc.db.unit_of_work() as uow:
        fresh = await uow.characters.get(row.id)
        if fresh is None:
            raise UnknownName("character", name, [])
        current = uow.characters.sheet(fresh)
        request = sheet_request(_without_cleared(args))
        traits = {**{k: str(v) for k, v in current.traits.items()}, **request.traits}
        weapons = request.weapons if request.weapons is not None else current.weapons
        merged = type(request)(
            template=request.template,
            traits=traits,
            talents=() if _cleared(args, "talents") else request.talents or tuple(sorted(current.talents)),
            tier=request.tier or current.tier,
            weapons=() if _cleared(args, "weapon") else weapons,
            armour=None if _cleared(args, "armour") else request.armour or current.armour,
            shield=None if _cleared(args, "shield") else request.shield or current.shield,
        )
        sheet = system.build_sheet(merged).sheet
        await uow.characters.update(fresh, sheet=sheet)
        await uow.commit()
    return Reply("character edit", system, body=_view(fresh, sheet))


async def list_characters(svc: Services, caller: Caller, args: Args) -> Reply:
    """List the guild's saved characters."""
    async with svc.db.unit_of_work() as uow:
        rows = await uow.characters.list(caller.guild_id)
    return Reply("character list", body=CharacterList(tuple((r.name, r.system, r.owner_id) for r in rows)))


async def names_of(svc: Services, guild_id: int, owner_id: int) -> list[str]:
    """Return the names of one player's saved characters on a guild (for suggestions)."""
    async with svc.db.unit_of_work() as uow:
        return [row.name for row in await uow.characters.list(guild_id, owner_id=owner_id)]


async def system_of(svc: Services, guild_id: int, owner_id: int, name: str) -> str | None:
    """Return the system of one player's saved character named ``name`` on a guild (None: no such one)."""
    wanted = name.strip().casefold()
    async with svc.db.unit_of_work() as uow:
        found = [row.system for row in await uow.characters.list(guild_id, owner_id=owner_id)
                 if row.name.casefold() == wanted]
    return found[0] if len(found) == 1 else None


async def delete(svc: Services, caller: Caller, args: Args) -> Reply:
    """Delete one of the caller's characters."""
    row, _ = await _mine(svc, caller, args.text("name") or "", write=True)
    async with svc.db.unit_of_work() as uow:
        fresh = await uow.characters.get(row.id)
        if fresh is not None:
            await uow.characters.delete(fresh)
        await uow.commit()
    return Reply("character delete", body=CharacterDeleted(row.name))


async def roll(svc: Services, caller: Caller, args: Args) -> Reply:
    """Roll dice in notation like 4dF, 3d6+2 or d10, with what the roll is for, shown to all or only to the caller."""
    spec = parse_dice(args.text("dice") or "")
    raw_label = args.text("label")
    label = None if raw_label is None else check_name(raw_label, "label")
    dice = svc.dice.for_command(caller.channel_id, f"roll:{next(_ROLLS)}")
    result = roll_dice(dice, spec)
    return Reply("roll", body=Rolled(str(spec), result, label, bool(args.flag("secret"))))
