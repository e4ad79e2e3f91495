"""Farscape wound tracks by cinematic tier: thresholds, boxes, roll-up, penalties and stun that wears off."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from combat.frozen import frozen, kept, replace
from combat.model import Condition

__all__ = [
    "CATEGORY",
    "LETHAL_LEVELS",
    "STUN_LEVELS",
    "TRACKS",
    "Health",
    "Track",
    "TrackSpec",
    "WoundMark",
    "category",
    "fresh_health",
    "mark",
    "stun_condition",
    "stun_penalty",
]

Kind = Literal["lethal", "stun"]

LETHAL_LEVELS = ("Scratch", "Hurt", "Very Hurt", "Incapacitated", "Near Death")
STUN_LEVELS = ("Dazed", "Stunned", "Very Stunned", "Unconscious")

CATEGORY = {
    "protagonist": "protagonist",
    "antagonist": "protagonist",
    "ally": "ally",
    "henchman": "ally",
    "bystander": "minion",
    "minion": "minion",
}


@dataclass(frozen=True)
class TrackSpec:
    """A wound track's shape: the lowest damage value for each level, and its boxes."""

    levels: tuple[str, ...]
    thresholds: tuple[int, ...]
    boxes: tuple[int, ...]

    def level_for(self, damage: int) -> int | None:
        """Return the level index a damage value lands on, or None for no wound."""
        if damage < self.thresholds[0]:
            return None
        return max(i for i, low in enumerate(self.thresholds) if damage >= low)


TRACKS: dict[tuple[str, Kind], TrackSpec] = {
    ("protagonist", "lethal"): TrackSpec(LETHAL_LEVELS, (1, 3, 5, 7, 9), (3, 2, 1, 1, 1)),
    ("protagonist", "stun"): TrackSpec(STUN_LEVELS, (1, 3, 5, 7), (3, 2, 1, 1)),
    ("ally", "lethal"): TrackSpec(LETHAL_LEVELS, (1, 3, 5, 7, 9), (2, 1, 1, 1, 1)),
    ("ally", "stun"): TrackSpec(STUN_LEVELS, (1, 3, 5, 7), (2, 1, 1, 1)),
    ("minion", "lethal"): TrackSpec(LETHAL_LEVELS, (1, 3, 4, 5, 6), (1, 1, 1, 1, 1)),
    ("minion", "stun"): TrackSpec(STUN_LEVELS, (1, 2, 3, 4), (1, 1, 1, 1)),
}


_LETHAL_PENALTY = (0, -1, -2, -3)  # by lethal level: Hurt -1, Very Hurt -2, Incapacitated and worse -3


def category(tier: str) -> str:
    """Return the cinematic category (protagonist, ally or minion) of a tier."""
    return CATEGORY[tier]


@frozen
class Track:
    """Filled boxes per level of one track."""

    kind: Kind
    filled: tuple[int, ...]

    @property
    def level(self) -> int | None:
        """Return the index of the worst level with a filled box, or None when unhurt."""
        return self._level

    @kept.on("filled")
    def _level(self) -> int | None:
        """Work out ``level`` once (kept while the boxes stay: JSON skips it)."""
        filled = self.filled
        for i in range(len(filled) - 1, -1, -1):
            if filled[i]:
                return i
        return None

    @property
    def level_name(self) -> str:
        """Return the name of the current level ('Healthy' when unhurt)."""
        names = LETHAL_LEVELS if self.kind == "lethal" else STUN_LEVELS
        return "Healthy" if self.level is None else names[self.level]


@frozen
class Health:
    """A Farscape combatant's two tracks and the tier that shapes them."""

    tier: str
    lethal: Track
    stun: Track

    def track(self, kind: Kind) -> Track:
        """Return the lethal or the stun track."""
        return self.lethal if kind == "lethal" else self.stun

    def spec(self, kind: Kind) -> TrackSpec:
        """Return the shape of the lethal or the stun track."""
        return TRACKS[(category(self.tier), kind)]

    @property
    def lethal_penalty(self) -> int:
        """Return the lasting penalty from lethal wounds (Hurt -1, Very Hurt -2, Incapacitated -3)."""
        level = self.lethal.level
        return 0 if level is None else _LETHAL_PENALTY[min(level, 3)]

    @property
    def incapacitated(self) -> bool:
        """Tell whether lethal wounds leave the combatant unable to fight."""
        return self._incapacitated

    @kept.on("lethal")
    def _incapacitated(self) -> bool:
        """Work out ``incapacitated`` once (the rules ask it at every step; kept while the lethal track stays)."""
        level = self.lethal.level
        return level is not None and level >= 3

    @property
    def knocked_out(self) -> bool:
        """Tell whether the stun track or Near Death leaves the combatant unconscious."""
        return self.stun.level == 3 or self.lethal.level == 4


@frozen
class WoundMark:
    """One wound marked: the damage, the level it landed on, the box actually marked, and the roll-up."""

    kind: Kind
    damage: int
    landed: str | None
    marked: str | None
    box: int | None
    rolled_up: bool
    overflow: bool
    before: str
    after: str


def fresh_health(tier: str) -> Health:
    """Return unhurt tracks for a tier."""
    cat = category(tier)
    return Health(
        tier,
        Track("lethal", (0,) * len(TRACKS[(cat, "lethal")].boxes)),
        Track("stun", (0,) * len(TRACKS[(cat, "stun")].boxes)),
    )


def mark(health: Health, kind: Kind, damage: int) -> tuple[Health, WoundMark]:
    """Mark a wound of ``damage`` on the lethal or stun track; a full level rolls up to the next free box."""
    spec, track = health.spec(kind), health.track(kind)
    before = track.level_name
    landed = spec.level_for(damage)
    if landed is None:
        return health, WoundMark(kind, damage, None, None, None, False, False, before, before)
    free = [i for i in range(landed, len(spec.boxes)) if track.filled[i] < spec.boxes[i]]
    if not free:
        name = spec.levels[landed]
        return health, WoundMark(kind, damage, name, None, None, True, True, before, before)
    at = free[0]
    filled = tuple([n + 1 if i == at else n for i, n in enumerate(track.filled)])
    new_track = replace(track, filled=filled)
    new_health = replace(health, lethal=new_track) if kind == "lethal" else replace(health, stun=new_track)
    after = new_track.level_name
    names = spec.levels
    result = WoundMark(kind, damage, names[landed], names[at], filled[at], at != landed, False, before, after)
    return new_health, result


_STUN_EFFECT = {"Dazed": (-1, 1), "Stunned": (-1, 1), "Very Stunned": (-2, 3)}


def stun_condition(level: str, later: bool = False) -> Condition | None:
    """Return the temporary penalty a stun level gives, counted in elements from the one it was taken in.

    A penalty 'for N elements' runs over the victim's next N elements of action (stun_clock.py): the rest of the
    current element and the N that follow (``elements = N + 1``), or, when he acts ``later`` in this element, this
    one and N - 1 more. Very Stunned is -2 for two elements, then -1 for one more.
    """
    if level not in _STUN_EFFECT:
        return None
    value, elements = _STUN_EFFECT[level]
    return Condition("stun", value=value, elements=elements if later else elements + 1)


def stun_penalty(condition: Condition | None) -> int:
    """Return the penalty a stun condition gives now."""
    if condition is None:
        return 0
    if condition.value <= -2 and (condition.elements or 0) >= 2:
        return -2
    return -1
