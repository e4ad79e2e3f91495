"""What a rule system's renderer answers: its results as text, its health tracks, and how its intents read.

The generic renderers (replies, the status board, round summaries, the log, help) ask the system's renderer and
never test for another system's types; a plug-in passes its renderer in its ``SystemPlugin``.

A renderer may also say how its Initiative reads (``initiative(value) -> str``: 'Initiative Great (+2)' on a FUDGE
ladder; without it the status shows 'init +2', ``initiative_text``) and how a sheet's trait reads (``trait(name,
value) -> str``: 'Agility Great (+2)', 'Agility 8'; without it 'Agility +2', ``trait_text``).

A renderer may also draw a **picture** of the encounter (a battle map), for ``/encounter map``. Both methods are
optional (a renderer without them draws nothing; ``picture_options`` and ``picture`` below ask with a default):

* ``picture_options() -> tuple[OptionSpec, ...]``: the options ``/encounter map`` takes for this system (what to
  draw over the map: range bands, a cone …), read by the one option parser;
* ``picture(encounter, options) -> bytes | None``: a PNG of the encounter with those typed options, or None when
  there is nothing to draw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from bot.render.names import Names
from combat.intent import Intent
from combat.model import Combatant, Encounter
from combat.options import OptionSpec, OptionValue

__all__ = ["SystemRenderer", "initiative_text", "picture", "picture_options", "trait_text"]


class SystemRenderer(Protocol):
    """A rule system's text: one fact per line, every die shown, no Discord markdown, no live mention."""

    def result(self, result: object, names: Names) -> list[str]:
        """Render any result of this system (moves, GM tools, a round's or a turn's start); unknown ones give []."""
        ...

    def health(self, combatant: Combatant, *, detailed: bool) -> list[str]:
        """Render the combatant's health: its tracks in full when ``detailed``, else a number-free word."""
        ...

    def intent(self, intent: Intent, target: str, names: Names) -> str:
        """Say what is coming at ``target`` (a display name): 'Trooper 1 shoots at Aeryn'."""
        ...


def initiative_text(renderer: SystemRenderer, value: int) -> str:
    """Say a combatant's Initiative in the status, as the system reads it ('init +2' by default)."""
    declared: Callable[[int], str] | None = getattr(renderer, "initiative", None)
    return declared(value) if declared is not None else f"init {value:+d}"


def trait_text(renderer: SystemRenderer, name: str, value: int) -> str:
    """Say one trait of a sheet as the system reads it ('Agility +2' by default)."""
    declared: Callable[[str, int], str] | None = getattr(renderer, "trait", None)
    return declared(name, value) if declared is not None else f"{name.title()} {value:+d}"


def picture_options(renderer: SystemRenderer) -> tuple[OptionSpec, ...]:
    """Return the options the renderer's picture takes (none when it draws no picture)."""
    declared: Callable[[], tuple[OptionSpec, ...]] | None = getattr(renderer, "picture_options", None)
    return declared() if declared is not None else ()


def picture(renderer: SystemRenderer, encounter: Encounter, options: Mapping[str, OptionValue]) -> bytes | None:
    """Return the renderer's PNG picture of the encounter, or None when it draws none."""
    draw: Callable[[Encounter, Mapping[str, OptionValue]], bytes | None] | None = getattr(renderer, "picture", None)
    return draw(encounter, options) if draw is not None else None
