"""The d6 pool charts (designed: the seed's charts were never found) and reading traits against them."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict, Field

from combat.errors import InvalidSheet, UnknownName
from combat.systems.d6pool.sheet import ATTRIBUTES, LIMITS, SKILLS

__all__ = ["ALIASES", "Charts", "DiceRule", "HtkRule", "Rank", "Scale", "read_traits"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Scale(_Frozen):
    """One step of the attribute scale: how many dice, and what that means."""

    value: int = Field(ge=0, le=20)
    name: str = Field(min_length=1, max_length=30)
    meaning: str = ""


class Rank(_Frozen):
    """One skill rank: its modifier and name."""

    modifier: int = Field(ge=0, le=5)
    name: str = Field(min_length=1, max_length=30)


class HtkRule(_Frozen):
    """Hits To Kill: Stamina x per_stamina + level x per_level for characters; flat values for mooks and objects."""

    per_stamina: int = Field(default=2, ge=0, le=10)
    per_level: int = Field(default=1, ge=0, le=10)
    mook: int = Field(default=3, ge=1, le=100)
    object: int = Field(default=10, ge=1, le=200)


class DiceRule(_Frozen):
    """What a success is (a die showing ``success`` or more), and Strength's bonus to muscle-powered PF."""

    success: int = Field(default=4, ge=2, le=6)
    strength_base: int = Field(default=3, ge=0, le=20)
    strength_step: int = Field(default=2, ge=1, le=10)


class Charts(_Frozen):
    """The charts: the attribute scale, the skill ranks, the HTK rule and the dice rule."""

    attributes: tuple[Scale, ...] = ()
    ranks: tuple[Rank, ...] = ()
    htk: HtkRule = HtkRule()
    dice: DiceRule = DiceRule()

    def named(self, trait: str, text: str) -> int | None:
        """Return the number a chart name stands for ('average' → 3, 'expert' → +3), or None."""
        wanted = " ".join(text.split()).lower()
        if trait in SKILLS:
            return next((r.modifier for r in self.ranks if r.name.lower() == wanted), None)
        return next((s.value for s in self.attributes if s.name.lower() == wanted), None)


def _number(charts: Charts, trait: str, value: str | int) -> int:
    """Read one trait value: a whole number ('3', '+2') or a chart name ('average', 'expert')."""
    if isinstance(value, int):
        return value
    text = value.strip()
    if text.lstrip("+-").isdigit():
        return int(text)
    named = charts.named(trait, text)
    if named is None:
        kind = "skill rank" if trait in SKILLS else "attribute scale"
        words = [r.name for r in charts.ranks] if trait in SKILLS else [s.name for s in charts.attributes]
        raise InvalidSheet(f"{trait}: '{text}' is neither a number nor on the {kind} ({', '.join(words)}).")
    return named


# Other spellings of trait names: the seed's own American "defense", and its "Hits To Kill" written out.
ALIASES: dict[str, str] = {"defense": "defence", "hits to kill": "htk"}


def read_traits(charts: Charts, traits: Mapping[str, str | int]) -> dict[str, int]:
    """Read traits by name into checked numbers: known names only, each within its bounds."""
    levels: dict[str, int] = {}
    for raw, value in traits.items():
        name = " ".join(raw.split()).lower()
        name = ALIASES.get(name, name)
        if name not in ATTRIBUTES and name not in SKILLS:
            raise UnknownName("attribute or skill", raw, [*ATTRIBUTES, *SKILLS], offer=True)
        number = _number(charts, name, value)
        low, high = LIMITS[name]
        if not low <= number <= high:
            raise InvalidSheet(f"{name} must be from {low} to {high}; {number} is not.")
        levels[name] = number
    return levels
