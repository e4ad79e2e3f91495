"""The Farscape character sheet: attributes, skills, talents and cinematic tiers."""

from __future__ import annotations

from combat.ladder import LEGENDARY, TERRIBLE
from combat.sheet import SheetSpec

__all__ = ["ATTRIBUTES", "SKILLS", "SPEC", "TALENTS", "TIERS"]

ATTRIBUTES = ("strength", "agility", "speed", "constitution", "willpower", "intellect")
SKILLS = (
    "brawling",
    "martial arts",
    "grapple",
    "melee weapon",
    "shield",
    "acrobatics",
    "firearms",
    "energy weapons",
    "throwing weapon",
    "tactics",
    "first aid",
    "medicine",
    "demolitions",
)
TALENTS = ("cool head", "quick draw")
TIERS = ("protagonist", "antagonist", "ally", "henchman", "bystander", "minion")

SPEC = SheetSpec(
    attributes=dict.fromkeys(ATTRIBUTES, 0),
    skills=dict.fromkeys(SKILLS, -2),
    unskilled=-2,
    talents=frozenset(TALENTS),
    tiers=TIERS,
    default_tier="ally",
    lowest=TERRIBLE,
    highest=LEGENDARY,
)
