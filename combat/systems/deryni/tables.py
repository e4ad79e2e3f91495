"""Deryni's tables (weapons, armour, shields, NPC templates) as validated frozen models.

Every row has a lower-case ``key`` (what commands and templates name) and a display ``name``. A file's rows go
under ``[[<file stem>]]``; an error names the file, the row and the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from combat.errors import InvalidInput
from combat.ladder import parse_level
from combat.systems.deryni.sheet import SKILLS, SPEC, TALENTS, TIERS, trait_key
from combat.tables import Ref, TableRow, check_refs, parse_files

__all__ = ["Armour", "DeryniTables", "Shield", "Template", "Weapon", "load_tables"]


class Weapon(TableRow):
    """A hand weapon: the skill it uses, its length (for Initiative), its edge and how many hands it takes."""

    skill: str
    length: int = Field(ge=0, le=9, description="Longer beats shorter for +1 Initiative: 0 bare hands … 5 spear")
    sharp: bool = Field(default=False, description="A sharp edge or point: +1 damage")
    body: bool = Field(default=False, description="No weapon but the body (fists, feet): -1 damage")
    hands: Literal[1, 2] = 1

    @field_validator("skill")
    @classmethod
    def _known_skill(cls, value: str) -> str:
        if value not in SKILLS:
            raise ValueError(f"'{value}' is not a Deryni skill; use one of {', '.join(SKILLS)}")
        return value


class Armour(TableRow):
    """Body armour: an attack result that does not beat its difficulty has the damage modifier applied."""

    difficulty: int = Field(ge=-3, le=6)
    modifier: int = Field(ge=-6, le=0)

    @field_validator("difficulty", mode="before")
    @classmethod
    def _level(cls, value: Any) -> Any:
        return _level(value) if isinstance(value, str) else value


class Shield(TableRow):
    """A shield, used with the Shield skill; a strapped-on one is harder to disarm (-3, else -1)."""

    strapped: bool = True


def _level(value: str) -> int:
    try:
        return parse_level(value)
    except InvalidInput as err:
        raise ValueError(err.message) from None


def _trait_level(name: str, value: str | int) -> int:
    """Read one template trait as a ladder level within the sheet's bounds, or raise ValueError."""
    key = trait_key(name)
    if key not in SPEC.attributes and key not in SPEC.skills:
        raise ValueError(f"'{name}' is not a Deryni attribute or skill")
    level = _level(value) if isinstance(value, str) else value
    if not SPEC.lowest <= level <= SPEC.highest:
        raise ValueError(f"{name} must be between {SPEC.lowest:+d} and {SPEC.highest:+d}")
    return level


class Template(TableRow):
    """An NPC template: traits by name (ladder names or numbers), talents, gear, tier and side."""

    tier: str = "npc"
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
        """Return the template's traits as ladder numbers, by the sheet's names."""
        return {trait_key(name): _trait_level(name, value) for name, value in self.traits.items()}


class DeryniTables(BaseModel):
    """Every Deryni table, keyed by row key."""

    model_config = ConfigDict(frozen=True)

    weapons: dict[str, Weapon] = Field(default_factory=dict)
    armour: dict[str, Armour] = Field(default_factory=dict)
    shields: dict[str, Shield] = Field(default_factory=dict)
    templates: dict[str, Template] = Field(default_factory=dict)


_MODELS: dict[str, type[TableRow]] = {"weapons": Weapon, "armour": Armour, "shields": Shield, "templates": Template}


def _gear(template: Template) -> list[Ref]:
    """Name the rows a template's gear refers to."""
    refs: list[Ref] = [(f"weapons[{i}]", "weapons", w) for i, w in enumerate(template.weapons)]
    return [*refs, ("armour", "armour", template.armour), ("shield", "shields", template.shield)]


def load_tables(files: Mapping[str, Mapping[str, Any]], source: str = "data/deryni") -> DeryniTables:
    """Validate parsed table files (file stem → content with a list under the stem); name file and field on error."""
    tables = parse_files(files, source, _MODELS)
    check_refs(tables, source, _gear)
    return DeryniTables(**tables)
