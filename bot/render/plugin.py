"""What a rule system's renderer answers: its results as text, its health tracks, and how its intents read.

The generic renderers (replies, the status board, round summaries, the log, help) ask the system's renderer and
never test for another system's types; a plug-in passes its renderer in its ``SystemPlugin``.
"""

from __future__ import annotations

from typing import Protocol

from bot.render.names import Names
from combat.intent import Intent
from combat.model import Combatant

__all__ = ["SystemRenderer"]


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
