"""What Deryni keeps beside the wounds, per fighter and for the encounter.

Each fighter's round (what he struck and defended with, his dodges, an all-out defence), what carries into the next
round, his gear in hand and on the floor, his foe, his FUDGE points and Deryni power; and for the encounter, the tie
roll-offs that settle equal Initiatives for the fight.
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.frozen import replace
from combat.model import Combatant, Encounter

__all__ = ["Fighter", "Tie", "Ties", "fighter", "put_fighter", "ties"]


@dataclass(frozen=True)
class Fighter:
    """One combatant's Deryni state.

    This round: ``attacked_with`` (the item or ability of his attack), ``defended_with`` (the items of his defences),
    ``defences`` (how many he made), ``attacks`` (how many attacks he met, defended or not), ``dodges`` (each one -1 to
    his later actions), ``all_out``, ``power_round`` (the round he used a power), ``kept_round`` (the round a power he
    maintained dropped: its −1 lasts that round). From the last round: ``initiative`` (-1 per dodge, +1 for an all-out
    defence against a single attack) and ``attack_bonus`` (+1, the all-out defence's, until he attacks). Kept:
    ``fudge_points``, ``wielding`` (the weapon in hand), ``dropped`` (items on the floor), ``foe`` (his last fight),
    ``paired`` (the GM's pairing, which comes first), ``defence`` (the GM's standing choice for him), ``power`` (a power
    he maintains), ``fatigue`` (power fatigue spent), ``charmed`` (the round a natural +4 Death Test made him pass every
    test).
    """

    fudge_points: int = 0
    wielding: str | None = None
    dropped: tuple[str, ...] = ()
    foe: str | None = None
    paired: str | None = None
    defence: str | None = None
    attacked_with: str | None = None
    defended_with: tuple[str, ...] = ()
    defences: int = 0
    attacks: int = 0
    dodges: int = 0
    all_out: bool = False
    initiative: int = 0
    attack_bonus: int = 0
    power: str | None = None
    power_round: int = 0
    kept_round: int = 0
    fatigue: int = 0
    charmed: int = 0


@dataclass(frozen=True)
class Tie:
    """Combatants who tied on an Initiative value, in the order their roll-off put them."""

    value: int
    order: tuple[str, ...]


@dataclass(frozen=True)
class Ties:
    """The encounter's roll-offs still in force: an equal Initiative keeps its order until conditions change."""

    ties: tuple[Tie, ...] = ()

    def rank(self, combatant: str, value: int, members: frozenset[str]) -> int:
        """Return the combatant's tiebreak: higher acts first; 0 when no roll-off settled this tie."""
        for tie in self.ties:
            if tie.value == value and frozenset(tie.order) == members and combatant in tie.order:
                return len(tie.order) - tie.order.index(combatant)
        return 0


def fighter(combatant: Combatant) -> Fighter:
    """Return the combatant's Deryni state (a fresh one for a combatant stored without it)."""
    state = combatant.state
    return state if isinstance(state, Fighter) else Fighter()


def put_fighter(encounter: Encounter, combatant_id: str, **changes: object) -> Encounter:
    """Return the encounter with the combatant's state changed."""
    combatant = encounter.get(combatant_id)
    return encounter.put(replace(combatant, state=replace(fighter(combatant), **changes)))


def ties(encounter: Encounter) -> Ties:
    """Return the encounter's stored roll-offs."""
    state = encounter.state
    return state if isinstance(state, Ties) else Ties()
