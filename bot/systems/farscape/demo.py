"""FUDGE Farscape's guided first fight: Aeryn Sun, yours, against a Peacekeeper commando and a trooper."""

from __future__ import annotations

from bot.guide.spec import Demo, Step

__all__ = ["DEMO"]

DEMO = Demo(
    name="Docking ring",
    intro="Aeryn Sun (a pulse rifle, Great with it; heavy combat armour) holds the docking ring against a "
          "Peacekeeper commando and a trooper. Shoot on your turn; when they shoot at you, dodge or take it.",
    steps=(
        Step("encounter add", {"name": "Aeryn", "side": "crew", "tier": "protagonist", "weapon": "pulse rifle",
                               "armour": "heavy combat armour",
                               "stats": "Agility=Great, Speed=Good, Energy Weapons=Great, Willpower=Good, "
                                        "Constitution=Great"},
             yours=True),
        Step("encounter add", {"template": "peacekeeper commando"}),
        Step("encounter add", {"template": "peacekeeper trooper"}),
    ),
)
