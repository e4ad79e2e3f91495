"""The FUDGE Farscape rule system: wires initiative, surprise, exchanges, ranged fire and wounds together."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from combat.dice import DiceSource
from combat.errors import CannotAct
from combat.model import Combatant, Condition, Encounter
from combat.sheet import BuiltSheet, Sheet, SheetRequest
from combat.summary import Beat
from combat.system import ActionOutcome, Intent, MoveSpec, Reaction, RoundStart
from combat.systems.farscape import attack, exchange, ranged, reaction
from combat.systems.farscape.aftercare import Aftercare, heal
from combat.systems.farscape.digest import digest as digest_result
from combat.systems.farscape.digest import status as status_keys
from combat.systems.farscape.initiative import initiative_entries, score
from combat.systems.farscape.sheet import SPEC
from combat.systems.farscape.strain import allow_strain, can_strain
from combat.systems.farscape.surprise import (
    MutualSurprise,
    Recovery,
    freeze_side,
    leader_score,
    mutual_surprise,
    recover,
    recovery_difficulties,
)
from combat.systems.farscape.tables import FarscapeTables
from combat.systems.farscape.templates import build_sheet, find_template
from combat.systems.farscape.wounds import Health, fresh_health
from combat.turns import SINGLE_PHASE, InitiativeEntry

__all__ = ["ElementStart", "FarscapeSystem", "Frozen", "LeadersContest"]

Resolver = Callable[[Encounter, Intent, FarscapeTables, DiceSource], ActionOutcome]


@dataclass(frozen=True, slots=True)
class ElementStart(RoundStart):
    """An element began: conditions that ran out, and frozen combatants' recovery rolls."""

    expired: tuple[tuple[str, str], ...] = ()
    recoveries: tuple[Recovery, ...] = ()


@dataclass(frozen=True, slots=True)
class LeadersContest:
    """A mutual surprise settled by the leaders' contest, and the side that froze."""

    contest: MutualSurprise
    frozen: Frozen


@dataclass(frozen=True, slots=True)
class Frozen:
    """Who froze when surprise was declared, and the Willpower DL each of them must reach to recover."""

    side: str
    frozen: tuple[str, ...]
    mutual: bool
    recovery: tuple[tuple[str, int], ...] = ()


def _frozen(encounter: Encounter, side: str, who: tuple[str, ...], mutual: bool) -> Frozen:
    """Describe a freeze: who froze, and each one's recovery DL as set on the frozen condition."""
    levels = tuple((cid, c.value) for cid in who if (c := encounter.get(cid).condition("frozen")) is not None)
    return Frozen(side, who, mutual, levels)


