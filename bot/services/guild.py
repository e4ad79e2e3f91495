"""Guild settings: the GM role, where round summaries go, whether players end turns and join fights, reminders."""

from __future__ import annotations

from dataclasses import asdict, replace

from bot.services.access import has_gm_role
from bot.services.args import Args
from bot.services.context import Caller
from bot.services.core import Services
from bot.services.errors import NotAllowed
from bot.services.replies import Reply, SettingsShown
from combat.errors import InvalidInput

__all__ = ["settings"]

_FLAGS = ("players_end_turn", "allow_join")
_IDS = ("gm_role", "summary_channel")
MAX_ID = 2**63 - 1  # what a database BIGINT holds (Discord ids are far below it)


def _ident(name: str, text: str) -> int | None:
    """Read a role or channel given as a mention or an id; 'none' clears it."""
    value = text.strip().removeprefix("<").removesuffix(">").lstrip("@&#!")
    if value.lower() in {"none", "off"}:
        return None
    if not (value.isascii() and value.isdigit() and 0 < int(value) <= MAX_ID):
        raise InvalidInput(f"{name} must be a role or channel (or 'none').")
    return int(value)


async def settings(svc: Services, caller: Caller, args: Args) -> Reply:
    """Show the guild's settings, or change them (server managers and GM-role holders only)."""
    async with svc.db.unit_of_work() as uow:
        current = await uow.settings.get(caller.guild_id)
        if args.values:
            roles = svc.gm_roles(current)
            if not (caller.admin or has_gm_role(caller, roles)):
                raise NotAllowed(
                    "Only a server manager or a member of the GM role can change Fray's settings (for every channel)."
                )
            changes: dict[str, object] = {}
            for name in _FLAGS:
                if args.flag(name) is not None:
                    changes[name] = args.flag(name)
            cleared = args.text("clear")
            for name in _IDS:
                text = args.text(name)
                if text is not None and cleared == name:
                    raise InvalidInput(f"Set {name} or clear it, not both.")
                if text is not None:
                    changes[f"{name}_id"] = _ident(name, text)
            if cleared is not None:  # on Discord a role or channel option cannot be given 'none'
                changes[f"{cleared}_id"] = None
            minutes = args.number("remind_after")
            if minutes is not None:
                changes["remind_after"] = minutes or None  # 0 turns reminders off
            current = replace(current, **changes)  # type: ignore[arg-type]
            await uow.settings.save(current)
            await uow.commit()
    return Reply("encounter settings", body=SettingsShown(asdict(current)))
