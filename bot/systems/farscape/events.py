"""Farscape events outside an attack as text: surprise, element starts, recovery rolls and healing."""

from __future__ import annotations

from bot.render.dice import check_text, ladder, signed
from bot.render.names import Names, listing, possessive, safe, who
from bot.systems.farscape.parts import condition_text, shown
from combat.model import Condition
from combat.systems.farscape.healing import Rest, Treatment, Waking
from combat.systems.farscape.surprise import LeaderScore, MutualSurprise, Recovery
from combat.systems.farscape.system import ElementStart
from combat.systems.farscape.tools import Frozen, InitiativeAdjusted, StrainAllowed

__all__ = [
    "render_adjusted",
    "render_element_start",
    "render_frozen",
    "render_mutual_surprise",
    "render_recovery",
    "render_rest",
    "render_strain_allowed",
    "render_treatment",
    "render_waking",
]


def render_frozen(result: Frozen, names: Names) -> list[str]:
    """Render who froze when surprise was declared."""
    kind = "Mutual surprise" if result.mutual else "Surprise"
    side = safe(result.side)
    if not result.frozen:
        return [f"{kind}: the {side} side keeps its head (Cool Head); nobody freezes"]
    frozen = listing(who(names, c) for c in result.frozen)
    lines = [f"{kind}: the {side} side is caught off guard", f"Frozen: {frozen} (no action, no defence for now)"]
    if any(level != 0 for _, level in result.recovery):
        easier = ", one level easier each element after the first" if result.mutual else ""
        lines.extend(f"{who(names, cid)} recovers on Willpower against {ladder(level)}{easier}"
                     for cid, level in result.recovery)
    return lines


def render_recovery(result: Recovery, names: Names) -> list[str]:
    """Render a frozen combatant's Willpower roll to act this element."""
    name = who(names, result.combatant)
    verdict = f"{name} recovers and acts this element" if result.recovered else f"{name} stays frozen"
    return [f"{name} tries to shake off the surprise: {check_text(result.check)}", verdict]


def render_element_start(result: ElementStart, names: Names) -> list[str]:
    """Render an element's start: conditions that ran out, then the recovery rolls."""
    lines = [f"Element {result.round} begins"]
    for cid, name in result.expired:
        if not shown(name):
            continue
        lines.append(f"{who(names, cid)} is no longer {condition_text(Condition(name), names)}")
    for recovery in result.recoveries:
        lines.extend(render_recovery(recovery, names))
    return lines


def _score_line(score: LeaderScore, names: Names) -> str:
    """Show a leader's total in a mutual surprise with every bonus."""
    parts = (
        ("Initiative", score.initiative), ("Cool Head", score.cool_head), ("Intellect", score.intellect),
        ("Tactics", score.tactics), ("GM", score.modifier),
    )
    shown = ", ".join(f"{label} {signed(value)}" for label, value in parts if value or label == "Initiative")
    return f"{who(names, score.leader)}: {shown} = {score.total}"


def render_mutual_surprise(result: MutualSurprise, names: Names) -> list[str]:
    """Render the leaders' contest in a mutual surprise: both totals, their Agility on a tie, and who froze."""
    lines = ["Mutual surprise: the leaders compare"]
    lines += [_score_line(result.first, names), _score_line(result.second, names)]
    first, second = who(names, result.first.leader), who(names, result.second.leader)
    if result.agility is not None:
        ours, theirs = result.agility
        lines.append(f"Tied: they compare Agility, {first} {ladder(ours)} against {second} {ladder(theirs)}")
    if result.winner is None or result.loser is None:
        return [*lines, "Tied on Agility too: both sides act at the same time; nobody freezes"]
    winner, loser = who(names, result.winner), who(names, result.loser)
    return [*lines, f"{possessive(winner)} side acts first; {possessive(loser)} side freezes"]


def _hours(hours: float) -> str:
    """Write a time in arns: '24 arns', '0.25 arn'."""
    text = f"{hours:g}"
    return f"{text} arn" if hours <= 1 else f"{text} arns"


def render_treatment(result: Treatment, names: Names) -> list[str]:
    """Render one roll to heal a lethal wound level (treatment or natural recovery)."""
    method = {"first aid": "First Aid", "medicine": "Medicine", "natural": "Natural recovery"}[result.method]
    lines = [f"{method} on {result.level}: {check_text(result.check)}"]
    if result.success:
        lines.append(f"The wound eases to {result.health.lethal.level_name}")
    else:
        lines.append("No improvement")
    halved = " (halved: two levels over)" if result.halved else ""
    return [*lines, f"It takes {_hours(result.hours)}{halved}"]


def render_rest(result: Rest, names: Names) -> list[str]:
    """Render arns of rest: the stun track before and after, and whether the combatant woke."""
    name = who(names, result.combatant.id)
    lines = [f"{name} rests {_hours(result.hours)}: stun {result.before} → {result.after}"]
    if result.woke:
        lines.append(f"{name} wakes up")
    return lines


def render_waking(result: Waking, names: Names) -> list[str]:
    """Render a Great Constitution roll to wake early."""
    name = who(names, result.combatant.id)
    verdict = f"{name} wakes up" if result.success else f"{name} stays out; try again in a quarter arn"
    return [f"{name} tries to wake: {check_text(result.check)}", verdict]


def render_adjusted(result: InitiativeAdjusted, names: Names) -> list[str]:
    """Render the GM's Initiative adjustment."""
    return [f"{possessive(who(names, result.target))} Initiative adjustment is now {result.value:+d}."]


def render_strain_allowed(result: StrainAllowed, names: Names) -> list[str]:
    """Render the GM's leave to strain (or its withdrawal)."""
    verb = "may now strain to act" if result.allowed else "may no longer strain"
    return [f"{who(names, result.target)} {verb}."]
