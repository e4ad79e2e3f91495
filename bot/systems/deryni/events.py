"""Deryni results beside attacks as text: round starts and ends, powers, pick-ups, Death Tests, the GM's tools."""

from __future__ import annotations

from bot.render.dice import fudge_faces, ladder, signed, trait_level
from bot.render.names import Names, listing, safe, who
from bot.systems.deryni.text import check_text, death_lines, meditation_line, rolled
from combat.systems.deryni.healing import Rested, Saved, Treated
from combat.systems.deryni.health import LEVELS
from combat.systems.deryni.initiative import RollOff, Score
from combat.systems.deryni.results import AllOut, DeathSettled, PickedUp, PowerDropped, PowerUse, Ran
from combat.systems.deryni.rounds import DeryniRoundStart, RoundEnd
from combat.systems.deryni.tools import DefenceSet, Engaged, FudgeSet

__all__ = [
    "render_all_out",
    "render_defence_set",
    "render_engaged",
    "render_fudge_set",
    "render_picked_up",
    "render_power",
    "render_power_dropped",
    "render_ran",
    "render_rested",
    "render_round_end",
    "render_round_start",
    "render_saved",
    "render_settled",
    "render_treated",
]


def _score(score: Score, names: Names) -> str:
    parts = [f"{'Initiative' if score.written else 'Agility'} {trait_level(score.agility)}"]
    if score.skill:
        parts.append(f"{score.weapon} skill +1")
    if score.length:
        parts.append(f"longer weapon than {who(names, score.foe)} +1")
    if score.carried:
        parts.append(f"last round {signed(score.carried)}")
    return f"Initiative, {who(names, score.combatant)}: {ladder(score.value)} ({', '.join(parts)})"


def _roll_off(roll_off: RollOff, names: Names) -> list[str]:
    lines = []
    for throw in roll_off.throws:
        shown = "; ".join(f"{who(names, c)} {fudge_faces(r.faces)} → {ladder(r.result)}"
                          for c, r in zip(throw.members, throw.rolls, strict=True))
        lines.append(f"Roll-off at {ladder(roll_off.value)}, Initiative + 2dF: {shown}")
    lines.append("Roll-off order: " + ", ".join(who(names, c) for c in roll_off.order))
    return lines


def render_round_start(start: DeryniRoundStart, names: Names) -> list[str]:
    """Show Initiative when it changed (of those still in the fight), and every roll-off."""
    shown = [s for s in start.scores if s.combatant not in start.out]
    lines = [_score(s, names) for s in shown] if start.changed else []
    for roll_off in start.rolloffs:
        lines += _roll_off(roll_off, names)
    return lines


def render_round_end(end: RoundEnd, names: Names) -> list[str]:
    """Show who died and every Consciousness Test."""
    lines = [f"End of round {end.round}"]
    lines += [f"{who(names, c)} dies of their wounds (a failed Death Test)" for c in end.deaths]
    for test in end.tests:
        name = who(names, test.combatant)
        points = f"{test.points} wound point{'s' if test.points != 1 else ''}"
        head = f"Consciousness Test, {name} ({points}, {ladder(test.difficulty)})"
        if test.roll is None:
            lines.append(f"{head}: passed, a natural +4 this round")
            continue
        verdict = "stays conscious" if test.passed else "falls unconscious"
        lines.append(f"{head}: {rolled(test.roll)}: {name} {verdict}")
    return lines


def render_settled(result: DeathSettled, names: Names) -> list[str]:
    """Show a Death Test settled after a choice, and the Meditation checks that waited."""
    lines = death_lines(result.test, who(names, result.test.combatant), waiting=result.waiting, shown=result.after)
    return lines + [meditation_line(m, who(names, m.combatant)) for m in result.meditation]


def render_all_out(result: AllOut, names: Names) -> list[str]:
    """Show an all-out defence declared on one's turn."""
    return [f"{who(names, result.actor)} gives the round to an all-out defence: two defences without penalty"]


def render_picked_up(result: PickedUp, names: Names) -> list[str]:
    """Show an item picked up from the floor."""
    name = who(names, result.actor)
    return [f"{name} picks up their {safe(result.name)}", *(meditation_line(m, name) for m in result.meditation)]


def render_ran(result: Ran, names: Names) -> list[str]:
    """Show a fighter running over to a foe, in place to fight them next round."""
    name = who(names, result.actor)
    return [f"{name} runs over to {who(names, result.target)}: in place to fight them next round",
            *(meditation_line(m, name) for m in result.meditation)]


def render_power(result: PowerUse, names: Names) -> list[str]:
    """Show a Deryni power used: the roll, the fatigue, and whether it is kept up."""
    name = who(names, result.actor)
    lines = [f"{name} uses {safe(result.power)}: {check_text(result.check)}",
             f"Power fatigue: {result.cost} spent, {result.fatigue} of {result.pool} used (back only after rest)"]
    if result.maintained:
        lines.append(f"{name} maintains {safe(result.power)}: -1 to all their actions while they do")
    return lines


def render_power_dropped(result: PowerDropped, names: Names) -> list[str]:
    """Show a maintained power let go."""
    return [f"{who(names, result.actor)} lets {safe(result.power)} go"]


def render_engaged(result: Engaged, names: Names) -> list[str]:
    """Show two foes paired."""
    when = "from round 1" if result.before else "from the next round"
    return [f"{who(names, result.target)} and {who(names, result.foe)} fight each other ({when})"]


def render_defence_set(result: DefenceSet, names: Names) -> list[str]:
    """Show a standing defence set."""
    return [f"{who(names, result.target)}'s standing defence: {result.defence or 'their best'}"]


def render_fudge_set(result: FudgeSet, names: Names) -> list[str]:
    """Show FUDGE points set."""
    return [f"{who(names, result.target)} has {result.points} FUDGE points"]


def render_treated(result: Treated, names: Names) -> list[str]:
    """Show First Aid or Battle Surgery on one wound."""
    healer, target = who(names, result.healer), who(names, result.target)
    head = f"{healer} gives {target} {result.method} for a {LEVELS[result.before]} wound: {check_text(result.check)}"
    if result.after is None:
        return [head, "The scratch is gone"]
    if not result.success:
        return [head, "No better"]
    return [head, f"The wound is treated and now {LEVELS[result.after]}"]


def render_rested(result: Rested, names: Names) -> list[str]:
    """Show days of rest."""
    name = who(names, result.target)
    healed = listing(result.healed) if result.healed else "no wound"
    lines = [f"{name} rests {result.days} days: {healed} healed"]
    if result.fatigue:
        lines.append(f"{name} recovers {result.fatigue} power fatigue")
    if result.kept:
        lines.append(f"{name}'s {result.kept} power fatigue comes back only with rest after the fight")
    if result.woke:
        lines.append(f"{name} wakes up")
    return lines


def render_saved(result: Saved, names: Names) -> list[str]:
    """Show the GM's extraordinary measures."""
    return [f"Extraordinary measures: {who(names, result.target)} will live"]
