"""Who may do what: the GM (who started the encounter, or holds the GM role), owners, and everyone else."""

from __future__ import annotations

from collections.abc import Collection

from bot.services.context import Caller
from bot.services.errors import NotAllowed
from combat.errors import NotYourTurn, RulesError
from combat.model import Combatant, Encounter

__all__ = ["acting_combatant", "has_gm_role", "is_gm", "require_gm"]


def has_gm_role(caller: Caller, gm_roles: Collection[str]) -> bool:
    """Tell whether the caller holds one of the GM roles (by name or by id)."""
    held = {r.lower() for r in caller.roles}
    return any(role.lower() in held for role in gm_roles if role)


def is_gm(caller: Caller, gm_id: int, gm_roles: Collection[str]) -> bool:
    """Tell whether the caller runs this encounter: its starter, or a holder of a GM role."""
    return caller.user_id == gm_id or has_gm_role(caller, gm_roles)


def require_gm(caller: Caller, gm_id: int, gm_roles: Collection[str], what: str) -> None:
    """Refuse a GM command from anyone else."""
    if not is_gm(caller, gm_id, gm_roles):
        raise NotAllowed(f"Only the GM can {what}.")


def _owned(encounter: Encounter, caller: Caller) -> list[Combatant]:
    owner = caller.owner_key
    return [c for c in encounter.combatants if c.owner == owner]


def acting_combatant(
    encounter: Encounter, caller: Caller, gm: bool, as_name: str | None, reaction: bool = False
) -> Combatant:
    """Work out whose move this is: the ``as`` combatant (GM or owner), else the caller's own combatant."""
    if as_name:
        chosen = encounter.find(as_name)
        if not gm and chosen.owner != caller.owner_key:
            raise NotAllowed(f"{chosen.name} is not yours to command; only their player or the GM can.")
        return chosen
    current = encounter.turns.current
    waiting = current.waiting if current else ()
    owned = _owned(encounter, caller)
    mine_now = [c for c in owned if c.id in waiting]
    if mine_now:
        return mine_now[0]
    if reaction and len(owned) == 1:
        return owned[0]
    if gm:
        npcs_now = [c for c in map(encounter.get, waiting) if not c.owner]
        if npcs_now:
            return npcs_now[0]
    if owned and not encounter.turns.round:
        raise RulesError("The fight has not begun yet; the GM starts it with /encounter begin.")
    if owned:
        names = encounter.names(current.waiting) if current else ()
        raise NotYourTurn(owned[0].name, names)
    if gm:
        raise NotAllowed("Say which combatant acts with as:, e.g. as:\"Trooper 1\".")
    raise NotAllowed("You have no combatant in this fight; ask the GM to add you, or /encounter join.")
