"""What happens as a round begins: stuns and full defence wear off, the knocked out try to wake, Initiative."""

from __future__ import annotations

from combat.dice import DiceSource
from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.systems.d6pool.build import trait
from combat.systems.d6pool.initiative import roll_round
from combat.systems.d6pool.model import KO, STUNNED, Htk
from combat.systems.d6pool.pool import roll_pool
from combat.systems.d6pool.results import Recovery, RoundBegins, Save
from combat.systems.d6pool.tables import D6Tables

__all__ = ["begin_round", "recover"]


def recover(combatant: Combatant, tables: D6Tables, dice: DiceSource) -> tuple[Combatant, Recovery | None]:
    """Roll a knocked-out combatant's Stamina against the PF (one lower each round); at PF 0 he wakes unrolled."""
    ko = combatant.condition(KO)
    health: Htk = combatant.health
    if ko is None or health.down:
        return combatant, None
    if ko.value <= 0:
        return combatant.without(KO), Recovery(combatant.id, None, True)
    success = tables.charts.dice.success
    stamina = roll_pool(dice, trait(combatant.sheet, "stamina"), 0, success)
    save = Save(stamina, roll_pool(dice, ko.value, 0, success), ko.value)
    if save.saved:
        return combatant.without(KO), Recovery(combatant.id, save, True)
    return combatant.with_condition(replace(ko, value=ko.value - 1)), Recovery(combatant.id, save, False)


def begin_round(encounter: Encounter, tables: D6Tables, dice: DiceSource) -> tuple[Encounter, RoundBegins]:
    """Let timed states run out, roll recoveries (in joining order), then everyone's Initiative."""
    encounter, expired = encounter.tick()
    recoveries: list[Recovery] = []
    for combatant in encounter.combatants:
        after, rolled = recover(combatant, tables, dice)
        if rolled is not None:
            encounter = encounter.put(after)
            recoveries.append(rolled)
    encounter, rolls = roll_round(encounter, tables, dice)
    stunned = tuple(c.id for c in encounter.combatants if c.has(STUNNED))
    started = RoundBegins(encounter.turns.round + 1, (), tuple(expired), tuple(recoveries), rolls, stunned)
    return encounter, started
