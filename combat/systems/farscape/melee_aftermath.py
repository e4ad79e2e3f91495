"""What a Farscape exchange leaves behind: engagements, weapons in hand, feints spent, strained locks, counter locks."""

from __future__ import annotations

from collections.abc import Mapping

from combat.dice import DiceSource
from combat.model import Combatant, Condition, Encounter
from combat.systems.farscape import grapple
from combat.systems.farscape.disengage import caught
from combat.systems.farscape.engagement import engagement
from combat.systems.farscape.melee_fighters import Fighter
from combat.systems.farscape.melee_hits import FEINTED, must_warn, warn
from combat.systems.farscape.melee_reach import Reach
from combat.systems.farscape.melee_results import LockAttempt, Strike

__all__ = ["changes", "counter", "record"]


def record(encounter: Encounter, actor: Fighter, foes: tuple[Fighter, ...], strikes: tuple[Strike, ...]) -> Encounter:
    """Record who is engaged and wielding what, end retreats caught, spend feints used, strain a lock struck from.

    The fighters are built from ``encounter``: their combatants are its own, marked as acting (see exchange).
    """
    updated: list[Combatant] = []
    for fighter in (actor, *foes):
        conditions = engagement([f.id for f in foes] if fighter is actor else [actor.id])
        if fighter.armed and fighter.weapon is not None:
            conditions = (*conditions, Condition("wielding", source=fighter.weapon.key))
        updated.append(caught(fighter.combatant.with_conditions(*conditions)))  # set in one copy
    encounter = encounter.put(*updated)
    for strike in strikes:
        if any([m.name == "feinted" for m in strike.defence_modifiers]):
            # [ours] A feint's penalty is spent by the first exchange with the feinter that it applies to.
            defender = encounter.get(strike.defender)
            encounter = encounter.put(defender.without(FEINTED))
        if any([m.name == "striking from a lock" for m in strike.offence_modifiers]):
            encounter = grapple.strain(encounter, strike.attacker)
    return encounter


def changes(before: Mapping[str, Combatant], after: Encounter) -> tuple[
    tuple[tuple[str, Condition], ...], tuple[tuple[str, str], ...]
]:
    """Return the conditions set on and removed from these combatants (by id, as they were) since then."""
    added: list[tuple[str, Condition]] = []
    removed: list[tuple[str, str]] = []
    for cid, was in before.items():
        old, new = was.conditions, after.get(cid).conditions
        if old is new:
            continue
        same_name: dict[str, list[Condition]] = {}
        for c in old:
            same_name.setdefault(c.name, []).append(c)
        added.extend([(cid, c) for c in new if c not in same_name.get(c.name, ())])  # equal ones share a name
        names = {c.name for c in new}
        removed.extend([(cid, c.name) for c in old if c.name not in names])
    return tuple(added), tuple(removed)


def counter(encounter: Encounter, actor: Fighter, strikes: tuple[Strike, ...], reach: Reach, out: frozenset[str],
            dice: DiceSource) -> tuple[Encounter, LockAttempt | None]:
    """After a counter lock's exchange, try the lock if the actor's defence held and he was not held at bay."""
    if actor.technique.effect != "counter" or actor.id in out:
        return encounter, None
    theirs = next(s for s in strikes if s.defender == actor.id)
    if theirs.lands or theirs.attacker in out or (theirs.attacker, actor.id) in reach.held:
        return encounter, None
    warning = must_warn(encounter.get(actor.id))
    encounter, attempt = grapple.counter_lock(encounter, actor.id, theirs.attacker, dice, warning)
    return (warn(encounter, actor.id) if attempt.warning else encounter), attempt
