"""Fallout's moves with their options, each in the phase it belongs to (only those are offered and accepted)."""

from __future__ import annotations

from combat.options import OptionChoice, OptionSpec
from combat.system import MoveSpec
from combat.systems.fallout.aim import PARTS, VISIBILITY
from combat.systems.fallout.hexgrid import DIRECTIONS
from combat.systems.fallout.tables import MELEE_MODES, MODES, WATCH_MODES
from combat.systems.fallout.tools import PART_ALIASES

__all__ = ["MOVES"]


def _choices(*keys: str) -> tuple[OptionChoice, ...]:
    return tuple(OptionChoice(k) for k in keys)


_WEAPON = OptionSpec("weapon", "Which weapon (one in hand; unarmed strikes need none).", source="weapons")
_MODE = OptionSpec("mode", "The attack mode (single, burst, spray, sweep, throw, lob, punch …).", "choice",
                   _choices(*MODES))
_MELEE_MODE = OptionSpec("mode", "The melee attack at the end of the charge.", "choice",
                         _choices(*(m for m in MODES if m in MELEE_MODES)))
_WATCH_MODE = OptionSpec("mode", f"The one attack overwatch makes: {', '.join(WATCH_MODES[:-1])} or "
                         f"{WATCH_MODES[-1]}.", "choice", _choices(*WATCH_MODES))
_AT = OptionSpec("at", "A hex: where a lob lands, or where a cone points (like C4).")
_BIAS = OptionSpec("bias", "Which side takes a hex the cone cuts exactly in half (left by default).", "choice",
                   _choices("left", "right"))
_CALLED = (
    OptionSpec("location", "A called shot at a body part.", "choice", _choices(*PARTS), aliases=PART_ALIASES),
    OptionSpec("crits", 'Where critical points go, in order: "damage, knockdown" (else you are asked).'),
    OptionSpec("range", "Without a map: how many hexes away.", "number", low=0, high=500),
    OptionSpec("visibility", "Override how well the target is seen.", "choice", _choices(*VISIBILITY)),
    OptionSpec("proximity", "Override whether an unstunned enemy stands next to you.", "flag"),
)
_AIMING = (_WEAPON, _MODE, *_CALLED)
_DROP = _choices("crouch", "prone")

MOVES: tuple[MoveSpec, ...] = (
    MoveSpec("move", "Move: prone 1 hex, crouched 2, standing 4, or run 8 (no charge or action then).", (
        OptionSpec("to", "The hex to end on, like D5.", required=False),
        OptionSpec("via", 'Hexes to pass through on the way, in order: "C5, D5".'),
        OptionSpec("run", "Run (standing, 8 hexes): no charge or action this round.", "flag"),
        OptionSpec("before", "Free: drop to crouch or prone before moving.", "choice", _DROP),
        OptionSpec("after", "Free: drop to crouch or prone after moving.", "choice", _DROP),
        OptionSpec("face", "Which way to face at the end.", "choice", _choices(*DIRECTIONS)),
        OptionSpec("hexes", "Without a map: how many hexes.", "number", low=1, high=8),
    ), targets=0, phases=("move",)),
    MoveSpec("stance", "Get up: prone to crouch, crouch to stand, or prone to stand (no charge or action then).", (
        OptionSpec("to", "crouch or stand.", "choice", _choices("crouch", "stand"), required=True),
    ), targets=0, phases=("move",)),
    MoveSpec("item", "Take out or put away items: one small item is free of cost; more, or a large one, costs "
             "the charge and action phases.", (
        OptionSpec("draw", "Items to take out, comma-separated.", source="weapons"),
        OptionSpec("stow", "Items to put away, comma-separated.", source="weapons"),
    ), targets=0, phases=("move",)),
    MoveSpec("drop", "Free, at the start or end of your move: drop to crouch or prone, drop items.", (
        OptionSpec("stance", "crouch or prone.", "choice", _DROP),
        OptionSpec("item", "Items to drop, comma-separated.", source="weapons"),
    ), targets=0, phases=("move",)),
    MoveSpec("evade", "Evade: -5 to every attack on you this round; no charge or action.", (), targets=0,
             phases=("move",)),
    MoveSpec("charge", "From standing, charge 1-4 hexes in a straight line and attack an adjacent target in melee; "
             "or disarm someone next to you where you are (mode:disarm, no to:).",
             (OptionSpec("to", "The hex the charge ends on, next to the target (none for a disarm in place)."),
              _WEAPON, _MELEE_MODE, *_CALLED),
             phases=("charge",)),
    MoveSpec("attack", "Attack in a mode of a weapon in hand: one target, a cone, or a hex for a lob; in the charge "
             "phase, only a disarm of someone next to you (mode:disarm).", (
        *_AIMING, _AT, _BIAS,
        OptionSpec("rounds", 'Sweep: rounds per target, in order, like "3,3".'),
        OptionSpec("offhand", "Two weapons: a second one-handed weapon in the other hand (-8 to both).",
                   source="weapons"),
    ), targets=6, phases=("charge", "action"), aimed_elsewhere=True),
    MoveSpec("lob", "Lob an item at a hex, even unseen: half range, -4; explosives blast, an ally there catches "
             "the rest.", (
        _WEAPON, OptionSpec("at", "The hex it should land on, like C4.", required=True),
        OptionSpec("range", "Without a map: how many hexes away.", "number", low=0, high=500),
    ), targets=0, phases=("action",)),
    MoveSpec("overwatch", "Declare a narrow overwatch cone towards a hex: attack the first enemy entering it next "
             "move phase (no move or charge next round).", (
        _WEAPON, _WATCH_MODE, OptionSpec("at", "The hex the cone points at, like C4.", required=True), _BIAS,
    ), targets=0, phases=("action",)),
    MoveSpec("reload", "Reload a weapon in hand.", (_WEAPON,), targets=0, phases=("action",)),
    MoveSpec("overload", "Overload an SEC/MFC weapon one round more (twice a shot's charges).", (_WEAPON,),
             targets=0, phases=("action",)),
    MoveSpec("vent", "Release an overload harmlessly.", (), targets=0, phases=("action",)),
)
