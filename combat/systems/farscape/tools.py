"""The Farscape GM's tools: surprise (and the leaders' contest), Initiative adjustments, healing, and straining.

Each is a ``ToolSpec`` with its options; ``use`` runs one with the options Fray's parser has already typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from combat.dice import DiceSource
from combat.errors import CannotAct, InvalidInput, echo
from combat.ladder import parse_level
from combat.model import Condition, Encounter
from combat.options import OptionSpec, OptionValue
from combat.system import ActionOutcome, ToolSpec
from combat.systems.farscape.aftercare import METHODS, heal
from combat.systems.farscape.harm import trait
from combat.systems.farscape.initiative import score
from combat.systems.farscape.options import choices
from combat.systems.farscape.strain import allow_strain
from combat.systems.farscape.surprise import (
    MutualSurprise,
    freeze_side,
    leader_score,
    mutual_surprise,
    recovery_difficulties,
)
from combat.systems.farscape.tables import FarscapeTables

__all__ = ["TOOLS", "Frozen", "InitiativeAdjusted", "LeadersContest", "StrainAllowed", "contest", "surprise", "use"]

_TARGET = OptionSpec("target", "Who.", "combatant", required=True)

TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec("surprise", "A side is caught by surprise and freezes (Cool Head excepted), or a mutual surprise.", (
        OptionSpec("side", "The side that is surprised (or name two leaders instead).", source="sides"),
        OptionSpec("mutual", "Both sides surprised each other (yes or no).", "flag"),
        OptionSpec("leaders", 'Mutual surprise: one leader from each side, like "Crichton, Captain".', "combatants",
                   low=2, high=2),
        OptionSpec("difficulty", "Willpower difficulty to recover (Fair by default).", "level", low=-3, high=4),
        OptionSpec("difficulties", "Some fighters' own difficulty, like \"Crichton=Good, Rygel=Poor\"."),
    )),
    ToolSpec("adjust", "Adjust a combatant's Initiative for circumstances (from the next element).", (
        OptionSpec("target", "Whose Initiative.", "combatant", required=True),
        OptionSpec("initiative", "The adjustment (0 removes it).", "number", low=-5, high=5, required=True),
    )),
    ToolSpec("heal", "Heal a combatant: First Aid, Medicine, natural recovery, rest, waking, or scratches.", (
        OptionSpec("target", "Who is cared for.", "combatant", required=True),
        OptionSpec("method", "How.", "choice", choices(*METHODS), required=True),
        OptionSpec("healer", "Who gives First Aid or Medicine.", "combatant"),
        OptionSpec("modifier", "Medical equipment or circumstances.", "number", low=-5, high=5),
        OptionSpec("arns", "Hours of rest (rest only).", "number", low=0, high=1000),
    )),
    ToolSpec("strain", "Let an Incapacitated combatant strain to act (a Great Willpower roll first, at -3).", (
        _TARGET,
        OptionSpec("allowed", "yes (the default) grants it, no takes it back.", "flag"),
    )),
)


@dataclass(frozen=True)
class Frozen:
    """Who froze when surprise was declared, and the Willpower DL each of them must reach to recover."""

    side: str
    frozen: tuple[str, ...]
    mutual: bool
    recovery: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class LeadersContest:
    """A mutual surprise settled by the leaders' contest, and the side that froze (None: neither got the drop)."""

    contest: MutualSurprise
    frozen: Frozen | None


@dataclass(frozen=True)
class InitiativeAdjusted:
    """The GM's adjustment to a combatant's Initiative ('other factors'), counted from the next element."""

    target: str
    value: int


@dataclass(frozen=True)
class StrainAllowed:
    """The GM let an Incapacitated combatant strain to act, or took the leave back."""

    target: str
    allowed: bool


def _number(options: Mapping[str, OptionValue], name: str, default: int) -> int:
    value = options.get(name, default)
    return value if isinstance(value, int) else default


def _text(options: Mapping[str, OptionValue], name: str) -> str:
    value = options.get(name)
    return value if isinstance(value, str) else ""


def _frozen(encounter: Encounter, side: str, who: tuple[str, ...], mutual: bool) -> Frozen:
    """Describe a freeze: who froze, and each one's recovery DL as set on the frozen condition."""
    levels = tuple((cid, c.value) for cid in who if (c := encounter.get(cid).condition("frozen")) is not None)
    return Frozen(side, who, mutual, levels)


def surprise(encounter: Encounter, side: str, mutual: bool = False, difficulty: int = 0,
             difficulties: Mapping[str, int] | None = None) -> tuple[Encounter, Frozen]:
    """Freeze a side caught by surprise; ``difficulties`` (combatant id → DL) sets some members' own recovery DL."""
    if not any(c.side == side for c in encounter.combatants):
        raise CannotAct(f"No combatant is on the side '{side}'.")
    own = recovery_difficulties(encounter, side, difficulties)
    after, who = freeze_side(encounter, side, mutual, difficulty, own)
    return after, _frozen(after, side, who, mutual)


