"""What Farscape's ranged moves share: reading their options, named modifiers, gear look-ups and who may act."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from combat.errors import CannotAct, InvalidInput, RulesError, UnknownName
from combat.ladder import SUPERB, TERRIBLE, parse_level
from combat.model import Combatant, Encounter
from combat.options import OptionValue
from combat.system import Intent
from combat.systems.farscape.armour import armour_for
from combat.systems.farscape.harm import acts_at_same_moment
from combat.systems.farscape.strain import can_strain
from combat.systems.farscape.tables import FarscapeTables, Weapon
from combat.systems.farscape.wounds import Health, category

__all__ = [
    "LOCATIONS",
    "NO",
    "RANGES",
    "YES",
    "Modifier",
    "Options",
    "armour_for",
    "can_defend",
    "carried_weapon",
    "chosen",
    "distances",
    "hit_location",
    "is_minion",
    "is_protagonist",
    "key_option",
    "number",
    "option",
    "range_level",
    "ranged_weapon",
    "raw_text",
    "require_able",
    "targets_of",
    "total",
    "weapon_quality",
    "yes",
]

# [ours] docs/rules/farscape.md: the seed gives no range Difficulty Levels.
RANGES = {"point blank": -2, "short": 0, "medium": 1, "long": 2, "extreme": 3}
DEFAULT_RANGE = "short"  # [ours] a Fair difficulty when no range is given
# [ours] Otkjaer's hit-location modifiers (docs/rules/farscape.md); the seed's own table was stripped.
LOCATIONS = {"torso": 0, "arm": -1, "leg": -1, "head": -2, "hand": -2, "foot": -2, "eye": -3}
YES = {"yes", "y", "true", "on", "1", "all"}
NO = {"no", "n", "false", "off", "0", "none"}
_OUT = ("frozen", "unconscious", "out")

Options = Mapping[str, OptionValue]


@dataclass(frozen=True)
class Modifier:
    """One named modifier to a roll: accuracy, recoil, burst, hit location, wounds, the GM's."""

    name: str
    value: int


def total(modifiers: tuple[Modifier, ...]) -> int:
    """Return the sum of the modifiers."""
    return sum(m.value for m in modifiers)


def raw_text(options: Options, key: str) -> str | None:
    """Return an option's value as text (yes/no for a flag, a signed number, a comma list), or None when unset."""
    value = options.get(key)
    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:+d}" if value else "0"
    if isinstance(value, tuple):
        return ", ".join(value)
    return value


def option(options: Options, key: str) -> str | None:
    """Return an option's value, lower-cased with dashes and underscores as spaces, or None when unset."""
    raw = raw_text(options, key)
    if raw is None or not raw.strip():
        return None
    return re.sub(r"[\s_-]+", " ", raw.strip().lower())


def key_option(options: Options, key: str) -> str | None:
    """Return an option naming a table row (a weapon or grenade key) as given, trimmed, or None when unset."""
    raw = raw_text(options, key)
    return " ".join(raw.split()).lower() if raw and raw.strip() else None


def yes(options: Options, key: str, default: bool = False) -> bool:
    """Read a yes/no option."""
    given = options.get(key)
    if isinstance(given, bool):
        return given
    value = option(options, key)
    if value is None:
        return default
    if value in YES:
        return True
    if value in NO:
        return False
    raise InvalidInput(f"Option {key} takes yes or no, not '{raw_text(options, key)}'.")


def number(options: Options, key: str, default: int, low: int, high: int) -> int:
    """Read a whole-number option within bounds."""
    given = options.get(key)
    if isinstance(given, int) and not isinstance(given, bool):
        result = given
    else:
        value = option(options, key)
        if value is None:
            return default
        if not re.fullmatch(r"[+-]?[0-9]{1,9}", value):
            raise InvalidInput(f"Option {key} takes a whole number, not '{raw_text(options, key)}'.")
        result = int(value)
    if not low <= result <= high:
        raise InvalidInput(f"Option {key} must be from {low} to {high}; {result} is not.")
    return result


def weapon_quality(options: Options) -> int | None:
    """Read option quality: the weapon's quality for this attack, Terrible to Superb (a name or a number)."""
    given = options.get("quality")
    if isinstance(given, int) and not isinstance(given, bool):
        level = given
    else:
        raw = raw_text(options, "quality")
        if raw is None or not raw.strip():
            return None
        level = parse_level(raw)  # not option(): it would read a minus sign as a space
    if not TERRIBLE <= level <= SUPERB:
        raise InvalidInput(f"Option quality runs from Terrible to Superb, not '{raw_text(options, 'quality')}'.")
    return level


def range_level(options: Options) -> int:
    """Return the Difficulty Level for the range: point blank Poor … extreme Superb."""
    value = option(options, "range") or DEFAULT_RANGE
    if value == "pointblank":
        value = "point blank"
    if value not in RANGES:
        raise InvalidInput(f"Range '{raw_text(options, 'range')}' is not one of {', '.join(RANGES)}.")
    return RANGES[value]


