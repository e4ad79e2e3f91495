"""One /attack for every Farscape weapon: melee and unarmed go to the exchange, guns and thrown weapons are fired."""

from __future__ import annotations

from functools import cache

from combat.dice import DiceSource
from combat.errors import InvalidInput, UnknownName
from combat.frozen import replace
from combat.model import Encounter
from combat.system import ActionOutcome, Intent, MoveSpec
from combat.systems.farscape import exchange, ranged
from combat.systems.farscape.choices import DEFENCE
from combat.systems.farscape.ranged_common import key_option, raw_text
from combat.systems.farscape.tables import FarscapeTables

__all__ = ["all_moves", "fires", "resolve_attack"]

_FIRED = ("ranged", "thrown")


def fires(encounter: Encounter, intent: Intent, tables: FarscapeTables) -> bool:
    """Tell whether the attack uses a ranged or thrown weapon (the one named, else the first weapon on the sheet)."""
    key = key_option(intent.options, "weapon")
    carried = encounter.get(intent.actor).sheet.weapons
    if key is None:
        key = next((k for k in carried if k in tables.weapons), None)  # grenades and charges are not attacks
    elif key in tables.grenades or key in tables.explosives:
        how = 'move:grenade grenade' if key in tables.grenades else 'move:detonate explosive'
        raise InvalidInput(f"A {key} is not fired or swung: set it off with /act {how}:\"{key}\".")
    elif key not in tables.weapons and key not in {"none", "unarmed"}:
        raise UnknownName("weapon", raw_text(intent.options, "weapon") or key, carried or tables.weapons)
    weapon = tables.weapons.get(key) if key else None
    return weapon is not None and weapon.kind in _FIRED


def _options_of(moves: tuple[MoveSpec, ...], name: str) -> frozenset[str]:
    return frozenset(next(m for m in moves if m.name == name).option_names())


@cache
def _allowed(fired: bool) -> frozenset[str]:
    """Return the options of a shot (``fired``) or of a melee attack (worked out once)."""
    return _options_of(ranged.RANGED_MOVES, "shoot") if fired else _options_of(exchange.MELEE_MOVES, "attack")


def refuse_stray(encounter: Encounter, intent: Intent, fired: bool) -> None:
    """Refuse an option of the other kind of attack (a kick with a gun in hand), which would be silently ignored."""
    stray = sorted(set(intent.options) - _allowed(fired) - {DEFENCE})  # DEFENCE: the targets' answers, set by Fray
    if not stray:
        return
    name = encounter.get(intent.actor).name
    if fired:
        raise InvalidInput(
            f"{name}'s attack is a shot, and '{stray[0]}' is a melee option; "
            "add weapon:none (or a melee weapon) to fight in melee."
        )
    raise InvalidInput(
        f"{name}'s attack is in melee, and '{stray[0]}' is an option of shots; name a ranged weapon with weapon:."
    )


def resolve_attack(encounter: Encounter, intent: Intent, tables: FarscapeTables, dice: DiceSource) -> ActionOutcome:
    """Attack with the chosen weapon: an exchange for melee and unarmed, a shot for ranged and thrown weapons."""
    fired = fires(encounter, intent, tables)
    refuse_stray(encounter, intent, fired)
    if fired:
        return ranged.resolve_shot(encounter, replace(intent, move="shoot"), tables, dice)
    return exchange.resolve_melee(encounter, intent, tables, dice)


@cache
def all_moves() -> tuple[MoveSpec, ...]:
    """Return every Farscape move; 'attack' takes the options of both a melee attack and a shot (built once)."""
    shot = next(m for m in ranged.RANGED_MOVES if m.name == "shoot")
    moves: list[MoveSpec] = []
    for move in (*exchange.MELEE_MOVES, *ranged.RANGED_MOVES):
        if move.name == "attack":
            options = tuple({o.name: o for o in (*move.options, *shot.options)}.values())
            summary = "Blows in melee, or a ranged shot."
            move = replace(move, summary=summary, options=options, targets=max(move.targets, shot.targets))
        moves.append(move)
    return tuple(moves)
