"""Breaking away from a melee: stepping back (and drawing a weapon), retreating, and fleeing the next element.

[seed, Unarmed Combat, for melee too] "Any combatant whose final offensive value beats the final defensive value of
their opponent scores a hit on them; they may also choose to retreat and attempt to escape in the next element, or
maybe step back and draw a weapon if they wish." The actual actions are "resolved in order of Initiative".

Decisions [ours]:
* ``step back`` and ``retreat`` are exchanges declared before the roll. The won contest is spent on breaking away
  instead of a blow: from each foe whose defence the fighter's offence beats (reaches, for a minion) he breaks
  away, harming no one; the engagement between them ends both ways (and any holding at bay). No lone-fighter
  rule: every foe is beaten or not on his own, and a minion's breaking away is no warning blow.
* The foes fight back as usual, and their blows land if they beat his defence, unless he broke away from that foe
  earlier in Initiative order (a higher Initiative); at the same Initiative both happen.
* ``step back`` with ``draw:<weapon>``: once clear of every foe (no one able to fight still engaged with him) he
  draws that melee weapon, which is in his hand from then on. Guns need no drawing in Fray.
* ``retreat``: once clear of every foe he is ``retreating`` for the rest of the element and the next. Any melee
  exchange he is part of ends it (he has been caught). On his turn while retreating, ``flee`` takes him out of the
  fight (``out``); the GM may then remove him.
"""

from __future__ import annotations

from combat.errors import CannotAct, RulesError
from combat.model import Combatant, Condition, Encounter
from combat.system import ActionOutcome, Intent
from combat.systems.farscape.engagement import opponents
from combat.systems.farscape.melee_fighters import Fighter
from combat.systems.farscape.melee_results import FleeResult
from combat.systems.farscape.ranged_common import Options, can_defend, carried_weapon, key_option
from combat.systems.farscape.tables import FarscapeTables, Weapon

__all__ = ["OUT", "RETREATING", "broke_away", "caught", "drawn_weapon", "resolve_flee"]

RETREATING = "retreating"
OUT = "out"
RETREAT_ELEMENTS = 2


def drawn_weapon(actor: Fighter, options: Options, tables: FarscapeTables) -> Weapon | None:
    """Return the melee weapon named by option ``draw`` of a step back, checked before any die is rolled."""
    key = key_option(options, "draw")
    if key is None:
        return None
    if actor.technique.name != "step back":
        raise RulesError("Only a step back draws a weapon (option draw).")
    weapon = carried_weapon(actor.combatant, tables, key)
    if weapon.kind != "melee":
        raise RulesError(f"Draw a melee weapon; a {weapon.name} needs no drawing to be used in Fray.")
    return weapon


def broke_away(encounter: Encounter, actor: Fighter, drawn: Weapon | None) -> tuple[Encounter, str | None]:
    """After a step back or retreat, clear of every foe: draw the weapon, or start retreating."""
    technique = actor.technique
    if technique.effect != "break" or opponents(encounter, actor.id, ()):
        return encounter, None
    combatant = encounter.get(actor.id)
    if technique.name == "retreat":
        return encounter.put(combatant.with_condition(Condition(RETREATING, elements=RETREAT_ELEMENTS))), None
    if drawn is None:
        return encounter, None
    return encounter.put(combatant.with_condition(Condition("wielding", source=drawn.key))), drawn.key


def caught(combatant: Combatant) -> Combatant:
    """End the retreat of a fighter in a melee exchange: he has been caught."""
    return combatant.without(RETREATING)


def resolve_flee(encounter: Encounter, intent: Intent) -> ActionOutcome:
    """Get away from the fight after a retreat clear of every foe; it takes the element."""
    actor = encounter.get(intent.actor)
    if not can_defend(actor):
        raise CannotAct(f"{actor.name} is in no state to flee.")
    if not actor.has(RETREATING):
        raise RulesError(f"{actor.name} must first retreat clear of every foe, then flee the next element.")
    if opponents(encounter, actor.id, ()):
        raise RulesError(f"{actor.name} is engaged in melee again; retreat first.")
    gone = actor.without(RETREATING).with_condition(Condition(OUT))
    return ActionOutcome(encounter.put(gone), FleeResult(actor.id), ends_turn=True)
