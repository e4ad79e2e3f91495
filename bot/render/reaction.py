"""Intents that wait for a player's choice, as text: the question, the wait, the answer or the default taken."""

from __future__ import annotations

from bot.render.names import Names, possessive, safe, who
from bot.render.plugin import SystemRenderer
from bot.services.replies import Answered
from combat.intent import Asked, Declared, Reaction
from combat.model import Encounter

__all__ = ["answer_lines", "asked_lines", "declared_lines", "typed", "waiting_line"]


def typed(reaction: Reaction) -> str:
    """Return how to answer on the command line: '/encounter react choice:dodge or choice:take'."""
    return "/encounter react " + " or ".join(f"choice:{key}" for key in reaction.answers())


def _question(reaction: Reaction) -> str:
    """Return the question with its answers: 'Dodge or Take it?', 'Defend how? Parry, Shield or Dodge'."""
    return f"{safe(reaction.prompt)}: {reaction.labels()}" if reaction.prompt else f"{reaction.labels()}?"


def declared_lines(result: Declared, names: Names, renderer: SystemRenderer) -> list[str]:
    """Show a declared intent waiting for the target's player: what comes, the choices, how to answer, the default."""
    reaction = result.reaction
    target = who(names, reaction.combatant)
    default = reaction.label(reaction.default)
    return [
        f"{renderer.intent(result.intent, target, names)}: no dice yet, {possessive(target)} player chooses first",
        _question(reaction),
        f"Answer with {typed(reaction)}; without an answer in time: {default}",
    ]


def asked_lines(result: Asked, names: Names, renderer: SystemRenderer) -> list[str]:
    """Show an intent paused after its dice: what the dice did, then the choice its player now makes."""
    reaction = result.reaction
    asked = who(names, reaction.combatant)
    default = reaction.label(reaction.default)
    return [
        *renderer.result(result.result, names),
        f"{possessive(asked)} player chooses — {_question(reaction)}",
        f"Answer with {typed(reaction)}; without an answer in time: {default}",
    ]


def waiting_line(encounter: Encounter, names: Names) -> str | None:
    """Say who the fight waits for, when an intent waits for a choice."""
    pending = encounter.pending
    if pending is None:
        return None
    reaction = pending.reaction
    target = who(names, reaction.combatant)
    return f"Waiting for {possessive(target)} player: {reaction.labels()} (default {reaction.label(reaction.default)})"


def answer_lines(answer: Answered | None, names: Names) -> list[str]:
    """Show the answer given to a choice, or the default taken when time ran out."""
    if answer is None:
        return []
    name = who(names, answer.combatant)
    if answer.lapsed:
        return [f"Time ran out for {possessive(name)} player: {safe(answer.label)} (the default)"]
    return [f"{name}: {safe(answer.label)}"]
