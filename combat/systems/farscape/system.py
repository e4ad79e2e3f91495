"""The FUDGE Farscape rule system: wires initiative, surprise, exchanges, ranged fire and wounds together."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from combat.dice import DiceSource
from combat.errors import CannotAct
from combat.model import Combatant, Encounter
from combat.odds import Odds
from combat.options import OptionValue
from combat.sheet import BuiltSheet, Sheet, SheetRequest
from combat.summary import Beat
from combat.system import ActionOutcome, Intent, MoveSpec, Newcomers, Reaction, RoundStart, RulesDefaults, ToolSpec
from combat.systems.farscape import attack, exchange, ranged, reaction, tools
from combat.systems.farscape.digest import digest as digest_result
from combat.systems.farscape.digest import status as status_keys
from combat.systems.farscape.disengage import OUT
from combat.systems.farscape.harm import acts_at_same_moment
from combat.systems.farscape.initiative import initiative_entries, mark_size_steps
from combat.systems.farscape.moment import at_same_moment
from combat.systems.farscape.odds import attack_odds
from combat.systems.farscape.sheet import SPEC
from combat.systems.farscape.strain import able, allow_strain, can_strain
from combat.systems.farscape.surprise import Recovery, recover
from combat.systems.farscape.tables import FarscapeTables
from combat.systems.farscape.templates import build_sheet, find_template
from combat.systems.farscape.tools import Frozen, LeadersContest
from combat.systems.farscape.wounds import Health, fresh_health
from combat.turns import SINGLE_PHASE, InitiativeEntry

__all__ = ["ElementStart", "FarscapeSystem", "Frozen"]

Resolver = Callable[[Encounter, Intent, FarscapeTables, DiceSource], ActionOutcome]


@dataclass(frozen=True)
class ElementStart(RoundStart):
    """An element began: conditions that ran out, and frozen combatants' recovery rolls."""

    expired: tuple[tuple[str, str], ...] = ()
    recoveries: tuple[Recovery, ...] = ()


class FarscapeSystem(RulesDefaults):
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

    def gm_tools(self) -> tuple[ToolSpec, ...]:
        """Return surprise, adjust, heal and strain."""
        return tools.TOOLS

    def use_tool(
        self, encounter: Encounter, tool: str, options: Mapping[str, OptionValue], dice: DiceSource
    ) -> ActionOutcome:
        """Run one of the GM's tools."""
        return tools.use(encounter, tool, options, self.tables, dice)

    def suggest(self, encounter: Encounter, actor: str | None, source: str) -> tuple[str, ...]:
        """Suggest rows of a table (``table:weapons`` …), or the weapons or grenades the actor carries."""
        tables: dict[str, Mapping[str, object]] = {
            "templates": self.tables.templates, "weapons": self.tables.weapons, "armour": self.tables.armour,
            "shields": self.tables.shields, "grenades": self.tables.grenades, "explosives": self.tables.explosives,
        }
        if source.startswith("table:"):
            return tuple(tables.get(source.removeprefix("table:"), {}))
        pool = [encounter.get(actor)] if actor is not None else list(encounter.combatants)
        carried = dict.fromkeys(w for c in pool for w in c.sheet.weapons)
        if source == "weapons":
            return tuple(w for w in carried if w in self.tables.weapons)
        if source == "grenades":
            return tuple(w for w in carried if w in self.tables.grenades)
        if source == "explosives":
            return tuple(w for w in carried if w in self.tables.explosives)
        return ()

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

    def newcomers(self, encounter: Encounter, ids: tuple[str, ...], dice: DiceSource) -> Newcomers:
        """Rank newcomers at their Speed like everyone else [ours]; nothing is rolled."""
        return Newcomers(tuple(e for e in initiative_entries(encounter, self.tables) if e.combatant in ids))

    def can_act(self, combatant: Combatant, phase: str) -> bool:
        """Tell whether the combatant can act: not frozen, unconscious or out; Incapacitated only to strain.

        A partner of the same Initiative taken out by another partner's move still acts, at the same time [seed]
        (see moment.py).
        """
        # [ours] An Incapacitated combatant keeps a turn only with the GM's leave to strain (see strain.py).
        return able(combatant) or acts_at_same_moment(combatant)

    def out_of_fight(self, combatant: Combatant) -> bool:
        """Count out the unconscious, those out and the Incapacitated who may not strain (frozen only holds back)."""
        health: Health = combatant.health
        down = combatant.has_any("unconscious", "out")
        return down or (health.incapacitated and not can_strain(combatant))

    def fled(self, combatant: Combatant) -> bool:
        """Tell whether he fled the fight (out after a retreat), neither unconscious nor incapacitated."""
        health: Health = combatant.health
        return combatant.has(OUT) and not combatant.has("unconscious") and not health.incapacitated

    def allow_strain(self, encounter: Encounter, combatant_id: str, allowed: bool = True) -> Encounter:
        """Let (or stop) an Incapacitated combatant strain to act: Great Willpower first, at the -3 wound."""
        return allow_strain(encounter, combatant_id, allowed)

    def start_round(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, ElementStart]:
        """Count conditions down, then roll frozen combatants' recovery in initiative order."""
        encounter, expired = encounter.tick()
        encounter = mark_size_steps(encounter, self.tables)
        encounter, recoveries = self._recover_frozen(encounter, dice)
        return encounter, ElementStart(encounter.turns.round + 1, (), tuple(expired), recoveries)

    def _recover_frozen(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, tuple[Recovery, ...]]:
        """Roll each frozen combatant's recovery in initiative order; the unconscious roll nothing (see recover)."""
        if not any([c.has("frozen") for c in encounter.combatants]):
            return encounter, ()
        recoveries: list[Recovery] = []
        for entry in sorted(initiative_entries(encounter, self.tables), key=lambda e: e.key(e.counts[0]), reverse=True):
            frozen = encounter.get(entry.combatant)
            combatant, roll = recover(frozen, dice, down=self.out_of_fight(frozen))
            encounter = encounter.put(combatant)
            if roll is not None:
                recoveries.append(roll)
        return encounter, tuple(recoveries)

    def act(self, encounter: Encounter, intent: Intent, dice: DiceSource) -> ActionOutcome:
        """Resolve a move through its resolver; partners of the actor's Initiative it wounds still act as they were."""
        resolver = self._resolvers.get(intent.move)
        if resolver is None:
            raise CannotAct(f"Farscape has no move '{intent.move}'.")
        return at_same_moment(encounter, intent, resolver(encounter, intent, self.tables, dice))

    def reaction_for(self, encounter: Encounter, intent: Intent) -> Reaction | None:
        """Offer "Dodge or take it?" to the player of a target a shot or grenade would make dodge."""
        return reaction.reaction_for(encounter, intent, self.tables)

    def choose(self, intent: Intent, offered: Reaction, choice: str) -> Intent:
        """Record the target's answer (dodge, or take it) in the intent."""
        return reaction.choose(intent, offered, choice)

    def odds(self, encounter: Encounter, intent: Intent) -> Odds:
        """Work out the exact chances of an attack, a shot or an exchange move on one target."""
        return attack_odds(encounter, intent, self.tables)

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
        return tools.surprise(encounter, side, mutual, difficulty, difficulties)

    def leaders_contest(
        self,
        encounter: Encounter,
        first: str,
        second: str,
        difficulty: int = 0,
        difficulties: Mapping[str, int] | None = None,
    ) -> tuple[Encounter, LeadersContest]:
        """Settle a mutual surprise: the leaders compare Initiative and bonuses; the loser's side freezes."""
        return tools.contest(encounter, (first, second), self.tables, difficulty, difficulties)
