"""The FUDGE Deryni rule system: wires the sheet, Initiative, attacks and defences, wounds, powers and tools."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.dice import DiceSource
from combat.errors import CannotAct
from combat.intent import PendingReaction
from combat.model import Combatant, Encounter
from combat.odds import Odds
from combat.options import OptionValue
from combat.sheet import BuiltSheet, Sheet, SheetRequest
from combat.summary import Beat
from combat.system import ActionOutcome, Intent, MoveSpec, Newcomers, Reaction, RulesDefaults, ToolSpec
from combat.systems.deryni import death, defence, holding, initiative, powers, rounds, running, simple, strike, tools
from combat.systems.deryni.digest import digest as digest_result
from combat.systems.deryni.digest import status as status_keys
from combat.systems.deryni.health import LEVELS, Health
from combat.systems.deryni.moves import MOVES
from combat.systems.deryni.odds import attack_odds
from combat.systems.deryni.results import DeathSettled, Pause
from combat.systems.deryni.sheet import FUDGE_POINTS, SPEC
from combat.systems.deryni.state import Fighter, Ties, fighter, ties
from combat.systems.deryni.tables import DeryniTables
from combat.systems.deryni.templates import build_sheet, find_template
from combat.turns import SINGLE_PHASE, InitiativeEntry

__all__ = ["DeryniSystem"]


class DeryniSystem(RulesDefaults):
    """FUDGE Deryni: rounds of one attack and one defence each, Initiative kept for the fight, one phase."""

    key = "deryni"
    title = "FUDGE Deryni"
    defence_note = ("The one attacked picks a defence before any die rolls: it is asked for with the attack "
                    "(/encounter react, or the buttons).")
    phases = SINGLE_PHASE
    sheet_spec = SPEC
    health_type = Health
    combatant_state_type = Fighter
    encounter_state_type = Ties
    choice_context_type = Pause

    def __init__(self, tables: DeryniTables | None = None) -> None:
        self.tables = tables or DeryniTables()

    def moves(self) -> tuple[MoveSpec, ...]:
        """Return attack, defend, pickup, run, power and dismiss."""
        return MOVES

    def gm_tools(self) -> tuple[ToolSpec, ...]:
        """Return engage, defence, fudge and heal."""
        return tools.TOOLS

    def use_tool(
        self, encounter: Encounter, tool: str, options: Mapping[str, OptionValue], dice: DiceSource
    ) -> ActionOutcome:
        """Run one of the GM's tools."""
        return tools.use(encounter, tool, options, dice)

    def build_sheet(self, request: SheetRequest) -> BuiltSheet:
        """Build a sheet from a template and/or named traits, checking gear against the tables."""
        template = find_template(self.tables, request.template) if request.template else None
        sheet = build_sheet(self.tables, template.key if template else None, request.traits, talents=request.talents,
                            tier=request.tier, weapons=request.weapons, armour=request.armour, shield=request.shield)
        return BuiltSheet(sheet, template.name if template else None, template.side if template else None)

    def new_health(self, sheet: Sheet) -> Health:
        """Start unhurt."""
        return Health()

    def new_state(self, sheet: Sheet) -> Fighter:
        """Start a fight with the tier's FUDGE points (a hero 3, anyone else none)."""
        return Fighter(fudge_points=FUDGE_POINTS.get(sheet.tier, 0))

    def new_encounter_state(self) -> Ties:
        """Start with no roll-offs."""
        return Ties()

    def initiative(self, encounter: Encounter, dice: DiceSource) -> tuple[InitiativeEntry, ...]:
        """Rank everyone by Initiative, ties in their roll-off's order (rolled as the round began)."""
        return initiative.entries(encounter, self.tables, ties(encounter))

    def newcomers(self, encounter: Encounter, ids: tuple[str, ...], dice: DiceSource) -> Newcomers:
        """Rank newcomers at their Initiative, after anyone they tie with this round; nothing is rolled."""
        return Newcomers(initiative.newcomer_entries(encounter, self.tables, ids))

    def can_act(self, combatant: Combatant, phase: str) -> bool:
        """Act unless dead, unconscious, incapacitated or in an all-out defence."""
        return not combatant.health.out and not fighter(combatant).all_out

    def check_hold(self, encounter: Encounter, combatant_id: str) -> None:
        """Let only the highest Initiative of a fight hold [seed]."""
        holding.check_hold(encounter, combatant_id)

    def out_of_fight(self, combatant: Combatant) -> bool:
        """Count out the dead, the unconscious and the incapacitated (an all-out defence only holds back)."""
        return bool(combatant.health.out)

    def start_round(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, rounds.DeryniRoundStart]:
        """Carry the last round over, work out Initiative and roll off ties."""
        return rounds.start_round(encounter, self.tables, dice)

    def end_round(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, Any]:
        """Let the dying die and test everyone's consciousness."""
        return rounds.end_round(encounter, dice)

    def act(self, encounter: Encounter, intent: Intent, dice: DiceSource) -> ActionOutcome:
        """Resolve a move."""
        if intent.move == "attack":
            return strike.resolve_attack(encounter, intent, self.tables, dice)
        if intent.move == "defend":
            return simple.all_out(encounter, intent)
        if intent.move == "pickup":
            return simple.pick_up(encounter, intent, self.tables, dice)
        if intent.move == "run":
            return running.run_to(encounter, intent, dice)
        if intent.move == "power":
            return powers.use_power(encounter, intent, dice)
        if intent.move == "dismiss":
            return powers.dismiss(encounter, intent)
        raise CannotAct(f"FUDGE Deryni has no move '{intent.move}'.")

    def reaction_for(self, encounter: Encounter, intent: Intent) -> Reaction | None:
        """Ask a player's fighter how he defends before any die rolls."""
        return defence.reaction_for(encounter, intent, self.tables)

    def choose(self, intent: Intent, reaction: Reaction, choice: str) -> Intent:
        """Record the defence chosen."""
        return defence.choose(intent, reaction, choice)

    def resolve_choice(
        self, encounter: Encounter, pending: PendingReaction, choice: str, dice: DiceSource
    ) -> ActionOutcome:
        """Go on with a Death Test that waited for a choice about FUDGE points."""
        pause: Pause = pending.context
        encounter, test, ask, again = death.answer(encounter, pause, choice, dice)
        if ask is not None:
            return ActionOutcome(encounter, DeathSettled(test, waiting=True) if test else None, ask=ask,
                                 context=again)
        assert test is not None
        encounter, checked = powers.meditate(encounter, pause.checks, dice, pause.target if pause.dodged else None,
                                             struck=pause.target)
        return ActionOutcome(encounter, DeathSettled(test, checked, after=pause.stage == "after"))

    def odds(self, encounter: Encounter, intent: Intent) -> Odds:
        """Work out the exact chances of an attack: 2dF against 2dF, the wound, a special attack, the Death Test."""
        return attack_odds(encounter, intent, self.tables)

    def suggest(self, encounter: Encounter, actor: str | None, source: str) -> tuple[str, ...]:
        """Suggest the weapons one carries, one's items on the floor, or a table's rows."""
        tables: dict[str, Mapping[str, object]] = {
            "templates": self.tables.templates, "weapons": self.tables.weapons, "armour": self.tables.armour,
            "shields": self.tables.shields,
        }
        if source.startswith("table:"):
            return tuple(tables.get(source.removeprefix("table:"), {}))
        pool = [encounter.get(actor)] if actor is not None else list(encounter.combatants)
        if source == "weapons":
            return tuple(dict.fromkeys([*(w for c in pool for w in c.sheet.weapons), "unarmed", "shield"]))
        if source == "dropped":
            return tuple(dict.fromkeys(d for c in pool for d in fighter(c).dropped))
        return ()

    def digest(self, result: Any) -> tuple[Beat, ...]:
        """Boil a result down to beats for the round summary."""
        return digest_result(result)

    def status(self, combatant: Combatant) -> tuple[str, ...]:
        """Name the combatant's states worth showing."""
        return status_keys(combatant)

    def health_state(self, combatant: Combatant) -> Mapping[str, Any]:
        """Export the wounds, their points, the states they left, the FUDGE points and the power fatigue."""
        health: Health = combatant.health
        state = fighter(combatant)
        return {
            "wounds": [LEVELS[w.level] for w in health.wounds],
            "wound_points": health.points,
            "unconscious": health.unconscious,
            "dying": health.dying is not None,
            "dead": health.dead,
            "disabled": list(health.disabled),
            "severed": list(health.severed),
            "fudge_points": state.fudge_points,
            "power_fatigue": state.fatigue,
            "dropped": list(state.dropped),
        }
