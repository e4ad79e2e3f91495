"""The protocol every rule system implements, the specs of what it offers, and defaults a system may inherit.

A rule system is pure: frozen data in, frozen data and result objects out, dice from the caller. What it offers is
described by data the layers above read without knowing the system: ``MoveSpec`` (a move and its options),
``ToolSpec`` (a GM tool and its options), ``Reaction`` (a choice asked before or after the dice), and the types of
its own per-combatant and per-encounter state. Which systems exist is not decided here: see ``bot.registry``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, cast

from combat.dice import DiceSource
from combat.errors import RulesError
from combat.frozen import frozen
from combat.intent import Intent, PendingReaction, Reaction
from combat.model import Combatant, Encounter
from combat.odds import Odds
from combat.options import OptionSpec, OptionValue
from combat.sheet import BuiltSheet, Sheet, SheetRequest, SheetSpec
from combat.summary import Beat
from combat.turns import InitiativeEntry, Phase

__all__ = [
    "ActionOutcome",
    "Intent",
    "MoveSpec",
    "Newcomers",
    "Reaction",
    "RoundStart",
    "RuleSystem",
    "RulesDefaults",
    "ToolSpec",
    "TurnStart",
]


@dataclass(frozen=True)
class MoveSpec:
    """A move a system offers: its name, what it does, its options, how many targets, and when it may be made.

    ``reaction`` moves may be made out of turn; ``phases`` empty means every phase of the round. ``aimed_elsewhere``
    moves may name no target at all (a cone or a throw aimed at a hex): the rules say when one is needed.
    """

    name: str
    summary: str
    options: tuple[OptionSpec, ...] = ()
    targets: int = 1
    reaction: bool = False
    phases: tuple[str, ...] = ()
    aimed_elsewhere: bool = False

    def option(self, name: str) -> OptionSpec | None:
        """Return the option called ``name``."""
        return next((o for o in self.options if o.name == name), None)

    def option_names(self) -> tuple[str, ...]:
        """Return the names of the move's options."""
        return tuple(o.name for o in self.options)


@dataclass(frozen=True)
class ToolSpec:
    """A GM tool a system offers (surprise, healing, an Initiative adjustment …): its name, summary and options."""

    name: str
    summary: str
    options: tuple[OptionSpec, ...] = ()

    def option(self, name: str) -> OptionSpec | None:
        """Return the option called ``name``."""
        return next((o for o in self.options if o.name == name), None)


@frozen
class ActionOutcome:
    """The encounter after a move, the move's frozen result, whether the turn is used up, and any choice it asks.

    With ``ask`` set the dice are rolled but the intent is not finished: ``ask`` goes to a player (the attacker
    spending successes, a wounded fighter spending a FUDGE point) and ``context`` is the system's frozen record of
    where it stopped; the answer comes back through ``RuleSystem.resolve_choice``.
    """

    encounter: Encounter
    result: Any
    ends_turn: bool = True
    ask: Reaction | None = None
    context: Any = None


@dataclass(frozen=True)
class RoundStart:
    """What happened as a round began: recovery rolls, conditions that ran out; systems subclass or fill it."""

    round: int
    events: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Newcomers:
    """Where combatants joining a fight under way go, and the system's result for what it rolled (None: nothing)."""

    entries: tuple[InitiativeEntry, ...]
    result: Any = None


@dataclass(frozen=True)
class TurnStart:
    """What happened as some combatants' turn began (fatigue recovering, a condition ending): the system's result."""

    combatants: tuple[str, ...]
    result: Any


