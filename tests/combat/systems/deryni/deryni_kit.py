"""Shared builders for the Deryni tests: the real tables, fighters, a begun fight, exact 2dF and 4dF faces."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from combat import engine, reactions
from combat.dice import ScriptedDice
from combat.engine import Step
from combat.model import Combatant, Encounter
from combat.system import Intent
from combat.systems.deryni.health import Health, Wound
from combat.systems.deryni.sheet import SPEC
from combat.systems.deryni.state import Fighter, Ties, fighter
from combat.systems.deryni.system import DeryniSystem
from combat.systems.deryni.tables import load_tables
from combat.turns import SINGLE_PHASE, TurnState

DATA = Path(__file__).resolve().parents[4] / "data" / "deryni"
TABLES = load_tables({p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(DATA.glob("*.toml"))})
SYSTEM = DeryniSystem(TABLES)


def f2(total: int) -> list[int]:
    """Return exact 2dF faces with this total (-2 … +2)."""
    return {-2: [-1, -1], -1: [-1, 0], 0: [0, 0], 1: [1, 0], 2: [1, 1]}[total]


def f4(total: int) -> list[int]:
    """Return exact 4dF faces with this total: pluses (or minuses) first, then blanks."""
    sign = 1 if total >= 0 else -1
    return [sign] * abs(total) + [0] * (4 - abs(total))


def faces(*rolls: Iterable[int]) -> list[int]:
    """Join several rolls' faces into one script."""
    return [face for roll in rolls for face in roll]


def man(cid: str, side: str = "", *, owner: str | None = None, tier: str = "npc", weapons: Sequence[str] = (
        "broadsword",), armour: str | None = None, shield: str | None = None, talents: Sequence[str] = (),
        wounds: Sequence[int] = (), **traits: int) -> Combatant:
    """Build a combatant; traits are ladder numbers, underscores for spaces (damage_capacity=1, shield_=2 the skill)."""
    named = {k.rstrip("_").replace("_", " "): v for k, v in traits.items()}
    sheet = SPEC.build(traits=named, tier=tier, weapons=tuple(weapons), armour=armour, shield=shield,
                       talents=frozenset(talents))
    health = Health(tuple(Wound(level) for level in wounds))
    return Combatant(cid, cid.title(), side or ("foes" if cid.startswith("foe") else "heroes"), sheet, health,
                     owner=owner, state=SYSTEM.new_state(sheet))


def fight(*combatants: Combatant, dice: Iterable[int] = ()) -> Encounter:
    """Begin a fight (round 1) with these combatants; ``dice`` are any roll-off faces, used up exactly."""
    script = ScriptedDice(list(dice))
    encounter = Encounter("deryni", tuple(combatants), TurnState(SINGLE_PHASE), state=SYSTEM.new_encounter_state())
    step = engine.begin(SYSTEM, encounter, script)
    assert script.remaining == 0
    return step.encounter


def state(encounter: Encounter, cid: str) -> Fighter:
    """Return a combatant's Deryni state."""
    return fighter(encounter.get(cid))


def with_state(encounter: Encounter, cid: str, **changes: Any) -> Encounter:
    """Return the encounter with a combatant's state changed."""
    combatant = encounter.get(cid)
    return encounter.put(replace(combatant, state=replace(fighter(combatant), **changes)))


def with_health(encounter: Encounter, cid: str, **changes: Any) -> Encounter:
    """Return the encounter with a combatant's health changed."""
    combatant = encounter.get(cid)
    return encounter.put(replace(combatant, health=replace(combatant.health, **changes)))


def turn_to(encounter: Encounter, cid: str) -> Encounter:
    """Pass turns until it is ``cid``'s (in this round)."""
    for _ in range(len(encounter.combatants) + 1):
        if encounter.turns.is_turn_of(cid):
            return encounter
        encounter = engine.next_turn(SYSTEM, encounter, ScriptedDice([])).encounter
    raise AssertionError(f"{cid} never got the turn")


def act(encounter: Encounter, actor: str, move: str, targets: Sequence[str] = (), dice: Iterable[int] = (),
        modifier: int = 0, **options: Any) -> Step:
    """Resolve a move (turn checks included; a choice after the dice waits) with scripted faces, used up exactly."""
    script = ScriptedDice(list(dice))
    step = reactions.attempt(SYSTEM, turn_to(encounter, actor) if move != "dismiss" else encounter,
                             Intent(actor, move, tuple(targets), options, modifier), script, deadline=100.0)
    assert script.remaining == 0, f"{script.remaining} scripted faces left over"
    return step


def attack(encounter: Encounter, actor: str, target: str, dice: Iterable[int] = (), modifier: int = 0,
           **options: Any) -> Step:
    """Attack ``target`` on ``actor``'s turn (the turn is passed to him first)."""
    return act(encounter, actor, "attack", (target,), dice, modifier, **options)


def declare(encounter: Encounter, actor: str, target: str, **options: Any) -> Step:
    """Declare an attack through the reactions (it may wait for the target's choice)."""
    intent = Intent(actor, "attack", (target,), options)
    return reactions.attempt(SYSTEM, turn_to(encounter, actor), intent, ScriptedDice([]), deadline=100.0)


def answer(encounter: Encounter, choice: str, dice: Iterable[int] = ()) -> Step:
    """Answer the waiting choice with scripted faces, used up exactly."""
    script = ScriptedDice(list(dice))
    step = reactions.choose(SYSTEM, encounter, choice, script, deadline=200.0)
    assert script.remaining == 0, f"{script.remaining} scripted faces left over"
    return step


def no_ties() -> Ties:
    """Return an encounter state with no roll-offs."""
    return Ties()
