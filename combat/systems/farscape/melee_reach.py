"""Holding a shorter-armed foe at bay with a longer weapon.

[seed, Weapon Size] "to attack a foe who has a longer weapon can be a dangerous prospect, as the character must get
in closer to reach them and can be held at bay by the longer weapon if that character continues to win the Opposed
offensive contests"; [seed, Unarmed vs. Melee] the armed opponent may "keep them at a distance with their weapon".

Decisions [ours]:
* A fighter keeps foes at bay by choosing the ``keep at bay`` move: a strike with his melee weapon, against foes
  whose weapon is shorter (a larger size number on the ladder: a knife is Good, a pike Terrible) or who fight
  without a melee weapon. It is refused against a foe whose weapon is as long as his.
* In that exchange and in every later exchange with the foe (whoever starts it) while he keeps it up, the two
  offences are compared: when his is higher, the foe is held at bay and the foe's blow (or lock, sweep, feint,
  counter lock) cannot reach him. His own blow lands as usual.
* He keeps it up (``at bay:<foe>``) for the rest of the element and the next, renewed by every contest he wins.
  The first exchange in which he does not win it (the foe's offence ties or beats his) lets the foe in: it ends.
  It also ends when he no longer outreaches that foe, or when the two break apart (see disengage).
* A fighter who makes no roll (frozen, or a minion being attacked) presses no contest: the foe gets in. A foe
  who makes no roll strikes no blow anyway, and the holder keeps him at bay.
"""

from __future__ import annotations

from collections.abc import Mapping

from combat.errors import RulesError
from combat.frozen import frozen, replace
from combat.fudge import TraitRoll
from combat.model import Condition, Encounter
from combat.systems.farscape.engagement import ENGAGEMENT_ELEMENTS, at_bay_name
from combat.systems.farscape.melee_fighters import Fighter
from combat.systems.farscape.melee_results import Strike

__all__ = ["Reach", "check_reach", "hold_at_bay", "keep_at_bay", "outreaches"]


@frozen
class Reach:
    """Who kept whom at bay in one exchange (holder, foe), and which foes got inside a holder's reach."""

    held: tuple[tuple[str, str], ...] = ()
    closed: tuple[tuple[str, str], ...] = ()


def outreaches(holder: Fighter, other: Fighter) -> bool:
    """Tell whether the holder's melee weapon is longer than the other's (any melee weapon outreaches none)."""
    if not holder.armed or holder.weapon is None:
        return False
    return not other.armed or other.weapon is None or holder.weapon.size < other.weapon.size


def check_reach(actor: Fighter, foes: tuple[Fighter, ...]) -> None:
    """Refuse ``keep at bay`` against a foe whose weapon is as long as the actor's."""
    if not actor.technique.reach:
        return
    for foe in foes:
        if not outreaches(actor, foe):
            mine = actor.weapon.name if actor.weapon else "weapon"
            theirs = foe.weapon.name if foe.armed and foe.weapon else "weapon"
            raise RulesError(
                f"The {mine} is no longer than {foe.combatant.name}'s {theirs}: it cannot keep them at bay."
            )


def _contest(
    holder: Fighter, other: Fighter, own: Strike, theirs: Strike, rolls: Mapping[str, TraitRoll | None]
) -> bool | None:
    """Tell whether the holder keeps the other at bay this exchange (None: he is not trying)."""
    keeping = holder.technique.reach or holder.combatant.has(at_bay_name(other.id))
    if not keeping:
        return None
    if not outreaches(holder, other) or rolls[holder.id] is None:
        return False
    return rolls[other.id] is None or own.offence > theirs.offence


def _blocked(blow: Strike) -> Strike:
    """Stop a blow that would land but cannot reach; one that misses anyway stays a miss."""
    return replace(blow, lands=False, reason="at bay") if blow.lands else blow


def hold_at_bay(
    actor: Fighter,
    foes: tuple[Fighter, ...],
    mine: tuple[Strike, ...],
    theirs: tuple[Strike, ...],
    rolls: Mapping[str, TraitRoll | None],
) -> tuple[tuple[Strike, ...], tuple[Strike, ...], Reach]:
    """Stop the blows of fighters held at bay (strikes in foe order, the actor's and the foes')."""
    new_mine, new_theirs = list(mine), list(theirs)
    held: list[tuple[str, str]] = []
    closed: list[tuple[str, str]] = []
    for i, foe in enumerate(foes):
        for holder, other, own, blow in ((actor, foe, mine[i], theirs[i]), (foe, actor, theirs[i], mine[i])):
            kept = _contest(holder, other, own, blow, rolls)
            if kept is None:
                continue
            if not kept:
                closed.append((holder.id, other.id))
                continue
            held.append((holder.id, other.id))
            if holder is actor:
                new_theirs[i] = _blocked(blow)
            else:
                new_mine[i] = _blocked(blow)
    return tuple(new_mine), tuple(new_theirs), Reach(tuple(held), tuple(closed))


def keep_at_bay(encounter: Encounter, reach: Reach) -> Encounter:
    """Renew the holding at bay the holders won, and end it where the foe got inside."""
    for holder, other in reach.held:
        condition = Condition(at_bay_name(other), elements=ENGAGEMENT_ELEMENTS, source=other)
        encounter = encounter.put(encounter.get(holder).with_condition(condition))
    for holder, other in reach.closed:
        encounter = encounter.put(encounter.get(holder).without(at_bay_name(other)))
    return encounter
