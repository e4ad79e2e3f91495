"""What an explosion does to each target near it: running clear, concussion, fragments (grenades and charges alike).

Decisions [ours] (the seed gives the rules, not these numbers):
* Option distance gives each target's motras from the blast ('Name=3, Other=5', or one number for all); a target
  without one stands on it (0).
* Concussion: the Damage Rating −1 per motra, against armour covering the location (torso unless option location
  says otherwise). The blast's radius is the rating: past it the concussion has fallen to nothing.
* Running for cover [seed: "Characters in the radius of the grenade's effect can attempt to escape the blast by
  running for cover; their dodge result counts in enabling them to attempt to clear the area"]: a target named in
  option run, inside the radius, meets the blast with his element dodge (a free Agility dodge when none was
  declared) against Fair within 2 motras of the edge, one level harder for every 2 motras further in. Reaching it
  takes him to the edge: the concussion is worked out there, and so is the fragment difficulty. The same dodge
  serves for the fragments (one dodge use per blast). A target who runs cannot also lie prone or stand firm.
* Fragments: the DL is Superb −1 per 3 motras, +1 to the roll for a prone target unless it bursts in the air; the
  base rating, +2 per level the roll failed by. Standing firm, unaware and helpless targets make no roll, do not
  run, and take the base damage; so does a player who answered "Take it" (choices.py).
* [seed] A minion "does not dodge at all", "using the appropriate trait ... as the difficulty": aware and able, he
  meets the fragments with his Agility less wounds and no dice (+1 prone), as his melee defence is his trait and
  modifiers without dice;
  he does not run for cover.
* Both wounds are lethal. Dice per target: the dodge, the concussion wound's Willpower roll, the fragments'.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from combat.dice import DiceSource
from combat.errors import InvalidInput
from combat.ladder import SUPERB
from combat.model import Combatant, Encounter
from combat.systems.farscape.choices import taking
from combat.systems.farscape.damage import Damage
from combat.systems.farscape.harm import Harm, penalty, trait
from combat.systems.farscape.ranged_attack import DamageProfile, strike
from combat.systems.farscape.ranged_common import (
    Options,
    can_defend,
    chosen,
    distances,
    hit_location,
    is_minion,
    yes,
)
from combat.systems.farscape.ranged_dodge import DodgeUse, use_dodge
from combat.systems.farscape.stun_clock import acts_later
from combat.systems.farscape.tables import Charge, FarscapeTables

__all__ = [
    "BlastHit",
    "BlastSetup",
    "Fragments",
    "Run",
    "blast_setup",
    "blast_target",
    "clear_difficulty",
    "frag_difficulty",
]

FRAG_STEP = 3
FRAG_DAMAGE_STEP = 2
CLEAR_STEP = 2


@dataclass(frozen=True)
class Run:
    """A target running for cover: where he started, the blast's radius, the dodge against the DL to clear it."""

    target: str
    start: int
    radius: int
    dodge: DodgeUse
    difficulty: int

    @property
    def margin(self) -> int:
        """Return the dodge result minus the difficulty to clear the blast."""
        return self.dodge.value - self.difficulty

    @property
    def cleared(self) -> bool:
        """Tell whether he got clear, to the edge of the blast."""
        return self.margin >= 0


@dataclass(frozen=True)
class Fragments:
    """One target against the fragments: the roll to avoid them (if any), and the damage taken.

    ``rolled`` says he tried to avoid them: with his dodge, or (``dodge`` None) a minion with his Agility, no dice.
    """

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


@dataclass(frozen=True)
class BlastHit:
    """What the blast did to one target: his run for cover, the distance it caught him at, concussion, fragments."""

    target: str
    distance: int
    concussion: Damage
    concussion_harm: Harm | None
    fragments: Fragments | None
    run: Run | None = None


@dataclass(frozen=True)
class BlastSetup:
    """The options every target of one explosion shares, read before any die is rolled."""

    charge: Charge
    location: str
    distances: Mapping[str, int]
    firm: frozenset[str]
    prone: frozenset[str]
    running: frozenset[str]
    unaware: bool


def frag_difficulty(distance: int) -> int:
    """Return the DL to avoid fragments: Superb, one level lower per 3 motras from the centre."""
    return SUPERB - distance // FRAG_STEP