def hit_location(options: Options) -> tuple[str, int]:
    """Return the aimed hit location and its modifier (torso by default)."""
    value = option(options, "location") or "torso"
    singular = {"feet": "foot", "eyes": "eye"}.get(value, value.removesuffix("s"))
    if singular not in LOCATIONS:
        raise InvalidInput(f"Location '{raw_text(options, 'location')}' is not one of {', '.join(LOCATIONS)}.")
    return singular, LOCATIONS[singular]


def targets_of(encounter: Encounter, intent: Intent, most: int, allow_none: bool = False) -> tuple[Combatant, ...]:
    """Return the intent's targets, checking their number and that nobody targets themselves."""
    if not intent.targets and not allow_none:
        raise InvalidInput("Name a target.")
    if len(intent.targets) > most:
        raise InvalidInput(f"Name at most {most} target{'s' if most > 1 else ''}.")
    if intent.actor in intent.targets:
        raise InvalidInput("A combatant cannot target themselves.")
    if len(set(intent.targets)) != len(intent.targets):
        raise InvalidInput("Name each target only once.")
    return tuple(encounter.get(t) for t in intent.targets)


def chosen(encounter: Encounter, options: Options, key: str, targets: tuple[str, ...]) -> frozenset[str]:
    """Read an option naming some targets: 'yes' means all of them, 'no' none, else a comma-separated list."""
    value = option(options, key)
    if value is None or value in NO:
        return frozenset()
    if value in YES:
        return frozenset(targets)
    named = {encounter.find(part).id for part in (raw_text(options, key) or "").split(",") if part.strip()}
    stray = named - set(targets)
    if stray:
        raise InvalidInput(f"Option {key} names {', '.join(encounter.names(sorted(stray)))}, who is not a target.")
    return frozenset(named)


def distances(encounter: Encounter, options: Options, targets: tuple[str, ...]) -> dict[str, int]:
    """Read 'distance' as one number for every target or as 'Name=3, Other=5'; unnamed targets are at 0 [ours]."""
    raw = (raw_text(options, "distance") or "").strip()
    found = dict.fromkeys(targets, 0)
    if not raw:
        return found
    if "=" not in raw:
        return dict.fromkeys(targets, number(options, "distance", 0, 0, 200))
    given: set[str] = set()
    for part in raw.split(","):
        name, _, text = part.partition("=")
        who = encounter.find(name).id
        if who not in found:
            raise InvalidInput(f"{encounter.get(who).name} has a distance but is not a target.")
        if who in given:
            raise InvalidInput(f"{encounter.get(who).name}'s distance is given twice; give it once.")
        given.add(who)
        found[who] = number({"distance": text}, "distance", 0, 0, 200)
    return found


def is_minion(combatant: Combatant) -> bool:
    """Tell whether the combatant is a bystander or minion (never dodges, fires a warning shot first)."""
    health: Health = combatant.health
    return category(health.tier) == "minion"


def is_protagonist(combatant: Combatant) -> bool:
    """Tell whether the combatant is a protagonist or antagonist (full dodge against every attack)."""
    health: Health = combatant.health
    return category(health.tier) == "protagonist"


def can_defend(combatant: Combatant) -> bool:
    """Tell whether the combatant can react at all: not frozen, unconscious, out or incapacitated."""
    health: Health = combatant.health
    return not any(combatant.has(n) for n in _OUT) and not health.incapacitated


def require_able(combatant: Combatant) -> None:
    """Raise unless the combatant can act: able, straining with the GM's leave, or felled by a partner of his slot."""
    if not can_defend(combatant) and not acts_at_same_moment(combatant) and not can_strain(combatant):
        raise CannotAct(f"{combatant.name} is in no state to act.")


def carried_weapon(combatant: Combatant, tables: FarscapeTables, key: str) -> Weapon:
    """Return a weapon from the tables that the combatant carries."""
    wanted = key.strip().lower()
    weapon = tables.weapons.get(wanted)
    if weapon is None:
        raise UnknownName("weapon", key, tables.weapons)
    if wanted not in combatant.sheet.weapons:
        raise CannotAct(f"{combatant.name} does not carry a {weapon.name}.")
    return weapon


def ranged_weapon(combatant: Combatant, tables: FarscapeTables, key: str | None) -> Weapon:
    """Return the named ranged or thrown weapon, or the first one on the sheet."""
    if key is None:
        for carried in combatant.sheet.weapons:
            weapon = tables.weapons.get(carried)
            if weapon is not None and weapon.kind in ("ranged", "thrown"):
                return weapon
        raise CannotAct(f"{combatant.name} carries no ranged or thrown weapon.")
    weapon = carried_weapon(combatant, tables, key)
    if weapon.kind not in ("ranged", "thrown"):
        raise RulesError(f"A {weapon.name} is not a ranged or thrown weapon.")
    return weapon