class RuleSystem(Protocol):
    """A rule system: its sheet, its round structure, its moves and tools, and how it resolves intents."""

    key: ClassVar[str]
    title: ClassVar[str]
    phases: ClassVar[tuple[Phase, ...]]
    sheet_spec: ClassVar[SheetSpec]
    health_type: ClassVar[type]
    combatant_state_type: ClassVar[type | None]
    encounter_state_type: ClassVar[type | None]
    choice_context_type: ClassVar[type | None]
    modifier_bounds: ClassVar[tuple[int, int]]
    # How a combatant defends when the system has no dodge move, in a sentence ('' when it has one).
    defence_note: ClassVar[str]

    def moves(self) -> tuple[MoveSpec, ...]:
        """Return the moves this system offers."""
        ...

    def gm_tools(self) -> tuple[ToolSpec, ...]:
        """Return the GM tools this system offers."""
        ...

    def build_sheet(self, request: SheetRequest) -> BuiltSheet:
        """Build a checked sheet from a template, named traits, or both; neither gives the average combatant."""
        ...

    def new_health(self, sheet: Sheet) -> Any:
        """Return the unhurt health state for a combatant with this sheet."""
        ...

    def new_state(self, sheet: Sheet) -> Any:
        """Return a new combatant's own state (None when the system keeps none)."""
        ...

    def new_encounter_state(self) -> Any:
        """Return a new encounter's own state (None when the system keeps none)."""
        ...

    def initiative(self, encounter: Encounter, dice: DiceSource) -> tuple[InitiativeEntry, ...]:
        """Rank the combatants for the coming round, rolling where the system rolls."""
        ...

    def newcomers(
        self, encounter: Encounter, ids: tuple[str, ...], dice: DiceSource
    ) -> Newcomers:
        """Rank combatants who join a fight under way (several may roll among themselves), with what was rolled."""
        ...

    def can_act(self, combatant: Combatant, phase: str) -> bool:
        """Tell whether the combatant can act in ``phase`` now."""
        ...

    def start_round(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, RoundStart]:
        """Apply what happens as a round begins (conditions wearing off, recovery rolls)."""
        ...

    def turn_start(self, encounter: Encounter, ids: tuple[str, ...], dice: DiceSource) -> tuple[Encounter, Any]:
        """Apply what happens as these combatants' turn begins; return the result (None when nothing happened)."""
        ...

    def end_round(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, Any]:
        """Apply what happens as a round ends (end-of-round tests); return the result (None when nothing happened)."""
        ...

    def act(self, encounter: Encounter, intent: Intent, dice: DiceSource) -> ActionOutcome:
        """Resolve one intent (or stop at a choice after the dice, with ``ask``)."""
        ...

    def use_tool(
        self, encounter: Encounter, tool: str, options: Mapping[str, OptionValue], dice: DiceSource
    ) -> ActionOutcome:
        """Use one of the GM's tools with its parsed options."""
        ...

    def reaction_for(self, encounter: Encounter, intent: Intent) -> Reaction | None:
        """Return the choice this intent offers a target's player before it resolves (None: it resolves now)."""
        ...

    def choose(self, intent: Intent, reaction: Reaction, choice: str) -> Intent:
        """Return the intent with the player's answer to ``reaction`` recorded, so it resolves with that choice."""
        ...

    def resolve_choice(
        self, encounter: Encounter, pending: PendingReaction, choice: str, dice: DiceSource
    ) -> ActionOutcome:
        """Finish an intent that stopped at a choice after its dice, with the player's ``choice``."""
        ...

    def odds(self, encounter: Encounter, intent: Intent) -> Odds:
        """Return the exact chances of the intent (a move at one target) now, rolling nothing and changing nothing."""
        ...

    def suggest(self, encounter: Encounter, actor: str | None, source: str) -> tuple[str, ...]:
        """Return the values an option with this ``source`` may take now (weapons carried, grenades …)."""
        ...

    def digest(self, result: Any) -> tuple[Beat, ...]:
        """Boil a result down to beats for the round summary: who did what to whom, and the wounds.

        It is also handed the round-start and round-end results (``start_round``'s, ``end_round``'s): their beats
        are what befell whom as a round began or ended (bleeding, a test failed, waking up); none is no news.
        """
        ...

    def status(self, combatant: Combatant) -> tuple[str, ...]:
        """Name the combatant's states worth showing (frozen, stunned, pinned, prone, unconscious, …)."""
        ...

    def health_state(self, combatant: Combatant) -> Mapping[str, Any]:
        """Describe the combatant's damage as plain data for exports (FUDGE boxes per level, HTK, HP …)."""
        ...

    def check_hold(self, encounter: Encounter, combatant_id: str) -> None:
        """Refuse a hold the system does not allow, saying why (whoever's turn it is may be asked to act now)."""
        ...

    def left(self, encounter: Encounter, gone: str) -> Encounter:
        """Tidy what the combatant ``gone`` (taken out of the encounter) left on the others: a hold he kept, say."""
        ...

    def out_of_fight(self, combatant: Combatant) -> bool:
        """Tell whether the combatant is out of the fight (down, unconscious, dead, fled), not merely held back."""
        ...

    def fled(self, combatant: Combatant) -> bool:
        """Tell whether the combatant left the fight of his own accord (retreated, fled): out of it, not beaten."""
        ...

    def is_fighter(self, combatant: Combatant) -> bool:
        """Tell whether the combatant fights at all (not scenery: an object that never acts and takes no side)."""
        ...


