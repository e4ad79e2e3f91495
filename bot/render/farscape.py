"""Render any Farscape result as plain lines of text: every die, modifier, margin, damage step and wound.

Lines carry no Discord markdown and no live mentions: every '@' in a name comes out as '@' + zero-width space.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.render.farscape_blast import render_detonation, render_grenade
from bot.render.farscape_events import (
    render_element_start,
    render_frozen,
    render_mutual_surprise,
    render_recovery,
    render_rest,
    render_treatment,
    render_waking,
)
from bot.render.farscape_melee import render_escape, render_exchange, render_flee, render_stand, render_strain
from bot.render.farscape_ranged import render_dodge, render_quick_draw, render_reload, render_volley
from bot.render.names import Names, who
from combat.systems.farscape.aftercare import Aftercare
from combat.systems.farscape.ammo import Reload
from combat.systems.farscape.explosives import Detonation
from combat.systems.farscape.grenades import GrenadeThrow
from combat.systems.farscape.healing import Rest, Treatment, Waking
from combat.systems.farscape.melee_results import EscapeResult, ExchangeResult, FleeResult, StandResult
from combat.systems.farscape.quickdraw import QuickDraw
from combat.systems.farscape.ranged import Volley
from combat.systems.farscape.ranged_dodge import Dodge
from combat.systems.farscape.strain import StrainResult
from combat.systems.farscape.surprise import MutualSurprise, Recovery
from combat.systems.farscape.system import ElementStart, Frozen, LeadersContest

__all__ = ["RENDERERS", "render_result"]

RENDERERS: dict[type, Callable[[Any, Names], list[str]]] = {
    ExchangeResult: render_exchange,
    EscapeResult: render_escape,
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
    Treatment: render_treatment,
    Rest: render_rest,
    Waking: render_waking,
    Aftercare: lambda result, names: render_aftercare(result, names),
    LeadersContest: lambda result, names: render_mutual_surprise(result.contest, names)
    + render_frozen(result.frozen, names),
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
