"""Render any Deryni result as plain lines of text: every die, modifier, margin, damage step and wound.

``DeryniRenderer`` is what Fray's generic renderers ask (see ``bot.render.plugin``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.render.dice import ladder, trait_level, trait_title
from bot.render.names import Names, safe, who
from bot.systems.deryni import events
from bot.systems.deryni.strike import render_strike
from combat.intent import Intent
from combat.model import Combatant
from combat.options import OptionValue, normal_key
from combat.systems.deryni.gear import BARE_WORDS
from combat.systems.deryni.healing import Rested, Saved, Treated
from combat.systems.deryni.health import LEVELS, Health
from combat.systems.deryni.results import AllOut, DeathSettled, PickedUp, PowerDropped, PowerUse, Ran, Strike
from combat.systems.deryni.rounds import DeryniRoundStart, RoundEnd
from combat.systems.deryni.state import fighter
from combat.systems.deryni.tools import DefenceSet, Engaged, FudgeSet

__all__ = ["RENDERERS", "DeryniRenderer"]

RENDERERS: dict[type, Callable[[Any, Names], list[str]]] = {
    Strike: render_strike,
    DeathSettled: events.render_settled,
    DeryniRoundStart: events.render_round_start,
    RoundEnd: events.render_round_end,
    AllOut: events.render_all_out,
    PickedUp: events.render_picked_up,
    Ran: events.render_ran,
    PowerUse: events.render_power,
    PowerDropped: events.render_power_dropped,
    Engaged: events.render_engaged,
    DefenceSet: events.render_defence_set,
    FudgeSet: events.render_fudge_set,
    Treated: events.render_treated,
    Rested: events.render_rested,
    Saved: events.render_saved,
}


def _announced(options: Mapping[str, OptionValue]) -> str | None:
    """Name a special attack as it is declared, before the defence is chosen: where, how, for what [seed]."""
    called, knockout, disarm = options.get("called"), options.get("knockout"), options.get("disarm")
    if isinstance(called, str):
        return f"a called shot at the {safe(called)}"
    if isinstance(knockout, str):
        return f"a knock-out blow ({safe(knockout)})"
    if isinstance(disarm, str):
        return f"a disarm, for their {safe(disarm)}"
    return None


def _word(health: Health) -> str:
    """Name a combatant's state without numbers, for players looking at an NPC."""
    if health.dead:
        return "Dead"
    if health.dying is not None:
        return "Dying"
    if health.out:
        return "Down"
    worst = health.worst
    return "Unhurt" if worst is None else "Wounded" if worst <= 1 else "Badly wounded"


class DeryniRenderer:
    """Deryni's text for Fray's generic renderers: results, wounds, and what an attack is."""

    def result(self, result: object, names: Names) -> list[str]:
        """Render any Deryni result; an unknown one gives no lines."""
        renderer = RENDERERS.get(type(result))
        return [] if renderer is None else renderer(result, names)

    def health(self, combatant: Combatant, *, detailed: bool) -> list[str]:
        """Show the wounds, their points and the FUDGE points, or (for players looking at an NPC) one word."""
        health: Health = combatant.health
        if not detailed:
            return [_word(health)]
        wounds = ", ".join(LEVELS[w.level] + (" (treated)" if w.treated else "") for w in health.wounds)
        state = fighter(combatant)
        points = f"{health.points} wound point{'' if health.points == 1 else 's'}"
        lines = [f"Wounds: {wounds} ({points})" if wounds else "Wounds: none"]
        extra = f", power fatigue {state.fatigue}" if state.fatigue else ""
        lines.append(f"FUDGE points {state.fudge_points}{extra}")
        return lines

    def trait(self, name: str, value: int) -> str:
        """Say a trait on the ladder: 'Agility Great (+2)'."""
        return f"{trait_title(name)} {trait_level(value)}"

    def initiative(self, value: int) -> str:
        """Say an Initiative on the ladder: 'Initiative Great (+2)'."""
        return f"Initiative {ladder(value)}"

    def intent(self, intent: Intent, target: str, names: Names) -> str:
        """Say what is coming: 'Warin attacks Morgan — a called shot at the leg'."""
        actor = who(names, intent.actor)
        special = _announced(intent.options)
        weapon = intent.options.get("weapon")
        bare = isinstance(weapon, str) and normal_key(weapon) in BARE_WORDS
        named = "their bare hands" if bare else f"their {safe(str(weapon))}"
        line = f"{actor} attacks {target}" + (f" with {named}" if weapon else "")
        return f"{line} — {special}" if special else line
