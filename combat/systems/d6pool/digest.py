"""Round-summary beats, the states worth showing, and the export's damage fields."""

from __future__ import annotations

from typing import Any

from combat.model import Combatant
from combat.summary import Beat
from combat.systems.d6pool.model import DEFENDING, HELD, KO, PRONE, RETREATED, STUNNED, Htk
from combat.systems.d6pool.results import Attack, Moved, Recovered, RoundBegins, Spent

__all__ = ["digest", "health_state", "status"]

_EFFECTS = {"knockdown": "knocked down", "throw": "thrown", "hold": "held", "stun": "stunned",
            "knockout": "knocked out"}
_FAILED = {"knockdown": "knock-down failed", "throw": "throw failed", "hold": "hold failed",
           "stun": "stun resisted", "knockout": "knock-out resisted"}


def _spent_beat(spent: Spent) -> Beat:
    note = None
    saved_nothing = spent.effect in ("stun", "knockout") and spent.down and spent.save is None
    if spent.effect is not None and not saved_nothing:  # its own HTK took him down: no save, nothing resisted
        note = _EFFECTS[spent.effect] + (" next round" if spent.next_round else "") if spent.took \
            else _FAILED[spent.effect]
    if spent.choice == "none" and not spent.lost:
        note = "no effect"  # the hit got through the defence, but no success got past the protection
    wound = f"-{spent.lost} HTK" if spent.lost else None
    fell = spent.down and spent.htk + spent.lost > 0  # down with this hit, not already down before it
    out = fell or (spent.effect == "knockout" and spent.took)
    if spent.dead and spent.htk + spent.lost > -spent.htk_total:  # killed with this hit
        note = "dead" if note is None else f"{note}, dead"
    return Beat(spent.actor, "attack", spent.target, True, wound, "htk", out, note)


def _moved_beat(moved: Moved) -> Beat:
    if moved.move in ("dodge", "block"):
        return Beat(moved.actor, "full defence", note=moved.move)
    if moved.move == "escape":
        return Beat(moved.actor, "escape", note="broke free" if moved.done else "still held")
    return Beat(moved.actor, {"letgo": "let go", "stand": "stood up"}.get(moved.move, moved.move))


def digest(result: Any) -> tuple[Beat, ...]:
    """Boil a result down to beats: one per attack, one per move, one per fighter who wakes as a round begins."""
    if isinstance(result, Attack):
        if result.spent is not None:
            return (_spent_beat(result.spent),)
        return (Beat(result.roll.actor, "attack", result.roll.target, False),)
    if isinstance(result, Spent):
        return (_spent_beat(result),)
    if isinstance(result, Moved):
        return (_moved_beat(result),)
    if isinstance(result, Recovered):
        days = f"{result.days} day{'s' if result.days != 1 else ''}"
        note = f"{result.gained} HTK in {days}: HTK {result.htk}/{result.htk_total}"
        return (Beat(result.target, "recovers", note=note),)
    if isinstance(result, RoundBegins):  # what befell whom as a round began: a knocked-out fighter woke
        return tuple([Beat(r.combatant, "wakes up") for r in result.recoveries if r.woke])
    return ()


def status(combatant: Combatant) -> tuple[str, ...]:
    """Name the states worth showing: dead, unconscious, knocked out, stunned, full defence, prone, held, gone."""
    health: Htk = combatant.health
    thing = combatant.sheet.tier == "object"
    found: list[str] = []
    if health.dead:
        found.append("destroyed" if thing else "dead")
    elif health.down:
        found.append("disabled" if thing else "unconscious")
    found += [name for name in (KO, STUNNED) if combatant.has(name)]
    defending = combatant.condition(DEFENDING)
    if defending is not None:
        found.append(f"full defence ({defending.source})")
    found += [name for name in (PRONE, HELD, RETREATED) if combatant.has(name)]
    return tuple(found)


def health_state(combatant: Combatant) -> dict[str, Any]:
    """Export HTK left, the total, and what is lost."""
    health: Htk = combatant.health
    return {"htk": health.current, "htk_total": health.htk, "htk_lost": health.lost}
