"""The Deryni character sheet: attributes, combat skills, the Deryni talent and the two tiers."""

from __future__ import annotations

from combat.ladder import LEGENDARY, TERRIBLE
from combat.sheet import SheetSpec

__all__ = ["ATTRIBUTES", "FUDGE_POINTS", "INITIATIVE", "SKILLS", "SPEC", "TALENTS", "TIERS", "UNSKILLED", "trait_key"]

ATTRIBUTES = ("strength", "agility", "damage capacity", "stamina", "power")
SKILLS = (
    "broadsword",
    "greatsword",
    "shortsword",
    "dagger",
    "axe",
    "mace",
    "spear",
    "quarterstaff",
    "unarmed combat",
    "shield",
    "dodge",
    "acrobatics",
    "meditation",
    "first aid",
    "battle surgery",
)
TALENTS = ("deryni",)
# A hero starts a fight with 3 FUDGE points, anyone else with none (the GM's tool 'fudge' sets them).
TIERS = ("hero", "npc")
FUDGE_POINTS = {"hero": 3, "npc": 0}
UNSKILLED = -2  # an untrained skill is Poor
# The seed gives a fighter's Initiative as a level ("Bob's Initiative is Good, while the bandit's is Fair"): written
# on a sheet, it is his Initiative before the weapon length and the last round's dodges or all-out defence. Kept
# only when written (no default), so it is held beside the skills.
INITIATIVE = "initiative"

# The seed's spellings ("Broad Sword", "Great sword") and a few more, read as the sheet's names.
_ALIASES = {
    "broad sword": "broadsword",
    "great sword": "greatsword",
    "short sword": "shortsword",
    "unarmed": "unarmed combat",
    "staff": "quarterstaff",
    "damage capacity": "damage capacity",
    "dc": "damage capacity",
    "surgery": "battle surgery",
}

SPEC = SheetSpec(
    attributes=dict.fromkeys(ATTRIBUTES, 0),
    skills={**dict.fromkeys(SKILLS, UNSKILLED), INITIATIVE: 0},
    unskilled=UNSKILLED,
    talents=frozenset(TALENTS),
    tiers=TIERS,
    default_tier="npc",
    lowest=TERRIBLE,
    highest=LEGENDARY,
)


def trait_key(name: str) -> str:
    """Return the sheet's name for a trait as typed ('Broad Sword' → 'broadsword'); unknown names pass through."""
    key = " ".join(name.replace("_", " ").replace("-", " ").split()).lower()
    return _ALIASES.get(key, key)
