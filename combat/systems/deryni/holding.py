"""Who may hold: "The highest is given the choice of making his action first, or holding it" [seed].

The highest of a group (the seed's "who's fighting who": a fighter, his foe, whoever has him as foe, and whoever
fights his foe unless both are PCs, see initiative.same_group) acts first or holds; the others "react rather than
control the action" (Example 3) and act when their turn comes.
"""

from __future__ import annotations

from combat.errors import RulesError
from combat.model import Encounter
from combat.systems.deryni.initiative import foes, same_group

__all__ = ["check_hold"]


def _fight(encounter: Encounter, combatant_id: str) -> set[str]:
    """Return the others in the combatant's group: his foe, those who have him as foe, those who fight his foe."""
    paired = foes(encounter)
    return {o for o in paired if o != combatant_id and same_group(encounter, paired, combatant_id, o)}


def check_hold(encounter: Encounter, combatant_id: str) -> None:
    """Refuse a hold by anyone who is not the highest Initiative of his fight (a shared slot counts as highest)."""
    keys = {e.combatant: e.key(e.counts[0]) for e in encounter.turns.order if e.counts}
    mine = keys.get(combatant_id)
    ahead = sorted(f for f in _fight(encounter, combatant_id) if mine is not None and keys.get(f, mine) > mine)
    if ahead:
        name = encounter.get(combatant_id).name
        first = encounter.get(ahead[0]).name
        raise RulesError(f"Only the highest Initiative of a fight may hold: {first} is above {name} in their fight, "
                         f"so {name} acts now or passes.")
