"""The bands of a Farscape attack's odds: a miss, what stops a blow, and each wound level on either track."""

from __future__ import annotations

from combat.odds import Band
from combat.systems.farscape.harm import Harm
from combat.systems.farscape.wounds import LETHAL_LEVELS, STUN_LEVELS

__all__ = ["BANDS", "wound_key"]

BANDS = (
    Band("miss", "Miss"),
    Band("warning", "A minion's warning: no harm"),
    Band("blocked", "Stopped: taken out first"),
    Band("unhurt", "Hit, no new wound", hit=True),
    Band("feinted", "Feinted: his defence lowered", hit=True, severity=1),
    Band("prone", "Knocked down", hit=True, severity=1),
    Band("pinned", "Pinned in a lock", hit=True, severity=2),
    *(Band(name.lower(), name, hit=True, severity=min(4, i + 1)) for i, name in enumerate(STUN_LEVELS)),
    *(Band(name.lower(), name, hit=True, severity=min(4, i + 1)) for i, name in enumerate(LETHAL_LEVELS)),
)


def wound_key(harm: Harm | None) -> str:
    """Return the band of a blow's or shot's harm: the level a box was marked on, or no new wound."""
    if harm is None or harm.wound.marked is None:
        return "unhurt"
    return harm.wound.marked.lower()
