"""Deryni wounds: the wound levels, their points and penalties, and a combatant's health.

Every wound is kept on its own (the Consciousness Test adds up their points). The worst wound sets the penalty:
Hurt -1, Very Hurt -2; a Critical (Incapacitating) wound leaves no action; a Mortal one is Near Death.
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.frozen import replace
from combat.ladder import LEGENDARY

__all__ = [
    "CRITICAL",
    "DEATH_DIFFICULTY",
    "HURT",
    "LEVELS",
    "MORTAL",
    "SCRATCH",
    "VERY_HURT",
    "WOUND_POINTS",
    "Health",
    "Wound",
    "consciousness_difficulty",
    "level_for_damage",
]

SCRATCH, HURT, VERY_HURT, CRITICAL, MORTAL = range(5)
LEVELS = ("Scratch", "Hurt", "Very Hurt", "Critical", "Mortal")
# Wound points for the Consciousness Test [ours: the suggestion written in docs/rules/deryni.md].
WOUND_POINTS = (0, 1, 2, 3, 4)
# The Damage Capacity a Death Test must meet [source 4.3]; a Scratch passes by itself, a Mortal wound has no test.
DEATH_DIFFICULTY = {HURT: -1, VERY_HURT: 1, CRITICAL: 3}
_PENALTY = {HURT: -1, VERY_HURT: -2}


def level_for_damage(damage: int) -> int:
    """Return the wound a damage value gives: 1 or less Scratch, 2 Hurt, 3 Very Hurt, 4-5 Critical, 6+ Mortal."""
    if damage <= 1:
        return SCRATCH
    if damage >= 6:
        return MORTAL
    return {2: HURT, 3: VERY_HURT}.get(damage, CRITICAL)


def consciousness_difficulty(points: int) -> int:
    """Return the Consciousness Test's difficulty for a total of wound points: 1 Terrible … 8 Legendary, and on."""
    return points - 4 if points < 8 else LEGENDARY + points - 8


@dataclass(frozen=True)
class Wound:
    """One wound: its level, whether it has been treated, the limb a called shot struck, the days rested on it."""

    level: int
    treated: bool = False
    location: str | None = None
    rested: int = 0  # days of rest so far: rests in several stretches add up to its healing time

    @property
    def name(self) -> str:
        """Return the level's name."""
        return LEVELS[self.level]


@dataclass(frozen=True)
class Health:
    """A combatant's wounds and what they left: unconscious, knocked out, dying (until a round's end), dead, limbs.

    ``dying`` is the round at whose end the combatant dies (a failed Death Test); ``disabled`` and ``severed`` name
    limbs a called shot broke or cut off.
    """

    wounds: tuple[Wound, ...] = ()
    unconscious: bool = False
    knocked_out: bool = False
    dying: int | None = None
    dead: bool = False
    disabled: tuple[str, ...] = ()
    severed: tuple[str, ...] = ()

    @property
    def worst(self) -> int | None:
        """Return the worst wound level, or None when unhurt."""
        return max((w.level for w in self.wounds), default=None)

    @property
    def points(self) -> int:
        """Return the wound points of every wound, treated or not."""
        return sum(WOUND_POINTS[w.level] for w in self.wounds)

    @property
    def untreated(self) -> bool:
        """Tell whether any wound is still untreated."""
        return any(not w.treated for w in self.wounds)

    @property
    def penalty(self) -> int:
        """Return the worst wound's penalty to actions (0, -1 or -2)."""
        worst = self.worst
        return _PENALTY.get(worst, 0) if worst is not None else 0

    @property
    def incapacitated(self) -> bool:
        """Tell whether a Critical or worse wound leaves no action."""
        worst = self.worst
        return worst is not None and worst >= CRITICAL

    @property
    def out(self) -> bool:
        """Tell whether the combatant is out of the fight: dead, unconscious or incapacitated."""
        return self.dead or self.unconscious or self.incapacitated

    def useless(self, limb: str) -> bool:
        """Tell whether a limb is broken or severed."""
        return limb in self.disabled or limb in self.severed

    def wounded(self, wound: Wound) -> Health:
        """Return the health with one more wound."""
        return replace(self, wounds=(*self.wounds, wound))
