"""Sparring: a rule system of a few lines, defined only in the tests, to prove a system is a plug-in.

It has what the four real systems need from the surface: its own move with a described option that has choices
(``attack style:swift|heavy|feint``), a GM tool (``rally``), a reaction with three choices asked before the dice
(parry, dodge, endure), a choice after the roll (press or hold: spend momentum), per-combatant state (momentum),
a turn-start hook (a breath: +1 momentum), and its own renderer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from combat.dice import DiceSource, roll_d
from combat.errors import RulesError
from combat.intent import Choice, Intent, PendingReaction, Reaction
from combat.model import Combatant, Encounter
from combat.options import OptionChoice, OptionSpec, OptionValue
from combat.sheet import BuiltSheet, Sheet, SheetRequest, SheetSpec
from combat.summary import Beat
from combat.system import ActionOutcome, MoveSpec, Newcomers, RoundStart, RulesDefaults, ToolSpec
from combat.turns import SINGLE_PHASE, InitiativeEntry

STYLES = {"swift": 1, "heavy": 0, "feint": 2}
GUARDS = {"parry": 1, "dodge": 2, "endure": 0}
MAX_MOMENTUM = 3


@dataclass(frozen=True, slots=True)
class Vigour:
    """How much fight is left."""

    points: int = 3


@dataclass(frozen=True, slots=True)
class Momentum:
    """What a fighter has built up to spend after a hit."""

    points: int = 0


@dataclass(frozen=True, slots=True)
class Pause:
    """Where an attack stopped to ask its player: who is hit and for how much."""

    target: str
    damage: int


@dataclass(frozen=True, slots=True)
class Exchange:
    """One attack: the dice on both sides, the defence chosen, the hit and the damage (pressed: spent momentum)."""

    actor: str
    target: str
    style: str
    attack: tuple[int, int]
    guard: str
    defence: tuple[int, int]
    hit: bool
    damage: int
    pressed: bool | None = None


@dataclass(frozen=True, slots=True)
class Rally:
    """The GM's rally: vigour given back."""

    target: str
    amount: int
    points: int


@dataclass(frozen=True, slots=True)
class Breath:
    """A turn began: the fighters got their breath (+1 momentum)."""

    combatants: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Taunt:
    """A taunt: momentum for nothing else."""

    actor: str


_STYLE = OptionSpec("style", "How to attack: swift (+1), heavy (+1 damage) or feint (+2).", "choice",
                    tuple(OptionChoice(k) for k in STYLES), aliases=(("quick", "swift"),))
_GUARD = Reaction("", tuple(Choice(k, k.title()) for k in GUARDS), "parry", prompt="Defend how?")


