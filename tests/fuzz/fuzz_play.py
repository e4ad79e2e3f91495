"""One seeded random game: set a fight up in a system, play random steps, end it; report a broken invariant.

``KNOWN`` lists the bugs the fuzzer has found that the project has not fixed yet. A game that meets one is not
failed: a refused suggestion of the guide is noted and play goes on (nothing changed), any other known bug ends
the game there. Remove each entry once its bug is fixed, so the fuzzer fails on it again if it comes back.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from fuzz_checks import Failure
from fuzz_db import Games, is_sqlite
from fuzz_kit import IDS, FuzzTable
from fuzz_moves import Picker
from fuzz_values import BOARD, PLAYERS, hex_name, sheet

from bot.guide.spec import Suggestion
from bot.registry import find
from combat.system import RuleSystem

__all__ = ["KNOWN", "Outcome", "play"]

SYSTEMS = ("farscape", "deryni", "d6pool", "fallout")
UNDO_CHECKS = 0.3  # the share of changes undone, checked, and made again on the same dice
RESTARTS = 0.01  # the share of steps that restart the process instead (what it kept in memory is lost)
REACTION_SECONDS = 120  # how long a choice waits (the settings' default)
DEMOS = 0.25  # the share of fights that start as the system's guided demo
FOLLOW = 0.3  # how often the table types what the guide's hint suggests, when there is one
RESETS = 0.003  # the share of steps that end the fight and start another in the channel
TWO_PROCESSES = 0.3  # the share of games played by two bot processes on one database, commands going to either

GUIDE = "the guide suggested a command Fray refuses"
FRESH = ("a process with nothing kept refuses otherwise", "a process with nothing kept takes a refused command")

# Bugs the fuzzer found that are not fixed yet: name → does this failure show it? Each says how to replay it.
# Fixed since they were found (entries removed): the fallout offhand ValueError (8819fab); the guide's hints the
# rules refused (5006554, f987c6e); the lost run's answer in a reply after another process saved (ce1c92c); a
# refusal worked out on a stale kept state after settling an overdue choice (now checked: EncounterRepository.verify).
KNOWN: dict[str, Callable[[Failure], bool]] = {}


def known_bug(failure: Failure) -> str | None:
    """Return the name of the known bug this failure shows (None: a new one)."""
    return next((name for name, shows in KNOWN.items() if shows(failure)), None)


@dataclass
class Outcome:
    """How one game went: commands done and refused, rounds reached, and the known bugs it met."""

    system: str
    seed: int
    counts: dict[str, int]
    known: list[str]
    script: str


def replay_script(table: FuzzTable, system: str, seed: int) -> str:
    """Return the game so far as a local-table script, with how to run it."""
    head = [f"# fuzz: system {system}, seed {seed}",
            f"# run: .venv/bin/python -m bot console --db :memory: --seed {seed} --script FILE"]
    if not is_sqlite(table.db_url):
        head.append("# played on PostgreSQL: to replay it there, --db postgresql+asyncpg://USER@HOST/EMPTY_DATABASE")
    return "\n".join([*head, *table.history]) + "\n"


async def set_up(table: FuzzTable, rng: random.Random, system: RuleSystem) -> None:
    """Start the fight: the system's demo, or one to three players' characters against NPCs (three to six in all)."""
    if find(system.key).demo is not None and rng.random() < DEMOS:
        await table.send("gm", "encounter start", {"demo": system.key})
        return
    await table.send("gm", "encounter start", {"system": system.key, "name": "Fuzz"})
    await table.send("dave", "character create", {"name": "Dave", "system": system.key, **sheet(rng, system)})
    if system.key == "fallout":
        await table.send("gm", "encounter gm", {"tool": "board", "columns": str(BOARD), "rows": str(BOARD)})
    heroes = rng.randint(1, 3)
    for player in PLAYERS[:heroes]:
        options = {"name": player.title(), "owner": "", "side": "heroes", **sheet(rng, system)}
        options["owner"] = str(table.caller(player).user_id)
        await table.send("gm", "encounter add", options)
    for _ in range(rng.randint(max(1, 3 - heroes), 6 - heroes)):
        await table.send("gm", "encounter add", {"side": "foes", **sheet(rng, system)})
    if system.key == "fallout":
        assert table.encounter is not None
        hexes = [f"{c}{r}" for c in "ABCDEFGHIJ" for r in range(1, BOARD + 1)]
        spots = rng.sample(hexes, len(table.encounter.combatants))
        for combatant, spot in zip(table.encounter.combatants, spots, strict=True):
            await table.send("gm", "encounter gm", {"tool": "place", "target": combatant.name, "hex": spot})
        await table.send("gm", "encounter gm", {"tool": "wall", "hexes": hex_name(rng)})
    await table.send("gm", "encounter begin", {})


async def follow(table: FuzzTable, suggestion: Suggestion, rng: random.Random, known: list[str]) -> None:
    """Type what the guide suggests, as the player it speaks to (the GM for the GM's NPCs): Fray must take it."""
    enc, user = table.encounter, "gm"
    if suggestion.path == "encounter start" or enc is None:
        return
    waiting = enc.turns.current.waiting if enc.turns.current else ()
    asked = enc.pending.reaction.combatant if enc.pending else waiting[0] if waiting else None
    if asked is not None and suggestion.path in ("attack", "dodge", "act", "encounter react"):
        owner = enc.get(asked).owner
        user = IDS.name(owner) if owner else "gm"
    if await table.send(user, suggestion.path, dict(suggestion.options), check_undo=rng.random() < UNDO_CHECKS) is None:
        failure = Failure(GUIDE, f"{suggestion.typed()} as @{user} {await table.kept_note()}: {table.refusal}")
        name = known_bug(failure)
        if name is None:
            raise failure
        known.append(name)  # refused, so nothing changed: play on


async def play(system: str, seed: int, steps: int, games: Games) -> Outcome:
    """Play one game of ``steps`` random commands on a fresh copy of the migrated template of ``games``."""
    async with games.game(f"fuzz-{system}-{seed}") as url:
        return await play_on(url, system, seed, steps)


async def play_on(url: str, system: str, seed: int, steps: int) -> Outcome:
    """Play one game on the fresh database at ``url``; let it go at the end."""
    rng = random.Random(f"{system}:{seed}")
    table = FuzzTable(url, seed, processes=2 if rng.random() < TWO_PROCESSES else 1)
    known: list[str] = []
    try:
        rules = (await table.open()).system(system)
        picker = Picker(rng, rules)
        try:
            await set_up(table, rng, rules)
            for _ in range(steps):
                assert table.encounter is not None
                command = picker.pick(table.encounter)
                table.process = int(table.processes > 1 and rng.random() < 0.4)
                if command is None:
                    table.clock.now += REACTION_SECONDS + 1
                    table.history.append("# time passes: the choice waiting runs out (the console cannot do this)")
                elif rng.random() < RESTARTS:
                    await table.restart()
                elif rng.random() < RESETS:
                    await table.send("gm", "encounter end", {})
                    await set_up(table, rng, rules)
                elif table.hint is not None and table.hint.suggestions and rng.random() < FOLLOW:
                    await follow(table, table.hint.suggestions[0], rng, known)
                else:
                    await table.send(*command, check_undo=rng.random() < UNDO_CHECKS)
            await table.send("gm", "encounter end", {})
        except Failure as failure:
            name = known_bug(failure)
            if name is None:
                script = replay_script(table, system, seed)
                raise Failure(failure.kind, f"{failure.detail}\n--- replay ({system}, seed {seed}) ---\n{script}") \
                    from failure
            known.append(name)  # the game ends at it
    finally:
        await table.close()
    return Outcome(system, seed, table.counts, known, replay_script(table, system, seed))
