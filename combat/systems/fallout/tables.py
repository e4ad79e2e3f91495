"""Fallout's tables (weapons with their attack modes, armour DTs by damage type, NPC templates), validated."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from combat.dice import DiceSpec, parse_dice
from combat.errors import DataError, InvalidInput
from combat.systems.fallout.sheet import SIZES, SPEC
from combat.tables import Ref, TableRow, check_refs, match_row, parse_files

__all__ = [
    "DAMAGE_TYPES",
    "MELEE_MODES",
    "MODES",
    "SHOT_MODES",
    "WATCH_MODES",
    "Armour",
    "FalloutTables",
    "Template",
    "Weapon",
    "load_tables",
]

DamageType = Literal["normal", "laser", "fire", "plasma", "explosion", "electrical"]
DAMAGE_TYPES: tuple[str, ...] = ("normal", "laser", "fire", "plasma", "explosion", "electrical")
Mode = Literal["single", "double", "burst", "spray", "sweep", "throw", "lob", "bean",
               "thrust", "swing", "smash", "punch", "kick", "disarm", "trip"]
MODES: tuple[str, ...] = ("single", "double", "burst", "spray", "sweep", "throw", "lob", "bean",
                          "thrust", "swing", "smash", "punch", "kick", "disarm", "trip")
SHOT_MODES = frozenset({"single", "double", "burst", "spray", "sweep"})
THROWN_MODES = frozenset({"throw", "lob", "bean"})
MELEE_MODES = frozenset({"thrust", "swing", "smash", "punch", "kick", "disarm", "trip"})
# Overwatch's "single attack" on the one enemy entering the cone: a shot, both barrels, or a burst [ours].
WATCH_MODES: tuple[str, ...] = ("single", "double", "burst")
CritEffect = Literal["knockback", "knockdown", "stun"]


class _Row(TableRow):
    """A Fallout row: keys may hold a dot (calibres such as '10mm smg', '.44 magnum')."""

    key: str = Field(min_length=1, max_length=40, pattern=r"^[a-z0-9][a-z0-9 _.-]*$")


class Weapon(_Row):
    """A weapon, an unarmed strike or an explosive: its attack modes, damage, range, hands and ammunition."""

    modes: tuple[Mode, ...] = Field(min_length=1)
    damage: str
    damage_type: DamageType = "normal"
    range: int = Field(default=1, ge=1, le=100, description="Point Blank range in hexes")
    accuracy: int = Field(default=0, ge=-10, le=10)
    hands: Literal[1, 2] = 1
    size: Literal["small", "large"] = "small"
    heavy: bool = False
    magazine: int = Field(default=0, ge=0, le=1000)
    ammo: str = ""
    burst: int = Field(default=0, ge=0, le=60)
    cone: Literal["narrow", "wide"] = "narrow"
    scope: bool = False
    crits: tuple[CritEffect, ...] = ()
    blast: int = Field(default=0, ge=0, le=5, description="Explosion radius in hexes (explosives)")
    overload: int = Field(default=0, ge=0, le=5, description="Most overload rounds (SEC/MFC weapons)")

    @field_validator("damage")
    @classmethod
    def _dice(cls, value: str) -> str:
        try:
            spec = parse_dice(value)
        except InvalidInput as err:
            raise ValueError(err.message) from None
        if spec.die.fudge:
            raise ValueError("damage uses numbered dice, like 2d6+2")
        return value

    @model_validator(mode="after")
    def _modes_fit(self) -> Weapon:
        if ("burst" in self.modes or "sweep" in self.modes) and self.burst < 2:
            raise ValueError("a burst or sweep weapon needs burst = its rounds per burst (2 or more)")
        if self.overload and self.ammo not in ("SEC", "MFC"):
            raise ValueError("only weapons that take SECs or MFCs (ammo = \"SEC\" or \"MFC\") overload")
        return self

    @model_validator(mode="before")
    @classmethod
    def _bursts_sweep(cls, data: Any) -> Any:
        """Give every burst-capable weapon the sweep: the seed's "as many AP as the burst" has no AP to count [ours]."""
        if isinstance(data, dict):
            modes = list(data.get("modes") or ())
            if "burst" in modes and "sweep" not in modes:
                return {**data, "modes": [*modes, "sweep"]}
        return data

    def dice(self) -> DiceSpec:
        """Return the damage dice."""
        return parse_dice(self.damage)


class Armour(_Row):
    """Armour: its Damage Threshold for each damage type, and whether it is heavy (power armour)."""

    dt: dict[DamageType, int] = Field(default_factory=dict)
    heavy: bool = False

    @field_validator("dt")
    @classmethod
    def _thresholds(cls, value: dict[str, int]) -> dict[str, int]:
        if any(not 0 <= v <= 50 for v in value.values()):
            raise ValueError("a DT is from 0 to 50")
        return value


class Template(_Row):
    """An NPC template: side, body size, attributes and skills (numbers), weapons and armour."""

    side: str = "foes"
    tier: str = "large"
    traits: dict[str, int] = Field(default_factory=dict)
    weapons: tuple[str, ...] = ()
    armour: str | None = None

    @field_validator("tier")
    @classmethod
    def _size(cls, value: str) -> str:
        if value not in SIZES:
            raise ValueError(f"'{value}' is not a body size; use one of {', '.join(SIZES)}")
        return value

    @field_validator("traits")
    @classmethod
    def _known(cls, value: dict[str, int]) -> dict[str, int]:
        for name, level in value.items():
            if name not in SPEC.attributes and name not in SPEC.skills:
                raise ValueError(f"'{name}' is not a Fallout attribute or skill")
            if not SPEC.lowest <= level <= SPEC.highest:
                raise ValueError(f"{name} must be from {SPEC.lowest} to {SPEC.highest}")
        return value


class FalloutTables(BaseModel):
    """Every Fallout table, keyed by row key."""

    model_config = ConfigDict(frozen=True)

    weapons: dict[str, Weapon] = Field(default_factory=dict)
    armour: dict[str, Armour] = Field(default_factory=dict)
    templates: dict[str, Template] = Field(default_factory=dict)

    def weapon(self, key: str) -> Weapon:
        """Return the weapon ``key``."""
        return self.weapons[key]

    def find(self, table: str, text: str) -> str:
        """Return the key of the row named ``text`` (key, shown name or alias, any case); else ``text`` unchanged."""
        rows: Mapping[str, _Row] = getattr(self, table)
        return match_row(text, rows) or text


_MODELS: dict[str, type[_Row]] = {"weapons": Weapon, "armour": Armour, "templates": Template}


def _gear(template: Template) -> list[Ref]:
    """Name the rows a template's gear refers to."""
    refs: list[Ref] = [(f"weapons[{i}]", "weapons", w) for i, w in enumerate(template.weapons)]
    return [*refs, ("armour", "armour", template.armour)]


def load_tables(files: Mapping[str, Mapping[str, Any]], source: str = "data/fallout") -> FalloutTables:
    """Validate parsed table files (file stem → content with a list under the stem); name file and field on error."""
    tables = parse_files(files, source, _MODELS)
    check_refs(tables, source, _gear)
    weapons = tables.get("weapons", {})
    for needed in ("fists", "feet"):
        if "weapons" in tables and needed not in weapons:
            raise DataError(f"{source}/weapons.toml", "weapons", f"needs a row '{needed}' (the human punch or kick)")
    return FalloutTables(**tables)
