"""The d6 pool tables (charts, weapons, protection, templates) as validated frozen models.

Every file holds rows under its own name (``[[weapons]]`` in weapons.toml) except charts.toml, which holds the
attribute scale, the skill ranks, the Hits-To-Kill rule and what a success is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from combat.errors import DataError, InvalidInput
from combat.systems.d6pool.charts import Charts, read_traits
from combat.systems.d6pool.sheet import SKILLS, SkillKind
from combat.tables import TableRow, invalid, parse_rows

__all__ = ["UNARMED", "Armour", "D6Tables", "Template", "Weapon", "load_tables"]

UNARMED = "fist"


class Weapon(TableRow):
    """A weapon or power: its kind (melee, ranged, psionic), the skill it uses and its Power Factor."""

    kind: SkillKind
    skill: str
    pf: int = Field(ge=0, le=20)
    muscle: bool = Field(default=False, description="Muscle powered: Strength adds to the Power Factor")

    @field_validator("skill")
    @classmethod
    def _known_skill(cls, value: str) -> str:
        if value not in SKILLS:
            raise ValueError(f"'{value}' is not a d6pool skill; use one of {', '.join(SKILLS)}")
        return value


class Armour(TableRow):
    """Protection worn or built in (armour, a wall, a hull): its Power Factor in defence dice."""

    pf: int = Field(ge=0, le=20)


class Template(TableRow):
    """A character, mook or object: traits (numbers or chart names), gear, tier and side."""

    tier: Literal["character", "mook", "object"] = "mook"
    side: str = "foes"
    traits: dict[str, str | int] = Field(default_factory=dict)
    weapons: tuple[str, ...] = ()
    armour: str | None = None


class D6Tables(BaseModel):
    """Every d6 pool table, keyed by row key."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    charts: Charts = Charts()
    weapons: dict[str, Weapon] = Field(default_factory=dict)
    armour: dict[str, Armour] = Field(default_factory=dict)
    templates: dict[str, Template] = Field(default_factory=dict)

    def weapon(self, key: str) -> Weapon:
        """Return a weapon row; the bare fist (PF 1, brawling) exists even when the table leaves it out."""
        if key in self.weapons:
            return self.weapons[key]
        if key == UNARMED:
            return Weapon(key=UNARMED, name="Fist", kind="melee", skill="brawling", pf=1, muscle=True)
        raise KeyError(key)


_ROWS: dict[str, type[TableRow]] = {"weapons": Weapon, "armour": Armour, "templates": Template}


def _charts(where: str, content: Mapping[str, Any]) -> Charts:
    try:
        return Charts.model_validate(content)
    except ValidationError as err:
        raise invalid(where, err) from None


def _check_weapon_kinds(where: str, weapons: Mapping[str, Weapon]) -> None:
    """Refuse a weapon whose skill is of another kind: melee skills never help ranged attacks [seed]."""
    for index, weapon in enumerate(weapons.values()):
        if SKILLS[weapon.skill] != weapon.kind:
            raise DataError(where, f"weapons[{index}].skill",
                            f"'{weapon.skill}' is a {SKILLS[weapon.skill]} skill; a {weapon.kind} weapon needs "
                            f"a {weapon.kind} skill")


def _check_templates(source: str, tables: D6Tables) -> None:
    """Check every template's traits (known, in bounds, chart names known) and gear against the other tables."""
    where = f"{source}/templates.toml"
    for index, template in enumerate(tables.templates.values()):
        try:
            read_traits(tables.charts, template.traits)
        except InvalidInput as err:
            raise DataError(where, f"templates[{index}].traits", err.message) from None
        for i, weapon in enumerate(template.weapons):
            if tables.weapons and weapon not in tables.weapons and weapon != UNARMED:
                raise DataError(where, f"templates[{index}].weapons[{i}]", f"no row '{weapon}' in weapons.toml")
        if template.armour and tables.armour and template.armour not in tables.armour:
            raise DataError(where, f"templates[{index}].armour", f"no row '{template.armour}' in armour.toml")


def load_tables(files: Mapping[str, Mapping[str, Any]], source: str = "data/d6pool") -> D6Tables:
    """Validate parsed table files (file stem → content); errors name the file and the field."""
    parts: dict[str, Any] = {}
    for stem, content in files.items():
        where = f"{source}/{stem}.toml"
        if stem == "charts":
            parts["charts"] = _charts(where, content)
        elif stem in _ROWS:
            parts[stem] = parse_rows(where, stem, content, _ROWS[stem])
        else:
            raise DataError(where, "(file)", f"unknown table; expected charts, {', '.join(_ROWS)}")
    if "weapons" in parts:
        _check_weapon_kinds(f"{source}/weapons.toml", parts["weapons"])
    tables = D6Tables(**parts)
    _check_templates(source, tables)
    return tables

