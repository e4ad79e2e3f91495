"""Build checked d6 pool sheets from templates and named traits; work out Hits To Kill."""

from __future__ import annotations

from collections.abc import Iterable

from combat.sheet import BuiltSheet, Sheet, SheetRequest, refuse_talents_and_shields
from combat.systems.d6pool.charts import Charts, read_traits
from combat.systems.d6pool.model import Htk
from combat.systems.d6pool.sheet import SPEC
from combat.systems.d6pool.tables import UNARMED, D6Tables, Template
from combat.tables import find_row

__all__ = ["build_sheet", "find_template", "htk_of", "trait"]


def find_template(tables: D6Tables, key: str) -> Template:
    """Return the template called ``key``."""
    return tables.templates[find_row("template", key, tables.templates)]


def _weapons(tables: D6Tables, weapons: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if weapons is None else tuple(find_row("weapon", w, tables.weapons, UNARMED) for w in weapons)


def _armour(tables: D6Tables, armour: str | None) -> str | None:
    return None if armour is None else find_row("armour", armour, tables.armour)


def _from_template(tables: D6Tables, template: Template) -> Sheet:
    return SPEC.build(traits=read_traits(tables.charts, template.traits), tier=template.tier,
                      weapons=_weapons(tables, template.weapons), armour=_armour(tables, template.armour))


def build_sheet(tables: D6Tables, request: SheetRequest) -> BuiltSheet:
    """Build a sheet from a template and/or named traits (numbers or chart names); explicit values win."""
    refuse_talents_and_shields(request, "d6 pool", "protection")
    template = find_template(tables, request.template) if request.template else None
    base = _from_template(tables, template) if template else None
    sheet = SPEC.build(base=base, traits=read_traits(tables.charts, request.traits), tier=request.tier,
                       weapons=_weapons(tables, request.weapons), armour=_armour(tables, request.armour))
    return BuiltSheet(sheet, template.name if template else None, template.side if template else None)


def trait(sheet: Sheet, name: str) -> int:
    """Return a trait of the sheet (the sheet's default when unset)."""
    return SPEC.level(sheet, name)


def htk_of(sheet: Sheet, charts: Charts) -> Htk:
    """Return unhurt HTK: the sheet's own htk when set, else by tier (characters: Stamina x2 + level)."""
    own = trait(sheet, "htk")
    if own > 0:
        return Htk(own)
    rule = charts.htk
    if sheet.tier == "mook":
        return Htk(rule.mook)
    if sheet.tier == "object":
        return Htk(rule.object)
    return Htk(max(1, trait(sheet, "stamina") * rule.per_stamina + trait(sheet, "level") * rule.per_level))