def clear_difficulty(to_edge: int) -> int:
    """Return the DL to run clear of a blast: Fair within 2 motras of the edge, +1 per 2 motras further in."""
    return (max(to_edge, 1) - 1) // CLEAR_STEP


def blast_setup(
    encounter: Encounter, options: Options, charge: Charge, targets: tuple[str, ...], aware: bool = True
) -> BlastSetup:
    """Read and check the per-target options of an explosion; ``aware`` is the default of option aware.

    A target lying prone already (knocked down) counts as prone without the option, unless he runs for cover.
    """
    prone = chosen(encounter, options, "prone", targets)
    firm = chosen(encounter, options, "stand firm", targets)
    running = chosen(encounter, options, "run", targets)
    for clash, what in ((running & prone, "lie prone"), (running & firm, "stand firm")):
        if clash:
            name = encounter.get(sorted(clash)[0]).name
            raise InvalidInput(f"{name} cannot both run for cover and {what}.")
    prone |= frozenset(t for t in targets if t not in running and encounter.get(t).has("prone"))
    return BlastSetup(
        charge=charge,
        location=hit_location(options)[0],
        distances=distances(encounter, options, targets),
        firm=firm | (taking(options) & set(targets)),
        prone=frozenset() if yes(options, "airburst") else prone,
        running=running,
        unaware=not yes(options, "aware", default=aware),
    )


def _frag_wound(
    target: Combatant, charge: Charge, margin: int | None, tables: FarscapeTables, location: str, dice: DiceSource,
    later: bool,
) -> tuple[Combatant, Damage | None, Harm | None]:
    """Mark the fragments' wound: the base rating, +2 per level failed; nothing when the roll succeeded."""
    if margin is not None and margin >= 0:
        return target, None, None
    extra = FRAG_DAMAGE_STEP * -margin if margin is not None else 0
    profile = DamageProfile(charge.fragmentation, charge.fragmentation_type, bonus=extra)
    return strike(target, tables, profile, 0, location, dice, later)


def _braces(target: Combatant, setup: BlastSetup) -> bool:
    """Tell whether a minion meets the fragments with his Agility, without dice: aware, able, not standing firm."""
    return is_minion(target) and can_defend(target) and not setup.unaware and target.id not in setup.firm


def _dodge(target: Combatant, setup: BlastSetup, distance: int, dice: DiceSource) -> tuple[
    Combatant, DodgeUse | None, Run | None
]:
    """Meet the blast with the element's dodge when the target runs for cover or rolls against fragments."""
    charge = setup.charge
    helpless = target.id in setup.firm or setup.unaware or is_minion(target) or not can_defend(target)
    runs = target.id in setup.running and distance < charge.radius
    if helpless or not (runs or charge.fragmentation):
        return target, None, None
    target, use = use_dodge(target, 0, dice)
    run = Run(target.id, distance, charge.radius, use, clear_difficulty(charge.radius - distance)) if runs else None
    return target, use, run


def blast_target(
    encounter: Encounter, tables: FarscapeTables, setup: BlastSetup, target_id: str, distance: int, dice: DiceSource
) -> tuple[Encounter, BlastHit]:
    """Apply the blast to one target: his dodge (to run clear, to avoid fragments), then the wounds."""
    charge = setup.charge
    target, use, run = _dodge(encounter.get(target_id), setup, distance, dice)
    if run is not None and run.cleared:
        distance = charge.radius
    bonus = 1 if target_id in setup.prone else 0
    difficulty = frag_difficulty(distance)
    margin = use.value + bonus - difficulty if use is not None and charge.fragmentation else None
    if charge.fragmentation and _braces(target, setup):
        margin = trait(target, "agility") + penalty(target) + bonus - difficulty
    concussion = DamageProfile(charge.concussion, charge.concussion_type, bonus=-distance)
    later = acts_later(encounter, target_id)  # a stun counts from his action still to come (stun_clock.py)
    target, shock, harm = strike(target, tables, concussion, 0, setup.location, dice, later)
    frags = None
    if charge.fragmentation:
        target, value, frag_harm = _frag_wound(target, charge, margin, tables, setup.location, dice, later)
        frags = Fragments(target_id, margin is not None, use if margin is not None else None, bonus, difficulty,
                          margin, value, frag_harm)
    return encounter.put(target), BlastHit(target_id, distance, shock, harm, frags, run)
