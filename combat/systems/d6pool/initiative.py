"""Initiative: Agility (Intelligence in psionic combat) + 1d6 + the ready skill's modifier, rolled every round.

A combatant acts on every count Init, Init-6, Init-12 … down to the first of 5 or less; a count of 0 acts.
Equal counts go to the higher attribute rolled; still equal, they act together.
"""

from __future__ import annotations

from combat.dice import DiceSource, roll_d
from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.systems.d6pool.build import trait
from combat.systems.d6pool.model import KO, RETREATED, STUNNED, Htk, InitRoll, Ready, RoundState
from combat.systems.d6pool.tables import D6Tables
from combat.turns import InitiativeEntry

__all__ = ["able", "entries", "roll_initiative", "roll_round"]


def able(combatant: Combatant) -> bool:
    """Tell whether the combatant can act: not an object, not down, knocked out, stunned or gone."""
    health: Htk = combatant.health
    if combatant.sheet.tier == "object" or health.down:
        return False
    return not any(combatant.has(n) for n in (KO, STUNNED, RETREATED))


def roll_initiative(combatant: Combatant, tables: D6Tables, dice: DiceSource) -> InitRoll:
    """Roll one combatant's Initiative with the skill of what they have ready."""
    ready: Ready = combatant.state if isinstance(combatant.state, Ready) else Ready()
    weapon = tables.weapon(ready.weapon) if ready.weapon else None
    attribute = "intelligence" if weapon is not None and weapon.kind == "psionic" else "agility"
    die = roll_d(dice, 1, 6).total
    skill = weapon.skill if weapon is not None else None
    modifier = trait(combatant.sheet, skill) if skill else 0
    return InitRoll(combatant.id, attribute, trait(combatant.sheet, attribute), die, skill, modifier)


def roll_round(encounter: Encounter, tables: D6Tables, dice: DiceSource) -> tuple[Encounter, tuple[InitRoll, ...]]:
    """Roll Initiative for everyone able to act, in the order they joined; keep the rolls for this round."""
    rolls = tuple(roll_initiative(c, tables, dice) for c in encounter.combatants if able(c))
    state = encounter.state if isinstance(encounter.state, RoundState) else RoundState()
    return replace(encounter, state=replace(state, rolls=rolls, attacked=False)), rolls


def entries(rolls: tuple[InitRoll, ...]) -> tuple[InitiativeEntry, ...]:
    """Turn Initiative rolls into the turn model's entries: a slot per count, the attribute as tiebreak."""
    return tuple(InitiativeEntry(r.combatant, r.counts, (r.base,)) for r in rolls)
