"""The exact chances of an attack before it is made: what ``RuleSystem.odds`` returns, rolling nothing.

An ``Odds`` names who attacks whom with which move, every roll it counts (whose, which dice, the trait and each
modifier that applies now), the outcomes as bands that exclude each other and add up to exactly one (a miss, a hit
doing no harm, each wound level or band of hits lost), the chances of effects that may come on top (knocked out,
a limb broken, the attacker hit back), and notes on what the odds assume. Every chance is a ``Fraction``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from combat.errors import RulesError

__all__ = ["SEVERITIES", "Band", "Effect", "Odds", "RollShown", "bands_from"]

# How bad a band is for the target, which a picture may colour: nothing, light, serious, grave, out of the fight.
SEVERITIES = range(5)


@dataclass(frozen=True)
class Band:
    """One outcome band: its key, its label ('Very Hurt', '3-4 HTK'), its chance, whether it is a hit, how bad.

    ``severity`` runs from 0 (nothing happens to the target) to 4 (the target is out of the fight). A band
    without its chance is a template for ``bands_from``.
    """

    key: str
    label: str
    chance: Fraction = Fraction(0)
    hit: bool = False
    severity: int = 0


@dataclass(frozen=True)
class Effect:
    """An effect that may come on top of the bands (a knock-out, a broken arm, a blow back): its chance."""

    label: str
    chance: Fraction


@dataclass(frozen=True)
class RollShown:
    """One roll the odds count: whose (a combatant id, or None), what for, the dice, the trait and its level.

    ``modifiers`` are the (name, value) of every modifier that applies to this roll now, zeros left out.
    """

    combatant: str | None
    purpose: str
    dice: str
    trait: str = ""
    level: int = 0
    modifiers: tuple[tuple[str, int], ...] = ()

    @property
    def modifier(self) -> int:
        """Return the sum of the modifiers."""
        return sum(value for _, value in self.modifiers)


@dataclass(frozen=True)
class Odds:
    """The exact chances of one move against one target now: the rolls, the bands, the effects and the notes."""

    actor: str
    target: str
    move: str
    rolls: tuple[RollShown, ...]
    bands: tuple[Band, ...]
    effects: tuple[Effect, ...] = ()
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Refuse chances that are not exact: each from 0 to 1, the bands adding up to exactly one."""
        labelled: list[tuple[str, Fraction]] = [(b.label, b.chance) for b in self.bands]
        for label, chance in [*labelled, *((e.label, e.chance) for e in self.effects)]:
            if not 0 <= chance <= 1:
                raise RulesError(f"The chance of '{label}' is {chance}, not between 0 and 1.")
        if sum((b.chance for b in self.bands), Fraction(0)) != 1:
            raise RulesError("The odds' bands do not add up to exactly one.")
        keys = [b.key for b in self.bands]
        if len(set(keys)) != len(keys):
            raise RulesError("The odds name a band twice.")
        if any(b.severity not in SEVERITIES for b in self.bands):
            raise RulesError("A band's severity runs from 0 to 4.")

    @property
    def hit(self) -> Fraction:
        """Return the chance that the attack hits (every band marked as a hit)."""
        return sum((b.chance for b in self.bands if b.hit), Fraction(0))

    def chance(self, key: str) -> Fraction:
        """Return the chance of the band ``key`` (0 when there is no such band)."""
        return next((b.chance for b in self.bands if b.key == key), Fraction(0))

    def by_key(self) -> dict[str, Fraction]:
        """Return every band's chance by its key."""
        return {b.key: b.chance for b in self.bands}


def bands_from(chances: Mapping[str, Fraction], order: Iterable[Band]) -> tuple[Band, ...]:
    """Return the bands of ``order`` with their chances from ``chances`` (by key), leaving out impossible ones.

    ``order`` gives every band's label, hit and severity; a key in ``chances`` with no band in ``order`` is refused,
    so no outcome is ever lost from the odds.
    """
    known = {b.key: b for b in order}
    stray = sorted(set(chances) - set(known))
    if stray:
        raise RulesError(f"The odds have no band for '{stray[0]}'.")
    return tuple(
        Band(b.key, b.label, chances[b.key], b.hit, b.severity) for b in known.values() if chances.get(b.key)
    )
