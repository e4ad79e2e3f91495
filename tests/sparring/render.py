"""Sparring's own renderer: its results, its vigour track, what an attack is."""

from __future__ import annotations

from collections.abc import Mapping

from bot.render.names import Names, who
from combat.intent import Intent
from combat.model import Combatant, Encounter
from combat.options import OptionChoice, OptionSpec, OptionValue
from sparring.rules import Breath, Exchange, Rally, Taunt


class SparringRenderer:
    """Text for Sparring's results."""

    def result(self, result: object, names: Names) -> list[str]:
        """Render an exchange, a rally, a breath or a taunt."""
        if isinstance(result, Exchange):
            return self._exchange(result, names)
        if isinstance(result, Rally):
            return [f"{who(names, result.target)} rallies: +{result.amount} vigour, now {result.points}"]
        if isinstance(result, Breath):
            return [f"{', '.join(who(names, c) for c in result.combatants)} catch their breath (+1 momentum)"]
        if isinstance(result, Taunt):
            return [f"{who(names, result.actor)} taunts (+1 momentum)"]
        return []

    def _exchange(self, result: Exchange, names: Names) -> list[str]:
        actor, target = who(names, result.actor), who(names, result.target)
        if result.pressed is not None:
            verb = "presses the attack" if result.pressed else "holds back"
            return [f"{actor} {verb}: {target} loses {result.damage} vigour"]
        guard = "endures" if result.guard == "endure" else f"{result.guard} d6 [{result.defence[0]}]"
        lines = [f"{actor} attacks {target} ({result.style}): d6 [{result.attack[0]}] = {result.attack[1]} "
                 f"vs {guard} = {result.defence[1]}"]
        return [*lines, f"Hit: {result.damage} vigour" if result.hit else "Miss"]

    def health(self, combatant: Combatant, *, detailed: bool) -> list[str]:
        """Vigour as dots, or a word."""
        points = combatant.health.points
        if detailed:
            return ["Vigour " + "●" * points + "○" * (3 - points)]
        return ["Down" if points <= 0 else "Steady" if points == 3 else "Shaken"]

    def intent(self, intent: Intent, target: str, names: Names) -> str:
        """Say what is coming."""
        return f"{who(names, intent.actor)} swings at {target}"

    def picture_options(self) -> tuple[OptionSpec, ...]:
        """The map takes a mat colour."""
        return (OptionSpec("mat", "The mat's colour.", "choice", (OptionChoice("green"), OptionChoice("blue"))),)

    def picture(self, encounter: Encounter, options: Mapping[str, OptionValue]) -> bytes:
        """A stand-in 'picture': the PNG signature, the mat and the fighters' names."""
        names = ",".join(c.name for c in encounter.combatants)
        return b"\x89PNG\r\n\x1a\n" + f"{options.get('mat', 'green')}:{names}".encode()
