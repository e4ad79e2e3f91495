"""The d6 dice-pool / Hits-To-Kill rule system: wires Initiative, attacks, spending successes and recovery."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.dice import DiceSource
from combat.errors import CannotAct, RulesError
from combat.intent import PendingReaction
from combat.model import Combatant, Encounter
from combat.odds import Odds
from combat.options import OptionValue
from combat.sheet import BuiltSheet, Sheet, SheetRequest
from combat.summary import Beat
from combat.system import ActionOutcome, Intent, MoveSpec, Newcomers, RulesDefaults, ToolSpec
from combat.systems.d6pool import digest as digests
from combat.systems.d6pool import tools
from combat.systems.d6pool.attack import resolve_attack
from combat.systems.d6pool.build import build_sheet, htk_of
from combat.systems.d6pool.initiative import able, entries, roll_initiative
from combat.systems.d6pool.model import KO, RETREATED, Htk, Ready, RoundState
from combat.systems.d6pool.moves import MOVES, RESOLVERS
from combat.systems.d6pool.odds import attack_odds
from combat.systems.d6pool.results import Joined, RoundBegins, Spend
from combat.systems.d6pool.rounds import begin_round
from combat.systems.d6pool.sheet import SPEC
from combat.systems.d6pool.spend import release_holds, spend
from combat.systems.d6pool.tables import UNARMED, D6Tables
from combat.turns import SINGLE_PHASE, InitiativeEntry

__all__ = ["D6PoolSystem"]


class D6PoolSystem(RulesDefaults):
    """d6 pool: Agility + 1d6 Initiative every round with several actions, dice pools, Power Factor, HTK."""

    key = "d6pool"
    title = "d6 pool (HTK)"
    phases = SINGLE_PHASE
    sheet_spec = SPEC
    health_type = Htk
    combatant_state_type = Ready
    encounter_state_type = RoundState
    choice_context_type = Spend

    def __init__(self, tables: D6Tables | None = None) -> None:
        self.tables = tables or D6Tables()

    def moves(self) -> tuple[MoveSpec, ...]:
        """Return the attack, full defence (dodge, block), stand, escape, letgo and retreat."""
        return MOVES

    def gm_tools(self) -> tuple[ToolSpec, ...]:
        """Return recover, difficulty and ready."""
        return tools.TOOLS

    def use_tool(self, encounter: Encounter, tool: str, options: Mapping[str, OptionValue],
                 dice: DiceSource) -> ActionOutcome:
        """Run one of the GM's tools."""
        return tools.use(encounter, tool, options, self.tables)

    def suggest(self, encounter: Encounter, actor: str | None, source: str) -> tuple[str, ...]:
        """Suggest table rows (``table:weapons`` …) or the weapons the actor carries."""
        tables: dict[str, Mapping[str, object]] = {
            "templates": self.tables.templates, "weapons": self.tables.weapons, "armour": self.tables.armour}
        if source.startswith("table:"):
            return tuple(tables.get(source.removeprefix("table:"), {}))
        if source == "weapons":
            pool = [encounter.get(actor)] if actor is not None else list(encounter.combatants)
            return tuple(dict.fromkeys((*(w for c in pool for w in c.sheet.weapons), UNARMED)))
        return ()

    def build_sheet(self, request: SheetRequest) -> BuiltSheet:
        """Build a sheet from a template and/or traits (numbers or chart names)."""
        return build_sheet(self.tables, request)

    def new_health(self, sheet: Sheet) -> Htk:
        """Return full HTK."""
        return htk_of(sheet, self.tables.charts)

    def new_state(self, sheet: Sheet) -> Ready:
        """Have the first weapon carried ready, the fists when none is (nothing for objects)."""
        if sheet.tier == "object":
            return Ready(None)
        return Ready(sheet.weapons[0] if sheet.weapons else UNARMED)

    def new_encounter_state(self) -> RoundState:
        """No Initiative rolled yet."""
        return RoundState()

    def start_round(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, RoundBegins]:
        """Let stuns and full defence wear off, roll recoveries, then everyone's Initiative."""
        return begin_round(encounter, self.tables, dice)

    def initiative(self, encounter: Encounter, dice: DiceSource) -> tuple[InitiativeEntry, ...]:
        """Rank everyone by the Initiative rolled as the round began."""
        state = encounter.state if isinstance(encounter.state, RoundState) else RoundState()
        return entries(state.rolls)

    def newcomers(self, encounter: Encounter, ids: tuple[str, ...], dice: DiceSource) -> Newcomers:
        """Roll Initiative for combatants joining mid-round, and show the rolls."""
        joining = [encounter.get(i) for i in ids]
        rolls = tuple(roll_initiative(c, self.tables, dice) for c in joining if able(c))
        return Newcomers(entries(rolls), Joined(rolls) if rolls else None)

    def can_act(self, combatant: Combatant, phase: str) -> bool:
        """Act unless an object, down, knocked out, stunned or gone."""
        return able(combatant)

    def is_fighter(self, combatant: Combatant) -> bool:
        """Tell objects (scenery the GM added: a truck, a wall) from fighters."""
        return combatant.sheet.tier != "object"

    def check_hold(self, encounter: Encounter, combatant_id: str) -> None:
        """Refuse every hold: characters act on their Initiative counts, in order [seed]."""
        raise RulesError("In the d6 pool nobody holds an action: everyone acts on his own Initiative counts, in "
                         "order. Act now, or pass with /encounter next.")

    def left(self, encounter: Encounter, gone: str) -> Encounter:
        """Free whoever the combatant taken out of the encounter held."""
        return release_holds(encounter, gone)[0]

    def fled(self, combatant: Combatant) -> bool:
        """Tell whether he retreated from the fight (from full defence), still standing."""
        return combatant.has(RETREATED) and not combatant.health.down and not combatant.has(KO)

    def out_of_fight(self, combatant: Combatant) -> bool:
        """Count out an object, the down, the knocked out and whoever has gone; a stun passes."""
        health: Htk = combatant.health
        gone = combatant.has(KO) or combatant.has(RETREATED)
        return combatant.sheet.tier == "object" or health.down or gone

    def act(self, encounter: Encounter, intent: Intent, dice: DiceSource) -> ActionOutcome:
        """Resolve an attack or one of the other moves."""
        if intent.move == "attack":
            return resolve_attack(encounter, intent, self.tables, dice)
        resolver = RESOLVERS.get(intent.move)
        if resolver is None:
            raise CannotAct(f"The d6 pool system has no move '{intent.move}'.")
        return resolver(encounter, intent, self.tables, dice)

    def resolve_choice(self, encounter: Encounter, pending: PendingReaction, choice: str,
                       dice: DiceSource) -> ActionOutcome:
        """Spend the attack's successes as the attacker chose."""
        context: Spend = pending.context
        encounter, spent = spend(encounter, pending.intent.actor, context, choice, self.tables, dice)
        return ActionOutcome(encounter, spent)

    def odds(self, encounter: Encounter, intent: Intent) -> Odds:
        """Work out the exact chances of an attack: the hit roll, then the successes that get through."""
        return attack_odds(encounter, intent, self.tables)

    def digest(self, result: Any) -> tuple[Beat, ...]:
        """Boil a result down to beats for the round summary."""
        return digests.digest(result)

    def status(self, combatant: Combatant) -> tuple[str, ...]:
        """Name the combatant's states worth showing."""
        return digests.status(combatant)

    def health_state(self, combatant: Combatant) -> dict[str, Any]:
        """Export HTK."""
        return digests.health_state(combatant)
