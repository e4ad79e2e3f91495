"""The targets' answers to "Dodge or take it?", recorded in a ranged intent's internal option ``defence``.

The option holds ``id=choice`` pairs ('aeryn=take, crichton=dodge'): ``dodge`` keeps the usual defence (the
element's dodge, a free Agility dodge if none was declared); ``take`` means the target does not dodge: a shot is
Unopposed against the range DL, and a grenade's fragments are met standing firm. Players never type the option:
the answer to a reaction writes it (see reaction.py), so the move's option list does not name it.
"""

from __future__ import annotations

from collections.abc import Mapping

from combat.errors import InvalidInput
from combat.intent import Choice
from combat.options import OptionValue

__all__ = ["DEFENCE", "DODGE_OR_TAKE", "TAKE", "defences", "taking", "with_defence"]

DEFENCE = "defence"
TAKE = "take"
DODGE_OR_TAKE = (Choice("dodge", "Dodge"), Choice(TAKE, "Take it"))
_KEYS = frozenset(c.key for c in DODGE_OR_TAKE)


def defences(options: Mapping[str, OptionValue]) -> dict[str, str]:
    """Return the recorded answers by combatant id."""
    found: dict[str, str] = {}
    recorded = options.get(DEFENCE)
    for part in (recorded if isinstance(recorded, str) else "").split(","):
        if not part.strip():
            continue
        who, _, choice = part.partition("=")
        key = choice.strip().lower()
        if not who.strip() or key not in _KEYS:
            raise InvalidInput(f"The defence '{part.strip()}' is not id=dodge or id=take.")
        found[who.strip()] = key
    return found


def taking(options: Mapping[str, OptionValue]) -> frozenset[str]:
    """Return the ids of the targets who chose to take it."""
    return frozenset(who for who, choice in defences(options).items() if choice == TAKE)


def with_defence(options: Mapping[str, OptionValue], combatant: str, choice: str) -> dict[str, OptionValue]:
    """Return the options with ``combatant``'s answer recorded."""
    if choice not in _KEYS:
        raise InvalidInput(f"Choose dodge or take, not '{choice}'.")
    answers = {**defences(options), combatant: choice}
    return {**options, DEFENCE: ", ".join(f"{who}={key}" for who, key in answers.items())}
