"""Helpers for Fallout's rule tests: the real tables, fighters placed on a map, encounters in a given phase."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.config import REPO_ROOT
from bot.datafiles import read_folder as read_table_files
from combat.dice import ScriptedDice
from combat.model import Combatant, Encounter
from combat.sheet import SheetRequest
from combat.system import ActionOutcome, Intent
from combat.systems.fallout.state import Field, fighter
from combat.systems.fallout.system import FalloutSystem
from combat.systems.fallout.tables import load_tables
from combat.turns import Slot, TurnState

TABLES = load_tables(read_table_files(REPO_ROOT / "data" / "fallout", "data/fallout"), "data/fallout")
SYSTEM = FalloutSystem(TABLES)


def person(name: str, side: str = "vault", hex: str | None = None, *, stance: str = "stand", facing: str = "n",
           weapons: tuple[str, ...] = (), armour: str | None = None, tier: str | None = None,
           owner: str | None = None, hands: tuple[str, ...] | None = None, **traits: int) -> Combatant:
    """Build a combatant with the real sheet rules, placed on ``hex`` (None: off the map)."""
    request = SheetRequest(traits={k: str(v) for k, v in traits.items()}, weapons=weapons, armour=armour, tier=tier)
    sheet = SYSTEM.build_sheet(request).sheet
    state = replace(SYSTEM.new_state(sheet), hex=hex, stance=stance, facing=facing)
    if hands is not None:
        state = replace(state, hands=hands)
    return Combatant(name.lower(), name, side, sheet, SYSTEM.new_health(sheet), owner=owner, state=state)


def scene(*people: Combatant, phase: str = "action", round: int = 1, walls: tuple[str, ...] = (),
          terrain: tuple[tuple[str, str], ...] = ()) -> Encounter:
    """An encounter in ``phase`` of ``round`` where everyone may act (rule tests call the system directly)."""
    turns = TurnState(SYSTEM.phases, round, (Slot(phase, (0,), tuple(p.id for p in people)),))
    return Encounter("fallout", people, turns, state=Field(walls=walls, terrain=terrain))


def act(encounter: Encounter, actor: str, move: str, *targets: str, faces: tuple[int, ...] = (),
        modifier: int = 0, **options: Any) -> ActionOutcome:
    """Resolve one intent on scripted dice, checking every face was used."""
    dice = ScriptedDice(faces)
    outcome = SYSTEM.act(encounter, Intent(actor, move, targets, options, modifier), dice)
    assert dice.remaining == 0, f"{dice.remaining} scripted faces left over"
    return outcome


def hp(encounter: Encounter, who: str) -> int:
    return int(encounter.get(who).health.hp)


def where(encounter: Encounter, who: str) -> str | None:
    return fighter(encounter.get(who)).hex


def state(encounter: Encounter, who: str):
    return fighter(encounter.get(who))
