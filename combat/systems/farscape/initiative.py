"""Farscape initiative: Speed with wound and stun penalties and weapon-size steps; Agility breaks ties."""

from __future__ import annotations

from combat.errors import UnknownName
from combat.frozen import frozen
from combat.model import Combatant, Condition, Encounter
from combat.systems.farscape.harm import penalty, trait
from combat.systems.farscape.tables import FarscapeTables, Weapon
from combat.systems.farscape.wounds import Health
from combat.turns import InitiativeEntry

__all__ = [
    "SIZE_STEP", "InitiativeScore", "counted_size_steps", "initiative_entries", "mark_size_steps", "score",
    "size_penalty", "size_steps", "wielded",
]

# The weapon-size step counted in this element's order (value; one element): the foe he was engaged with as the
# element began may not be the one he meets later in it.
SIZE_STEP = "size step"


def wielded(combatant: Combatant, tables: FarscapeTables) -> Weapon | None:
    """Return the melee weapon in hand: the one last used, else the first melee weapon on the sheet."""
    last = combatant.condition("wielding")
    in_hand = (last.source,) if last is not None and last.source else ()
    for key in (*in_hand, *combatant.sheet.weapons):
        weapon = tables.weapons.get(key or "")
        if weapon is not None and weapon.kind == "melee":
            return weapon
    return None


def size_penalty(own_size: int, other_size: int) -> int:
    """Return the Initiative penalty for the larger weapon: one per size step (sizes on the ladder, knife Good)."""
    return own_size - other_size if own_size < other_size else 0


@frozen
class InitiativeScore:
    """Every part of one combatant's Initiative."""

    combatant: str
    speed: int
    wounds: int
    size: int
    other: int
    agility: int

    @property
    def total(self) -> int:
        """Return the Initiative value."""
        return self.speed + self.wounds + self.size + self.other


def _down(combatant: Combatant) -> bool:
    """Tell whether a combatant is out of the fight: unconscious, out, or Incapacitated."""
    health: Health = combatant.health
    return combatant.has("unconscious") or combatant.has("out") or health.incapacitated


def size_steps(combatant: Combatant, encounter: Encounter, tables: FarscapeTables) -> int:
    """Return the weapon-size steps against the foe of his latest exchange (0: none, or not larger)."""
    engaged = combatant.condition("engaged")
    own = wielded(combatant, tables)
    if engaged is None or engaged.source is None or own is None:
        return 0
    try:
        foe = encounter.get(engaged.source)
    except UnknownName:
        return 0
    if _down(foe):
        return 0  # [ours] a foe taken out no longer holds anyone at bay: no size step against his weapon
    theirs = wielded(foe, tables)
    return 0 if theirs is None else size_penalty(own.size, theirs.size)


def mark_size_steps(encounter: Encounter, tables: FarscapeTables) -> Encounter:
    """Keep on each combatant the weapon-size step the element's order counts for him (none: nothing kept)."""
    marked = []
    for combatant in encounter.combatants:
        steps = size_steps(combatant, encounter, tables)
        if steps:
            marked.append(combatant.with_condition(Condition(SIZE_STEP, steps, elements=1)))
    return encounter.put(*marked) if marked else encounter


def counted_size_steps(combatant: Combatant) -> int:
    """Return the weapon-size step this element's order counted for the combatant (``mark_size_steps``)."""
    kept = combatant.condition(SIZE_STEP)
    return kept.value if kept is not None else 0


def score(combatant: Combatant, encounter: Encounter, tables: FarscapeTables) -> InitiativeScore:
    """Work out a combatant's Initiative from Speed, penalties, weapon size and GM adjustments."""
    other = combatant.condition("initiative")
    return InitiativeScore(
        combatant.id,
        trait(combatant, "speed"),
        penalty(combatant),
        size_steps(combatant, encounter, tables),
        other.value if other else 0,
        trait(combatant, "agility"),
    )


def initiative_entries(encounter: Encounter, tables: FarscapeTables) -> tuple[InitiativeEntry, ...]:
    """Rank everyone for the element: Initiative, then Agility; exact ties act at the same time."""
    scores = [score(c, encounter, tables) for c in encounter.combatants]
    return tuple(InitiativeEntry(s.combatant, (s.total,), (s.agility,)) for s in scores)
