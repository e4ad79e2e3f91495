"""Deryni's tables (weapons, armour, shields, NPC templates) as validated frozen models.

Every row has a lower-case ``key`` (what commands and templates name) and a display ``name``. A file's rows go
under ``[[<file stem>]]``; an error names the file, the row and the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from combat.errors import DataError, InvalidInput
from combat.ladder import parse_level
from combat.systems.deryni.sheet import SKILLS, SPEC, TALENTS, TIERS, trait_key

__all__ = ["Armour", "DeryniTables", "Shield", "Template", "Weapon", "load_tables"]


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(min_length=1, max_length=40, pattern=r"^[a-z0-9][a-z0-9 _-]*$")
    name: str = Field(min_length=1, max_length=60)


class Weapon(_Row):
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


class Armour(_Row):
    """Body armour: an attack result that does not beat its difficulty has the damage modifier applied."""

    difficulty: int = Field(ge=-3, le=6)
    modifier: int = Field(ge=-6, le=0)

    @field_validator("difficulty", mode="before")
    @classmethod
    def _level(cls, value: Any) -> Any:
        return _level(value) if isinstance(value, str) else value


class Shield(_Row):
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


class Template(_Row):
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


_MODELS: dict[str, type[_Row]] = {"weapons": Weapon, "armour": Armour, "shields": Shield, "templates": Template}


def _field(loc: tuple[int | str, ...]) -> str:
    """Write a pydantic error location as 'length', 'weapons[0]' or 'traits.strength'."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _rows(where: str, stem: str, content: Mapping[str, Any]) -> list[Any]:
    """Return the list of rows under the file's stem, rejecting anything else at the top level."""
    extra = [k for k in content if k != stem]
    if extra:
        raise DataError(where, extra[0], f"unexpected top-level entry; rows go under [[{stem}]]")
    rows = content.get(stem)
    if not isinstance(rows, list):
        raise DataError(where, stem, f"expected a list of [[{stem}]] rows")
    return rows


def _parse_table(where: str, stem: str, rows: list[Any]) -> dict[str, Any]:
    """Validate one table's rows; the error names the row index and the field."""
    model = _MODELS[stem]
    parsed_rows: dict[str, Any] = {}
    for index, row in enumerate(rows):
        try:
            parsed = model.model_validate(row)
        except ValidationError as err:
            first = err.errors()[0]
            field = _field(tuple(first["loc"]))
            raise DataError(where, f"{stem}[{index}]" + (f".{field}" if field else ""), first["msg"]) from None
        if parsed.key in parsed_rows:
            raise DataError(where, f"{stem}[{index}].key", f"duplicate key '{parsed.key}'")
        parsed_rows[parsed.key] = parsed
    return parsed_rows


def _check_gear(tables: Mapping[str, dict[str, Any]], source: str) -> None:
    """Check that every template's gear names a row of a table that was given."""
    where = f"{source}/templates.toml"
    for index, template in enumerate(tables.get("templates", {}).values()):
        refs: list[tuple[str, str, str | None]] = [
            (f"weapons[{i}]", "weapons", w) for i, w in enumerate(template.weapons)
        ]
        refs += [("armour", "armour", template.armour), ("shield", "shields", template.shield)]
        for field, table, key in refs:
            if key is not None and table in tables and key not in tables[table]:
                raise DataError(where, f"templates[{index}].{field}", f"no row '{key}' in {table}.toml")


def load_tables(files: Mapping[str, Mapping[str, Any]], source: str = "data/deryni") -> DeryniTables:
    """Validate parsed table files (file stem → content with a list under the stem); name file and field on error."""
    tables: dict[str, dict[str, Any]] = {}
    for stem, content in files.items():
        where = f"{source}/{stem}.toml"
        if stem not in _MODELS:
            raise DataError(where, "(file)", f"unknown table; expected one of {', '.join(_MODELS)}")
        tables[stem] = _parse_table(where, stem, _rows(where, stem, content))
    _check_gear(tables, source)
    return DeryniTables(**tables)
