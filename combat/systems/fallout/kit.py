"""Weapons in hand: which weapon an attack mode uses, its skill, hands, ammunition and improvised stats.

Which hand holds what [ours]: items in hand fill the usable hands in the order they were taken out, the right hand
first (the first item in hand is the one an attack uses by default); a two-handed item takes both. A broken arm is
not a usable hand: it holds nothing [seed]. Fists and feet (any strike with only unarmed modes) are the body, not an
item: never in hand, and they fill no hand ("Disarming a small item requires only one open hand") [ours].
"""

from __future__ import annotations

from combat.errors import CannotAct, InvalidInput
from combat.frozen import replace
from combat.model import Combatant
from combat.systems.fallout.state import Fighter, fighter
from combat.systems.fallout.tables import SHOT_MODES, FalloutTables, Weapon

__all__ = ["SIDES", "SKILL", "carried", "choose_weapon", "free_hands", "hands_used", "held_in", "improvised",
           "is_body", "items_in_hand", "start_kit", "unarmed_weapon", "usable_arms", "wielding_side"]

SKILL = {**dict.fromkeys(("thrust", "swing", "smash", "throw", "lob", "bean"), "melee"),
         **dict.fromkeys(("punch", "kick", "disarm", "trip"), "unarmed"),
         **dict.fromkeys(SHOT_MODES, "firearms")}
UNARMED = {"punch": "fists", "disarm": "fists", "kick": "feet", "trip": "feet"}
BODY_MODES = frozenset(UNARMED)
SIDES = ("right", "left")
# Smashes (the seed) and beans (an improvised throw [ours]): by the item's size, damage and accuracy.
IMPROVISED = {"small": ("2d3", -2), "large": ("2d6", -4)}


def unarmed_weapon(tables: FalloutTables, actor: Combatant, mode: str, key: str | None) -> Weapon:
    """Return the strike a punch, kick, disarm or trip uses: one the sheet lists (a super mutant's), else human."""
    if key is not None and key in actor.sheet.weapons and mode in tables.weapon(key).modes:
        return tables.weapon(key)
    listed = [w for w in actor.sheet.weapons if is_body(tables, w) and mode in tables.weapon(w).modes]
    return tables.weapon(listed[0] if listed else UNARMED[mode])


def is_body(tables: FalloutTables, key: str) -> bool:
    """Tell whether a weapon is a part of the body (fists, feet: only unarmed modes), never an item in hand."""
    return key in tables.weapons and set(tables.weapon(key).modes) <= BODY_MODES


def items_in_hand(tables: FalloutTables, state: Fighter) -> tuple[str, ...]:
    """Return what the hands hold, in order, fists and feet left out (the body; a fight saved earlier may list them)."""
    return tuple(k for k in state.hands if not is_body(tables, k))


def improvised(weapon: Weapon, mode: str) -> tuple[str, int]:
    """Return the damage and accuracy of a smash or bean with ``weapon``, by its size."""
    return IMPROVISED[weapon.size]


def hands_used(tables: FalloutTables, hands: tuple[str, ...]) -> int:
    """Return how many hands the items held use."""
    return sum(_hands_of(tables, k) for k in hands)


def carried(combatant: Combatant, key: str) -> int:
    """Return how many of item ``key`` the combatant still carries (the sheet's, less those gone from his kit)."""
    return combatant.sheet.weapons.count(key) - fighter(combatant).spent.count(key)


def _hands_of(tables: FalloutTables, key: str) -> int:
    """Return the hands an item in hand takes (one for anything not in the weapon table, none for fists or feet)."""
    if key not in tables.weapons:
        return 1
    return 0 if is_body(tables, key) else tables.weapon(key).hands


def usable_arms(state: Fighter) -> tuple[str, ...]:
    """Return the sides whose arm is not broken, right first."""
    return tuple(side for side in SIDES if state.injury(f"{side}-arm") != "break")


def free_hands(tables: FalloutTables, state: Fighter) -> int:
    """Return how many usable hands hold nothing."""
    return max(0, len(usable_arms(state)) - hands_used(tables, state.hands))


def held_in(tables: FalloutTables, state: Fighter, side: str) -> tuple[str, ...]:
    """Return what the ``side`` hand holds: items fill the usable hands in order, right first."""
    arms = usable_arms(state)
    held: list[str] = []
    at = 0
    for key in state.hands:
        need = _hands_of(tables, key)
        if side in arms[at:at + need]:
            held.append(key)
        at += need
    return tuple(held)


def wielding_side(tables: FalloutTables, actor: Combatant, weapon: Weapon, mode: str) -> str | None:
    """Return the side whose hand holds the one-handed item an attack uses (None: fists, feet, two hands, not held).

    "Arm Maim: All actions performed with that arm are at -8" [seed]: the arm of the hand holding it.
    """
    if weapon.hands != 1 or mode in UNARMED or is_body(tables, weapon.key):
        return None
    state = fighter(actor)
    return next((side for side in usable_arms(state) if weapon.key in held_in(tables, state, side)), None)


def choose_weapon(tables: FalloutTables, actor: Combatant, mode: str | None, key: str | None) -> tuple[Weapon, str]:
    """Return the weapon and mode of an attack: the named weapon (it must be in hand) or the first one in hand."""
    state = fighter(actor)
    if mode in UNARMED:
        return unarmed_weapon(tables, actor, mode, key), mode
    if key is not None:
        if key not in actor.sheet.weapons:
            carried = ", ".join(actor.sheet.weapons) or "nothing"
            raise InvalidInput(f"{actor.name} carries no {key}; they carry {carried}.")
        if key not in state.hands:
            raise CannotAct(f"{actor.name}'s {key} is not in hand: take it out in the move phase (act move:item).")
        weapon = tables.weapon(key)
    elif held := items_in_hand(tables, state):
        weapon = tables.weapon(held[0])
    else:
        weapon = unarmed_weapon(tables, actor, "punch", None)
    chosen = mode or weapon.modes[0]
    if chosen not in weapon.modes and not (chosen in ("smash", "bean") and weapon.key not in UNARMED.values()):
        raise InvalidInput(f"The {weapon.name} has no {chosen} mode; it has {', '.join(weapon.modes)}.")
    return weapon, chosen


def start_kit(tables: FalloutTables | None, weapons: tuple[str, ...]) -> Fighter:
    """Return a new fighter: the first weapon listed in hand (unless fists or feet), every magazine full."""
    if tables is None:
        return Fighter()
    held = tuple(weapons[:1]) if weapons and weapons[0] in tables.weapons and not is_body(tables, weapons[0]) else ()
    state = Fighter(hands=held)
    for key in dict.fromkeys(weapons):
        if key in tables.weapons and tables.weapon(key).magazine:
            state = state.with_ammo(key, tables.weapon(key).magazine)
    return replace(state)