class FarscapeSystem:
    """FUDGE Farscape: elements of about three seconds, static Speed initiative, one phase."""

    key = "farscape"
    title = "FUDGE Farscape"
    phases = SINGLE_PHASE
    sheet_spec = SPEC
    health_type = Health

    def __init__(self, tables: FarscapeTables | None = None) -> None:
        self.tables = tables or FarscapeTables()
        self._resolvers: dict[str, Resolver] = {
            **dict.fromkeys((m.name for m in exchange.MELEE_MOVES), exchange.resolve_melee),
            **ranged.RESOLVERS,
            "attack": attack.resolve_attack,
        }

    def moves(self) -> tuple[MoveSpec, ...]:
        """Return every Farscape move."""
        return attack.all_moves()

    def build_sheet(self, request: SheetRequest) -> BuiltSheet:
        """Build a sheet from a template and/or named traits, checking gear against the tables."""
        template = find_template(self.tables, request.template) if request.template else None
        sheet = build_sheet(
            self.tables,
            template.key if template else None,
            request.traits,
            talents=request.talents,
            tier=request.tier,
            weapons=request.weapons,
            armour=request.armour,
            shield=request.shield,
        )
        return BuiltSheet(sheet, template.name if template else None, template.side if template else None)

    def new_health(self, sheet: Sheet) -> Health:
        """Return unhurt tracks for the sheet's tier."""
        return fresh_health(sheet.tier)

    def initiative(self, encounter: Encounter, dice: DiceSource) -> tuple[InitiativeEntry, ...]:
        """Rank everyone by Speed with penalties; no dice in Farscape."""
        return initiative_entries(encounter, self.tables)

    def newcomers(self, encounter: Encounter, ids: tuple[str, ...], dice: DiceSource) -> tuple[InitiativeEntry, ...]:
        """Rank newcomers at their Speed like everyone else [D]."""
        return tuple(e for e in initiative_entries(encounter, self.tables) if e.combatant in ids)

    def can_act(self, combatant: Combatant, phase: str) -> bool:
        """Tell whether the combatant can act: not frozen, unconscious or out; Incapacitated only to strain."""
        health: Health = combatant.health
        blocked = any(combatant.has(n) for n in ("frozen", "unconscious", "out"))
        # [D] An Incapacitated combatant keeps a turn only with the GM's leave to strain (see strain.py).
        return not blocked and (not health.incapacitated or can_strain(combatant))

    def allow_strain(self, encounter: Encounter, combatant_id: str, allowed: bool = True) -> Encounter:
        """Let (or stop) an Incapacitated combatant strain to fight on: Great Willpower first, at the -3 wound."""
        return allow_strain(encounter, combatant_id, allowed)

    def start_round(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, ElementStart]:
        """Count conditions down, then roll frozen combatants' recovery in initiative order."""
        expired: list[tuple[str, str]] = []
        ticked: list[Combatant] = []
        for combatant in encounter.combatants:
            after, gone = combatant.tick()
            ticked.append(after)
            expired.extend((combatant.id, name) for name in gone)
        encounter = encounter.put(*ticked)
        recoveries: list[Recovery] = []
        for entry in sorted(initiative_entries(encounter, self.tables), key=lambda e: e.key(e.counts[0]), reverse=True):
            combatant, roll = recover(encounter.get(entry.combatant), dice)
            encounter = encounter.put(combatant)
            if roll is not None:
                recoveries.append(roll)
        start = ElementStart(encounter.turns.round + 1, (), tuple(expired), tuple(recoveries))
        return encounter, start

    def act(self, encounter: Encounter, intent: Intent, dice: DiceSource) -> ActionOutcome:
        """Resolve a move through its resolver."""
        resolver = self._resolvers.get(intent.move)
        if resolver is None:
            raise CannotAct(f"Farscape has no move '{intent.move}'.")
        return resolver(encounter, intent, self.tables, dice)

    def reaction_for(self, encounter: Encounter, intent: Intent) -> Reaction | None:
        """Offer "Dodge or take it?" to the player of a target a shot or grenade would make dodge."""
        return reaction.reaction_for(encounter, intent, self.tables)

    def choose(self, intent: Intent, offered: Reaction, choice: str) -> Intent:
        """Record the target's answer (dodge, or take it) in the intent."""
        return reaction.choose(intent, offered, choice)

    def digest(self, result: Any) -> tuple[Beat, ...]:
        """Boil a result down to beats for the round summary."""
        return digest_result(result)

    def status(self, combatant: Combatant) -> tuple[str, ...]:
        """Name the combatant's states worth showing (frozen, stunned, pinned, prone, unconscious, …)."""
        return status_keys(combatant)

    def health_state(self, combatant: Combatant) -> dict[str, Any]:
        """Return both tracks as {level: filled boxes}, and the current level names."""
        health: Health = combatant.health
        return {
            "lethal": dict(zip(health.spec("lethal").levels, health.lethal.filled, strict=True)),
            "stun": dict(zip(health.spec("stun").levels, health.stun.filled, strict=True)),
            "lethal_level": health.lethal.level_name,
            "stun_level": health.stun.level_name,
        }

    def surprise(
        self,
        encounter: Encounter,
        side: str,
        mutual: bool = False,
        difficulty: int = 0,
        difficulties: Mapping[str, int] | None = None,
    ) -> tuple[Encounter, Frozen]:
        """Freeze a side caught by surprise (members with Cool Head still act).

        ``difficulty`` is the side's recovery DL; ``difficulties`` (combatant id → DL) sets some members' own.
        """
        if not any(c.side == side for c in encounter.combatants):
            raise CannotAct(f"No combatant is on the side '{side}'.")
        own = recovery_difficulties(encounter, side, difficulties)
        encounter, who = freeze_side(encounter, side, mutual, difficulty, own)
        return encounter, _frozen(encounter, side, who, mutual)

    def leaders_contest(
        self,
        encounter: Encounter,
        first: str,
        second: str,
        dice: DiceSource,
        difficulty: int = 0,
        difficulties: Mapping[str, int] | None = None,
    ) -> tuple[Encounter, LeadersContest]:
        """Settle a mutual surprise: the two sides' leaders compare Initiative and bonuses; the loser's side freezes.

        ``difficulties`` (combatant id → recovery DL) may name members of either side: only the losing side's count.
        """
        one, other = encounter.get(first), encounter.get(second)
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
            scores.append(leader_score(a, b, team, score(a, encounter, self.tables).total))
        contest = mutual_surprise(scores[0], scores[1], dice)
        side = encounter.get(contest.loser).side
        own = {cid: level for cid, level in checked.items() if encounter.get(cid).side == side}
        encounter, frozen = freeze_side(encounter, side, True, difficulty, own)
        return encounter, LeadersContest(contest, _frozen(encounter, side, frozen, True))

    def heal(
        self, encounter: Encounter, target: str, method: str, dice: DiceSource, **options: Any
    ) -> tuple[Encounter, Aftercare]:
        """Treat, rest, recover, wake or clear scratches (see aftercare.heal for the options)."""
        return heal(encounter, target, method, dice, **options)

    def adjust_initiative(self, encounter: Encounter, combatant_id: str, value: int) -> Encounter:
        """Set a GM adjustment to a combatant's Initiative ('other factors')."""
        combatant = encounter.get(combatant_id)
        updated = combatant.with_condition(Condition("initiative", value=value)) if value else combatant.without(
            "initiative"
        )
        return replace(encounter.put(updated))
