"""The edges of a Deryni round: what carries over as one begins, and the tests as one ends.

As a round begins, last round's dodges and all-out defence carry over, everyone's Initiative is worked out and ties
are rolled off. As it ends, whoever is dying dies, then everyone conscious with untreated wounds takes a
Consciousness Test (Stamina, 4dF) against a difficulty set by his wound points.
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.dice import DiceSource
from combat.frozen import replace
from combat.model import Combatant, Encounter
from combat.system import RoundStart
from combat.systems.deryni.health import consciousness_difficulty
from combat.systems.deryni.initiative import RollOff, Score, roll_offs, scores
from combat.systems.deryni.rolls import Rolled, unopposed
from combat.systems.deryni.sheet import SPEC
from combat.systems.deryni.state import Fighter, fighter, put_fighter, ties
from combat.systems.deryni.tables import DeryniTables

__all__ = ["ConsciousnessTest", "DeryniRoundStart", "RoundEnd", "end_round", "start_round"]


@dataclass(frozen=True)
class DeryniRoundStart(RoundStart):
    """A round began: everyone's Initiative (``changed``: not the same as last round's) and any roll-offs.

    ``out``: who is out of the fight (dead, unconscious, incapacitated) and will not act this round.
    """

    scores: tuple[Score, ...] = ()
    rolloffs: tuple[RollOff, ...] = ()
    changed: bool = True
    out: tuple[str, ...] = ()


@dataclass(frozen=True)
class ConsciousnessTest:
    """A Consciousness Test: Stamina against the wound points' difficulty (``roll`` None: passed by a natural +4)."""

    combatant: str
    points: int
    difficulty: int
    roll: Rolled | None
    passed: bool


@dataclass(frozen=True)
class RoundEnd:
    """A round ended: who died of a failed Death Test, and the Consciousness Tests."""

    round: int
    deaths: tuple[str, ...] = ()
    tests: tuple[ConsciousnessTest, ...] = ()


def _carry(state: Fighter) -> Fighter:
    """Start a fighter's new round with what the last one carried over.

    -1 Initiative per dodge; +1 Initiative and attack after an all-out defence that met a single attack ("If the
    Defender only has to defend against one attack" [seed]: every attack counts, one he could not defend too);
    everything else of the round is cleared (unused bonuses are lost).
    """
    earned = 1 if state.all_out and state.attacks == 1 else 0
    return replace(state, attacked_with=None, defended_with=(), defences=0, attacks=0, dodges=0, all_out=False,
                   initiative=earned - state.dodges, attack_bonus=earned)


def start_round(encounter: Encounter, tables: DeryniTables, dice: DiceSource) -> tuple[Encounter, DeryniRoundStart]:
    """Carry the last round over, work out Initiative and roll off new ties."""
    before = {e.combatant: e.counts[0] for e in encounter.turns.order if e.counts}
    encounter = encounter.put(*(replace(c, state=_carry(fighter(c))) for c in encounter.combatants))
    found = scores(encounter, tables)
    stored, rolled = roll_offs(encounter, found, ties(encounter), dice)
    changed = {s.combatant: s.value for s in found} != before
    out = tuple(c.id for c in encounter.combatants if c.health.out)
    start = DeryniRoundStart(encounter.turns.round + 1, (), found, rolled, changed, out)
    return replace(encounter, state=stored), start


def _in_order(encounter: Encounter) -> list[Combatant]:
    """Return the combatants in this round's Initiative order (anyone unranked last)."""
    ranked = sorted(encounter.turns.order, key=lambda e: e.key(e.counts[0]) if e.counts else (), reverse=True)
    ids = [e.combatant for e in ranked if any(c.id == e.combatant for c in encounter.combatants)]
    ids += [c.id for c in encounter.combatants if c.id not in ids]
    return [encounter.get(i) for i in ids]


def _test(encounter: Encounter, combatant: Combatant, dice: DiceSource) -> tuple[Encounter, ConsciousnessTest]:
    health = combatant.health
    difficulty = consciousness_difficulty(health.points)
    if fighter(combatant).charmed == encounter.turns.round:
        return encounter, ConsciousnessTest(combatant.id, health.points, difficulty, None, True)
    roll = unopposed(dice, "stamina", SPEC.level(combatant.sheet, "stamina"))
    passed = roll.result >= difficulty
    if not passed:
        encounter = encounter.put(replace(combatant, health=replace(health, unconscious=True)))
        encounter = put_fighter(encounter, combatant.id, power=None)
    return encounter, ConsciousnessTest(combatant.id, health.points, difficulty, roll, passed)


def end_round(encounter: Encounter, dice: DiceSource) -> tuple[Encounter, RoundEnd | None]:
    """Let the dying die, then test the consciousness of everyone awake with untreated wounds."""
    round_number = encounter.turns.round
    deaths: list[str] = []
    for c in encounter.combatants:
        if c.health.dying is not None and c.health.dying <= round_number and not c.health.dead:
            deaths.append(c.id)
            encounter = encounter.put(replace(c, health=replace(c.health, dead=True, unconscious=True)))
            encounter = put_fighter(encounter, c.id, power=None)
    tests: list[ConsciousnessTest] = []
    for c in _in_order(encounter):
        health = c.health
        if health.dead or health.unconscious or health.dying is not None or not health.untreated or not health.points:
            continue
        encounter, test = _test(encounter, c, dice)
        tests.append(test)
    if not deaths and not tests:
        return encounter, None
    return encounter, RoundEnd(round_number, tuple(deaths), tuple(tests))
