"""The Fallout "Simple" character sheet: six attributes, skills by governing attribute, and the derived statistics.

A skill check is 2d10 + skill total against a difficulty; the skill total is the skill's ranks plus the governing
attribute (the "skill bonus" [ours]). A head maim or break takes 2 from IN, PE and AG [seed].
"""

from __future__ import annotations

from combat.sheet import Sheet, SheetSpec

__all__ = [
    "ABBREVIATIONS",
    "ATTRIBUTES",
    "GOVERNS",
    "SIZES",
    "SKILLS",
    "SPEC",
    "attribute",
    "combat_sequence",
    "healing_rate",
    "max_hp",
    "melee_damage",
    "skill_total",
    "throwing_range",
]

ATTRIBUTES = ("strength", "perception", "endurance", "charisma", "intelligence", "agility")
GOVERNS: dict[str, str] = {
    "athletics": "strength", "melee": "strength", "unarmed": "strength",
    "investigation": "perception", "mechanics": "perception", "medic": "perception", "outdoorsman": "perception",
    "deception": "charisma", "persuasion": "charisma",
    "academics": "intelligence", "science": "intelligence",
    "firearms": "agility", "pilot": "agility", "security": "agility", "sneak": "agility", "steal": "agility",
}
SKILLS = tuple(GOVERNS)
# The seed's and the sources' short names of the attributes ("IN, PE, and AG are all -2", Sequence = ST + AG).
ABBREVIATIONS = {"st": "strength", "pe": "perception", "en": "endurance", "ch": "charisma", "in": "intelligence",
                 "ag": "agility"}
# Body sizes, smallest last; the tier of a sheet is its body size (human-sized is "large" in the seed).
SIZES = ("great", "large", "small", "tiny", "minute")
HEAD_HIT = ("perception", "agility", "intelligence")

SPEC = SheetSpec(
    attributes={**dict.fromkeys(ATTRIBUTES, 5), "level": 1},
    skills=dict.fromkeys(SKILLS, 0),
    unskilled=0,
    talents=frozenset(),
    tiers=SIZES,
    default_tier="large",
    lowest=0,
    highest=30,
)


def attribute(sheet: Sheet, name: str, head_hurt: bool = False) -> int:
    """Return an attribute, 2 lower for IN, PE and AG when the head is maimed or broken."""
    value = SPEC.level(sheet, name)
    return value - 2 if head_hurt and name in HEAD_HIT else value


def skill_total(sheet: Sheet, skill: str, head_hurt: bool = False) -> int:
    """Return the skill's ranks plus its governing attribute."""
    return SPEC.level(sheet, skill) + attribute(sheet, GOVERNS[skill], head_hurt)


def combat_sequence(sheet: Sheet) -> int:
    """Return Combat Sequence: ST + AG."""
    return SPEC.level(sheet, "strength") + SPEC.level(sheet, "agility")


def max_hp(sheet: Sheet) -> int:
    """Return hit points: 30 + EN + ST at first level, EN + 6 more each later level."""
    endurance, strength = SPEC.level(sheet, "endurance"), SPEC.level(sheet, "strength")
    return 30 + endurance + strength + (SPEC.level(sheet, "level") - 1) * (endurance + 6)


def healing_rate(sheet: Sheet) -> int:
    """Return the healing rate, EN + 6: the fatigue recovered each round."""
    return SPEC.level(sheet, "endurance") + 6


def melee_damage(sheet: Sheet) -> int:
    """Return Melee Damage (ST), added to melee and unarmed damage rolls."""
    return SPEC.level(sheet, "strength")


def throwing_range(sheet: Sheet) -> int:
    """Return the throwing range, ST + 6 hexes: nothing is thrown farther."""
    return SPEC.level(sheet, "strength") + 6
