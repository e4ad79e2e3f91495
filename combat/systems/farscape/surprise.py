"""Farscape surprise: frozen sides, Cool Head, the leaders' contest, and Willpower recovery each element."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from combat.dice import DiceSource
from combat.errors import InvalidInput
from combat.fudge import Check, check
from combat.ladder import LEGENDARY, TERRIBLE
from combat.model import Combatant, Condition, Encounter
from combat.systems.farscape.harm import trait

__all__ = [
    "FAIR",
    "LeaderScore",
    "MutualSurprise",
    "Recovery",
    "freeze_side",
    "leader_score",
    "mutual_surprise",
    "recover",
    "recovery_difficulties",
]

FAIR = 0
COOL_HEAD = "cool head"


def _freeze(combatant: Combatant, mutual: bool, running: bool, difficulty: int) -> Combatant:
    """Freeze one combatant unless they have Cool Head."""
    if combatant.sheet.has(COOL_HEAD):
        return combatant
    source = "mutual" if mutual else "ambush"
    return combatant.with_condition(Condition("frozen", value=difficulty, source=source, uses=1 if running else 0))


def recovery_difficulties(
    encounter: Encounter, side: str, difficulties: Mapping[str, int] | None, strict: bool = True
) -> dict[str, int]:
    """Check the GM's recovery difficulties by combatant id: on the ladder, and (if ``strict``) all on ``side``.

    [seed] "This difficulty is modified by the circumstances and the nature of the character": a soldier recovers
    against an easier difficulty than a librarian. Without ``strict``, ids on another side are left out (a
    mutual surprise, where the GM does not know beforehand which side freezes).
    """
    found: dict[str, int] = {}
    for cid, level in (difficulties or {}).items():
        combatant = encounter.get(cid)
        if not TERRIBLE <= level <= LEGENDARY:
            raise InvalidInput(
                f"{combatant.name}'s recovery difficulty must be from Terrible to Legendary, not {level:+d}."
            )
        if combatant.side == side:
            found[cid] = level
        elif strict:
            raise InvalidInput(f"{combatant.name} is not on the side '{side}'; give difficulties only for its members.")
    return found


def freeze_side(
    encounter: Encounter,
    side: str,
    mutual: bool = False,
    difficulty: int = FAIR,
    difficulties: Mapping[str, int] | None = None,
) -> tuple[Encounter, tuple[str, ...]]:
    """Freeze every member of ``side`` without Cool Head, each with a Willpower DL to recover.

    The DL is ``difficulty`` (Fair unless the GM changes it), or for the combatant ids in ``difficulties`` their
    own (checked by ``recovery_difficulties``).
    """
    running = encounter.turns.round > 0
    own = difficulties or {}
    members = [c for c in encounter.combatants if c.side == side]
    frozen = [_freeze(c, mutual, running, own.get(c.id, difficulty)) for c in members]
    who = tuple(c.id for c in frozen if c.has("frozen"))
    return encounter.put(*frozen), who


@dataclass(frozen=True)
class LeaderScore:
    """A side leader's Initiative in a mutual surprise, with each bonus."""

    leader: str
    initiative: int
    cool_head: int
    intellect: int
    tactics: int
    modifier: int

    @property
    def total(self) -> int:
        """Return the leader's total."""
        return self.initiative + self.cool_head + self.intellect + self.tactics + self.modifier


def leader_score(
    leader: Combatant, rival: Combatant, side: list[Combatant], initiative: int, modifier: int = 0
) -> LeaderScore:
    """Score a leader: Cool Head +2 (or +1 if another on the side has it), higher Intellect +1, better Tactics +1."""
    if leader.sheet.has(COOL_HEAD):
        cool = 2
    else:
        cool = 1 if any(c.sheet.has(COOL_HEAD) for c in side if c.id != leader.id) else 0
    smarter = 1 if trait(leader, "intellect") > trait(rival, "intellect") else 0
    tactics = 1 if trait(leader, "tactics") > trait(rival, "tactics") else 0
    return LeaderScore(leader.id, initiative, cool, smarter, tactics, modifier)


@dataclass(frozen=True)
class MutualSurprise:
    """The leaders' contest: both scores, their Agility when the totals tie, and the side that froze (if any)."""

    first: LeaderScore
    second: LeaderScore
    agility: tuple[int, int] | None  # the leaders' Agility, compared only when their totals tie
    winner: str | None  # None: tied on Agility too; both sides act at the same time and nobody freezes
    loser: str | None


def mutual_surprise(first: LeaderScore, second: LeaderScore, agility: tuple[int, int]) -> MutualSurprise:
    """Compare the leaders' totals; on a tie their Agility; a tie on that too means neither side gets the drop.

    [seed] "Characters with the same Initiative compare their Agility; again, the highest acts first … A tie here
    means they act at the same time": the leaders "compare their Initiative values", so ties go the same way.
    """
    a, b = first.total, second.total
    compared = None
    if a == b:
        compared = agility
        a, b = agility
    if a == b:
        return MutualSurprise(first, second, compared, None, None)
    winner, loser = (first, second) if a > b else (second, first)
    return MutualSurprise(first, second, compared, winner.leader, loser.leader)


@dataclass(frozen=True)
class Recovery:
    """A frozen combatant's Willpower roll to regain their wits at the start of an element."""

    combatant: str
    check: Check
    recovered: bool


def recover(combatant: Combatant, dice: DiceSource, down: bool = False) -> tuple[Combatant, Recovery | None]:
    """Roll to unfreeze as an element starts: none in the first element, then Willpower (mutual: easier).

    ``uses`` counts the elements after the first. [seed] A mutual surprise's loser: "the difficulty of the recovery
    roll decreases by one level each element after the first", so his first roll (the second element) is already
    one level lower, the next two, and so on. [ours] A combatant ``down`` (unconscious, out, Incapacitated without
    leave to strain) cannot regain his wits or act: he rolls nothing, and only the count of elements goes on.
    """
    frozen = combatant.condition("frozen")
    if frozen is None:
        return combatant, None
    if frozen.uses == 0 or down:
        return combatant.with_condition(Condition("frozen", frozen.value, None, frozen.source, frozen.uses + 1)), None
    difficulty = frozen.value - (frozen.uses if frozen.source == "mutual" else 0)
    roll = check(dice, "willpower", trait(combatant, "willpower"), difficulty)
    if roll.success:
        return combatant.without("frozen"), Recovery(combatant.id, roll, True)
    stays = Condition("frozen", frozen.value, None, frozen.source, frozen.uses + 1)
    return combatant.with_condition(stays), Recovery(combatant.id, roll, False)
