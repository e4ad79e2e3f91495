"""The exact chances of a move as text: the rolls counted with every modifier, each band, the effects and the notes.

Nothing here knows a rule system: everything comes from the ``Odds`` the system returned. Chances are written as
percentages to one decimal; a chance too small (or too large) to show that way is '<0.1%' (or '>99.9%'), never a
rounded 0% or 100% that is not exact.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from bot.render.dice import signed
from bot.render.names import Names, safe, who
from combat.odds import Odds, RollShown

if TYPE_CHECKING:  # the services draw the chart with this module's help: no import of them at run time
    from bot.services.replies import OddsShown

__all__ = ["odds_lines", "percent", "roll_line", "title"]


def percent(chance: Fraction) -> str:
    """Write a chance as a percentage to one decimal: '37.5%', '<0.1%', '100%'."""
    if chance == 0:
        return "0%"
    if chance == 1:
        return "100%"
    tenths = round(chance * 1000)
    if tenths == 0:
        return "<0.1%"
    if tenths == 1000:
        return ">99.9%"
    whole, tenth = divmod(tenths, 10)
    return f"{whole}.{tenth}%"


def title(odds: Odds, names: Names) -> str:
    """Say whose move at whom the odds are for: 'Aeryn → Trooper 1 (attack)'."""
    return f"{who(names, odds.actor)} → {who(names, odds.target)} ({safe(odds.move)})"


def roll_line(roll: RollShown, names: Names) -> str:
    """Write one roll: 'Aeryn attack: 4dF + energy weapons +1, accuracy +1, wounds -1 (total +1)'."""
    whose = f"{who(names, roll.combatant)} " if roll.combatant is not None else ""
    parts = [roll.dice] if roll.dice else []
    if roll.trait:
        parts.append(f"{safe(roll.trait)} {signed(roll.level)}")
    text = f"{whose}{safe(roll.purpose)}: {' + '.join(parts) or 'no dice'}"
    if roll.modifiers:
        listed = ", ".join(f"{safe(name)} {signed(value)}" for name, value in roll.modifiers)
        text += f"; {listed} (modifiers {signed(roll.modifier)})"
    return text


def odds_lines(body: OddsShown, names: Names) -> list[str]:
    """Render the odds: the title, every roll, the chance of a hit, each band, the effects and the notes."""
    odds = body.odds
    lines = [f"Odds: {title(odds, names)}. Nothing is rolled."]
    lines += [roll_line(r, names) for r in odds.rolls]
    lines.append(f"Hits: {percent(odds.hit)}")
    lines += [f"• {safe(b.label)}: {percent(b.chance)}" for b in odds.bands]
    lines += [f"Also: {safe(e.label)}: {percent(e.chance)}" for e in odds.effects]
    lines += [f"Note: {safe(n)}" for n in odds.notes]
    if body.file is not None:
        lines.append(f"The chart is in {body.file}")
    return lines
