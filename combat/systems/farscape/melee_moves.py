"""Farscape melee and unarmed moves: the technique table, hit locations, stances and the moves offered."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from combat.errors import InvalidInput, UnknownName
from combat.options import OptionSpec, OptionValue
from combat.system import MoveSpec
from combat.systems.farscape.initiative import size_penalty
from combat.systems.farscape.melee_results import Effect
from combat.systems.farscape.options import choices, specs

__all__ = [
    "ARMOUR_AREAS",
    "BRAWLING",
    "DEFAULT_TECHNIQUE",
    "LOCATIONS",
    "MARTIAL_ARTS",
    "MAX_OPPONENTS",
    "MELEE_MOVES",
    "MOVE_OPTION",
    "TECHNIQUES",
    "UNARMED",
    "WEAPON",
    "Technique",
    "UnknownChoice",
    "find_technique",
    "location_modifier",
    "parse_stance",
    "parse_yes",
    "size_penalty",
    "technique_names",
]

BRAWLING = "brawling"
MARTIAL_ARTS = "martial arts"
WEAPON = "weapon"
UNARMED = (BRAWLING, MARTIAL_ARTS)
ANY_STYLE = (BRAWLING, MARTIAL_ARTS, WEAPON)
MAX_OPPONENTS = 6  # [ours] a lone fighter can be surrounded by at most six foes


class UnknownChoice(UnknownName):
    """Raise when an option names nothing known; the message lists every valid choice."""

    def __init__(self, kind: str, name: str, choices: Iterable[str]) -> None:
        listed = tuple(choices)
        super().__init__(kind, name, listed)
        self.message = f"{self.message} Choose from: {', '.join(listed)}." if listed else self.message
        self.args = (self.message,)


@dataclass(frozen=True)
class Technique:
    """A melee or unarmed move: the styles that use it, its Damage Rating, offence and damage changes, effect.

    ``dr`` is the unarmed Damage Rating (weapon moves use the weapon's); ``damage`` is added to the damage
    value; ``kick`` marks moves a brawler blocks at -1; ``hand`` marks blows a knuckleduster or claws improve;
    ``stun`` forces Stun damage; ``skill`` is the trait rolled for offence when it is not the style's own;
    ``reach`` marks the move that holds shorter-armed foes at bay (see melee_reach).
    """

    name: str
    styles: tuple[str, ...]
    dr: int = 0
    offence: int = 0
    damage: int = 0
    effect: Effect = "damage"
    kick: bool = False
    hand: bool = False
    stun: bool = False
    skill: str | None = None
    reach: bool = False

    @property
    def unarmed(self) -> bool:
        """Tell whether the move is fought without a weapon."""
        return WEAPON not in self.styles

    @property
    def weapon_only(self) -> bool:
        """Tell whether the move needs a melee weapon."""
        return self.styles == (WEAPON,)


TECHNIQUES: tuple[Technique, ...] = (
    Technique("punch", (BRAWLING,), dr=-1, hand=True),
    Technique("roundhouse", (BRAWLING,), dr=-1, offence=-1, damage=1, hand=True),
    Technique("kick", (BRAWLING,), dr=0, offence=-1, kick=True),
    Technique("body blow", (BRAWLING,), dr=-1),
    Technique("hand strike", (MARTIAL_ARTS,), dr=0, hand=True),
    Technique("power strike", (MARTIAL_ARTS,), dr=0, offence=-1, damage=1, hand=True),
    Technique("fast strike", (MARTIAL_ARTS,), dr=0, offence=1, damage=-1, hand=True),
    Technique("kick", (MARTIAL_ARTS,), dr=1, kick=True),
    Technique("body blow", (MARTIAL_ARTS,), dr=0),
    # [ours] A sweep is a kick (a brawler blocks it at -1); on a hit it knocks the target down instead of hurting.
    Technique("sweep", (MARTIAL_ARTS,), effect="prone", kick=True),
    Technique("grapple", UNARMED, effect="lock", skill="grapple"),
    Technique("counter lock", (MARTIAL_ARTS,), effect="counter"),
    Technique("feint", ANY_STYLE, effect="feint"),
    Technique("strike", (WEAPON,)),
    Technique("flat", (WEAPON,), offence=-1, damage=-1, stun=True),
    Technique("keep at bay", (WEAPON,), reach=True),
    # [ours] Stepping back and retreating spend the won exchange on breaking away instead of a blow (see disengage).
    Technique("step back", ANY_STYLE, effect="break"),
    Technique("retreat", ANY_STYLE, effect="break"),
)

_ALIASES: dict[str, tuple[str, str | None]] = {
    "ma kick": ("kick", MARTIAL_ARTS),
    "martial arts kick": ("kick", MARTIAL_ARTS),
    "brawling kick": ("kick", BRAWLING),
    "flat of the blade": ("flat", None),
    "pommel": ("flat", None),
    "lock": ("grapple", None),
}

DEFAULT_TECHNIQUE = {BRAWLING: "punch", MARTIAL_ARTS: "hand strike", WEAPON: "strike"}

# Otkjaer's hit location modifiers to offence (docs/rules/farscape.md), and the armour area each location is in.
LOCATIONS = {"torso": 0, "arm": -1, "leg": -1, "head": -2, "hand": -2, "foot": -2, "eye": -3}
# [ours] hands count as arms and feet as legs for armour coverage; an eye is part of the head.
ARMOUR_AREAS = {"torso": "torso", "arm": "arms", "leg": "legs", "head": "head", "hand": "arms", "foot": "legs",
                "eye": "head"}

_STANCES = {"offensive": 1, "defensive": -1, "even": 0, "neutral": 0}


def technique_names() -> tuple[str, ...]:
    """Return every move name a fighter may ask for."""
    return tuple(dict.fromkeys([*(t.name for t in TECHNIQUES), *_ALIASES]))


def _normal(text: str) -> str:
    return " ".join(text.strip().lower().replace("_", " ").split())


def find_technique(name: str, style: str) -> Technique:
    """Return the move called ``name``; where brawling and martial arts both have it, the one of ``style``."""
    found = _technique(name, style)
    if found is None:
        raise UnknownChoice("move", name, technique_names())
    return found


@lru_cache(maxsize=256)  # bounded: the name may be anything a player typed
def _technique(name: str, style: str) -> Technique | None:
    """Look a move up once for each way it is written and style (the table never changes)."""
    key, forced = _ALIASES.get(_normal(name), (_normal(name), None))
    found = [t for t in TECHNIQUES if t.name == key and (forced is None or forced in t.styles)]
    return next((t for t in found if style in t.styles), found[0]) if found else None


def location_modifier(name: OptionValue | None) -> tuple[str, int]:
    """Return a called hit location and its offence modifier; no location means the torso."""
    if name is None:
        return "torso", 0
    name = str(name)
    key = _normal(name)
    key = key[:-1] if key.endswith("s") and key[:-1] in LOCATIONS else key
    if key == "feet":
        key = "foot"
    if key not in LOCATIONS:
        raise UnknownChoice("hit location", name, LOCATIONS)
    return key, LOCATIONS[key]


def parse_stance(text: OptionValue | None) -> int:
    """Read a stance as the shift to offence: '+1'/'+2' offensive, '-1'/'-2' defensive, '0' even."""
    if text is None:
        return 0
    if isinstance(text, int) and not isinstance(text, bool) and -2 <= text <= 2:
        return text
    text = str(text)
    cleaned = _normal(text).replace("−", "-")
    if cleaned in _STANCES:
        return _STANCES[cleaned]
    try:
        value = int(cleaned)
    except ValueError:
        value = 99
    if not -2 <= value <= 2:
        raise InvalidInput(
            f"'{text}' is not a stance; use +1 or +2 (offensive), -1 or -2 (defensive), or 0 (even)."
        )
    return value


def parse_yes(text: OptionValue | None, option: str) -> bool:
    """Read a yes/no option."""
    if text is None:
        return False
    if isinstance(text, bool):
        return text
    text = str(text)
    cleaned = _normal(text)
    if cleaned in ("yes", "y", "true", "on", "1"):
        return True
    if cleaned in ("no", "n", "false", "off", "0"):
        return False
    raise InvalidInput(f"The option '{option}' takes yes or no, not '{text}'.")


MOVE_OPTION = OptionSpec("move", "The technique: punch, kick, strike, flat, sweep, grapple …", "choice",
                         choices(*technique_names()))
_ATTACK_OPTIONS = (MOVE_OPTION, *specs("weapon", "stance", "location", "defend", "extend", "quality", "dodging"))

MELEE_MOVES: tuple[MoveSpec, ...] = (
    MoveSpec(
        "attack", "Trade blows in melee: one opposed roll each, both sides can hit.",
        _ATTACK_OPTIONS, targets=MAX_OPPONENTS,
    ),
    MoveSpec(
        "feint", "Win to lower their defence against you next element.",
        specs("weapon", "stance", "defend", "dodging"), targets=MAX_OPPONENTS,
    ),
    MoveSpec(
        "grapple", "Grapple skill: a hit pins them in a lock.", specs("stance", "defend", "dodging"),
        targets=MAX_OPPONENTS,
    ),
    MoveSpec(
        "sweep", "Martial arts: a hit knocks them down.", specs("stance", "defend", "dodging"),
        targets=MAX_OPPONENTS,
    ),
    MoveSpec("counter lock", "Martial arts: defend, then Grapple vs Speed to pin.", specs("stance", "dodging")),
    MoveSpec("counter", "Martial arts, after your defence stopped their blow: Grapple vs Speed to pin; out of turn.",
             (), reaction=True),
    MoveSpec("escape", "Break a lock: opposed Strength, you at -1.", (), targets=0),
    MoveSpec("stand", "Get up from prone; takes the element.", (), targets=0),
    MoveSpec(
        "keep at bay", "A longer weapon holds off those your offence beats.",
        specs("weapon", "stance", "location", "defend", "extend", "quality", "dodging"), targets=MAX_OPPONENTS,
    ),
    MoveSpec(
        "step back", "Break away from foes you beat; clear, draw a weapon.",
        specs("weapon", "stance", "defend", "draw", "dodging"), targets=MAX_OPPONENTS,
    ),
    MoveSpec(
        "retreat", "Break away from foes you beat; clear, flee next element.",
        specs("weapon", "stance", "defend", "dodging"), targets=MAX_OPPONENTS,
    ),
    MoveSpec("flee", "Leave the fight after a clean retreat.", (), targets=0),
)
