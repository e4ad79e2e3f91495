"""Character sheets: what a system declares (traits, talents, gear, tiers) and how sheets are built and checked."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from combat.errors import InvalidSheet, UnknownName
from combat.frozen import replace

__all__ = ["BuiltSheet", "Sheet", "SheetRequest", "SheetSpec", "refuse_talents_and_shields"]


@dataclass(frozen=True)
class Sheet:
    """A combatant's traits (attributes and skills by lower-case name), talents, gear and cinematic tier."""

    traits: Mapping[str, int] = field(default_factory=dict)
    talents: frozenset[str] = frozenset()
    weapons: tuple[str, ...] = ()
    armour: str | None = None
    shield: str | None = None
    tier: str = ""

    def has(self, talent: str) -> bool:
        """Tell whether the sheet has ``talent``."""
        return talent.lower() in self.talents


@dataclass(frozen=True)
class SheetSpec:
    """What a system's sheet holds: attributes with defaults, known skills, talents, tiers and level bounds."""

    attributes: Mapping[str, int]
    skills: Mapping[str, int]
    unskilled: int
    talents: frozenset[str]
    tiers: tuple[str, ...]
    default_tier: str
    lowest: int
    highest: int

    def level(self, sheet: Sheet, trait: str) -> int:
        """Return the sheet's level in ``trait``, falling back to the system default."""
        # The rules name traits in lower case, as the sheet keeps them: only other text is lowered first.
        found = sheet.traits.get(trait)
        if found is not None:
            return found
        key = trait.lower()
        if key in sheet.traits:
            return sheet.traits[key]
        if key in self.attributes:
            return self.attributes[key]
        if key in self.skills:
            return self.skills[key]
        raise UnknownName("trait", trait, [*self.attributes, *self.skills])

    def build(
        self,
        base: Sheet | None = None,
        traits: Mapping[str, int] | None = None,
        talents: frozenset[str] | None = None,
        tier: str | None = None,
        weapons: tuple[str, ...] | None = None,
        armour: str | None = None,
        shield: str | None = None,
    ) -> Sheet:
        """Build a checked sheet from an optional template plus named traits, talents, tier and gear."""
        start = base or Sheet()
        merged = dict(self.attributes)
        for source in (start.traits, traits or {}):
            for name, value in source.items():
                merged[self._trait_key(name)] = self._checked_level(name, value)
        chosen_talents = {self._talent_key(t) for t in (*start.talents, *(talents or ()))}
        chosen_tier = tier or start.tier or self.default_tier
        return replace(
            start,
            traits=merged,
            talents=frozenset(chosen_talents),
            tier=self._tier_key(chosen_tier) if chosen_tier else "",
            weapons=weapons if weapons is not None else start.weapons,
            armour=armour if armour is not None else start.armour,
            shield=shield if shield is not None else start.shield,
        )

    def _trait_key(self, name: str) -> str:
        key = " ".join(name.split()).lower()
        if key not in self.attributes and key not in self.skills:
            raise UnknownName("attribute or skill", name, [*self.attributes, *self.skills], offer=True)
        return key

    def _checked_level(self, name: str, value: int) -> int:
        if not self.lowest <= value <= self.highest:
            raise InvalidSheet(f"{name} must be between {self.lowest:+d} and {self.highest:+d}; {value:+d} is not.")
        return value

    def _talent_key(self, name: str) -> str:
        key = name.strip().lower()
        if key not in self.talents:
            raise UnknownName("talent", name, sorted(self.talents), offer=True)
        return key

    def _tier_key(self, name: str) -> str:
        key = name.strip().lower()
        if key not in self.tiers:
            raise UnknownName("tier", name, self.tiers, offer=True)
        return key


@dataclass(frozen=True)
class SheetRequest:
    """What a user asked for when adding a combatant or saving a character: a template and/or explicit traits."""

    template: str | None = None
    traits: Mapping[str, str] = field(default_factory=dict)
    talents: tuple[str, ...] = ()
    tier: str | None = None
    weapons: tuple[str, ...] | None = None
    armour: str | None = None
    shield: str | None = None


def refuse_talents_and_shields(request: SheetRequest, sheet: str, worn: str) -> None:
    """Refuse talents and a shield for a ``sheet`` that has neither, rather than drop them unsaid.

    ``worn`` names what its armour: option holds ('armour', 'protection').
    """
    if request.talents:
        raise InvalidSheet(f"A {sheet} sheet has no talents; leave talents out (skills go in stats).")
    if request.shield is not None:
        raise InvalidSheet(f"A {sheet} sheet has no shields; leave shield out ({worn} is worn with armour:).")


@dataclass(frozen=True)
class BuiltSheet:
    """A checked sheet, with the template's name and side when one was used."""

    sheet: Sheet
    name: str | None = None
    side: str | None = None
