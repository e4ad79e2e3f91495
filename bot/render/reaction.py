"""Attacks that wait for "Dodge or Take it?", as text: the declaration, the wait, the answer or the default taken."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.render.names import Names, possessive, who
from combat.intent import Declared, Intent, Reaction
from combat.model import Encounter

__all__ = ["answer_lines", "declared_lines", "typed", "waiting_line"]


def typed(reaction: Reaction) -> str:
    """Return how to answer on the command line: '/encounter react choice:dodge or choice:take'."""
    return "/encounter react " + " or ".join(f"choice:{key}" for key in reaction.answers())


def _attack(intent: Intent, names: Names, target: str) -> str:
    """Say what is coming at the target: 'Trooper 1 shoots at Aeryn', 'Trooper 1 throws a grenade at Aeryn'."""
    actor = who(names, intent.actor)
    if intent.move == "grenade":
        return f"{actor} throws a grenade at {target}"
    return f"{actor} shoots at {target}"


def declared_lines(result: Declared, names: Names) -> list[str]:
    """Show a declared attack waiting for the target's player: the choices, how to answer, the default."""
    reaction = result.reaction
    target = who(names, reaction.combatant)
    default = reaction.label(reaction.default)
    return [
        f"{_attack(result.intent, names, target)}: no dice yet, {possessive(target)} player chooses first",
        f"{reaction.labels()}? Answer with {typed(reaction)}; without an answer in time: {default}",
    ]


def waiting_line(encounter: Encounter, names: Names) -> str | None:
    """Say who the fight waits for, when an attack waits for a choice."""
    pending = encounter.pending
    if pending is None:
        return None
    reaction = pending.reaction
    target = who(names, reaction.combatant)
    return f"Waiting for {possessive(target)} player: {reaction.labels()} (default {reaction.label(reaction.default)})"


def answer_lines(info: Mapping[str, Any], names: Names) -> list[str]:
    """Show the answer given to a choice, or the default taken when time ran out."""
    if "lapsed" in info:
        lapsed = info["lapsed"]
        target = who(names, lapsed["combatant"])
        return [f"Time ran out for {possessive(target)} player: {lapsed['label']} (the default)"]
    if "chose" in info:
        chose = info["chose"]
        return [f"{who(names, chose['combatant'])}: {chose['label']}"]
    return []
