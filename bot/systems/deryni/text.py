"""Deryni rolls and tests as text: every die, every named modifier, the result on the ladder."""

from __future__ import annotations

from bot.render.dice import fudge_faces, ladder, signed, trait_level, trait_title
from combat.systems.deryni.health import CRITICAL, LEVELS, MORTAL
from combat.systems.deryni.results import DeathTest, Meditation
from combat.systems.deryni.rolls import Check, Rolled

__all__ = ["check_text", "death_lines", "meditation_line", "rolled"]


def rolled(roll: Rolled) -> str:
    """Show a roll: 'Broadsword Great (+2), dice [+ −] 0, wounds -1 → Good (+1)'."""
    parts = [f"{trait_title(roll.trait)} {trait_level(roll.level)}", f"dice {fudge_faces(roll.faces)} "
             f"{signed(roll.dice) if roll.dice else 0}"]
    parts += [f"{m.name} {signed(m.value)}" for m in roll.modifiers]
    return ", ".join(parts) + f" → {ladder(roll.result)}"


def check_text(check: Check) -> str:
    """Show an unopposed roll against its difficulty: '… → Good (+1) against Great (+2): fails'."""
    verdict = "succeeds" if check.success else "fails"
    return f"{rolled(check.roll)} against {ladder(check.difficulty)}: {verdict}"


def death_lines(test: DeathTest, name: str, *, waiting: bool = False, shown: bool = False) -> list[str]:
    """Show a Death Test: its roll or why none was needed, the FUDGE points spent, and whether the fighter lives.

    ``waiting``: a failure that FUDGE points may still buy (the question follows); ``shown``: the roll (or the Mortal
    wound) was shown when the question was asked, so only the answer is told.
    """
    wound = LEVELS[test.level]
    head = f"Death Test for {name}'s {wound} wound"
    if test.reason == "dying":
        return [f"{head}: none, {name} is dying and takes no more tests"]
    if test.reason == "charmed":
        return [f"{head}: passed, a natural +4 this round passes every test"]
    if test.reason == "bought":
        return [f"{head}: 1 FUDGE point spent before the roll: passed"]
    lines: list[str] = []
    dying = (f"{name} is dying: unconscious, and dead as the round ends" if test.level == MORTAL else
             f"{name} is dying: incapacitated, and dead as the round ends" if test.level == CRITICAL else
             f"{name} is dying: fighting on, taking no more tests, and dead as the round ends")
    if shown:
        if test.spent == 2 and test.difficulty is None:
            return [f"{name} spends 2 FUDGE points and survives the Mortal wound, unconscious and Near Death"]
        if test.spent == 2:
            return [f"{name} spends 2 FUDGE points after the failed Death Test for the {wound} wound, and lives"]
        return [f"{name} keeps their FUDGE points", dying]
    if test.difficulty is None:
        lines.append(f"{head}: a Mortal wound cannot be rolled for")
    elif test.roll is not None:
        verdict = "passes" if test.rolled_pass else "fails"
        lines.append(f"{head}: {rolled(test.roll)} against {ladder(test.difficulty)}: {verdict}")
        if test.charmed:
            lines.append(f"A natural +4: {name} passes every Death and Consciousness Test this round")
    if test.spent == 2:
        lines.append(f"{name} spends 2 FUDGE points and lives")
    elif waiting:
        lines.append(f"{name} is dying unless 2 FUDGE points buy the test")
    elif not test.passed:
        lines.append(dying)
    return lines


def meditation_line(result: Meditation, name: str) -> str:
    """Show a Meditation check to keep a power up (or a power lost with its keeper out of the fight)."""
    if result.check is None:
        return f"{name} is out of the fight: {result.power} drops"
    outcome = "stays up" if result.kept else "drops"
    return f"Meditation, keeping {result.power}: {check_text(result.check)}: {result.power} {outcome}"
