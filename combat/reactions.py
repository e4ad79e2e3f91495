"""Intents that wait for a target's choice: attempt (resolve now, or declare and wait), choose, and lapse.

``attempt`` asks the rule system whether the intent offers a target's player a choice. If not, it resolves at once
through the engine. If so, it is checked by resolving it on throwaway dice (so a declaration never waits for
something the rules would refuse), then stored as the encounter's ``pending`` reaction: no die is rolled for real
and the turn does not move. ``choose`` records the answer, asks the next target when the intent offers another
choice, and otherwise resolves it through the engine as usual. ``lapse`` answers with the default.
"""

from __future__ import annotations

from dataclasses import replace

from combat import engine
from combat.dice import DiceSource, RandomDice
from combat.engine import Step, TurnChange
from combat.errors import AwaitingReaction, InvalidInput, RulesError
from combat.intent import Declared, Intent, PendingReaction, Reaction
from combat.model import Encounter
from combat.system import RuleSystem

__all__ = ["attempt", "choose", "lapse", "require_settled", "waiting"]

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


def _declare(encounter: Encounter, intent: Intent, reaction: Reaction, deadline: float) -> Step:
    """Store the intent as waiting for ``reaction``; the result says who is asked."""
    if reaction.default not in reaction.answers():
        raise RulesError(f"The default '{reaction.default}' is not one of the choices offered.")
    pending = PendingReaction(intent, reaction, deadline)
    return Step(replace(encounter, pending=pending), Declared(intent, reaction), TurnChange())


def attempt(system: RuleSystem, encounter: Encounter, intent: Intent, dice: DiceSource, deadline: float) -> Step:
    """Resolve the intent now, or, when it offers a target's player a choice, check it and declare it, waiting."""
    require_settled(encounter)
    reaction = system.reaction_for(encounter, intent)
    if reaction is None:
        return engine.act(system, encounter, intent, dice)
    engine.act(system, encounter, intent, RandomDice(_CHECK_SEED))
    return _declare(encounter, intent, reaction, deadline)


def _pending(encounter: Encounter) -> PendingReaction:
    if encounter.pending is None:
        raise RulesError("No attack is waiting for a choice.")
    return encounter.pending


def choose(system: RuleSystem, encounter: Encounter, choice: str, dice: DiceSource, deadline: float) -> Step:
    """Answer the waiting choice: ask the next target if the intent offers another choice, else resolve it.

    ``deadline`` is the deadline of a next choice, if one is asked.
    """
    pending = _pending(encounter)
    key = " ".join(choice.split()).lower()
    if key not in pending.reaction.answers():
        offered = " or ".join(pending.reaction.answers())
        raise InvalidInput(f"Choose {offered}, not '{choice}'.")
    intent = system.choose(pending.intent, pending.reaction, key)
    cleared = replace(encounter, pending=None)
    reaction = system.reaction_for(cleared, intent)
    if reaction is not None:
        if reaction.combatant == pending.reaction.combatant:
            raise RulesError(f"{system.title} asked the same combatant twice for one intent.")
        return _declare(cleared, intent, reaction, deadline)
    return engine.act(system, cleared, intent, dice)


def lapse(system: RuleSystem, encounter: Encounter, dice: DiceSource, deadline: float) -> Step:
    """Answer the waiting choice with its default (time ran out)."""
    return choose(system, encounter, _pending(encounter).reaction.default, dice, deadline)
