"""Farscape grenades: a Throwing Weapon roll against the range DL, scatter on a miss, then the blast (see blast).

Decisions [ours]:
* A failed throw scatters 2 motras per level failed; a d8 gives the direction (1 north, 2 north-east, … 8
  north-west). Without a map, the scatter is added to every target's distance (a pessimistic simplification).
* The grenade need not be on the sheet; a minion's grenade is never a warning shot.
Dice order: the throw's 4dF, the d8 on a miss, then per target what blast_target rolls.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from combat.dice import DiceSource, roll_d
from combat.errors import InvalidInput, UnknownName
from combat.fudge import Check, roll_trait
from combat.model import Combatant, Encounter
from combat.options import OptionValue
from combat.system import ActionOutcome, Intent
from combat.systems.farscape.blast import BlastHit, Fragments, blast_setup, blast_target, frag_difficulty
from combat.systems.farscape.harm import penalty, trait
from combat.systems.farscape.ranged_common import (
    Modifier,
    key_option,
    option,
    range_level,
    require_able,
    targets_of,
    total,
)
from combat.systems.farscape.ranged_dodge import act_while_dodging
from combat.systems.farscape.strain import strain_to_act
from combat.systems.farscape.tables import FarscapeTables, Grenade

__all__ = [
    "DIRECTIONS",
    "GRENADE_OPTIONS",
    "MAX_BLAST_TARGETS",
    "BlastHit",
    "Fragments",
    "GrenadeThrow",
    "Scatter",
    "chosen_grenade",
    "frag_difficulty",
    "resolve_grenade",
    "scatter",
]

GRENADE_OPTIONS = (
    "grenade", "range", "distance", "location", "prone", "stand firm", "run", "aware", "airburst", "dodging",
)
MAX_BLAST_TARGETS = 20
DIRECTIONS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
SCATTER_STEP = 2


@dataclass(frozen=True)
class Scatter:
    """Where a thrown grenade went astray: motras from the point aimed at, and the d8 for the direction."""

    motras: int
    die: int | None

    @property
    def direction(self) -> str | None:
        """Return the compass direction of the scatter, or None when the grenade landed on target."""
        return None if self.die is None else DIRECTIONS[self.die - 1]


@dataclass(frozen=True)
class GrenadeThrow:
    """A grenade thrown: the throw against the range DL, its modifiers, the scatter, and each target's harm."""

    actor: str
    grenade: str
    throw: Check
    modifiers: tuple[Modifier, ...]
    acting: str | None
    scatter: Scatter
    hits: tuple[BlastHit, ...]
    same_moment: tuple[str, ...] = ()  # partners of the thrower's Initiative who still act as they were (moment.py)
    strain: Check | None = None  # an Incapacitated thrower's Great Willpower roll to act (strain.py)


def scatter(throw: Check, dice: DiceSource) -> Scatter:
    """Return how far a throw went astray: 2 motras per level failed, a d8 for the direction."""
    if throw.success:
        return Scatter(0, None)
    return Scatter(SCATTER_STEP * -throw.margin, roll_d(dice, 1, 8).total)


def chosen_grenade(actor: Combatant, tables: FarscapeTables, options: Mapping[str, OptionValue]) -> Grenade:
    """Return the named grenade, or the first grenade on the thrower's sheet."""
    key = key_option(options, "grenade")
    if key is None:
        carried = [tables.grenades[k] for k in actor.sheet.weapons if k in tables.grenades]
        if not carried:
            raise InvalidInput("Say which grenade to throw (option grenade).")
        return carried[0]
    grenade = tables.grenades.get(key)
    if grenade is None:
        raise UnknownName("grenade", key, tables.grenades)
    return grenade


def resolve_grenade(encounter: Encounter, intent: Intent, tables: FarscapeTables, dice: DiceSource) -> ActionOutcome:
    """Throw a grenade at the point the targets' distances are measured from; it takes the element."""
    actor = encounter.get(intent.actor)
    require_able(actor)
    targets = tuple(t.id for t in targets_of(encounter, intent, MAX_BLAST_TARGETS, allow_none=True))
    blast = blast_setup(encounter, intent.options, chosen_grenade(actor, tables, intent.options), targets)
    difficulty = range_level(intent.options)
    strain, spent = strain_to_act(encounter, actor, intent.move, targets, dice)
    if spent is not None:
        return spent
    actor, acting, where = act_while_dodging(actor, option(intent.options, "dodging"))
    every = (Modifier("wounds", penalty(actor)), Modifier("dodging", acting), Modifier("GM", intent.modifier))
    mods = tuple(m for m in every if m.value)
    throw = Check(roll_trait(dice, "throwing weapon", trait(actor, "throwing weapon"), total(mods)), difficulty)
    astray = scatter(throw, dice)
    encounter = encounter.put(actor)
    hits: list[BlastHit] = []
    for target in targets:
        encounter, hit = blast_target(encounter, tables, blast, target, blast.distances[target] + astray.motras, dice)
        hits.append(hit)
    result = GrenadeThrow(actor.id, blast.charge.key, throw, mods, where, astray, tuple(hits), strain=strain)
    return ActionOutcome(encounter, result, ends_turn=True)
