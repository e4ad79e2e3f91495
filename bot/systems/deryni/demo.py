"""FUDGE Deryni's guided first fight: Sir Alaric, yours, against two bandits on the Rhemuth road.

Its hint hook knows the seed's one attack and one defence a round with different items: a fighter who parried with
the weapon in hand is told to strike with another (their dagger, their shield, bare hands).
"""

from __future__ import annotations

from bot.guide.spec import Demo, Step, Suggestion, Turn
from combat.systems.deryni.gear import UNARMED, carried, in_hand, item_name, spare
from combat.systems.deryni.state import fighter
from combat.systems.deryni.system import DeryniSystem

__all__ = ["DEMO", "hint"]


def hint(turn: Turn) -> Suggestion | None:
    """Strike with another item when the one in hand already defended this round (None: the generic attack)."""
    if not turn.foes or not isinstance(turn.system, DeryniSystem):
        return None
    actor = turn.actor
    used = fighter(actor).defended_with
    weapon = in_hand(actor, turn.system.tables)
    if weapon not in used or spare(actor, weapon, 1):  # a second of the same kind strikes as a different item
        return None
    others = [w for w in (*carried(actor), UNARMED) if w not in used and w != weapon]
    if not others:
        return Suggestion("encounter next", why="everything they hold has defended this round")
    acting = turn.acting
    used_name = item_name(actor, turn.system.tables, weapon)
    why = f"the {used_name} parried this round: one attack and one defence, each with a different item"
    return Suggestion("attack", (*acting, ("target", turn.foes[0].name), ("weapon", others[0])), why)


DEMO = Demo(
    name="Rhemuth road",
    intro="Sir Alaric (broadsword and kite shield, three FUDGE points) meets two bandits on the road. Strike on your "
          "turn; when they strike at you, choose how to defend.",
    steps=(
        Step("encounter add", {"name": "Alaric", "side": "heroes", "tier": "hero", "weapon": "broadsword",
                               "shield": "kite shield", "armour": "mail",
                               "stats": "Agility=Good, Strength=Good, Broadsword=Great, Shield=Good, Dodge=Fair, "
                                        "Damage Capacity=Good, Stamina=Good"},
             yours=True),
        Step("encounter add", {"template": "bandit", "count": "2"}),
    ),
    hint=hint,
)
