"""Intents that wait for a player's choice, before the dice (a defence) or after them (spending what was rolled).

``attempt`` asks the rule system whether the intent offers a target's player a choice before the dice. If not, it
resolves at once through the engine. If so, it is checked by resolving it on throwaway dice (so a declaration never
waits for something the rules would refuse), then stored as the encounter's ``pending`` choice: no die is rolled
for real and the turn does not move. A resolution may also stop after its dice with a choice (``Asked``): it is
stored the same way, with the system's context. ``choose`` records the answer and goes on (asking the next target,
or resolving, or finishing the paused resolution); ``lapse`` answers with the default.
"""

from __future__ import annotations

from combat import engine
from combat.dice import DiceSource, RandomDice
from combat.engine import Step
from combat.errors import AwaitingReaction, InvalidInput, RulesError, echo
from combat.frozen import replace
from combat.intent import CHOICE_KEY, Asked, Declared, Intent, PendingReaction, Reaction
from combat.model import Encounter
from combat.options import same_name
from combat.system import RuleSystem

__all__ = ["answer_key", "attempt", "choose", "lapse", "offered_key", "require_settled", "waiting"]

# The throwaway dice of the check before a declaration: seeded, so the check itself is a pure function.
_CHECK_SEED = 0


def waiting(encounter: Encounter) -> AwaitingReaction | None:
    """Return the error naming who must choose, when an intent waits in the encounter."""
    pending = encounter.pending
    if pending is None:
        return None
    reaction = pending.reaction
    return AwaitingReaction(encounter.get(reaction.combatant).name, reaction.labels(), reaction.answers())


def require_settled(encounter: Encounter) -> None:
    """Refuse to go on while an intent waits for a choice."""
    error = waiting(encounter)
    if error is not None:
        raise error


def _check(system: RuleSystem, reaction: Reaction) -> None:
    """Refuse a malformed choice from a rule system: bad keys, or a default that is not offered."""
    bad = [key for key in reaction.answers() if not CHOICE_KEY.fullmatch(key)]
    if bad:
        raise RulesError(f"{system.title} offered the choice key '{echo(bad[0])}': keys are short, lower case.")
    if reaction.default not in reaction.answers():
        raise RulesError(f"The default '{reaction.default}' is not one of the choices offered.")


def _declare(system: RuleSystem, encounter: Encounter, intent: Intent, reaction: Reaction, deadline: float) -> Step:
    """Store the intent as waiting for ``reaction`` before its dice; the result says who is asked."""
    _check(system, reaction)
    pending = PendingReaction(intent, reaction, deadline)
    return Step(replace(encounter, pending=pending), Declared(intent, reaction))


def _paused(system: RuleSystem, step: Step, deadline: float) -> Step:
    """Store an intent that stopped after its dice to ask a choice; other steps pass through."""
    if not isinstance(step.result, Asked):
        return step
    _check(system, step.result.reaction)
    pending = PendingReaction(step.result.intent, step.result.reaction, deadline, "after", step.context)
    return replace(step, encounter=replace(step.encounter, pending=pending))


def attempt(system: RuleSystem, encounter: Encounter, intent: Intent, dice: DiceSource, deadline: float) -> Step:
    """Resolve the intent now, or, when it offers a target's player a choice, check it and declare it, waiting."""
    require_settled(encounter)
    reaction = system.reaction_for(encounter, intent)
    if reaction is None:
        return _paused(system, engine.act(system, encounter, intent, dice), deadline)
    engine.act(system, encounter, intent, RandomDice(_CHECK_SEED))
    return _declare(system, encounter, intent, reaction, deadline)


def _pending(encounter: Encounter) -> PendingReaction:
    if encounter.pending is None:
        raise RulesError("Nothing is waiting for a choice.")
    return encounter.pending


def offered_key(pending: PendingReaction, choice: str) -> str | None:
    """Return the offered answer that ``choice`` names (by key or label, spelling forgiven), or None."""
    for offered in pending.reaction.choices:
        if same_name(choice, offered.key) or same_name(choice, offered.label):
            return offered.key
    return None


def answer_key(pending: PendingReaction, choice: str) -> str:
    """Return the offered answer that ``choice`` names (by key or label), or refuse naming the answers."""
    key = offered_key(pending, choice)
    if key is not None:
        return key
    raise InvalidInput(f"Choose {' or '.join(pending.reaction.answers())}, not '{echo(choice)}'.")


def choose(system: RuleSystem, encounter: Encounter, choice: str, dice: DiceSource, deadline: float) -> Step:
    """Answer the waiting choice and go on; ``deadline`` is the deadline of a next choice, if one is asked."""
    pending = _pending(encounter)
    key = answer_key(pending, choice)
    cleared = replace(encounter, pending=None)
    if pending.stage == "after":
        outcome = system.resolve_choice(cleared, pending, key, dice)
        return _paused(system, engine.conclude(system, cleared, pending.intent, outcome, dice), deadline)
    intent = system.choose(pending.intent, pending.reaction, key)
    reaction = system.reaction_for(cleared, intent)
    if reaction is not None:
        if reaction.combatant == pending.reaction.combatant:
            raise RulesError(f"{system.title} asked the same combatant twice for one intent.")
        return _declare(system, cleared, intent, reaction, deadline)
    return _paused(system, engine.act(system, cleared, intent, dice), deadline)


def lapse(system: RuleSystem, encounter: Encounter, dice: DiceSource, deadline: float) -> Step:
    """Answer the waiting choice with its default (time ran out)."""
    return choose(system, encounter, _pending(encounter).reaction.default, dice, deadline)
