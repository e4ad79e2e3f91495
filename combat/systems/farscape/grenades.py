"""Farscape grenades: a Throwing Weapon roll against the range DL, scatter on a miss, concussion and fragments.

Decisions [D]:
* A failed throw scatters 2 motras per level failed; a d8 gives the direction (1 north, 2 north-east, … 8
  north-west). Without a map, the scatter is added to every target's distance (a pessimistic simplification).
* Option distance gives each target's motras from the point aimed at ('Name=3, Other=5', or one number for
  all); a target without one stands on that point (0).
* Concussion: the grenade's Damage Rating −1 per motra, against armour covering the location (torso unless
  option location says otherwise). Fragments: the base Damage Rating, +2 per level the avoidance roll failed by.
* Avoiding fragments uses the target's element dodge (a free Agility dodge when none was declared): the DL is
  Superb −1 per 3 motras, +1 to the roll for a prone target unless the grenade bursts in the air. Standing firm,
  minions, unaware (aware=no) and helpless targets make no roll and take the base damage; so does a player who
  answered "Take it" when asked (choices.py).
* Both wounds are lethal. The grenade need not be on the sheet; a minion's grenade is never a warning shot.
Dice order: the throw's 4dF, the d8 on a miss, then per target: the avoidance dodge, the concussion wound's
Willpower roll, the fragments' Willpower roll.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from combat.dice import DiceSource, roll_d
from combat.errors import InvalidInput, UnknownName
from combat.fudge import Check, roll_trait
from combat.ladder import SUPERB
from combat.model import Combatant, Encounter
from combat.options import OptionValue
from combat.system import ActionOutcome, Intent
from combat.systems.farscape.choices import taking
from combat.systems.farscape.damage import Damage
from combat.systems.farscape.harm import Harm, penalty, trait
from combat.systems.farscape.ranged_attack import DamageProfile, strike
from combat.systems.farscape.ranged_common import (
    Modifier,
    can_defend,
    chosen,
    distances,
    hit_location,
    is_minion,
    key_option,
    option,
    range_level,
    require_able,
    targets_of,
    total,
    yes,
)
from combat.systems.farscape.ranged_dodge import DodgeUse, act_while_dodging, use_dodge
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

GRENADE_OPTIONS = ("grenade", "range", "distance", "location", "prone", "stand firm", "aware", "airburst", "dodging")
MAX_BLAST_TARGETS = 20
DIRECTIONS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
SCATTER_STEP = 2
FRAG_STEP = 3
FRAG_DAMAGE_STEP = 2


@dataclass(frozen=True, slots=True)
class Scatter:
    """Where a thrown grenade went astray: motras from the point aimed at, and the d8 for the direction."""

    motras: int
    die: int | None

    @property
    def direction(self) -> str | None:
        """Return the compass direction of the scatter, or None when the grenade landed on target."""
        return None if self.die is None else DIRECTIONS[self.die - 1]


@dataclass(frozen=True, slots=True)
class Fragments:
    """One target against the fragments: the roll to avoid them (if any), and the damage taken."""

    target: str
    rolled: bool
    dodge: DodgeUse | None
    prone: int
    difficulty: int
    margin: int | None
    damage: Damage | None
    harm: Harm | None

    @property
    def avoided(self) -> bool:
        """Tell whether the target got clear of the fragments."""
        return self.margin is not None and self.margin >= 0


@dataclass(frozen=True, slots=True)
class BlastHit:
    """What the blast did to one target: the distance, the concussion and the fragments."""

    target: str
    distance: int
    concussion: Damage
    concussion_harm: Harm | None
    fragments: Fragments | None


@dataclass(frozen=True, slots=True)
class GrenadeThrow:
    """A grenade thrown: the throw against the range DL, its modifiers, the scatter, and each target's harm."""

    actor: str
    grenade: str
    throw: Check
    modifiers: tuple[Modifier, ...]
    acting: str | None
    scatter: Scatter
    hits: tuple[BlastHit, ...]


def scatter(throw: Check, dice: DiceSource) -> Scatter:
    """Return how far a throw went astray: 2 motras per level failed, a d8 for the direction."""
    if throw.success:
        return Scatter(0, None)
    return Scatter(SCATTER_STEP * -throw.margin, roll_d(dice, 1, 8).total)


def frag_difficulty(distance: int) -> int:
    """Return the DL to avoid fragments: Superb, one level lower per 3 motras from the centre."""
    return SUPERB - distance // FRAG_STEP


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


