"""The d6 pool's guided first fight: Blaze, yours, against a thug and a gunman in a back alley."""

from __future__ import annotations

from bot.guide.spec import Demo, Step

__all__ = ["DEMO"]

DEMO = Demo(
    name="Back alley",
    intro="Blaze (a sword, expert with it) is cornered by a thug with a club and a gunman. Attack on your turn, then "
          "spend the successes that get through: damage, a stun, a knockdown or a knockout.",
    steps=(
        Step("encounter add", {"name": "Blaze", "side": "heroes", "template": "swordsman"}, yours=True),
        Step("encounter add", {"template": "thug"}),
        Step("encounter add", {"template": "gunman"}),
    ),
)
