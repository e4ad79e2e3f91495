"""Guild settings: the GM role, where round summaries go, whether players end turns and join fights."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, replace

from bot.services.access import has_gm_role
from bot.services.context import Caller
from bot.services.core import Services
from bot.services.errors import NotAllowed
from bot.services.replies import Reply
from combat.errors import InvalidInput

__all__ = ["settings"]

_FLAGS = ("players_end_turn", "allow_join")
_IDS = ("gm_role", "summary_channel")


def _flag(name: str, text: str) -> bool:
    value = text.strip().lower()
    if value in {"yes", "true", "on", "1"}:
        return True
    if value in {"no", "false", "off", "0"}:
        return False
    raise InvalidInput(f"{name} must be yes or no.")


def _ident(name: str, text: str) -> int | None:
    value = text.strip().lstrip("<@&#!").rstrip(">")
    if value.lower() in {"none", "off", ""}:
        return None
    if not value.isdigit():
        raise InvalidInput(f"{name} must be a role or channel (or 'none').")
    return int(value)


async def settings(svc: Services, caller: Caller, options: Mapping[str, str]) -> Reply:
    """Show the guild's settings, or change them (server managers and GM-role holders only)."""
    async with svc.db.unit_of_work() as uow:
        current = await uow.settings.get(caller.guild_id)
        if options:
            roles = await svc.gm_roles(uow, caller.guild_id)
            if not (caller.admin or has_gm_role(caller, roles)):
                raise NotAllowed(
                    "Only a server manager or a member of the GM role can change Fray's settings (for every channel)."
                )
            changes: dict[str, object] = {}
            for name, text in options.items():
                if name in _FLAGS:
                    changes[name] = _flag(name, text)
                elif name in _IDS:
                    changes[f"{name}_id"] = _ident(name, text)
            current = replace(current, **changes)  # type: ignore[arg-type]
            await uow.settings.save(current)
            await uow.commit()
    return Reply("encounter settings", info={"settings": asdict(current)})