def contest(encounter: Encounter, leaders: tuple[str, ...], tables: FarscapeTables,
            difficulty: int = 0, difficulties: Mapping[str, int] | None = None) -> tuple[Encounter, LeadersContest]:
    """Settle a mutual surprise: the leaders compare Initiative and bonuses; the loser's side freezes.

    ``difficulties`` may name members of either side: only the losing side's count.
    """
    one, other = encounter.get(leaders[0]), encounter.get(leaders[1])
    if one.side == other.side:
        raise CannotAct(f"{one.name} and {other.name} lead the same side; name one leader from each side.")
    checked = {
        **recovery_difficulties(encounter, one.side, difficulties, strict=False),
        **recovery_difficulties(encounter, other.side, difficulties, strict=False),
    }
    stray = sorted(set(difficulties or {}) - set(checked))
    if stray:
        raise CannotAct(f"{encounter.get(stray[0]).name} is on neither leader's side; no difficulty for them.")
    scores = []
    for a, b in ((one, other), (other, one)):
        team = [c for c in encounter.combatants if c.side == a.side]
        scores.append(leader_score(a, b, team, score(a, encounter, tables).total))
    settled = mutual_surprise(scores[0], scores[1], (trait(one, "agility"), trait(other, "agility")))
    if settled.loser is None:
        return encounter, LeadersContest(settled, None)
    side = encounter.get(settled.loser).side
    own = {cid: level for cid, level in checked.items() if encounter.get(cid).side == side}
    after, frozen = freeze_side(encounter, side, True, difficulty, own)
    return after, LeadersContest(settled, _frozen(after, side, frozen, True))


def _difficulties(encounter: Encounter, text: str) -> dict[str, int]:
    """Read 'Crichton=Good, Rygel=Poor' into recovery DLs by combatant id."""
    found: dict[str, int] = {}
    for part in (p for p in text.split(",") if p.strip()):
        name, sep, level = part.partition("=")
        if not sep:
            raise InvalidInput(f"Give each difficulty as Name=Level, like Crichton=Good; not '{echo(part.strip())}'.")
        found[encounter.find(name).id] = parse_level(level)
    return found


def _surprise(encounter: Encounter, options: Mapping[str, OptionValue], tables: FarscapeTables) -> ActionOutcome:
    difficulty = _number(options, "difficulty", 0)
    own = _difficulties(encounter, _text(options, "difficulties"))
    leaders = options.get("leaders")
    if isinstance(leaders, tuple):
        if options.get("side"):
            raise InvalidInput("Name the surprised side or two leaders, not both.")
        return ActionOutcome(*contest(encounter, leaders, tables, difficulty, own))
    side = _text(options, "side").lower()
    if not side:
        raise InvalidInput("Name the surprised side (side:foes), or two leaders for a mutual surprise.")
    return ActionOutcome(*surprise(encounter, side, options.get("mutual") is True, difficulty, own))


def _adjust(encounter: Encounter, options: Mapping[str, OptionValue]) -> ActionOutcome:
    target = encounter.get(_text(options, "target"))
    value = _number(options, "initiative", 0)
    updated = target.with_condition(Condition("initiative", value=value)) if value else target.without("initiative")
    return ActionOutcome(encounter.put(updated), InitiativeAdjusted(target.id, value))


def _heal(encounter: Encounter, options: Mapping[str, OptionValue], dice: DiceSource) -> ActionOutcome:
    healer = _text(options, "healer") or None
    after, result = heal(encounter, _text(options, "target"), _text(options, "method"), dice, healer_id=healer,
                         modifier=_number(options, "modifier", 0), arns=_number(options, "arns", 1))
    return ActionOutcome(after, result)


def _strain(encounter: Encounter, options: Mapping[str, OptionValue]) -> ActionOutcome:
    target = _text(options, "target")
    allowed = options.get("allowed", True) is True
    return ActionOutcome(allow_strain(encounter, target, allowed), StrainAllowed(target, allowed))


def use(encounter: Encounter, tool: str, options: Mapping[str, OptionValue], tables: FarscapeTables,
        dice: DiceSource) -> ActionOutcome:
    """Run the GM tool ``tool`` with its parsed options."""
    if tool == "surprise":
        return _surprise(encounter, options, tables)
    if tool == "adjust":
        return _adjust(encounter, options)
    if tool == "heal":
        return _heal(encounter, options, dice)
    if tool == "strain":
        return _strain(encounter, options)
    raise InvalidInput(f"FUDGE Farscape has no GM tool '{tool}'; it has {', '.join(t.name for t in TOOLS)}.")
