"""J.E. Sawyer's Fallout "Simple" combat as a rule system: a hex map, three phases a round, attack modes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from combat.dice import DiceSource
from combat.errors import CannotAct, InvalidSheet
from combat.frozen import replace
from combat.intent import PendingReaction
from combat.model import Combatant, Encounter
from combat.odds import Odds
from combat.options import OptionValue
from combat.sheet import BuiltSheet, Sheet, SheetRequest, refuse_talents_and_shields
from combat.summary import Beat
from combat.system import ActionOutcome, Intent, MoveSpec, Newcomers, RulesDefaults, ToolSpec
from combat.systems.fallout import actions, moving, tools
from combat.systems.fallout.digest import digest, health_state, status
from combat.systems.fallout.kit import start_kit
from combat.systems.fallout.moves import MOVES
from combat.systems.fallout.odds import attack_odds
from combat.systems.fallout.pause import Pause
from combat.systems.fallout.results import Joined, RoundBegins
from combat.systems.fallout.sequence import newcomer_entries
from combat.systems.fallout.sheet import ABBREVIATIONS, ATTRIBUTES, SPEC, max_hp
from combat.systems.fallout.state import Field, Fighter, Vitals, fighter, with_fighter
from combat.systems.fallout.tables import FalloutTables
from combat.systems.fallout.vitals import begin_round, lapse_watches, skip_charge, turn_recovery
from combat.systems.fallout.walking import after_strike, fire, walk
from combat.tables import find_row
from combat.turns import InitiativeEntry, Phase

__all__ = ["FalloutSystem"]

ITEM_OPTIONS = ("weapon", "offhand", "draw", "stow", "item")

Resolver = Callable[[Encounter, Intent, FalloutTables, DiceSource], ActionOutcome]
RESOLVERS: dict[str, Resolver] = {
    "move": moving.move, "stance": moving.stance, "item": moving.items, "drop": moving.drop, "evade": moving.evade,
    "charge": actions.charge, "attack": actions.attack, "lob": actions.lob, "overwatch": actions.overwatch,
    "reload": actions.reload, "overload": actions.overload, "vent": actions.vent,
}


class FalloutSystem(RulesDefaults):
    """Fallout "Simple": sequence once per fight; move (lowest first), charge and action (highest first)."""

    key = "fallout"
    title = "Fallout (Simple)"
    defence_note = ("No one dodges an attack: evading in the move phase (/act move:evade) makes every attack on you "
                    "-5 this round, for your charge and action.")
    phases = (Phase("move", ascending=True), Phase("charge"), Phase("action"))
    sheet_spec = SPEC
    health_type = Vitals
    combatant_state_type = Fighter
    encounter_state_type = Field
    choice_context_type = Pause
    modifier_bounds = (-40, 40)

    def __init__(self, tables: FalloutTables | None = None) -> None:
        self.tables = tables or FalloutTables()

    def moves(self) -> tuple[MoveSpec, ...]:
        """Return every Fallout move, each in its phase."""
        return MOVES

    def gm_tools(self) -> tuple[ToolSpec, ...]:
        """Return the board, walls, terrain, placing and treating."""
        return tools.TOOLS

    def use_tool(self, encounter: Encounter, tool: str, options: Mapping[str, OptionValue],
                 dice: DiceSource) -> ActionOutcome:
        """Run one of the GM's tools."""
        return tools.use(encounter, tool, options, dice)

    def build_sheet(self, request: SheetRequest) -> BuiltSheet:
        """Build a sheet from a template and/or numbers; attributes are 1 to 10, gear must be in the tables."""
        refuse_talents_and_shields(request, "Fallout", "armour")
        template = None
        if request.template:
            template = self.tables.templates[find_row("template", request.template, self.tables.templates)]
        traits = dict(template.traits) if template else {}
        for name, text in request.traits.items():
            try:
                key = name.strip().lower()
                traits[ABBREVIATIONS.get(key, key)] = int(str(text).strip())
            except ValueError:
                raise InvalidSheet(f"{name} takes a number, not '{text}'.") from None
        for name in ATTRIBUTES:
            if name in traits and not 1 <= traits[name] <= 10:
                raise InvalidSheet(f"{name} must be from 1 to 10; {traits[name]} is not.")
        if not 1 <= traits.get("level", 1) <= SPEC.highest:
            raise InvalidSheet(f"level must be from 1 to {SPEC.highest}; {traits['level']} is not.")
        weapons = request.weapons if request.weapons is not None else (template.weapons if template else ())
        weapons = tuple(find_row("weapon", w, self.tables.weapons) for w in weapons)
        armour = request.armour if request.armour is not None else (template.armour if template else None)
        armour = None if armour is None else find_row("armour", armour, self.tables.armour)
        tier = request.tier or (template.tier if template else None)
        sheet = SPEC.build(traits=traits, tier=tier, weapons=tuple(weapons), armour=armour)
        return BuiltSheet(sheet, template.name if template else None, template.side if template else None)

    def new_health(self, sheet: Sheet) -> Vitals:
        """Start unhurt: 30 + EN + ST hit points (more with levels), no fatigue, no stun."""
        hp = max_hp(sheet)
        return Vitals(hp, hp)

    def new_state(self, sheet: Sheet) -> Fighter:
        """Start off the map with the first weapon in hand and full magazines."""
        return start_kit(self.tables, sheet.weapons)

    def new_encounter_state(self) -> Field:
        """Start with an empty 16 x 12 map."""
        return Field()

    def initiative(self, encounter: Encounter, dice: DiceSource) -> tuple[InitiativeEntry, ...]:
        """Keep the sequence rolled at the start (newcomers keep their place at the end)."""
        kept = {e.combatant: e for e in encounter.turns.order}
        entries = []
        for combatant in encounter.combatants:
            state = fighter(combatant)
            if state.sequence is not None:
                entries.append(InitiativeEntry(combatant.id, (state.sequence,), (state.rank,)))
            elif combatant.id in kept:
                entries.append(replace(kept[combatant.id], phases=()))
        return tuple(entries)

    def newcomers(self, encounter: Encounter, ids: tuple[str, ...], dice: DiceSource) -> Newcomers:
        """Roll the newcomers' sequence among themselves (shown); they all come after everyone already fighting."""
        entries, rolls = newcomer_entries(encounter, ids, dice)
        return Newcomers(entries, Joined(rolls) if rolls else None)

    def can_act(self, combatant: Combatant, phase: str) -> bool:
        """Skip the dead, unconscious and stunned, and phases given up or barred (winded, heavy weapon)."""
        vitals: Vitals = combatant.health
        state = fighter(combatant)
        if vitals.dead or vitals.passed_out or vitals.stun > 0 or state.knocked_out or phase in state.lost:
            return False
        if vitals.winded and state.acted and phase not in state.acted:
            return False
        heavy = any(self.tables.weapons[k].heavy for k in state.hands if k in self.tables.weapons)
        return not (phase == "action" and heavy and state.busy)

    def out_of_fight(self, combatant: Combatant) -> bool:
        """Count out the dead, the passed out and the knocked out (a stun, winded or lost phase only holds back)."""
        vitals: Vitals = combatant.health
        return vitals.dead or vitals.passed_out or fighter(combatant).knocked_out

    def start_round(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, RoundBegins]:
        """Roll the sequence (round 1); reset the round; drain stun, bleed, black out, recover the unable."""
        return begin_round(encounter, self.tables, dice)

    def turn_start(self, encounter: Encounter, ids: tuple[str, ...], dice: DiceSource) -> tuple[Encounter, Any]:
        """Recover fatigue on the combatant's turn (once a round); pass over a charge nobody could make.

        Past the move phase, the cones of last round's overwatch have lapsed, fired or not [seed]: they are let go.
        """
        if encounter.turns.phase != "move":
            encounter = lapse_watches(encounter)
        if encounter.turns.phase == "charge":
            encounter = encounter.put(*(skip_charge(encounter, self.tables, encounter.get(c)) for c in ids))
        return turn_recovery(encounter, ids)

    def act(self, encounter: Encounter, intent: Intent, dice: DiceSource) -> ActionOutcome:
        """Resolve a move through its resolver and note the phase acted in."""
        resolver = RESOLVERS.get(intent.move)
        if resolver is None:
            raise CannotAct(f"Fallout has no move '{intent.move}'.")
        intent = self._named(intent)
        outcome = resolver(encounter, intent, self.tables, dice)
        if not outcome.ends_turn or encounter.turns.phase is None:
            return outcome
        actor = outcome.encounter.get(intent.actor)
        state = fighter(actor)
        acted = replace(state, acted=tuple(dict.fromkeys((*state.acted, encounter.turns.phase))))
        return replace(outcome, encounter=outcome.encounter.put(with_fighter(actor, acted)))

    def resolve_choice(self, encounter: Encounter, pending: PendingReaction, choice: str,
                       dice: DiceSource) -> ActionOutcome:
        """Spend a critical point, or fire (or hold fire) from overwatch, and go on."""
        pause: Pause = pending.context
        if pause.kind == "crits" and pause.strike is not None:
            record = replace(pause.strike, spent=(*pause.strike.spent, choice))
            return after_strike(encounter, self.tables, dice, record, pause.move)
        assert pause.move is not None and pause.watcher is not None
        if choice == "hold":
            move = pause.move
            held = replace(move, declined=(*move.declined, pause.watcher), heard=(*move.heard, pause.watcher))
            return walk(encounter, self.tables, dice, held)
        encounter, strike = fire(encounter, self.tables, dice, encounter.get(pause.watcher),
                                 encounter.get(pause.move.actor))
        if strike is None:
            return walk(encounter, self.tables, dice, pause.move)
        return after_strike(encounter, self.tables, dice, strike, pause.move)

    def odds(self, encounter: Encounter, intent: Intent) -> Odds:
        """Work out the exact chances of an attack on one target: 2d10, the hits, the critical points."""
        return attack_odds(encounter, self._named(intent), self.tables)

    def _named(self, intent: Intent) -> Intent:
        """Read the items an intent names as table keys: '7.62mm Machinegun' is the machinegun."""
        options = dict(intent.options)
        for name in ITEM_OPTIONS:
            value = options.get(name)
            if isinstance(value, str):
                options[name] = ", ".join(self.tables.find("weapons", v.strip()) for v in value.split(","))
        return replace(intent, options=options)

    def suggest(self, encounter: Encounter, actor: str | None, source: str) -> tuple[str, ...]:
        """Suggest table rows (``table:weapons`` …) or the weapons the actor carries."""
        tables: dict[str, Mapping[str, object]] = {
            "templates": self.tables.templates, "weapons": self.tables.weapons, "armour": self.tables.armour}
        if source.startswith("table:"):
            return tuple(tables.get(source.removeprefix("table:"), {}))
        if source == "weapons":
            pool = [encounter.get(actor)] if actor is not None else list(encounter.combatants)
            return tuple(dict.fromkeys(w for c in pool for w in c.sheet.weapons))
        return ()

    def digest(self, result: Any) -> tuple[Beat, ...]:
        """Boil a result down to beats for the round summary."""
        return digest(result)

    def status(self, combatant: Combatant) -> tuple[str, ...]:
        """Name the combatant's states."""
        return status(combatant)

    def health_state(self, combatant: Combatant) -> dict[str, Any]:
        """Export HP, fatigue, stun, place and wounds."""
        return health_state(combatant)
