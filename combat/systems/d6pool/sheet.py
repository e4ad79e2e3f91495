"""The d6 pool character sheet: attributes (dice), skills (modifiers), level, Hits To Kill, and tiers."""

from __future__ import annotations

from typing import Literal

from combat.sheet import SheetSpec

__all__ = ["ATTRIBUTES", "LIMITS", "SKILLS", "SPEC", "TIERS", "SkillKind"]

SkillKind = Literal["melee", "ranged", "psionic"]

# Attributes are numbers of dice; level and htk are numbers; defence is an object's defence dice (set by the GM).
ATTRIBUTES: dict[str, int] = {
    "agility": 3, "strength": 3, "stamina": 3, "intelligence": 3, "psi": 0, "psyche": 0,
    "level": 1, "htk": 0, "defence": 2,
}
# Every skill is of one kind: melee skills never help ranged attacks and the reverse [seed].
SKILLS: dict[str, SkillKind] = {
    "brawling": "melee", "martial arts": "melee", "swords": "melee", "knives": "melee", "clubs": "melee",
    "marksmanship": "ranged", "archery": "ranged", "throwing": "ranged", "heavy weapons": "ranged",
    "powers": "ranged", "psionics": "psionic",
}
# Bounds per trait, checked when a sheet is built (the sheet's own bounds only cover them all).
LIMITS: dict[str, tuple[int, int]] = {
    **dict.fromkeys(("agility", "strength", "stamina", "intelligence", "psi", "psyche"), (0, 20)),
    "level": (1, 20), "htk": (0, 200), "defence": (0, 20), **dict.fromkeys(SKILLS, (0, 5)),
}
TIERS = ("character", "mook", "object")

SPEC = SheetSpec(
    attributes=ATTRIBUTES,
    skills=dict.fromkeys(SKILLS, 0),
    unskilled=0,
    talents=frozenset(),
    tiers=TIERS,
    default_tier="character",
    lowest=0,
    highest=200,
)
