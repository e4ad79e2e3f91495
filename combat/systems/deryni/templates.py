"""Build checked Deryni sheets from NPC templates, named traits, or both, with gear checked against the tables."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from combat.errors import InvalidInput, InvalidSheet
from combat.ladder import parse_level
from combat.sheet import Sheet
from combat.systems.deryni.sheet import SPEC, trait_key
from combat.systems.deryni.tables import DeryniTables, Template
from combat.tables import find_row

__all__ = ["build_sheet", "find_template", "parse_traits"]


def find_template(tables: DeryniTables, key: str) -> Template:
    """Return the template called ``key``."""
    return tables.templates[find_row("template", key, tables.templates)]


def parse_traits(traits: Mapping[str, str | int]) -> dict[str, int]:
    """Read traits given as ladder names ('Good', 'Superb+1') or numbers, by the sheet's names."""
    levels: dict[str, int] = {}
    for name, value in traits.items():
        if isinstance(value, int):
            levels[trait_key(name)] = value
            continue
        try:
            levels[trait_key(name)] = parse_level(value)
        except InvalidInput as err:
            raise InvalidSheet(f"{name}: {err.message}") from None
    return levels


def _gear(
    tables: DeryniTables, weapons: Iterable[str] | None, armour: str | None, shield: str | None
) -> tuple[tuple[str, ...] | None, str | None, str | None]:
    """Check gear names against the tables and return their keys."""
    weapon_keys = None if weapons is None else tuple(find_row("weapon", w, tables.weapons) for w in weapons)
    armour_key = None if armour is None else find_row("armour", armour, tables.armour)
    shield_key = None if shield is None else find_row("shield", shield, tables.shields)
    return weapon_keys, armour_key, shield_key


def _from_template(tables: DeryniTables, template: Template) -> Sheet:
    """Build the sheet a template describes, checking its gear exists."""
    weapons, armour, shield = _gear(tables, template.weapons, template.armour, template.shield)
    return SPEC.build(traits=template.levels(), talents=frozenset(template.talents), tier=template.tier,
                      weapons=weapons, armour=armour, shield=shield)


def build_sheet(
    tables: DeryniTables,
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

    With neither, the result is the average combatant: every attribute Fair, skills untrained (Poor), an npc.
    """
    base = None if template_key is None else _from_template(tables, find_template(tables, template_key))
    weapon_keys, armour_key, shield_key = _gear(tables, weapons, armour, shield)
    return SPEC.build(base=base, traits=parse_traits(traits or {}), talents=frozenset(talents or ()), tier=tier,
                      weapons=weapon_keys, armour=armour_key, shield=shield_key)
