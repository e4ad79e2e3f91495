"""The attack roll: 2d10 + skill total + accuracy + modifiers against a difficulty, every modifier named.

The number needed is Very Easy (10) + Evasion (5) = 15 [ours, from the seed's burst example "needs a 15"].
"""

from __future__ import annotations

from collections.abc import Mapping

from combat.dice import DiceSource, roll_d
from combat.errors import CannotAct
from combat.model import Combatant, Encounter
from combat.options import OptionValue
from combat.systems.fallout.aim import VISIBILITY, Sight, band, proximity, size_factor
from combat.systems.fallout.kit import SKILL, improvised, wielding_side
from combat.systems.fallout.results import Check
from combat.systems.fallout.sheet import skill_total, throwing_range
from combat.systems.fallout.state import fighter
from combat.systems.fallout.tables import SHOT_MODES, THROWN_MODES, FalloutTables, Weapon

__all__ = ["EVASION", "VERY_EASY", "roll_check", "skill_of"]

VERY_EASY = 10
EVASION = 5
RANGED = SHOT_MODES | THROWN_MODES
ARMLESS = frozenset({"kick", "trip"})


def skill_of(actor: Combatant, mode: str) -> tuple[str, int]:
    """Return the skill an attack mode uses and the actor's total in it (a hurt head costs AG and PE)."""
    skill = SKILL[mode]
    hurt = fighter(actor).injury("head") is not None
    return skill, skill_total(actor.sheet, skill, hurt)


def _hand(actor: Combatant, side: str) -> list[tuple[str, int]]:
    """Return the penalty for the weapon in the ``side`` hand: -8 when that arm is maimed (broken: it holds nothing)."""
    return [(f"maimed {side} arm", -8)] if fighter(actor).injury(f"{side}-arm") == "maim" else []


def _limbs(actor: Combatant, weapon: Weapon, mode: str, hand: str | None) -> list[tuple[str, int]]:
    """Penalties for maimed limbs: -8 with a maimed arm (both arms for two hands) or leg; broken ones cannot.

    ``hand`` is the side whose hand holds the weapon (``kit.wielding_side``, or one of two weapons); else (fists,
    feet, two hands) the better arm or leg is used, and a two-handed weapon uses both arms.
    """
    if hand is not None:
        return _hand(actor, hand)
    state = fighter(actor)
    limb = "leg" if mode in ARMLESS else "arm"
    levels = [state.injury(f"left-{limb}"), state.injury(f"right-{limb}")]
    two = limb == "arm" and weapon.hands == 2 and mode not in ("punch", "disarm")
    if (two and "break" in levels) or levels.count("break") == 2:
        raise CannotAct(f"{actor.name} cannot use a broken {limb} for that.")
    if two:
        return [(f"maimed {limb}", -8)] * levels.count("maim")
    usable = sorted((lvl for lvl in levels if lvl != "break"), key=lambda lvl: lvl is not None)
    return [(f"maimed {limb}", -8)] if usable and usable[0] == "maim" else []


def _range(actor: Combatant, weapon: Weapon, mode: str, target: Combatant | None, part: str | None,
           hexes: int) -> list[tuple[str, int]]:
    if mode not in RANGED:
        return []  # "Range penalties only apply to thrown and fired attacks", a called part's size included [seed]
    if mode in THROWN_MODES and hexes > throwing_range(actor.sheet):
        raise CannotAct(f"{actor.name} cannot throw that far: {throwing_range(actor.sheet)} hexes at most.")
    name, penalty = band(weapon.range, hexes, size_factor(target, part), half=mode == "lob")
    return [(f"{name} range", penalty)] if penalty else []


def _point_blank(weapon: Weapon, hexes: int | None, target: Combatant | None, part: str | None) -> bool:
    """Tell whether the target is in the Point Blank band, its distance scaled by size and stance [seed]."""
    return hexes is not None and hexes * size_factor(target, part) <= 2 * weapon.range


def modifiers(encounter: Encounter, tables: FalloutTables, actor: Combatant, weapon: Weapon, mode: str,
              target: Combatant | None, seen: Sight, options: Mapping[str, OptionValue], gm: int,
              hand: str | None = None) -> list[tuple[str, int]]:
    """Name every modifier to the attack roll (zeros left out).

    ``hand``: the side of one of two weapons; else the side whose hand holds the weapon (``kit.wielding_side``).
    """
    mods: list[tuple[str, int]] = []
    accuracy = improvised(weapon, mode)[1] if mode == "smash" else weapon.accuracy  # a bean: the item's, then -4
    mods.append(("accuracy", accuracy))
    called = options.get("location")
    part = called if isinstance(called, str) else None
    mods += _range(actor, weapon, mode, target, part, seen.distance or 1)
    mods.append((f"{seen.visibility} visibility", VISIBILITY[seen.visibility]))
    if mode in RANGED and proximity(encounter, actor, options):
        mods.append(("enemy adjacent", -8 if weapon.hands == 2 else -4))
    if weapon.scope and mode in SHOT_MODES and _point_blank(weapon, seen.distance, target, part):
        mods.append(("scope at point blank", -10))
    mods += [("lob", -4)] if mode == "lob" else [("bean", -4)] if mode == "bean" else []
    mods += [("sweep", -10)] if mode == "sweep" else []
    if target is not None and fighter(target).evading:
        mods.append(("target evading", -5))
    if actor.health.winded:
        mods.append(("winded", -4))
    if isinstance(options.get("offhand"), str):
        mods.append(("two weapons", -8))
    mods += _limbs(actor, weapon, mode, hand or wielding_side(tables, actor, weapon, mode))
    mods.append(("GM", gm))
    return [(name, value) for name, value in mods if value]


def roll_check(dice: DiceSource, actor: Combatant, mode: str, target: str | None, mods: list[tuple[str, int]],
               needed: int) -> Check:
    """Roll 2d10 for the attack."""
    skill, total = skill_of(actor, mode)
    faces = roll_d(dice, 2, 10).faces
    return Check(target, (faces[0], faces[1]), skill, total, tuple(mods), needed)
