"""Which armour protects a spot: the class and rating of the armour worn, where it covers the location hit."""

from __future__ import annotations

from combat.errors import UnknownName
from combat.model import Combatant
from combat.systems.farscape.melee_moves import ARMOUR_AREAS
from combat.systems.farscape.tables import FarscapeTables

__all__ = ["armour_for"]


def armour_for(combatant: Combatant, tables: FarscapeTables, location: str = "torso") -> tuple[str | None, int]:
    """Return the class and rating of the armour covering ``location``; none when it leaves that spot bare [ours].

    Locations map to armour areas [ours]: a hand is part of the arms, a foot of the legs, an eye of the head.
    """
    key = combatant.sheet.armour
    if key is None:
        return None, 0
    armour = tables.armour.get(key)
    if armour is None:
        raise UnknownName("armour", key, tables.armour)
    if ARMOUR_AREAS.get(location, location) not in armour.covers:
        return None, 0
    return armour.cls, armour.rating
