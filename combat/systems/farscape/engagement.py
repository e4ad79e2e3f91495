"""Who is fighting whom hand to hand: engagements, and the opponents a lone fighter counts against himself.

Every exchange engages the actor with each target and each target with the actor. [ours] An engagement lasts
for the rest of the element of the exchange and the whole next element (``elements=2``), and each new
exchange between the pair refreshes it. Two conditions record it:

* ``engaged:<id>`` per opponent, counted for the gang-up penalty (-1 offence and defence per opponent
  after the first, even for opponents the fighter did not name as targets);
* ``engaged`` (source = the opponent of the fighter's latest exchange, his first target when he attacked),
  which Initiative reads for weapon size and ranged fire reads for shooting into a melee.

A fighter keeping a foe at bay with a longer weapon also carries ``at bay:<id>`` (see melee_reach). Breaking away
(stepping back, retreating) ends everything between the pair: both engagements, any holding at bay.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from combat.errors import UnknownName
from combat.model import Combatant, Condition, Encounter
from combat.systems.farscape.strain import can_strain

__all__ = [
    "AT_BAY",
    "ENGAGED",
    "ENGAGEMENT_ELEMENTS",
    "at_bay_name",
    "disengage",
    "engage",
    "engaged_with",
    "engagement",
    "opponents",
    "pair_name",
]

ENGAGED = "engaged"
ENGAGEMENT_ELEMENTS = 2
_PAIR = "engaged:"
AT_BAY = "at bay:"
_UNABLE = ("unconscious", "out", "frozen")


def pair_name(opponent_id: str) -> str:
    """Return the name of the condition that engages a fighter with ``opponent_id``."""
    return f"{_PAIR}{opponent_id}"


def at_bay_name(foe_id: str) -> str:
    """Return the name of the condition that marks a fighter keeping ``foe_id`` at bay."""
    return f"{AT_BAY}{foe_id}"


def engage(combatant: Combatant, foe_ids: Sequence[str]) -> Combatant:
    """Engage the combatant with these foes for this element and the next; the first is his main foe."""
    return combatant.with_conditions(*engagement(foe_ids))


def engagement(foe_ids: Sequence[str]) -> tuple[Condition, ...]:
    """Return the conditions that engage a fighter with these foes (``engage`` sets them; the first is his main foe)."""
    pairs = [Condition(pair_name(foe), elements=ENGAGEMENT_ELEMENTS, source=foe) for foe in dict.fromkeys(foe_ids)]
    return (*pairs, Condition(ENGAGED, elements=ENGAGEMENT_ELEMENTS, source=foe_ids[0]))


def _part(combatant: Combatant, foe_id: str) -> Combatant:
    """End the combatant's side of an engagement with one foe; his main foe becomes another still engaged."""
    combatant = combatant.without(pair_name(foe_id), at_bay_name(foe_id))
    main = combatant.condition(ENGAGED)
    if main is None or main.source != foe_id:
        return combatant
    rest = [c for c in combatant.conditions if c.name.startswith(_PAIR)]
    if not rest:
        return combatant.without(ENGAGED)
    return combatant.with_condition(Condition(ENGAGED, elements=rest[0].elements, source=rest[0].source))


def disengage(encounter: Encounter, one: str, other: str) -> Encounter:
    """End the engagement between two fighters, both ways, and any holding at bay between them."""
    return encounter.put(_part(encounter.get(one), other), _part(encounter.get(other), one))


def engaged_with(combatant: Combatant) -> tuple[str, ...]:
    """Return the ids of everyone the combatant is still engaged with."""
    return tuple([c.source for c in combatant.conditions if c.name.startswith(_PAIR) and c.source is not None])


def _can_fight(encounter: Encounter, combatant_id: str) -> bool:
    """Tell whether a combatant is still there and able to press an attack."""
    try:
        other = encounter.get(combatant_id)
    except UnknownName:
        return False
    return not other.has_any(*_UNABLE) and (not other.health.incapacitated or can_strain(other))


def opponents(encounter: Encounter, combatant_id: str, current: Iterable[str]) -> tuple[str, ...]:
    """Return the fighter's opponents: those he fights now, then those still engaged with him and able to fight.

    [ours] A former opponent who has since been taken out (unless straining), frozen or removed no longer counts.
    """
    now = tuple(current)
    earlier = engaged_with(encounter.get(combatant_id))
    kept = [foe for foe in earlier if foe not in now and _can_fight(encounter, foe)]
    return tuple(dict.fromkeys((*now, *kept)))
