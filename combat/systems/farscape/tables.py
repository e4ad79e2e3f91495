"""Farscape's tables (weapons, armour, shields, grenades, NPC templates) as validated frozen models."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from combat.errors import InvalidInput
from combat.ladder import parse_level
from combat.systems.farscape.sheet import SKILLS, SPEC, TALENTS, TIERS
from combat.tables import Ref, TableRow, check_refs, parse_files

__all__ = ["Armour", "Charge", "Explosive", "FarscapeTables", "Grenade", "Shield", "Template", "Weapon", "load_tables"]

DamageType = Literal["impact", "pierce", "slash", "projectile", "energy", "explosive"]


class Weapon(TableRow):
    """A weapon: melee (with a size step), ranged (with accuracy and rate of fire) or thrown."""

    kind: Literal["unarmed", "melee", "ranged", "thrown"]
    skill: str
    dr: int = Field(ge=-2, le=12)
    damage_type: DamageType
    stun: bool = False
    muscle: bool = False
    size: int = Field(default=1, ge=-3, le=3, description="Weapon size on the ladder: Good=knife … Terrible=pike")
    quality: int = Field(default=0, ge=-3, le=3, description="Weapon quality on the ladder: Terrible … Superb")
    accuracy: int = Field(default=0, ge=-3, le=3)
    rof: int = Field(default=1, ge=1, le=100)
    burst: int = Field(default=0, ge=0, le=50, description="Rounds per +1 on automatic; 0 = not automatic")
    magazine: int = Field(default=0, ge=0, le=1000)

    @field_validator("quality", mode="before")
    @classmethod
    def _quality_level(cls, value: object) -> object:
        """Accept a quality as a ladder name ('great', 'Poor') as well as a number."""
        if not isinstance(value, str):
            return value
        try:
            return parse_level(value)
        except InvalidInput as err:
            raise ValueError(err.message) from None

    @field_validator("skill")
    @classmethod
    def _known_skill(cls, value: str) -> str:
        if value not in SKILLS:
            raise ValueError(f"'{value}' is not a Farscape skill; use one of {', '.join(SKILLS)}")
        return value


class Armour(TableRow):
    """Body armour: its class picks the penetration column; rating is the protective rating."""

    cls: Literal["light", "medium", "heavy"]
    rating: int = Field(ge=0, le=8)
    covers: tuple[str, ...] = ("torso",)


class Shield(TableRow):
    """A shield or improvised cover: bonus to the defence value, penalty to attacks."""

    size: Literal["small", "medium", "large"]
    defence: int = Field(ge=0, le=4)
    attack: int = Field(ge=-4, le=0)


class Charge(TableRow):
    """Anything that explodes: concussion Damage Rating falling one per motra, and a fragmentation base rating."""

    concussion: int = Field(ge=0, le=40)
    fragmentation: int = Field(default=0, ge=0, le=20)
    concussion_type: DamageType = "explosive"
    fragmentation_type: DamageType = "projectile"

    @property
    def radius(self) -> int:
        """Return the blast radius in motras: where the concussion, one less per motra, falls to nothing [ours]."""
        return self.concussion


class Grenade(Charge):
    """A grenade, thrown with the Throwing Weapon skill."""

    concussion: int = Field(ge=0, le=20)


class Explosive(Charge):
    """A placed explosive charge, set off with the Demolitions skill; its fragments are usually debris."""


def _trait_level(name: str, value: str | int) -> int:
    """Read one template trait as a ladder level within the sheet's bounds, or raise ValueError."""
    if name not in SPEC.attributes and name not in SPEC.skills:
        raise ValueError(f"'{name}' is not a Farscape attribute or skill")
    try:
        level = parse_level(value) if isinstance(value, str) else value
    except InvalidInput as err:
        raise ValueError(f"{name}: {err.message}") from None
    if not SPEC.lowest <= level <= SPEC.highest:
        raise ValueError(f"{name} must be between {SPEC.lowest:+d} and {SPEC.highest:+d}")
    return level


class Template(TableRow):
    """An NPC or character template: traits by name (ladder names or numbers), talents, gear and tier."""

    tier: str = "minion"
    side: str = "foes"
    traits: dict[str, str | int] = Field(default_factory=dict)
    talents: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    armour: str | None = None
    shield: str | None = None

    @field_validator("tier")
    @classmethod
    def _known_tier(cls, value: str) -> str:
        if value not in TIERS:
            raise ValueError(f"'{value}' is not a tier; use one of {', '.join(TIERS)}")
        return value

    @field_validator("talents")
    @classmethod
    def _known_talents(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [t for t in value if t not in TALENTS]
        if unknown:
            raise ValueError(f"'{unknown[0]}' is not a talent; use one of {', '.join(TALENTS)}")
        return value

    @field_validator("traits")
    @classmethod
    def _known_traits(cls, value: dict[str, str | int]) -> dict[str, str | int]:
        for name, level in value.items():
            _trait_level(name, level)
        return value

    def levels(self) -> dict[str, int]:
        """Return the template's traits as ladder numbers."""
        return {name: _trait_level(name, value) for name, value in self.traits.items()}


class FarscapeTables(BaseModel):
    """Every Farscape table, keyed by row key."""

    model_config = ConfigDict(frozen=True)

    weapons: dict[str, Weapon] = Field(default_factory=dict)
    armour: dict[str, Armour] = Field(default_factory=dict)
    shields: dict[str, Shield] = Field(default_factory=dict)
    grenades: dict[str, Grenade] = Field(default_factory=dict)
    explosives: dict[str, Explosive] = Field(default_factory=dict)
    templates: dict[str, Template] = Field(default_factory=dict)


_MODELS: dict[str, type[TableRow]] = {
    "weapons": Weapon,
    "armour": Armour,
    "shields": Shield,
    "grenades": Grenade,
    "explosives": Explosive,
    "templates": Template,
}


def _gear(template: Template) -> list[Ref]:
    """Name the rows a template's gear refers to."""
    refs: list[Ref] = [(f"weapons[{i}]", "weapons", w) for i, w in enumerate(template.weapons)]
    return [*refs, ("armour", "armour", template.armour), ("shield", "shields", template.shield)]


def load_tables(files: Mapping[str, Mapping[str, Any]], source: str = "data/farscape") -> FarscapeTables:
    """Validate parsed table files (file stem → content with a list under the stem); name file and field on error.

    Template gear is checked against the weapons, armour and shields tables when those files are given.
    """
    tables = parse_files(files, source, _MODELS)
    check_refs(tables, source, _gear)
    return FarscapeTables(**tables)