def _avoid(target: Combatant, difficulty: int, bonus: int, dice: DiceSource) -> tuple[Combatant, DodgeUse, int]:
    """Meet the fragments with the target's element dodge; return the dodge used and the margin."""
    target, use = use_dodge(target, 0, dice)
    return target, use, use.value + bonus - difficulty


def _frag_wound(
    target: Combatant, grenade: Grenade, margin: int | None, tables: FarscapeTables, location: str, dice: DiceSource
) -> tuple[Combatant, Damage | None, Harm | None]:
    """Mark the fragments' wound: the base rating, +2 per level failed; nothing when the roll succeeded."""
    if margin is not None and margin >= 0:
        return target, None, None
    extra = FRAG_DAMAGE_STEP * -margin if margin is not None else 0
    profile = DamageProfile(grenade.fragmentation, grenade.fragmentation_type, bonus=extra)
    return strike(target, tables, profile, 0, location, dice)


@dataclass(frozen=True, slots=True)
class _Blast:
    """The options every target of one grenade shares, read before any die is rolled."""

    grenade: Grenade
    location: str
    distances: Mapping[str, int]
    firm: frozenset[str]
    prone: frozenset[str]
    unaware: bool


def _setup(encounter: Encounter, intent: Intent, grenade: Grenade, targets: tuple[str, ...]) -> _Blast:
    """Read and check the grenade's per-target options."""
    options = intent.options
    prone = chosen(encounter, options, "prone", targets)
    return _Blast(
        grenade=grenade,
        location=hit_location(options)[0],
        distances=distances(encounter, options, targets),
        firm=chosen(encounter, options, "stand firm", targets) | (taking(options) & set(targets)),
        prone=frozenset() if yes(options, "airburst") else prone,
        unaware=not yes(options, "aware", default=True),
    )


def _blast(
    encounter: Encounter, tables: FarscapeTables, blast: _Blast, target_id: str, distance: int, dice: DiceSource
) -> tuple[Encounter, BlastHit]:
    """Apply the blast to one target: the fragment roll first, then the concussion and fragment wounds."""
    target = encounter.get(target_id)
    grenade = blast.grenade
    firm = target_id in blast.firm or blast.unaware or is_minion(target) or not can_defend(target)
    bonus = 1 if target_id in blast.prone else 0
    difficulty = frag_difficulty(distance)
    use, margin = None, None
    if grenade.fragmentation and not firm:
        target, use, margin = _avoid(target, difficulty, bonus, dice)
    concussion = DamageProfile(grenade.concussion, grenade.concussion_type, bonus=-distance)
    target, shock, harm = strike(target, tables, concussion, 0, blast.location, dice)
    frags = None
    if grenade.fragmentation:
        target, value, frag_harm = _frag_wound(target, grenade, margin, tables, blast.location, dice)
        frags = Fragments(target_id, use is not None, use, bonus, difficulty, margin, value, frag_harm)
    return encounter.put(target), BlastHit(target_id, distance, shock, harm, frags)


def resolve_grenade(encounter: Encounter, intent: Intent, tables: FarscapeTables, dice: DiceSource) -> ActionOutcome:
    """Throw a grenade at the point the targets' distances are measured from; it takes the element."""
    actor = encounter.get(intent.actor)
    require_able(actor)
    targets = tuple(t.id for t in targets_of(encounter, intent, MAX_BLAST_TARGETS, allow_none=True))
    blast = _setup(encounter, intent, chosen_grenade(actor, tables, intent.options), targets)
    difficulty = range_level(intent.options)
    actor, acting, where = act_while_dodging(actor, option(intent.options, "dodging"))
    every = (Modifier("wounds", penalty(actor)), Modifier("dodging", acting), Modifier("GM", intent.modifier))
    mods = tuple(m for m in every if m.value)
    throw = Check(roll_trait(dice, "throwing weapon", trait(actor, "throwing weapon"), total(mods)), difficulty)
    astray = scatter(throw, dice)
    encounter = encounter.put(actor)
    hits: list[BlastHit] = []
    for target in targets:
        encounter, hit = _blast(encounter, tables, blast, target, blast.distances[target] + astray.motras, dice)
        hits.append(hit)
    result = GrenadeThrow(actor.id, blast.grenade.key, throw, mods, where, astray, tuple(hits))
    return ActionOutcome(encounter, result, ends_turn=True)
