"""The Deryni GM's tools: who fights whom, an NPC's standing defence, FUDGE points, and healing after the fight."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from combat.dice import DiceSource
from combat.errors import CannotAct, InvalidInput
from combat.model import Encounter
from combat.options import OptionChoice, OptionSpec, OptionValue
from combat.system import ActionOutcome, ToolSpec
from combat.systems.deryni import healing
from combat.systems.deryni.moves import defence_option
from combat.systems.deryni.state import put_fighter

__all__ = ["METHODS", "TOOLS", "DefenceSet", "Engaged", "FudgeSet", "use"]

METHODS = ("first aid", "surgery", "rest", "save")
_TARGET = OptionSpec("target", "Who.", "combatant", required=True)

TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec("engage", "Pair two foes (who fights whom): their weapons' lengths count from the next round.", (
        _TARGET, OptionSpec("foe", "Whom they fight.", "combatant", required=True))),
    ToolSpec("defence", "Set how a combatant defends when nobody is asked (best: their best defence by skill).", (
        _TARGET, defence_option("How they defend.", gm_only=False, extra=("best",)))),
    ToolSpec("fudge", "Set a combatant's FUDGE points.", (
        _TARGET, OptionSpec("points", "How many.", "number", low=0, high=20, required=True))),
    ToolSpec("heal", "After the fight: First Aid, Battle Surgery, days of rest, or save the dying.", (
        _TARGET,
        OptionSpec("method", "How.", "choice", tuple(OptionChoice(m) for m in METHODS), required=True,
                   aliases=(("battle surgery", "surgery"), ("firstaid", "first aid"))),
        OptionSpec("healer", "Who treats them (First Aid, surgery; the patient by default).", "combatant"),
        OptionSpec("modifier", "Circumstances or equipment.", "number", low=-5, high=5),
        OptionSpec("days", "Days of rest (rest only; 1 by default).", "number", low=0, high=365),
    )),
)


@dataclass(frozen=True)
class Engaged:
    """Two combatants paired as foes."""

    target: str
    foe: str
    before: bool = False  # paired before the fight began: it counts from round 1


@dataclass(frozen=True)
class DefenceSet:
    """A combatant's standing defence (None: his best)."""

    target: str
    defence: str | None


@dataclass(frozen=True)
class FudgeSet:
    """A combatant's FUDGE points set."""

    target: str
    points: int


def _text(options: Mapping[str, OptionValue], name: str) -> str:
    value = options.get(name)
    return value if isinstance(value, str) else ""


def _number(options: Mapping[str, OptionValue], name: str, default: int) -> int:
    value = options.get(name, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _engage(encounter: Encounter, options: Mapping[str, OptionValue]) -> ActionOutcome:
    one, other = encounter.get(_text(options, "target")), encounter.get(_text(options, "foe"))
    if one.side == other.side:
        raise CannotAct(f"{one.name} and {other.name} are on the same side.")
    encounter = put_fighter(put_fighter(encounter, one.id, paired=other.id), other.id, paired=one.id)
    return ActionOutcome(encounter, Engaged(one.id, other.id, encounter.turns.round == 0))


def _heal(encounter: Encounter, options: Mapping[str, OptionValue], dice: DiceSource) -> ActionOutcome:
    target = _text(options, "target")
    method = _text(options, "method")
    healer = _text(options, "healer") or target
    modifier = _number(options, "modifier", 0)
    if method == "first aid":
        after, result = healing.first_aid(encounter, healer, target, modifier, dice)
    elif method == "surgery":
        after, result = healing.surgery(encounter, healer, target, modifier, dice)
    elif method == "rest":
        return ActionOutcome(*healing.rest(encounter, target, _number(options, "days", 1)))
    else:
        return ActionOutcome(*healing.save(encounter, target))
    return ActionOutcome(after, result)


def use(encounter: Encounter, tool: str, options: Mapping[str, OptionValue], dice: DiceSource) -> ActionOutcome:
    """Run the GM tool ``tool`` with its parsed options."""
    if tool == "engage":
        return _engage(encounter, options)
    if tool == "defence":
        target = _text(options, "target")
        chosen = _text(options, "defence") or "best"
        kept = None if chosen == "best" else chosen
        return ActionOutcome(put_fighter(encounter, target, defence=kept), DefenceSet(target, kept))
    if tool == "fudge":
        target = _text(options, "target")
        points = _number(options, "points", 0)
        return ActionOutcome(put_fighter(encounter, target, fudge_points=points), FudgeSet(target, points))
    if tool == "heal":
        return _heal(encounter, options, dice)
    raise InvalidInput(f"FUDGE Deryni has no GM tool '{tool}'; it has {', '.join(t.name for t in TOOLS)}.")
