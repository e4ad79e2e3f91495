"""The d6 pool system's own frozen state: Hits To Kill, the ready weapon, this round's Initiative rolls."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "DEFENDING",
    "HELD",
    "KO",
    "PRONE",
    "RECOVERING",
    "RETREATED",
    "STUNNED",
    "Htk",
    "InitRoll",
    "Ready",
    "RoundState",
    "counts",
]

# Condition names on a combatant.
STUNNED = "stunned"  # elements: rounds it still lasts (1: this round, 2: this and the next)
KO = "knocked out"  # value: the Power Factor the next recovery roll is made against
DEFENDING = "full defence"  # elements 1: this round; source: 'block' or 'dodge'
PRONE = "prone"  # knocked down or thrown: an action to stand up before attacking
HELD = "held"  # source: the holder
RECOVERING = "recovering"  # value: days of healing counted (GM's recover tool); uses: the HTK still lost after them
RETREATED = "retreated"  # left the fight from full defence


@dataclass(frozen=True)
class Htk:
    """Hits To Kill: the combatant's total and how many are lost; 0 is down, minus the total is dead."""

    htk: int
    lost: int = 0

    @property
    def current(self) -> int:
        """Return the HTK left (negative past unconsciousness)."""
        return self.htk - self.lost

    @property
    def down(self) -> bool:
        """Tell whether the combatant is at 0 HTK or below: unconscious or disabled."""
        return self.current <= 0

    @property
    def dead(self) -> bool:
        """Tell whether the combatant is at minus its HTK or below: dead or destroyed."""
        return self.current <= -self.htk


@dataclass(frozen=True)
class Ready:
    """What a combatant has ready: the weapon or power whose skill counts for Initiative (None: nothing)."""

    weapon: str | None = None


@dataclass(frozen=True)
class InitRoll:
    """One combatant's Initiative this round: attribute + 1d6 + the ready skill's modifier."""

    combatant: str
    attribute: str
    base: int
    die: int
    skill: str | None = None
    modifier: int = 0

    @property
    def total(self) -> int:
        """Return the Initiative total."""
        return self.base + self.die + self.modifier

    @property
    def counts(self) -> tuple[int, ...]:
        """Return the counts this combatant acts on."""
        return counts(self.total)


@dataclass(frozen=True)
class RoundState:
    """Hold the Initiative rolled as the round began, and whether an attack has been rolled yet this round."""

    rolls: tuple[InitRoll, ...] = ()
    attacked: bool = False


def counts(initiative: int) -> tuple[int, ...]:
    """Return Init, Init-6, Init-12 … down to the first count of 5 or less, 0 included (12 → 12, 6, 0)."""
    return tuple(range(initiative, -1, -6))
