"""Render any Farscape result as plain lines of text: every die, modifier, margin, damage step and wound.

Lines carry no Discord markdown and no live mentions: every '@' in a name comes out as '@' + zero-width space.
``FarscapeRenderer`` is what Fray's generic renderers ask (see ``bot.render.plugin``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.render.dice import ladder, trait_level, trait_title
from bot.render.names import Names, who
from bot.systems.farscape.blast import render_detonation, render_grenade
from bot.systems.farscape.events import (
    render_adjusted,
    render_element_start,
    render_frozen,
    render_mutual_surprise,
    render_recovery,
    render_rest,
    render_strain_allowed,
    render_treatment,
    render_waking,
)
from bot.systems.farscape.melee import (
    render_counter,
    render_escape,
    render_exchange,
    render_flee,
    render_stand,
    render_strain,
)
from bot.systems.farscape.ranged import render_dodge, render_quick_draw, render_reload, render_volley
from bot.systems.farscape.tracks import descriptor, wound_boxes
from combat.intent import Intent
from combat.model import Combatant
from combat.systems.farscape.aftercare import Aftercare
from combat.systems.farscape.ammo import Reload
from combat.systems.farscape.counter import CounterResult
from combat.systems.farscape.explosives import Detonation
from combat.systems.farscape.grenades import GrenadeThrow
from combat.systems.farscape.healing import Rest, Treatment, Waking
from combat.systems.farscape.melee_results import EscapeResult, ExchangeResult, FleeResult, StandResult
from combat.systems.farscape.quickdraw import QuickDraw
from combat.systems.farscape.ranged import Volley
from combat.systems.farscape.ranged_dodge import Dodge
from combat.systems.farscape.strain import StrainResult, can_strain
from combat.systems.farscape.surprise import MutualSurprise, Recovery
from combat.systems.farscape.system import ElementStart
from combat.systems.farscape.tools import Frozen, InitiativeAdjusted, LeadersContest, StrainAllowed
from combat.systems.farscape.wounds import Health

__all__ = ["RENDERERS", "FarscapeRenderer", "render_result"]

RENDERERS: dict[type, Callable[[Any, Names], list[str]]] = {
    ExchangeResult: render_exchange,
    EscapeResult: render_escape,
    CounterResult: render_counter,
    StandResult: render_stand,
    FleeResult: render_flee,
    StrainResult: render_strain,
    Volley: render_volley,
    GrenadeThrow: render_grenade,
    Detonation: render_detonation,
    Dodge: render_dodge,
    Reload: render_reload,
    QuickDraw: render_quick_draw,
    Frozen: render_frozen,
    MutualSurprise: render_mutual_surprise,
    Recovery: render_recovery,
    ElementStart: render_element_start,
    InitiativeAdjusted: render_adjusted,
    StrainAllowed: render_strain_allowed,
    Treatment: render_treatment,
    Rest: render_rest,
    Waking: render_waking,
    Aftercare: lambda result, names: render_aftercare(result, names),
    LeadersContest: lambda result, names: render_mutual_surprise(result.contest, names)
    + (render_frozen(result.frozen, names) if result.frozen is not None else []),
}


def render_aftercare(result: Aftercare, names: Names) -> list[str]:
    """Render one act of healing: who tended whom, then the roll or the rest."""
    target = who(names, result.target)
    if result.result is None:
        return [f"{target}'s scratches are seen to and heal."]
    if result.method in ("rest", "wake"):
        return render_result(result.result, names)
    by = f" from {who(names, result.healer)}" if result.healer else ""
    head = f"{target} gets {result.method}{by}" if result.method in ("first aid", "medicine") else f"{target}:"
    return [head, *render_result(result.result, names)]


def render_result(result: object, names: Names) -> list[str]:
    """Render a Farscape result, one fact per line; ``names`` maps combatant ids to display names.

    An unknown result type gives no lines (the caller decides what to say instead).
    """
    renderer = RENDERERS.get(type(result))
    return [] if renderer is None else renderer(result, names)


class FarscapeRenderer:
    """Farscape's text for Fray's generic renderers: results, wound tracks, and what an attack is."""

    def result(self, result: object, names: Names) -> list[str]:
        """Render any Farscape result; an element's start (under Fray's own 'Round n begins') shows the recoveries."""
        if isinstance(result, ElementStart):
            return [line for r in result.recoveries for line in render_recovery(r, names)]
        return render_result(result, names)

    def health(self, combatant: Combatant, *, detailed: bool) -> list[str]:
        """Show both wound tracks in boxes, or (for players looking at an NPC) one number-free word."""
        health: Health = combatant.health
        if detailed:
            return wound_boxes(health)
        return [descriptor(health, unconscious=combatant.has("unconscious"), straining=can_strain(combatant))]

    def trait(self, name: str, value: int) -> str:
        """Say a trait on the ladder: 'Agility Great (+2)'."""
        return f"{trait_title(name)} {trait_level(value)}"

    def initiative(self, value: int) -> str:
        """Say an Initiative on the ladder: 'Initiative Great (+2)'."""
        return f"Initiative {ladder(value)}"

    def intent(self, intent: Intent, target: str, names: Names) -> str:
        """Say what is coming: 'Trooper 1 shoots at Aeryn', 'Trooper 1 throws a grenade at Aeryn'."""
        actor = who(names, intent.actor)
        if intent.move == "grenade":
            return f"{actor} throws a grenade at {target}"
        if intent.move == "detonate":
            return f"{actor} sets off a charge by {target}"
        if intent.move in ("shoot", "attack"):
            return f"{actor} shoots at {target}"
        return f"{actor} makes a {intent.move} at {target}"
