"""Farscape explosives: a placed charge set off with the Demolitions skill, its blast worked out as a grenade's.

[seed] "Explosives are much like grenades, except that typically they are usually put in place before detonation,
their damage rating is much higher and any fragmentation effect they produce is due to the explosion throwing around
pieces of whatever has been blown up. … The exact quantity and technique required to do so correctly and safely is
determined by the GM, and requires the use of the Demolitions skill."

Decisions [ours]:
* ``detonate`` sets off a charge placed beforehand: one Demolitions roll (wounds, the −1 for dodging while acting and
  the GM's modifier count) against the difficulty the GM gives for the job (option difficulty, Fair by default). A
  success sets it off where it was placed (no scatter); a failure means it does not go off this element.
* The charge is named by option explosive, else it is the first on the actor's sheet. Its debris (option debris,
  0 to 20) is the base Damage Rating of the fragments thrown about, the GM's call by what is blown up; none by
  default. Everything else is the grenade blast (see blast): distance, location, prone, stand firm, run.
* Those around a hidden charge do not know it is there: option aware is no unless the GM says yes (then they can
  run for cover and roll against the debris). A minion's charge is never a warning.
Dice order: the Demolitions 4dF, then per target what blast_target rolls.
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.dice import DiceSource
from combat.errors import InvalidInput, UnknownName
from combat.fudge import Check, roll_trait
from combat.ladder import parse_level
from combat.model import Combatant, Encounter
from combat.system import ActionOutcome, Intent
from combat.systems.farscape.blast import BlastHit, blast_setup, blast_target
from combat.systems.farscape.harm import penalty, trait
from combat.systems.farscape.ranged_common import (
    Modifier,
    Options,
    key_option,
    number,
    option,
    raw_text,
    require_able,
    targets_of,
    total,
)
from combat.systems.farscape.ranged_dodge import act_while_dodging
from combat.systems.farscape.strain import strain_to_act
from combat.systems.farscape.tables import Explosive, FarscapeTables

__all__ = ["DETONATE_OPTIONS", "MAX_BLAST_TARGETS", "Detonation", "placed_charge", "resolve_detonate"]

DETONATE_OPTIONS = (
    "explosive", "difficulty", "debris", "distance", "location", "prone", "stand firm", "run", "aware", "dodging",
)
MAX_BLAST_TARGETS = 20
MAX_DEBRIS = 20


@dataclass(frozen=True)
class Detonation:
    """A charge set off: the Demolitions roll against the GM's difficulty, its modifiers, and each target's harm.

    ``hits`` is empty when the roll failed and the charge did not go off.
    """

    actor: str
    explosive: str
    check: Check
    modifiers: tuple[Modifier, ...]
    acting: str | None
    debris: int
    hits: tuple[BlastHit, ...]
    same_moment: tuple[str, ...] = ()  # partners of the actor's Initiative who still act as they were (moment.py)
    strain: Check | None = None  # an Incapacitated actor's Great Willpower roll to act (strain.py)

    @property
    def went_off(self) -> bool:
        """Tell whether the charge went off."""
        return self.check.success


def placed_charge(actor: Combatant, tables: FarscapeTables, options: Options) -> Explosive:
    """Return the charge set off (option explosive, else the first on the sheet) with the debris the GM gives."""
    key = key_option(options, "explosive")
    if key is None:
        carried = [tables.explosives[k] for k in actor.sheet.weapons if k in tables.explosives]
        if not carried:
            raise InvalidInput("Say which charge goes off (option explosive).")
        charge = carried[0]
    elif key in tables.explosives:
        charge = tables.explosives[key]
    else:
        raise UnknownName("explosive", key, tables.explosives)
    debris = number(options, "debris", charge.fragmentation, 0, MAX_DEBRIS)
    return charge if debris == charge.fragmentation else charge.model_copy(update={"fragmentation": debris})


def _difficulty(options: Options) -> int:
    """Read option difficulty: the GM's Demolitions difficulty for the job, Fair by default."""
    given = options.get("difficulty")
    if isinstance(given, int) and not isinstance(given, bool):
        return given
    return 0 if option(options, "difficulty") is None else parse_level(raw_text(options, "difficulty") or "")


def resolve_detonate(encounter: Encounter, intent: Intent, tables: FarscapeTables, dice: DiceSource) -> ActionOutcome:
    """Set off a placed charge; the blast is measured from it; it takes the element."""
    actor = encounter.get(intent.actor)
    require_able(actor)
    targets = tuple(t.id for t in targets_of(encounter, intent, MAX_BLAST_TARGETS, allow_none=True))
    setup = blast_setup(encounter, intent.options, placed_charge(actor, tables, intent.options), targets, aware=False)
    difficulty = _difficulty(intent.options)
    strain, spent = strain_to_act(encounter, actor, intent.move, targets, dice)
    if spent is not None:
        return spent
    actor, acting, where = act_while_dodging(actor, option(intent.options, "dodging"))
    every = (Modifier("wounds", penalty(actor)), Modifier("dodging", acting), Modifier("GM", intent.modifier))
    mods = tuple(m for m in every if m.value)
    roll = Check(roll_trait(dice, "demolitions", trait(actor, "demolitions"), total(mods)), difficulty)
    encounter = encounter.put(actor)
    hits: list[BlastHit] = []
    for target in targets if roll.success else ():
        encounter, hit = blast_target(encounter, tables, setup, target, setup.distances[target], dice)
        hits.append(hit)
    charge = setup.charge
    result = Detonation(actor.id, charge.key, roll, mods, where, charge.fragmentation, tuple(hits), strain=strain)
    return ActionOutcome(encounter, result, ends_turn=True)
