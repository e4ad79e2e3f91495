"""Combat sequence: d10 + Combat Sequence once at the start, ties re-rolled with d10, fixed for the fight.

Dice order: one d10 per combatant in the order they were added; then, for each tied group from the highest total
down, one d10 each in the same order, again and again among those still tied. Newcomers go at the end: those of one
round roll among themselves the same way and all come after everyone who began the fight (and after earlier
rounds' newcomers). A newcomer's place is not a sequence anyone rolled: it is a count below every rolled one,
the round they joined in below zero (``newcomer_count``), so the status can say so (``joined_in``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from combat.dice import DiceSource, roll_d
from combat.model import Combatant, Encounter
from combat.systems.fallout.sheet import combat_sequence
from combat.systems.fallout.state import fighter
from combat.turns import InitiativeEntry

__all__ = [
    "SequenceRoll", "joined_in", "newcomer_count", "newcomer_entries", "pecking_key", "rank", "roll_sequences",
]


@dataclass(frozen=True)
class SequenceRoll:
    """One combatant's sequence: d10 + Combat Sequence, and any tie-breaking d10s."""

    combatant: str
    die: int
    bonus: int
    ties: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        """Return d10 + Combat Sequence."""
        return self.die + self.bonus


def _break_ties(rolls: dict[str, SequenceRoll], order: Sequence[str], dice: DiceSource) -> None:
    """Re-roll d10 among every group with equal keys, highest group first, until no two keys are equal."""
    while True:
        keys: dict[tuple[int, ...], list[str]] = {}
        for cid in order:
            keys.setdefault((rolls[cid].total, *rolls[cid].ties), []).append(cid)
        tied = sorted((k for k, ids in keys.items() if len(ids) > 1), reverse=True)
        if not tied:
            return
        for cid in keys[tied[0]]:
            old = rolls[cid]
            rolls[cid] = SequenceRoll(cid, old.die, old.bonus, (*old.ties, roll_d(dice, 1, 10).total))


def pecking_key(encounter: Encounter) -> Callable[[Combatant], tuple[int, ...]]:
    """Return a sort key for the fight's sequence, higher first when sorted in reverse (newcomers last, in their order).

    A newcomer has no rolled sequence: his place is the turn order's count and tie-break ("they fight for pecking
    rights at the end by rolling for sequence"); one not in the order falls back on his sequence and rank.
    """
    order = {e.combatant: (e.counts[0], *e.tiebreak) for e in encounter.turns.order if e.counts}

    def key(combatant: Combatant) -> tuple[int, ...]:
        state = fighter(combatant)
        return order.get(combatant.id) or ((state.sequence or 0), state.rank)

    return key


def roll_sequences(encounter: Encounter, ids: Sequence[str], dice: DiceSource) -> tuple[SequenceRoll, ...]:
    """Roll the sequence of ``ids`` (in that order), breaking ties; return them best first."""
    rolls = {cid: SequenceRoll(cid, roll_d(dice, 1, 10).total, combat_sequence(encounter.get(cid).sheet))
             for cid in ids}
    _break_ties(rolls, ids, dice)
    return tuple(sorted(rolls.values(), key=lambda r: (r.total, *r.ties), reverse=True))


def rank(rolls: Sequence[SequenceRoll]) -> dict[str, int]:
    """Return each combatant's rank within its total (higher goes first), from rolls sorted best first."""
    ranks: dict[str, int] = {}
    for roll in rolls:
        same = [r for r in rolls if r.total == roll.total]
        ranks[roll.combatant] = len(same) - 1 - same.index(roll)
    return ranks


def newcomer_count(round_number: int) -> int:
    """Return the place of newcomers of a round: below zero, so after every rolled sequence (3 at the least)."""
    return -max(1, round_number)


def joined_in(count: int) -> int | None:
    """Return the round a newcomer's place says they joined in; None for a sequence rolled at the start."""
    return -count if count <= 0 else None


def _earlier(encounter: Encounter, base: int, ids: Sequence[str]) -> list[tuple[SequenceRoll, int]]:
    """Return the newcomers of this round added before ``ids``: their sequence as placed, and when each was added."""
    found = []
    for entry in encounter.turns.order:
        if entry.counts == (base,) and entry.combatant not in ids and len(entry.tiebreak) >= 2:
            total, *ties, added = entry.tiebreak
            bonus = combat_sequence(encounter.get(entry.combatant).sheet)
            found.append((SequenceRoll(entry.combatant, total - bonus, bonus, tuple(ties)), -added))
    return found


def newcomer_entries(
    encounter: Encounter, ids: Sequence[str], dice: DiceSource
) -> tuple[tuple[InitiativeEntry, ...], tuple[SequenceRoll, ...]]:
    """Place newcomers after everyone who began the fight, ordered among this round's newcomers by their own rolls.

    Newcomers of one round share a place below every rolled sequence (one lower for each later round), and go in
    the order of their own d10 + Combat Sequence. [seed] "If multiple newcomers join in the same round, they fight
    for pecking rights at the end by rolling for sequence as though they started a new battle": ties among all of
    the round's newcomers, those added by an earlier command included, are re-rolled with d10 (in the order they
    were added). Returns the entries of the newcomers and of earlier ones who rolled again, and those rolls.
    """
    base = newcomer_count(encounter.turns.round)
    added = len(encounter.turns.order)
    earlier = _earlier(encounter, base, ids)
    fresh = [(SequenceRoll(cid, roll_d(dice, 1, 10).total, combat_sequence(encounter.get(cid).sheet)), added + i)
             for i, cid in enumerate(ids)]
    group = sorted([*earlier, *fresh], key=lambda pair: pair[1])
    rolls = {roll.combatant: roll for roll, _ in group}
    _break_ties(rolls, [roll.combatant for roll, _ in group], dice)
    when = {roll.combatant: at for roll, at in group}
    before = {roll.combatant: roll.ties for roll, _ in earlier}
    changed = [cid for cid in rolls if cid not in before or rolls[cid].ties != before[cid]]
    placed = tuple(InitiativeEntry(cid, (base,), (rolls[cid].total, *rolls[cid].ties, -when[cid])) for cid in changed)
    shown = sorted((rolls[cid] for cid in changed), key=lambda r: (r.total, *r.ties), reverse=True)
    return placed, tuple(shown)
