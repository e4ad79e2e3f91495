"""Farscape's tables (weapons, armour, shields, grenades, NPC templates) as validated frozen models."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from combat.errors import DataError, InvalidInput
from combat.ladder import parse_level
from combat.systems.farscape.sheet import SKILLS, SPEC, TALENTS, TIERS

__all__ = ["Armour", "Charge", "Explosive", "FarscapeTables", "Grenade", "Shield", "Template", "Weapon", "load_tables"]

DamageType = Literal["impact", "pierce", "slash", "projectile", "energy", "explosive"]


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(min_length=1, max_length=40, pattern=r"^[a-z0-9][a-z0-9 _-]*$")
    name: str = Field(min_length=1, max_length=60)


class Weapon(_Row):
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


class Armour(_Row):
    """Body armour: its class picks the penetration column; rating is the protective rating."""

    cls: Literal["light", "medium", "heavy"]
    rating: int = Field(ge=0, le=8)
    covers: tuple[str, ...] = ("torso",)


class Shield(_Row):
    """A shield or improvised cover: bonus to the defence value, penalty to attacks."""

    size: Literal["small", "medium", "large"]
    defence: int = Field(ge=0, le=4)
    attack: int = Field(ge=-4, le=0)


class Charge(_Row):
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


class Template(_Row):
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


_MODELS: dict[str, type[_Row]] = {
    "weapons": Weapon,
    "armour": Armour,
    "shields": Shield,
    "grenades": Grenade,
    "explosives": Explosive,
    "templates": Template,
}


def _field(loc: tuple[int | str, ...]) -> str:
    """Write a pydantic error location as 'dr', 'weapons[0]' or 'traits.strength'."""
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


def load_tables(files: Mapping[str, Mapping[str, Any]], source: str = "data/farscape") -> FarscapeTables:
    """Validate parsed table files (file stem → content with a list under the stem); name file and field on error.

    Template gear is checked against the weapons, armour and shields tables when those files are given.
    """
    tables: dict[str, dict[str, Any]] = {}
    for stem, content in files.items():
        where = f"{source}/{stem}.toml"
        if stem not in _MODELS:
            raise DataError(where, "(file)", f"unknown table; expected one of {', '.join(_MODELS)}")
        tables[stem] = _parse_table(where, stem, _rows(where, stem, content))
    _check_gear(tables, source)
    return FarscapeTables(**tables)
