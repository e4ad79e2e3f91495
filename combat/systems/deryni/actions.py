"""The modifiers every Deryni action carries: wounds, earlier dodges this round, and a Deryni power in use."""

from __future__ import annotations

from combat.model import Combatant
from combat.systems.deryni.state import fighter

__all__ = ["action_mods", "powered"]


def powered(combatant: Combatant, round_number: int) -> bool:
    """Tell whether the combatant maintains a power, or used or maintained one this round (-1 to everything else).

    Before the fight (round 0) only a power maintained counts: no round has been played to use one in.
    """
    state = fighter(combatant)
    return state.power is not None or (round_number > 0 and round_number in (state.power_round, state.kept_round))


def action_mods(combatant: Combatant, round_number: int, dodging: bool = False) -> list[tuple[str, int]]:
    """Return the named modifiers of any action: wounds, -1 per earlier dodge this round, -1 for a power.

    ``dodging``: the roll is part of the dodge he just made (a disarm's Strength contest after it), which "the
    penalty is applied to all actions following the Dodge, not including it" leaves out [seed].
    """
    return [
        ("wounds", combatant.health.penalty),
        ("dodged", -(fighter(combatant).dodges - dodging)),
        ("Deryni power", -1 if powered(combatant, round_number) else 0),
    ]
