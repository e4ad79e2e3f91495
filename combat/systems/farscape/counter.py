"""A martial artist's counter lock after his defence held, in a foe's exchange as in his own [seed].

Seed, Martial Arts, Grapple: "a martial artist may also attempt to catch them in a lock if they successfully defend
themselves against attack. In such cases, the martial artist must win an Opposed contest between their Grapple skill
and the opponent's Speed to get them in a lock."

Fray resolves an exchange on the turn of whoever starts it, so the attack a martial artist defends against often comes
on the foe's turn. An exchange in which his Martial Arts defence stops a foe's blow marks the chance on him
(``counter:<foe>``); he takes it with the ``counter`` move against that foe, out of turn, without spending his action
[ours: the seed makes the lock part of defending]. The chance lasts the rest of the element and ends with his next
exchange [ours: it follows that defence, not a later one]. A minion or a frozen fighter never defends with dice
[seed], so he gets no such chance [ours]; the ``counter lock`` technique on his own turn is the same lock, tried in the
exchange itself.
"""

from __future__ import annotations

from combat.dice import DiceSource
from combat.errors import CannotAct, InvalidInput, RulesError
from combat.frozen import frozen
from combat.model import Combatant, Condition, Encounter
from combat.system import ActionOutcome, Intent
from combat.systems.farscape.grapple import counter_lock
from combat.systems.farscape.melee_fighters import Fighter
from combat.systems.farscape.melee_moves import MARTIAL_ARTS
from combat.systems.farscape.melee_results import LockAttempt, Strike

__all__ = ["COUNTER", "CounterResult", "counter_name", "open_counters", "resolve_counter"]

COUNTER = "counter:"


@frozen
class CounterResult:
    """A counter lock taken out of turn, after the martial artist's defence stopped the foe's blow."""

    lock: LockAttempt


def counter_name(foe_id: str) -> str:
    """Return the name of the condition that marks the chance to counter ``foe_id`` with a lock."""
    return f"{COUNTER}{foe_id}"


def _held(blow: Strike, actor: Fighter) -> bool:
    """Tell whether a foe's real blow failed against a martial artist's own defence (no minion, not frozen)."""
    if blow.defender == actor.id and actor.technique.effect == "counter":
        return False  # his own counter lock was tried in this very exchange
    return (blow.defence_trait == MARTIAL_ARTS and blow.reason != "no strike" and not blow.unopposed
            and not blow.succeeds)


def open_counters(encounter: Encounter, actor: Fighter, fighters: tuple[Fighter, ...], strikes: tuple[Strike, ...],
                  out: frozenset[str]) -> Encounter:
    """End the fighters' earlier chances to counter, and mark each foe's blow that a Martial Arts defence stopped."""
    marks: dict[str, list[Condition]] = {}
    for blow in strikes:
        if _held(blow, actor) and blow.defender not in out and blow.attacker not in out:
            mark = Condition(counter_name(blow.attacker), elements=1, source=blow.attacker)
            marks.setdefault(blow.defender, []).append(mark)
    changed: list[Combatant] = []
    for fighter in fighters:
        combatant = encounter.get(fighter.id)
        spent = [c.name for c in combatant.conditions if c.name.startswith(COUNTER)]  # his next exchange ends them
        if spent or fighter.id in marks:
            changed.append(combatant.without(*spent).with_conditions(*marks.get(fighter.id, ())))
    return encounter.put(*changed) if changed else encounter


def resolve_counter(encounter: Encounter, intent: Intent, dice: DiceSource) -> ActionOutcome:
    """Try the counter lock the actor's defence earned: his Grapple against the foe's Speed; a win pins the foe."""
    actor = encounter.get(intent.actor)
    if len(intent.targets) != 1:
        raise InvalidInput("Name the one foe whose blow you stopped: counter target:<name>.")
    foe = encounter.get(intent.targets[0])
    if actor.has_any("frozen", "unconscious", "out") or actor.health.incapacitated:
        raise CannotAct(f"{actor.name} is in no state to catch anyone in a lock.")
    if not actor.has(counter_name(foe.id)):
        raise RulesError(f"{actor.name} can counter only a foe whose blow their Martial Arts defence stopped this "
                         f"element, before their next exchange; {foe.name}'s was not one.")
    if foe.has_any("unconscious", "out"):
        raise RulesError(f"{foe.name} is already down.")
    encounter = encounter.put(actor.without(counter_name(foe.id)))
    encounter, lock = counter_lock(encounter, actor.id, foe.id, dice)
    return ActionOutcome(encounter, CounterResult(lock), ends_turn=False)
