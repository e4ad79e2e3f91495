"""Farscape's tables (weapons, armour, shields, grenades, NPC templates) as validated frozen models."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from combat.errors import DataError

__all__ = ["Armour", "FarscapeTables", "Grenade", "Shield", "Template", "Weapon", "load_tables"]

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
    quality: int = Field(default=0, ge=-3, le=3)
    accuracy: int = Field(default=0, ge=-3, le=3)
    rof: int = Field(default=1, ge=1, le=100)
    burst: int = Field(default=0, ge=0, le=50, description="Rounds per +1 on automatic; 0 = not automatic")
    magazine: int = Field(default=0, ge=0, le=1000)


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


class Grenade(_Row):
    """A grenade: concussion Damage Rating falling one per motra, and a fragmentation base Damage Rating."""

    concussion: int = Field(ge=0, le=20)
    fragmentation: int = Field(default=0, ge=0, le=20)
    concussion_type: DamageType = "explosive"
    fragmentation_type: DamageType = "projectile"


class Template(_Row):
    """An NPC or character template: traits by name (ladder names or numbers), talents, gear and tier."""

    tier: str = "minion"
    side: str = "foes"
    traits: dict[str, str | int] = Field(default_factory=dict)
    talents: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    armour: str | None = None
    shield: str | None = None


class FarscapeTables(BaseModel):
    """Every Farscape table, keyed by row key."""

    model_config = ConfigDict(frozen=True)

    weapons: dict[str, Weapon] = Field(default_factory=dict)
    armour: dict[str, Armour] = Field(default_factory=dict)
    shields: dict[str, Shield] = Field(default_factory=dict)
    grenades: dict[str, Grenade] = Field(default_factory=dict)
    templates: dict[str, Template] = Field(default_factory=dict)


_MODELS: dict[str, type[_Row]] = {
    "weapons": Weapon,
    "armour": Armour,
    "shields": Shield,
    "grenades": Grenade,
    "templates": Template,
}


def load_tables(files: Mapping[str, Mapping[str, Any]], source: str = "data/farscape") -> FarscapeTables:
    """Validate parsed table files (file stem → content with a list under the stem); name file and field on error."""
    tables: dict[str, dict[str, Any]] = {}
    for stem, content in files.items():
        model = _MODELS.get(stem)
        where = f"{source}/{stem}.toml"
        if model is None:
            raise DataError(where, "(file)", f"unknown table; expected one of {', '.join(_MODELS)}")
        rows = content.get(stem)
        if not isinstance(rows, list):
            raise DataError(where, stem, f"expected a list of [[{stem}]] rows")
        tables[stem] = {}
        for index, row in enumerate(rows):
            try:
                parsed = model.model_validate(row)
            except ValidationError as err:
                first = err.errors()[0]
                field = ".".join(str(p) for p in first["loc"]) or "(row)"
                raise DataError(where, f"{stem}[{index}].{field}", first["msg"]) from None
            if parsed.key in tables[stem]:
                raise DataError(where, f"{stem}[{index}].key", f"duplicate key '{parsed.key}'")
            tables[stem][parsed.key] = parsed
    return FarscapeTables(**tables)
