"""Build checked Farscape sheets from NPC templates, named traits, or both."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from combat.errors import InvalidInput, InvalidSheet, UnknownName
from combat.ladder import parse_level
from combat.sheet import Sheet
from combat.systems.farscape.sheet import SPEC
from combat.systems.farscape.tables import FarscapeTables, Template
from combat.tables import find_row, match_row

__all__ = ["build_sheet", "find_template", "parse_traits"]

_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


def find_template(tables: FarscapeTables, key: str) -> Template:
    """Return the template called ``key``."""
    return tables.templates[find_row("template", key, tables.templates)]


def parse_traits(traits: Mapping[str, str | int]) -> dict[str, int]:
    """Read traits given as ladder names ('Good', 'Superb+1') or numbers into ladder levels."""
    levels: dict[str, int] = {}
    for name, value in traits.items():
        if isinstance(value, int):
            levels[name] = value
            continue
        if _NUMBER.fullmatch(value.strip().replace("−", "-")):
            levels[name] = int(value.strip().replace("−", "-"))  # the sheet says its own range if it is off
            continue
        try:
            levels[name] = parse_level(value)
        except InvalidInput as err:
            raise InvalidSheet(f"{name}: {err.message}") from None
    return levels


def _carried(tables: FarscapeTables, name: str) -> str:
    """Return the key of a weapon, grenade or placed charge a sheet carries (grenade and detonate default to it)."""
    for rows in (tables.weapons, tables.grenades, tables.explosives):
        key = match_row(name, rows)
        if key is not None:
            return key
    raise UnknownName("weapon", name, [*tables.weapons, *tables.grenades, *tables.explosives], offer=True)


def _gear(
    tables: FarscapeTables, weapons: Iterable[str] | None, armour: str | None, shield: str | None
) -> tuple[tuple[str, ...] | None, str | None, str | None]:
    """Check gear names against the tables and return their keys."""
    weapon_keys = None if weapons is None else tuple(_carried(tables, w) for w in weapons)
    armour_key = None if armour is None else find_row("armour", armour, tables.armour)
    shield_key = None if shield is None else find_row("shield", shield, tables.shields)
    return weapon_keys, armour_key, shield_key


def _from_template(tables: FarscapeTables, template: Template) -> Sheet:
    """Build the sheet a template describes, checking its gear exists."""
    weapons, armour, shield = _gear(tables, template.weapons, template.armour, template.shield)
    return SPEC.build(
        traits=parse_traits(template.traits),
        talents=frozenset(template.talents),
        tier=template.tier,
        weapons=weapons,
        armour=armour,
        shield=shield,
    )


def build_sheet(
    tables: FarscapeTables,
    template_key: str | None = None,
    traits: Mapping[str, str | int] | None = None,
    *,
    talents: Iterable[str] | None = None,
    tier: str | None = None,
    weapons: Iterable[str] | None = None,
    armour: str | None = None,
    shield: str | None = None,
) -> Sheet:
    """Build a checked sheet from a template, named traits, or both (explicit values override the template).

    With neither, the result is the average combatant: every attribute Fair, skills untrained, tier ally.
    """
    base = None if template_key is None else _from_template(tables, find_template(tables, template_key))
    weapon_keys, armour_key, shield_key = _gear(tables, weapons, armour, shield)
    return SPEC.build(
        base=base,
        traits=parse_traits(traits or {}),
        talents=frozenset(talents or ()),
        tier=tier,
        weapons=weapon_keys,
        armour=armour_key,
        shield=shield_key,
    )
