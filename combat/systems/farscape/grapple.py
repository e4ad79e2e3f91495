"""Farscape locks: pinning a victim, the martial artist's counter lock, and breaking free with Strength."""

from __future__ import annotations

from collections.abc import Iterable

from combat.dice import DiceSource
from combat.errors import RulesError, UnknownName
from combat.fudge import TraitRoll, roll_trait
from combat.model import Combatant, Condition, Encounter
from combat.system import ActionOutcome, Intent
from combat.systems.farscape.harm import penalty, trait
from combat.systems.farscape.melee_results import EscapeResult, LockAttempt, Modifier, total
from combat.systems.farscape.ranged_common import is_minion

__all__ = [
    "GRAPPLING",
    "PINNED",
    "STRAINED",
    "counter_lock",
    "holds",
    "lock",
    "release",
    "release_fallen",
    "resolve_escape",
    "strain",
]

PINNED = "pinned"
GRAPPLING = "grappling"
STRAINED = "lock strained"


def holds(grappler: Combatant, victim: Combatant) -> bool:
    """Tell whether ``grappler`` has ``victim`` pinned in a lock."""
    grip, pin = grappler.condition(GRAPPLING), victim.condition(PINNED)
    return grip is not None and pin is not None and grip.source == victim.id and pin.source == grappler.id


def release(encounter: Encounter, grappler_id: str, victim_id: str) -> Encounter:
    """End the lock between these two, removing 'grappling' and 'pinned' where they refer to each other."""
    changed: list[Combatant] = []
    for cid, name, other in ((grappler_id, GRAPPLING, victim_id), (victim_id, PINNED, grappler_id)):
        try:
            combatant = encounter.get(cid)
        except UnknownName:
            continue
        held = combatant.condition(name)
        if held is not None and held.source == other:
            changed.append(combatant.without(name, STRAINED) if name == GRAPPLING else combatant.without(name))
    return encounter.put(*changed)


def _free(encounter: Encounter, combatant_id: str) -> Encounter:
    """End every lock this combatant is part of."""
    combatant = encounter.get(combatant_id)
    grip, pin = combatant.condition(GRAPPLING), combatant.condition(PINNED)
    if grip is not None and grip.source is not None:
        encounter = release(encounter, combatant_id, grip.source)
    if pin is not None and pin.source is not None:
        encounter = release(encounter, pin.source, combatant_id)
    return encounter


def lock(encounter: Encounter, grappler_id: str, victim_id: str) -> Encounter:
    """Pin the victim in the grappler's lock, ending any lock either of them was in."""
    encounter = _free(_free(encounter, grappler_id), victim_id)
    grappler = encounter.get(grappler_id).with_condition(Condition(GRAPPLING, source=victim_id))
    victim = encounter.get(victim_id).with_condition(Condition(PINNED, value=-2, source=grappler_id))
    return encounter.put(grappler, victim)


def strain(encounter: Encounter, grappler_id: str) -> Encounter:
    """Mark that the grappler struck his pinned victim: -1 to his Strength to hold the lock this element [ours]."""
    grappler = encounter.get(grappler_id)
    return encounter.put(grappler.with_condition(Condition(STRAINED, value=-1, elements=1, source=grappler_id)))


def release_fallen(encounter: Encounter, fallen: Iterable[str]) -> Encounter:
    """End the locks of everyone taken out: an unconscious grappler lets go, a limp victim slips free [ours]."""
    for combatant_id in fallen:
        encounter = _free(encounter, combatant_id)
    return encounter


def _wounds(combatant: Combatant) -> tuple[Modifier, ...]:
    value = penalty(combatant)
    return (Modifier("wounds", value),) if value else ()


def _roll(dice: DiceSource, combatant: Combatant, name: str, modifiers: tuple[Modifier, ...]) -> TraitRoll:
    return roll_trait(dice, name, trait(combatant, name), total(modifiers))


def counter_lock(encounter: Encounter, grappler_id: str, victim_id: str, dice: DiceSource,
                 warning: bool = False) -> tuple[Encounter, LockAttempt]:
    """Roll a martial artist's Grapple against the opponent's Speed; a win pins the opponent.

    With ``warning`` (an unwarned minion) a win pins nobody: it is the minion's warning, and the caller marks it.
    A minion victim does not roll [seed: attacks on minions are Unopposed]: reaching his Speed pins him.
    """
    grappler, victim = encounter.get(grappler_id), encounter.get(victim_id)
    g_mods, v_mods = _wounds(grappler), _wounds(victim)
    g_roll = _roll(dice, grappler, "grapple", g_mods)
    v_roll, difficulty = None, None
    if is_minion(victim):
        difficulty = trait(victim, "speed") + total(v_mods)
        success = g_roll.result >= difficulty
    else:
        v_roll = _roll(dice, victim, "speed", v_mods)
        success = g_roll.result > v_roll.result
    if success and not warning:
        encounter = lock(encounter, grappler_id, victim_id)
    attempt = LockAttempt(grappler_id, victim_id, g_roll, g_mods, v_roll, v_mods, success, success and warning,
                          difficulty)
    return encounter, attempt


def resolve_escape(encounter: Encounter, intent: Intent, dice: DiceSource) -> ActionOutcome:
    """Try to break the lock pinning the actor: opposed Strength, the victim at -1; the grappler wins ties."""
    victim = encounter.get(intent.actor)
    pin = victim.condition(PINNED)
    if pin is None or pin.source is None:
        raise RulesError(f"{victim.name} is not held in a lock.")
    try:
        grappler = encounter.get(pin.source)
    except UnknownName:
        grappler = None
    if grappler is None or not holds(grappler, victim) or grappler.has("unconscious"):
        freed = encounter.put(victim.without(PINNED))
        return ActionOutcome(freed, EscapeResult(victim.id, pin.source, None, (), None, (), True))
    v_mods = (*_wounds(victim), Modifier("pinned", -1))
    strained = grappler.condition(STRAINED)
    g_mods = (*_wounds(grappler), *((Modifier("struck from the lock", strained.value),) if strained else ()))
    v_roll = _roll(dice, victim, "strength", v_mods)
    g_roll = _roll(dice, grappler, "strength", g_mods)
    broken = v_roll.result > g_roll.result
    if broken:
        encounter = release(encounter, grappler.id, victim.id)
    return ActionOutcome(encounter, EscapeResult(victim.id, grappler.id, v_roll, v_mods, g_roll, g_mods, broken))
