"""Farscape healing after the fight: scratches, medical care, natural recovery, stun rest and waking up.

How boxes move [ours]: healing one level clears every box of the worst level; when the level below is empty, one of
its boxes is marked, so the overall level drops by exactly one (Incapacitated becomes Very Hurt, never Healthy).
Boxes below the worst level stay as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from combat.dice import DiceSource
from combat.errors import InvalidInput, RulesError
from combat.frozen import replace
from combat.fudge import Check, check
from combat.model import Combatant
from combat.systems.farscape.harm import trait
from combat.systems.farscape.wounds import Health, Kind, Track

__all__ = [
    "HEALING",
    "WAKE_DIFFICULTY",
    "WAKE_HOURS",
    "HealingRow",
    "Rest",
    "Treatment",
    "Waking",
    "clear_scratches",
    "ease",
    "recover",
    "rest",
    "treat",
    "wake",
]

Method = Literal["first aid", "medicine", "natural"]

WAKE_DIFFICULTY = 2  # Great Constitution [source]
WAKE_HOURS = 0.25  # every quarter arn [source]
_MAX_EQUIPMENT = 5


@dataclass(frozen=True)
class HealingRow:
    """Healing one lethal level: Medicine difficulty, First Aid penalty, treated time, natural roll and time."""

    level: str
    difficulty: int
    first_aid: int | None
    treated_hours: int
    natural: int | None
    natural_hours: int | None


# the default table of docs/rules/farscape.md [ours]: difficulties from FUDGE core, times from Deryni (1 arn = 1 hour).
HEALING: dict[str, HealingRow] = {
    "Hurt": HealingRow("Hurt", 0, 0, 24, 0, 3 * 24),
    "Very Hurt": HealingRow("Very Hurt", 1, -1, 3 * 24, 1, 7 * 24),
    "Incapacitated": HealingRow("Incapacitated", 2, -2, 7 * 24, 2, 14 * 24),
    "Near Death": HealingRow("Near Death", 3, None, 14 * 24, None, None),
}


@dataclass(frozen=True)
class Treatment:
    """One roll to heal a lethal level: the method, the level treated, the roll, the new health and the time."""

    method: Method
    level: str
    check: Check
    health: Health
    hours: float
    halved: bool

    @property
    def difficulty(self) -> int:
        """Return the difficulty the roll had to meet."""
        return self.check.difficulty

    @property
    def success(self) -> bool:
        """Tell whether the wound level went down."""
        return self.check.success


@dataclass(frozen=True)
class Rest:
    """Arns of rest: stun levels recovered, whether the combatant woke, and the time."""

    combatant: Combatant
    before: str
    after: str
    hours: float
    woke: bool

    @property
    def health(self) -> Health:
        """Return the health after resting."""
        result: Health = self.combatant.health
        return result


@dataclass(frozen=True)
class Waking:
    """A Great Constitution roll to regain consciousness early, taken every quarter arn."""

    check: Check
    combatant: Combatant
    hours: float = WAKE_HOURS

    @property
    def difficulty(self) -> int:
        """Return the difficulty the roll had to meet."""
        return self.check.difficulty

    @property
    def success(self) -> bool:
        """Tell whether the combatant woke up."""
        return self.check.success

    @property
    def health(self) -> Health:
        """Return the health after the roll."""
        result: Health = self.combatant.health
        return result


def ease(track: Track) -> Track:
    """Lower a track's level by exactly one: clear the worst level and keep a box marked in the level below."""
    level = track.level
    if level is None:
        return track
    filled = list(track.filled)
    filled[level] = 0
    if level > 0 and filled[level - 1] == 0:
        filled[level - 1] = 1
    return replace(track, filled=tuple(filled))


def _with(health: Health, kind: Kind, track: Track) -> Health:
    return replace(health, lethal=track) if kind == "lethal" else replace(health, stun=track)


def clear_scratches(health: Health) -> Health:
    """Clear every Scratch box: scratches heal by themselves after a few minutes' care."""
    filled = (0, *health.lethal.filled[1:])
    return replace(health, lethal=replace(health.lethal, filled=filled))


