"""Death Tests: Damage Capacity (4dF) against the wound's difficulty, and FUDGE points spent before or after.

Every wound but a Scratch is tested: Hurt Mediocre, Very Hurt Good, Critical Superb [source 4.3]. A Mortal wound
cannot be rolled for: it kills unless 2 FUDGE points are spent [ours]. One FUDGE point before the roll passes it; 2
after a failed roll do too [source 4.3]: the wounded fighter's player (the GM for an NPC) is asked when he has the
points. A natural +4 passes every later Death and Consciousness Test this round [source 4.3]. A failed test leaves
him dying: he fights on, takes no more tests and dies as the round ends [source 4.3, ours on the timing].
"""

from __future__ import annotations

from combat.dice import DiceSource
from combat.frozen import replace
from combat.intent import Choice, Reaction
from combat.model import Encounter
from combat.systems.deryni.health import DEATH_DIFFICULTY, LEVELS, MORTAL, SCRATCH
from combat.systems.deryni.results import DeathTest, Pause
from combat.systems.deryni.rolls import Rolled, unopposed
from combat.systems.deryni.sheet import SPEC
from combat.systems.deryni.state import fighter, put_fighter

__all__ = ["BEFORE", "DeathStep", "after_roll", "answer", "begin", "exempt"]

BEFORE = (Choice("roll", "Roll the Death Test"), Choice("spend", "Spend 1 FUDGE point to pass"))
_AFTER = (Choice("spend", "Spend 2 FUDGE points to pass"), Choice("accept", "Accept: dying"))

DeathStep = tuple[Encounter, DeathTest | None, Reaction | None, Pause | None]


def exempt(encounter: Encounter, combatant_id: str) -> str | None:
    """Say why the combatant takes no test now: 'dying' (no more tests) or 'charmed' (a natural +4 this round)."""
    combatant = encounter.get(combatant_id)
    if combatant.health.dying is not None:
        return "dying"
    if fighter(combatant).charmed == encounter.turns.round:
        return "charmed"
    return None


def _settle(encounter: Encounter, test: DeathTest) -> Encounter:
    """Apply a settled test: a natural +4 charms the round; a failure leaves him dying until the round's end."""
    if test.charmed:
        encounter = put_fighter(encounter, test.combatant, charmed=encounter.turns.round)
    if test.passed:
        return encounter
    target = encounter.get(test.combatant)
    return encounter.put(replace(target, health=replace(target.health, dying=encounter.turns.round)))


def _spend(encounter: Encounter, combatant_id: str, points: int) -> Encounter:
    state = fighter(encounter.get(combatant_id))
    return put_fighter(encounter, combatant_id, fudge_points=state.fudge_points - points)


def _ask_after(encounter: Encounter, test: DeathTest, checks: tuple[str, ...]) -> DeathStep:
    """Offer 2 FUDGE points after a failed roll (or a Mortal wound) when the fighter has them; else settle it."""
    combatant = encounter.get(test.combatant)
    if fighter(combatant).fudge_points >= 2:
        prompt = f"A Mortal wound: {combatant.name} is dying" if test.difficulty is None else "The Death Test failed"
        faces = test.roll.faces if test.roll else ()
        return encounter, test, Reaction(test.combatant, _AFTER, "spend", prompt), Pause(
            test.combatant, test.level, "after", faces, checks)
    return _settle(encounter, test), test, None, None


def _roll(encounter: Encounter, combatant_id: str, level: int, dice: DiceSource) -> DeathTest:
    target = encounter.get(combatant_id)
    difficulty = DEATH_DIFFICULTY[level]
    roll = unopposed(dice, "damage capacity", SPEC.level(target.sheet, "damage capacity"))
    return DeathTest(combatant_id, level, difficulty, roll, passed=roll.result >= difficulty)


def after_roll(encounter: Encounter, combatant_id: str, level: int, dice: DiceSource,
               checks: tuple[str, ...]) -> DeathStep:
    """Roll the test now; a failure may still be bought with 2 FUDGE points."""
    test = _roll(encounter, combatant_id, level, dice)
    if test.passed:
        return _settle(encounter, test), test, None, None
    return _ask_after(encounter, test, checks)


def begin(encounter: Encounter, combatant_id: str, level: int, dice: DiceSource,
          checks: tuple[str, ...] = ()) -> DeathStep:
    """Start the Death Test of a wound just taken: none for a Scratch, a question first when FUDGE points can help."""
    if level == SCRATCH:
        return encounter, None, None, None
    reason = exempt(encounter, combatant_id)
    if reason is not None:
        return encounter, DeathTest(combatant_id, level, DEATH_DIFFICULTY.get(level), passed=reason == "charmed",
                                    reason=reason), None, None
    if level == MORTAL:
        return _ask_after(encounter, DeathTest(combatant_id, level, None), checks)
    if fighter(encounter.get(combatant_id)).fudge_points >= 1:
        prompt = f"Death Test for a {LEVELS[level]} wound"
        return encounter, None, Reaction(combatant_id, BEFORE, "roll", prompt), Pause(
            combatant_id, level, "before", (), checks)
    return after_roll(encounter, combatant_id, level, dice, checks)


def answer(encounter: Encounter, pause: Pause, choice: str, dice: DiceSource) -> DeathStep:
    """Go on with a test that waited for a choice: spend the points, roll, or accept dying."""
    target, level = pause.target, pause.level
    if pause.stage == "before":
        if choice == "spend":
            test = DeathTest(target, level, DEATH_DIFFICULTY[level], spent=1, passed=True, reason="bought")
            return _spend(encounter, target, 1), test, None, None
        return after_roll(encounter, target, level, dice, pause.checks)
    difficulty = DEATH_DIFFICULTY.get(level)
    roll = None
    if pause.faces:
        roll = Rolled("damage capacity", SPEC.level(encounter.get(target).sheet, "damage capacity"), (), pause.faces)
    if choice == "spend":
        test = DeathTest(target, level, difficulty, roll, spent=2, passed=True)
        return _spend(encounter, target, 2), test, None, None
    test = DeathTest(target, level, difficulty, roll)
    return _settle(encounter, test), test, None, None
