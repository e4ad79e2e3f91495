"""One /attack for every Farscape weapon: melee and unarmed go to the exchange, guns and thrown weapons are fired."""

from __future__ import annotations

from dataclasses import replace

from combat.dice import DiceSource
from combat.errors import UnknownName
from combat.model import Encounter
from combat.system import ActionOutcome, Intent, MoveSpec
from combat.systems.farscape import exchange, ranged
from combat.systems.farscape.tables import FarscapeTables

__all__ = ["all_moves", "fires", "resolve_attack"]

_FIRED = ("ranged", "thrown")


def fires(encounter: Encounter, intent: Intent, tables: FarscapeTables) -> bool:
    """Tell whether the attack uses a ranged or thrown weapon (the one named, else the first on the sheet)."""
    key = intent.options.get("weapon")
    carried = encounter.get(intent.actor).sheet.weapons
    if key is None:
        key = carried[0] if carried else None
    elif " ".join(key.split()).lower() not in tables.weapons and key.strip().lower() not in {"none", "unarmed"}:
        raise UnknownName("weapon", key, carried or tables.weapons)
    weapon = tables.weapons.get(" ".join(key.split()).lower()) if key else None
    return weapon is not None and weapon.kind in _FIRED


def resolve_attack(encounter: Encounter, intent: Intent, tables: FarscapeTables, dice: DiceSource) -> ActionOutcome:
    """Attack with the chosen weapon: an exchange for melee and unarmed, a shot for ranged and thrown weapons."""
    if fires(encounter, intent, tables):
        return ranged.resolve_shot(encounter, replace(intent, move="shoot"), tables, dice)
    return exchange.resolve_melee(encounter, intent, tables, dice)


def all_moves() -> tuple[MoveSpec, ...]:
    """Return every Farscape move; 'attack' takes the options of both a melee attack and a shot."""
    shot = next(m for m in ranged.RANGED_MOVES if m.name == "shoot")
    moves: list[MoveSpec] = []
    for move in (*exchange.MELEE_MOVES, *ranged.RANGED_MOVES):
        if move.name == "attack":
            options = tuple(dict.fromkeys((*move.options, *shot.options)))
            summary = "Attack with the weapon in hand: an exchange of blows in melee, or a shot with a ranged weapon."
            move = replace(move, summary=summary, options=options, targets=max(move.targets, shot.targets))
        moves.append(move)
    return tuple(moves)
