"""Fallout's guided first fight: Vera, yours, against two raiders at a wasteland well.

Its hint hook words the three phases: nothing to do in the move and charge phases here (the raiders are in range),
shoot in the action phase, and reload an empty gun first.
"""

from __future__ import annotations

from bot.guide.spec import Demo, Step, Suggestion, Turn
from combat.systems.fallout.state import fighter
from combat.systems.fallout.system import FalloutSystem

__all__ = ["DEMO", "hint"]


def hint(turn: Turn) -> Suggestion | None:
    """Pass the move and charge phases; reload an empty gun in the action phase (None: the generic attack)."""
    if not isinstance(turn.system, FalloutSystem) or not turn.foes:
        return None
    if turn.phase != "action":
        return Suggestion("encounter next", why=f"no need to {'move' if turn.phase == 'move' else 'charge'}: "
                                                "your guns reach; you shoot in the action phase")
    state = fighter(turn.actor)
    weapon = turn.system.tables.weapons.get(state.hands[0]) if state.hands else None
    if weapon is None:
        return None
    acting = turn.acting
    loaded = state.loaded(weapon.key)
    if weapon.magazine and loaded <= 0:
        return Suggestion("act", (*acting, ("move", "reload")), f"the {weapon.name} is empty")
    if "burst" in weapon.modes and loaded >= weapon.burst:
        target = ("target", turn.foes[0].name)
        return Suggestion("attack", (*acting, target, ("mode", "burst")), f"{weapon.burst} rounds, one roll")
    return None


DEMO = Demo(
    name="Wasteland well",
    intro="Vera (a 10mm SMG, combat armour) meets two raiders with pistols across a well. A round has a move, a "
          "charge and an action phase: pass the first two, shoot in the action phase.",
    steps=(
        Step("encounter add", {"name": "Vera", "side": "wastelanders", "weapon": "10mm smg",
                               "armour": "combat armour", "stats": "agility=7, perception=7, endurance=7, firearms=6"},
             yours=True),
        Step("encounter add", {"template": "raider", "count": "2"}),
        Step("encounter gm", {"tool": "board", "columns": "12", "rows": "10"}),
        Step("encounter gm", {"tool": "place", "target": "Vera", "hex": "F9", "facing": "n"}),
        Step("encounter gm", {"tool": "place", "target": "Raider 1", "hex": "E2", "facing": "s"}),
        Step("encounter gm", {"tool": "place", "target": "Raider 2", "hex": "G2", "facing": "s"}),
    ),
    hint=hint,
)
