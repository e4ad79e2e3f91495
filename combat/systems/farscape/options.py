"""Every option a Farscape move takes, described once: its kind, its choices or bounds, and what it means.

The moves name their options from this vocabulary (``specs("weapon", "stance")``); Fray's one option parser reads
what a player typed against these specs, so the rules receive typed values: a flag as a bool, a number as an int, a
choice as its key.
"""

from __future__ import annotations

from combat.options import OptionChoice, OptionSpec

__all__ = ["LOCATION_KEYS", "OPTIONS", "RANGE_KEYS", "choices", "specs"]


def choices(*keys: str) -> tuple[OptionChoice, ...]:
    """Return choices with these keys."""
    return tuple(OptionChoice(k) for k in keys)


# The keys of ranged_common.RANGES and melee_moves.LOCATIONS (this module imports no rules, so the rules can use it).
RANGE_KEYS = ("point blank", "short", "medium", "long", "extreme")
LOCATION_KEYS = ("torso", "arm", "leg", "head", "hand", "foot", "eye")
_PLURALS = {"arms": "arm", "legs": "leg", "heads": "head", "hands": "hand", "feet": "foot", "eyes": "eye"}
_TARGETS_OR_ALL = "yes (every target), no, or the names of some targets"

OPTIONS: dict[str, OptionSpec] = {
    spec.name: spec
    for spec in (
        OptionSpec("weapon", "The weapon to use (one you carry; none for unarmed).", source="weapons"),
        OptionSpec("stance", "Offensive +1/+2 or defensive -1/-2: offence up, defence down (or back).", "number",
                   aliases=(("offensive", "1"), ("defensive", "-1"), ("even", "0"), ("neutral", "0")), low=-2, high=2),
        OptionSpec("location", "Aim at a body part (torso by default).", "choice", choices(*LOCATION_KEYS),
                   aliases=tuple(_PLURALS.items())),
        OptionSpec("defend", "Defend this exchange with speed or acrobatics (a dodge) instead of your weapon.",
                   "choice", choices("speed", "acrobatics")),
        OptionSpec("extend", "Extend the exchange: keep fighting the same foes (yes or no).", "flag"),
        OptionSpec("range", "Range to the target (short by default).", "choice", choices(*RANGE_KEYS),
                   aliases=(("pointblank", "point blank"),)),
        OptionSpec("mode", "Fire mode: single, semi (several shots) or auto (a burst).", "choice",
                   choices("single", "semi", "auto"),
                   aliases=(("semi auto", "semi"), ("semiautomatic", "semi"), ("automatic", "auto"),
                            ("full auto", "auto"), ("burst", "auto"))),
        OptionSpec("shots", "Semi-automatic: how many shots.", "number", low=1, high=10),
        OptionSpec("rounds", "Automatic: how many rounds in the burst.", "number", low=1, high=1000),
        OptionSpec("arc", "How many +1s of the burst are traded for a fire arc over several targets.", "number",
                   low=0, high=50),
        OptionSpec("second", "A second weapon fired at the same time.", source="weapons"),
        OptionSpec("aware", "Is the target aware of the attack? (yes by default)", "flag"),
        OptionSpec("melee", "Who the target is in melee with (names), or no when it is not in a melee."),
        OptionSpec("dodging", "While dodging this element, which roll takes the -1: attack or dodge.", "choice",
                   choices("attack", "dodge")),
        OptionSpec("lobbed", "A slow or lobbed throw (+2 to dodge it).", "flag"),
        OptionSpec("skill", "Dodge with agility or acrobatics.", "choice", choices("agility", "acrobatics")),
        OptionSpec("grenade", "The grenade to throw (one you carry).", source="grenades"),
        OptionSpec("distance", "Motras from the blast: one number for all, or Name=3, Other=5."),
        OptionSpec("prone", f"Who is lying prone: {_TARGETS_OR_ALL}."),
        OptionSpec("stand firm", f"Who stands firm and does not dive for cover: {_TARGETS_OR_ALL}."),
        OptionSpec("airburst", "An airburst: lying prone does not help (yes or no).", "flag"),
        OptionSpec("run", f"Who runs for cover, their dodge taking them clear of the blast: {_TARGETS_OR_ALL}."),
        OptionSpec("quality", "The weapon's quality for this attack, Terrible to Superb (GM).", "level", low=-3,
                   high=3, gm_only=True),
        OptionSpec("draw", "Once clear, draw this melee weapon.", source="weapons"),
        OptionSpec("explosive", "The placed charge to set off (one you carry).", source="explosives"),
        OptionSpec("difficulty", "The Demolitions difficulty the GM sets (Fair by default).", "level", low=-3, high=4,
                   gm_only=True),
        OptionSpec("debris", "Fragments the blast throws about (the GM's; the charge's own by default).", "number",
                   low=0, high=20, gm_only=True),
    )
}


def specs(*names: str) -> tuple[OptionSpec, ...]:
    """Return the specs of the named options, in order."""
    return tuple(OPTIONS[name] for name in names)