class RulesDefaults:
    """What a system that has no tools, no choices and no state of its own answers; a system may inherit it.

    Only the trivial answers live here; everything a system must decide (its moves, sheet, initiative and
    resolution) it writes itself.
    """

    combatant_state_type: ClassVar[type | None] = None
    encounter_state_type: ClassVar[type | None] = None
    choice_context_type: ClassVar[type | None] = None
    modifier_bounds: ClassVar[tuple[int, int]] = (-5, 5)
    defence_note: ClassVar[str] = ""
    title: ClassVar[str]

    def gm_tools(self) -> tuple[ToolSpec, ...]:
        """Offer no GM tools."""
        return ()

    def new_state(self, sheet: Sheet) -> Any:
        """Keep no per-combatant state."""
        return None

    def new_encounter_state(self) -> Any:
        """Keep no encounter-wide state."""
        return None

    def turn_start(self, encounter: Encounter, ids: tuple[str, ...], dice: DiceSource) -> tuple[Encounter, Any]:
        """Do nothing as a turn begins."""
        return encounter, None

    def end_round(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, Any]:
        """Do nothing as a round ends."""
        return encounter, None

    def use_tool(
        self, encounter: Encounter, tool: str, options: Mapping[str, OptionValue], dice: DiceSource
    ) -> ActionOutcome:
        """Refuse: this system has no GM tools."""
        raise RulesError(f"{self.title} has no GM tool '{tool}'.")

    def reaction_for(self, encounter: Encounter, intent: Intent) -> Reaction | None:
        """Ask nobody before the dice."""
        return None

    def choose(self, intent: Intent, reaction: Reaction, choice: str) -> Intent:
        """Refuse: this system never asks before the dice."""
        raise RulesError(f"{self.title} asks no choice before the dice.")

    def resolve_choice(
        self, encounter: Encounter, pending: PendingReaction, choice: str, dice: DiceSource
    ) -> ActionOutcome:
        """Refuse: this system never asks after the dice."""
        raise RulesError(f"{self.title} asks no choice after the dice.")

    def odds(self, encounter: Encounter, intent: Intent) -> Odds:
        """Refuse: this system works out no odds."""
        raise RulesError(f"{self.title} has no odds in Fray.")

    def suggest(self, encounter: Encounter, actor: str | None, source: str) -> tuple[str, ...]:
        """Suggest nothing beyond the options' own choices."""
        return ()

    def check_hold(self, encounter: Encounter, combatant_id: str) -> None:
        """Let whoever's turn it is hold his action (a system that limits holding refuses with a RulesError)."""

    def left(self, encounter: Encounter, gone: str) -> Encounter:
        """Leave the others as they are when a combatant is taken out of the encounter."""
        return encounter

    def is_fighter(self, combatant: Combatant) -> bool:
        """Count everyone as a fighter: a system with scenery (objects) says which are not."""
        return True

    def fled(self, combatant: Combatant) -> bool:
        """Count nobody as fled: a system with a way out of the fight (a retreat) says who took it."""
        return False

    def out_of_fight(self, combatant: Combatant) -> bool:
        """Count as out of the fight whoever can act in no phase of the round.

        A system whose combatants can be held back for a while (stunned, frozen, an all-out defence) says better.
        """
        rules = cast(RuleSystem, self)
        return not any(rules.can_act(combatant, phase.name) for phase in rules.phases)