class Sparring(RulesDefaults):
    """Sparring: d6 + skill against d6 + skill + the guard chosen; three hits and you are down."""

    key = "sparring"
    title = "Sparring"
    phases = SINGLE_PHASE
    sheet_spec = SheetSpec(attributes={"skill": 0, "grit": 0}, skills={}, unskilled=0, talents=frozenset(),
                           tiers=("fighter",), default_tier="fighter", lowest=-3, highest=3)
    health_type = Vigour
    combatant_state_type = Momentum
    choice_context_type = Pause
    modifier_bounds = (-10, 10)

    def __init__(self, tables: Any = None) -> None:
        self.tables = tables

    def moves(self) -> tuple[MoveSpec, ...]:
        """Attack with a style; taunt for momentum."""
        return (MoveSpec("attack", "Strike in a style of your choice.", (_STYLE,)),
                MoveSpec("taunt", "Gain a point of momentum.", (), targets=0))

    def gm_tools(self) -> tuple[ToolSpec, ...]:
        """Rally someone."""
        return (ToolSpec("rally", "Give someone back some vigour.", (
            OptionSpec("target", "Who.", "combatant", required=True),
            OptionSpec("amount", "How much vigour.", "number", low=1, high=3))),)

    def build_sheet(self, request: SheetRequest) -> BuiltSheet:
        """Build a sheet from numbers."""
        traits = {k: int(v) for k, v in request.traits.items()}
        return BuiltSheet(self.sheet_spec.build(traits=traits, tier=request.tier))

    def new_health(self, sheet: Sheet) -> Vigour:
        """Start with three points of vigour."""
        return Vigour()

    def new_state(self, sheet: Sheet) -> Momentum:
        """Start with no momentum."""
        return Momentum()

    def initiative(self, encounter: Encounter, dice: DiceSource) -> tuple[InitiativeEntry, ...]:
        """Roll d6 + skill each round."""
        return self._rolled(encounter, tuple(c.id for c in encounter.combatants), dice)

    def newcomers(self, encounter: Encounter, ids: tuple[str, ...], dice: DiceSource) -> Newcomers:
        """Roll for the newcomers like everyone (the entries show the rolls)."""
        return Newcomers(self._rolled(encounter, ids, dice))

    def _rolled(self, encounter: Encounter, ids: tuple[str, ...], dice: DiceSource) -> tuple[InitiativeEntry, ...]:
        """Roll d6 + skill for each of ``ids``."""
        entries = []
        for combatant_id in ids:
            skill = self.sheet_spec.level(encounter.get(combatant_id).sheet, "skill")
            entries.append(InitiativeEntry(combatant_id, (roll_d(dice, 1, 6).total + skill,), (skill,)))
        return tuple(entries)

    def can_act(self, combatant: Combatant, phase: str) -> bool:
        """Act while there is vigour left."""
        return bool(combatant.health.points > 0)

    def start_round(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, RoundStart]:
        """Nothing happens as a round begins."""
        return encounter, RoundStart(encounter.turns.round + 1)

    def turn_start(self, encounter: Encounter, ids: tuple[str, ...], dice: DiceSource) -> tuple[Encounter, Any]:
        """Give whoever's turn begins a breath: +1 momentum, up to three."""
        breathing = [encounter.get(i) for i in ids if encounter.get(i).state.points < MAX_MOMENTUM]
        if not breathing:
            return encounter, None
        fresh = [replace(c, state=Momentum(c.state.points + 1)) for c in breathing]
        return encounter.put(*fresh), Breath(tuple(c.id for c in fresh))

    def reaction_for(self, encounter: Encounter, intent: Intent) -> Reaction | None:
        """Ask a player's fighter how to defend before the dice."""
        if intent.move != "attack" or "guard" in intent.options or not intent.targets:
            return None
        target = encounter.get(intent.targets[0])
        return replace(_GUARD, combatant=target.id) if target.owner and target.owner != encounter.get(
            intent.actor).owner else None

    def choose(self, intent: Intent, reaction: Reaction, choice: str) -> Intent:
        """Record the guard chosen."""
        return replace(intent, options={**intent.options, "guard": choice})

    def act(self, encounter: Encounter, intent: Intent, dice: DiceSource) -> ActionOutcome:
        """Attack or taunt."""
        actor = encounter.get(intent.actor)
        if intent.move == "taunt":
            gained = replace(actor, state=Momentum(min(MAX_MOMENTUM, actor.state.points + 1)))
            return ActionOutcome(encounter.put(gained), Taunt(actor.id))
        if intent.targets == (actor.id,):
            raise RulesError(f"{actor.name} cannot spar with themself.")
        return self._attack(encounter, intent, actor, encounter.get(intent.targets[0]), dice)

    def _attack(self, encounter: Encounter, intent: Intent, actor: Combatant, target: Combatant,
                dice: DiceSource) -> ActionOutcome:
        style = str(intent.options.get("style", "swift"))
        guard = str(intent.options.get("guard", "parry"))
        attack_die = roll_d(dice, 1, 6).total
        defence_die = roll_d(dice, 1, 6).total if guard != "endure" else 0
        attack = attack_die + self.sheet_spec.level(actor.sheet, "skill") + STYLES[style] + intent.modifier
        defence = defence_die + self.sheet_spec.level(target.sheet, "skill") + GUARDS[guard]
        hit = attack > defence
        damage = (1 + (style == "heavy") - (guard == "endure")) if hit else 0
        result = Exchange(actor.id, target.id, style, (attack_die, attack), guard, (defence_die, defence), hit,
                          damage)
        if hit and actor.owner and actor.state.points > 0:
            ask = Reaction(actor.id, (Choice("press", "Press (+1 damage)"), Choice("hold", "Hold")), "hold",
                           prompt="Spend a point of momentum?")
            return ActionOutcome(encounter, result, ask=ask, context=Pause(target.id, damage))
        return ActionOutcome(_hurt(encounter, target.id, damage), result)

    def resolve_choice(self, encounter: Encounter, pending: PendingReaction, choice: str,
                       dice: DiceSource) -> ActionOutcome:
        """Press (spend momentum for +1 damage) or hold."""
        pause: Pause = pending.context
        actor = encounter.get(pending.intent.actor)
        pressed = choice == "press"
        if pressed:
            encounter = encounter.put(replace(actor, state=Momentum(actor.state.points - 1)))
        damage = pause.damage + pressed
        result = Exchange(actor.id, pause.target, str(pending.intent.options.get("style", "swift")), (0, 0), "",
                          (0, 0), True, damage, pressed)
        return ActionOutcome(_hurt(encounter, pause.target, damage), result)

    def use_tool(self, encounter: Encounter, tool: str, options: Mapping[str, OptionValue],
                 dice: DiceSource) -> ActionOutcome:
        """Rally: give vigour back, up to three."""
        target = encounter.get(str(options["target"]))
        amount = options.get("amount", 1)
        assert isinstance(amount, int)
        points = min(3, target.health.points + amount)
        return ActionOutcome(encounter.put(replace(target, health=Vigour(points))), Rally(target.id, amount, points))

    def digest(self, result: Any) -> tuple[Beat, ...]:
        """A beat per attack."""
        if isinstance(result, Exchange):
            return (Beat(result.actor, "attack", result.target, result.hit,
                         f"-{result.damage} vigour" if result.damage else None, "vigour"),)
        return ()

    def status(self, combatant: Combatant) -> tuple[str, ...]:
        """Show down and momentum."""
        return (("down",) if combatant.health.points <= 0 else ()) + (
            (f"momentum {combatant.state.points}",) if combatant.state.points else ())

    def health_state(self, combatant: Combatant) -> Mapping[str, Any]:
        """Export vigour and momentum."""
        return {"vigour": combatant.health.points, "momentum": combatant.state.points}


def _hurt(encounter: Encounter, target_id: str, damage: int) -> Encounter:
    target = encounter.get(target_id)
    return encounter.put(replace(target, health=Vigour(max(0, target.health.points - damage))))
