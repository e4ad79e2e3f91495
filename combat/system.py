"""The one protocol every rule system implements, the intents it resolves, and the registry by key."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from combat.dice import DiceSource
from combat.errors import UnknownSystem
from combat.intent import Intent, Reaction
from combat.model import Combatant, Encounter
from combat.sheet import BuiltSheet, Sheet, SheetRequest, SheetSpec
from combat.summary import Beat
from combat.turns import InitiativeEntry, Phase

__all__ = [
    "ActionOutcome",
    "Intent",
    "MoveSpec",
    "Reaction",
    "RoundStart",
    "RuleSystem",
    "get_system",
    "register",
    "system_keys",
]


@dataclass(frozen=True, slots=True)
class MoveSpec:
    """A move a system offers: its name, what it does, its options, and whether it is a reaction."""

    name: str
    summary: str
    options: tuple[str, ...] = ()
    targets: int = 1
    reaction: bool = False


@dataclass(frozen=True, slots=True)
class ActionOutcome:
    """The encounter after a move, the move's frozen result, and whether the actor's turn is used up."""

    encounter: Encounter
    result: Any
    ends_turn: bool = True


@dataclass(frozen=True, slots=True)
class RoundStart:
    """What happened as a round began: recovery rolls, conditions that ran out; systems subclass or fill it."""

    round: int
    events: tuple[Any, ...] = ()


class RuleSystem(Protocol):
    """A rule system: its sheet, its round structure, and how it resolves intents."""

    key: str
    title: str
    phases: tuple[Phase, ...]
    sheet_spec: SheetSpec

    @property
    def health_type(self) -> type:
        """Return the class of this system's health objects (for storing and loading them)."""
        ...

    def moves(self) -> tuple[MoveSpec, ...]:
        """Return the moves this system offers."""
        ...

    def build_sheet(self, request: SheetRequest) -> BuiltSheet:
        """Build a checked sheet from a template, named traits, or both; neither gives the average combatant."""
        ...

    def new_health(self, sheet: Sheet) -> Any:
        """Return the unhurt health state for a combatant with this sheet."""
        ...

    def initiative(self, encounter: Encounter, dice: DiceSource) -> tuple[InitiativeEntry, ...]:
        """Rank the combatants for the coming round, rolling where the system rolls."""
        ...

    def newcomers(
        self, encounter: Encounter, ids: tuple[str, ...], dice: DiceSource
    ) -> tuple[InitiativeEntry, ...]:
        """Rank combatants who join a fight under way (several newcomers may roll among themselves)."""
        ...

    def can_act(self, combatant: Combatant, phase: str) -> bool:
        """Tell whether the combatant can act in ``phase`` now."""
        ...

    def start_round(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, RoundStart]:
        """Apply what happens as a round begins (conditions wearing off, recovery rolls)."""
        ...

    def act(self, encounter: Encounter, intent: Intent, dice: DiceSource) -> ActionOutcome:
        """Resolve one intent."""
        ...

    def reaction_for(self, encounter: Encounter, intent: Intent) -> Reaction | None:
        """Return the choice this intent offers a target's player before it resolves (None: it resolves now)."""
        ...

    def choose(self, intent: Intent, reaction: Reaction, choice: str) -> Intent:
        """Return the intent with the player's answer to ``reaction`` recorded, so it resolves with that choice."""
        ...

    def digest(self, result: Any) -> tuple[Beat, ...]:
        """Boil a result down to beats for the round summary: who did what to whom, and the wounds."""
        ...

    def status(self, combatant: Combatant) -> tuple[str, ...]:
        """Name the combatant's states worth showing (frozen, stunned, pinned, prone, unconscious, …)."""
        ...

    def health_state(self, combatant: Combatant) -> Mapping[str, Any]:
        """Describe the combatant's damage as plain data for exports (FUDGE boxes per level, HTK, HP …)."""
        ...


_REGISTRY: dict[str, Callable[[Any], RuleSystem]] = {}


def register(key: str, factory: Callable[[Any], RuleSystem]) -> None:
    """Register a factory that builds the system ``key`` from its validated tables (or None for none)."""
    _REGISTRY[key] = factory


def system_keys() -> tuple[str, ...]:
    """Return the keys of every registered system."""
    _load_builtins()
    return tuple(sorted(_REGISTRY))


def get_system(key: str, tables: Any = None) -> RuleSystem:
    """Return the rule system registered under ``key``, built with its tables."""
    _load_builtins()
    factory = _REGISTRY.get(key.strip().lower())
    if factory is None:
        raise UnknownSystem(f"There is no rule system '{key}'; choose one of {', '.join(system_keys())}.")
    return factory(tables)


def _load_builtins() -> None:
    import combat.systems  # noqa: F401  (registers the built-in systems)
