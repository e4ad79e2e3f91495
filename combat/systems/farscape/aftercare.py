"""After the fight: treat, rest, recover naturally, wake, or clear scratches, for one combatant of the encounter."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from combat.dice import DiceSource
from combat.errors import CannotAct, InvalidInput, RulesError
from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.systems.farscape.harm import penalty, trait
from combat.systems.farscape.healing import Rest, Treatment, Waking, clear_scratches, recover, rest, treat, wake
from combat.systems.farscape.wounds import Health

__all__ = ["METHODS", "Aftercare", "heal"]

METHODS = ("first aid", "medicine", "natural", "rest", "wake", "scratches")


@dataclass(frozen=True)
class Aftercare:
    """One act of healing: who was cared for, by whom, how, and the rules' result (none for clearing scratches)."""

    target: str
    healer: str | None
    method: str
    result: Treatment | Rest | Waking | None


def _fit_to_heal(healer: Combatant, method: str) -> Combatant:
    """Return the healer if he can give care: not unconscious, out, frozen or Incapacitated.

    [seed] Incapacitated: "incapable of doing almost anything but speech (barely) and dragging themselves along the
    floor"; Unconscious: "rendered totally unconscious". [ours] The GM's leave to strain is for acting in the fight,
    not for tending a wound.
    """
    health: Health = healer.health
    if healer.has_any("unconscious", "out", "frozen") or health.incapacitated or health.knocked_out:
        raise CannotAct(f"{healer.name} is in no state to give {method}.")
    return healer


def heal(
    encounter: Encounter,
    target_id: str,
    method: str,
    dice: DiceSource,
    *,
    healer_id: str | None = None,
    modifier: int = 0,
    arns: int = 1,
) -> tuple[Encounter, Aftercare]:
    """Apply one healing method to a combatant; First Aid and Medicine roll the healer's skill."""
    if method not in METHODS:
        raise InvalidInput(f"Heal with one of: {', '.join(METHODS)}; not '{method}'.")
    target = encounter.get(target_id)
    result: Treatment | Rest | Waking
    if method in ("first aid", "medicine"):
        if healer_id is None:
            raise InvalidInput(f"Say who gives the {method}: add healer:Name.")
        healer = _fit_to_heal(encounter.get(healer_id), method)
        skill: Literal["first aid", "medicine"] = "first aid" if method == "first aid" else "medicine"
        treated = treat(target.health, dice, skill=skill, level=trait(healer, skill), equipment=modifier,
                        wounds=penalty(healer))
        updated, result = replace(target, health=treated.health), treated
    elif method == "natural":
        natural = recover(target.health, dice, constitution=trait(target, "constitution"), modifier=modifier)
        updated, result = replace(target, health=natural.health), natural
    elif method == "rest":
        rested = rest(target, arns)
        updated, result = rested.combatant, rested
    elif method == "wake":
        woken = wake(target, dice, modifier=modifier)
        updated, result = woken.combatant, woken
    else:
        if not target.health.lethal.filled[0]:
            raise RulesError(f"{target.name} has no scratches to see to.")
        return encounter.put(replace(target, health=clear_scratches(target.health))), Aftercare(
            target.id, None, method, None
        )
    return encounter.put(updated), Aftercare(target.id, healer_id, method, result)