def _row(health: Health) -> HealingRow:
    name = health.lethal.level_name
    if name not in HEALING:
        raise RulesError(f"There is nothing to treat at {name}; scratches heal on their own.")
    return HEALING[name]


def treat(
    health: Health, dice: DiceSource, *, skill: Literal["first aid", "medicine"], level: int, equipment: int = 0,
    wounds: int = 0,
) -> Treatment:
    """Roll the healer's First Aid or Medicine against the current wound level; success lowers it by one.

    ``equipment`` is the medical kit's bonus or penalty, ``wounds`` the healer's own wound penalty (a Hurt healer
    takes -1, as on "all appropriate actions"). A roll two or more levels over the difficulty halves the time.
    [ours] A failed roll still takes the level's time, without improvement.
    """
    if skill not in ("first aid", "medicine"):
        raise InvalidInput(f"Treat with first aid or medicine, not {skill}.")
    if abs(equipment) > _MAX_EQUIPMENT:
        raise InvalidInput(f"The equipment modifier must be between -{_MAX_EQUIPMENT} and +{_MAX_EQUIPMENT}.")
    row = _row(health)
    penalty = 0
    if skill == "first aid":
        if row.first_aid is None:
            raise RulesError(f"First Aid cannot treat {row.level}; it needs Medicine.")
        penalty = row.first_aid
    roll = check(dice, skill, level, row.difficulty, penalty + equipment + wounds)
    new = _with(health, "lethal", ease(health.lethal)) if roll.success else health
    halved = roll.margin >= 2
    hours = row.treated_hours / 2 if halved else float(row.treated_hours)
    return Treatment(skill, row.level, roll, new, hours, halved)


def recover(health: Health, dice: DiceSource, *, constitution: int, modifier: int = 0) -> Treatment:
    """Rest without care: a Constitution roll against the current level; success lowers it by one.

    A roll two or more levels over the difficulty halves the time, as for treatment: the seed's "a rolled degree of
    two or more levels higher than is required" names no skill. [ours] A failed roll still takes the time.
    """
    row = _row(health)
    if row.natural is None or row.natural_hours is None:
        raise RulesError(f"{row.level} does not heal with rest alone; it needs Medicine.")
    roll = check(dice, "constitution", constitution, row.natural, modifier)
    new = _with(health, "lethal", ease(health.lethal)) if roll.success else health
    halved = roll.margin >= 2
    hours = row.natural_hours / 2 if halved else float(row.natural_hours)
    return Treatment("natural", row.level, roll, new, hours, halved)


def rest(combatant: Combatant, arns: int) -> Rest:
    """Rest for ``arns`` arns: one stun level heals per arn, and an arn wakes anyone not Near Death.

    [ours] Any rest of an arn or more also ends the in-combat stun penalty.
    """
    if not 0 <= arns <= 1000:
        raise InvalidInput("Rest for between 0 and 1000 arns.")
    health: Health = combatant.health
    stun = health.stun
    for _ in range(arns):
        stun = ease(stun)
    new_health = _with(health, "stun", stun)
    updated = replace(combatant, health=new_health)
    was_out = combatant.has("unconscious") or health.knocked_out
    woke = False
    if arns:
        updated = updated.without("stun")
        if not new_health.knocked_out:
            woke = was_out
            updated = updated.without("unconscious")
    return Rest(updated, health.stun.level_name, stun.level_name, float(arns), woke)


def wake(combatant: Combatant, dice: DiceSource, *, modifier: int = 0) -> Waking:
    """Roll Great Constitution to wake early; success ends unconsciousness and an Unconscious stun level."""
    health: Health = combatant.health
    knocked_out = health.stun.level_name == "Unconscious"
    if not (combatant.has("unconscious") or knocked_out):
        raise RulesError(f"{combatant.name} is already awake.")
    if health.lethal.level_name == "Near Death":
        raise RulesError(f"{combatant.name} is Near Death and will not wake without serious medical care.")
    roll = check(dice, "constitution", trait(combatant, "constitution"), WAKE_DIFFICULTY, modifier)
    if not roll.success:
        return Waking(roll, combatant)
    new_health = _with(health, "stun", ease(health.stun)) if knocked_out else health
    return Waking(roll, replace(combatant, health=new_health).without("unconscious"))
