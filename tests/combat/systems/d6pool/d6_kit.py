"""Shared builders for the d6 pool tests: the real tables, fighters, a begun fight, attacks and spending."""

from __future__ import annotations

import tomllib
from pathlib import Path

from combat import engine, reactions
from combat.dice import ScriptedDice
from combat.engine import Step
from combat.model import Combatant, Encounter
from combat.system import Intent
from combat.systems.d6pool.sheet import SPEC
from combat.systems.d6pool.system import D6PoolSystem
from combat.systems.d6pool.tables import load_tables

DATA = Path(__file__).resolve().parents[4] / "data" / "d6pool"
TABLES = load_tables({p.stem: tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(DATA.glob("*.toml"))})
SYSTEM = D6PoolSystem(TABLES)


def fighter(cid: str, tier: str = "character", weapons: tuple[str, ...] = (), armour: str | None = None,
            side: str | None = None, **traits: int) -> Combatant:
    """Build a combatant; trait names use underscores for spaces (martial_arts); unset attributes are 3."""
    named = {k.replace("_", " "): v for k, v in traits.items()}
    sheet = SPEC.build(traits=named, tier=tier, weapons=tuple(weapons), armour=armour)
    return Combatant(cid, cid.title(), side or ("foes" if cid.startswith("foe") else "heroes"), sheet,
                     SYSTEM.new_health(sheet), state=SYSTEM.new_state(sheet))


def encounter(*combatants: Combatant) -> Encounter:
    return Encounter("d6pool", tuple(combatants), state=SYSTEM.new_encounter_state())


def begin(*combatants: Combatant, init: tuple[int, ...] = ()) -> Encounter:
    """Begin round 1 with one Initiative d6 per able combatant, in joining order."""
    return engine.begin(SYSTEM, encounter(*combatants), ScriptedDice(init)).encounter


def attack(enc: Encounter, actor: str, target: str, faces: list[int] | tuple[int, ...], weapon: str | None = None,
           modifier: int = 0) -> Step:
    """Attack through the engine and the reactions (a hit waits for the attacker's choice)."""
    options = {"weapon": weapon} if weapon else {}
    intent = Intent(actor, "attack", (target,), options, modifier)
    return reactions.attempt(SYSTEM, enc, intent, ScriptedDice(faces), 0.0)


def move(enc: Encounter, actor: str, name: str, faces: tuple[int, ...] = ()) -> Step:
    """Make any other move."""
    return reactions.attempt(SYSTEM, enc, Intent(actor, name), ScriptedDice(faces), 0.0)


def choose(enc: Encounter, choice: str, faces: tuple[int, ...] = ()) -> Step:
    """Answer the waiting choice (the faces are for saves, contests, and a new round if one begins)."""
    return reactions.choose(SYSTEM, enc, choice, ScriptedDice(faces), 0.0)


def next_turn(enc: Encounter, faces: tuple[int, ...] = ()) -> Step:
    return engine.next_turn(SYSTEM, enc, ScriptedDice(faces))


def htk(enc: Encounter, cid: str) -> int:
    return int(enc.get(cid).health.current)


def slots(enc: Encounter) -> list[tuple[int, tuple[str, ...]]]:
    """Return the round's slots still to come as (count, actors)."""
    return [(s.count, s.waiting) for s in enc.turns.queue]
