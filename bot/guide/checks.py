"""Whether the rules would take a suggested move now: tried on throwaway dice, so a hint never offers a refusal.

A hint is worked out from whose turn it is and the system's moves; the fight can still refuse it (a fallen fighter
must stand first, an empty gun be reloaded, a foe be out of reach). ``sound`` tries the suggestion as the services
would run it, on seeded dice that are thrown away, and falls back to another foe, a move with no target (stand,
escape, reload …), and last to passing the turn. Nothing here names a system.
"""

from __future__ import annotations

from bot.guide.spec import Suggestion, Turn
from combat import engine
from combat.dice import RandomDice
from combat.errors import FrayError
from combat.intent import Intent
from combat.options import listed, parse_options

__all__ = ["accepted", "sound"]

PASS = Suggestion("encounter next", why="passes the turn")
_NOT_OPTIONS = ("as", "target", "move")
_SEED = 0  # the throwaway dice: seeded, so a hint is a pure function of the fight


def _intent(turn: Turn, suggestion: Suggestion) -> Intent | None:
    """Build the intent a suggested move would send (None: not a move of this turn, such as passing or a reaction)."""
    given = dict(suggestion.options)
    if suggestion.path == "attack":
        name = "attack"
    elif suggestion.path == "act" and "move" in given:
        name = given["move"]
    else:
        return None
    spec = engine.move_spec(turn.system, name)
    if spec.reaction:
        return None
    encounter = turn.encounter
    options = parse_options(spec.options, {k: v for k, v in given.items() if k not in _NOT_OPTIONS},
                            owner=spec.name, resolve=lambda n: encounter.find(n).id, phase=encounter.turns.phase)
    targets = tuple([encounter.find(n).id for n in listed(given.get("target"))])
    return Intent(turn.actor.id, spec.name, targets, options)


def accepted(turn: Turn, suggestion: Suggestion) -> bool:
    """Tell whether the rules would take the suggestion now (anything but a move is taken as it is)."""
    try:
        intent = _intent(turn, suggestion)
        if intent is not None:
            engine.act(turn.system, turn.encounter, intent, RandomDice(_SEED))
    except FrayError:
        return False
    return True


def _fallbacks(turn: Turn) -> list[Suggestion]:
    """Return what else the turn could do: attack each foe still up, then each move of this phase with no target."""
    acting = turn.acting
    here = [m for m in turn.system.moves()
            if not m.reaction and m.name != "attack" and (not m.phases or turn.phase in m.phases)]
    attacks = [Suggestion("attack", (*acting, ("target", foe.name))) for foe in turn.foes]
    return attacks + [Suggestion("act", (("move", m.name), *acting)) for m in here]


def sound(turn: Turn, first: Suggestion) -> Suggestion:
    """Return ``first`` if the rules take it now, else the first fallback they take, else passing the turn."""
    if accepted(turn, first):
        return first
    return next((s for s in _fallbacks(turn) if s != first and accepted(turn, s)), PASS)
