"""The exact chances of a Farscape attack on one target: a melee exchange, or one shot (single or a burst).

Everything is counted by running the system's own resolution code once per sequence of 4dF sums its rolls can
show (``by_sums``): the exchange's strikes and blows landing in Initiative order, the shot's defence, dodge and
wound, and every Willpower roll against blacking out. The bands are the wound the target takes on the track it
lands on (or a knock-down, a lock, a feint), a miss, and what stops a blow.
"""

from __future__ import annotations

from combat.errors import CannotAct
from combat.model import Encounter
from combat.odds import Odds
from combat.system import Intent
from combat.systems.farscape.attack import fires
from combat.systems.farscape.odds_melee import melee_odds
from combat.systems.farscape.odds_ranged import shot_odds
from combat.systems.farscape.tables import FarscapeTables

__all__ = ["attack_odds"]

_MELEE = ("attack", "feint", "grapple", "sweep", "keep at bay")


def attack_odds(encounter: Encounter, intent: Intent, tables: FarscapeTables) -> Odds:
    """Return the exact chances of an attack, a shot or an exchange move on one target."""
    if intent.move == "shoot" or (intent.move == "attack" and fires(encounter, intent, tables)):
        return shot_odds(encounter, intent, tables)
    if intent.move in _MELEE:
        return melee_odds(encounter, intent, tables)
    raise CannotAct(f"Farscape works out odds for attacks, shots and {', '.join(_MELEE[1:])}; not {intent.move}.")
