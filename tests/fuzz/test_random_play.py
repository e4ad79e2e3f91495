"""Seeded random play in every system: each command is refused cleanly or done, rendered and undoable.

Every step checks (tests/fuzz/fuzz_kit.py): only Fray's user-facing errors come out; a refused or read-only
command leaves the stored encounter as it was, and a new process (nothing kept) refuses it the same way; the
reply's encounter is the stored one; undo restores exactly the state before the command it undoes, and the command
made again on the same dice does and says the same; the reply renders as text, JSON and Discord embeds within
Discord's limits; what a guided demo's hint suggests is taken. Games run on one or two bot processes, with
restarts, demos and choices left to run out. A failure prints the game as a local-table script; bugs found and not
yet fixed are listed in ``fuzz_play.KNOWN``.

Each system plays on both backends (tests/fuzz/fuzz_db.py), every game on a fresh copy of a migrated template:
``[system-sqlite]`` on a SQLite file; ``[system-postgresql]`` (marked ``postgresql``, so deselected unless
FRAY_TEST_PG_URL is set) on a database made from a template database next to that URL, dropped after the game.
What is stored is read past Fray: sqlite3 on the file, a plain asyncpg connection on PostgreSQL.

More games than the committed ones: ``FRAY_FUZZ_SEEDS=200 FRAY_FUZZ_STEPS=300 FRAY_FUZZ_FIRST=1000 pytest
tests/fuzz -p no:cacheprovider --timeout 0`` (about two seconds a game; the long run needs the timeout lifted);
with ``FRAY_TEST_PG_URL=postgresql+asyncpg://postgres@127.0.0.1:5432/test`` PostgreSQL's games too, or on their
own with ``-m postgresql``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fuzz_db import game_databases
from fuzz_play import SYSTEMS, play

SEEDS = int(os.environ.get("FRAY_FUZZ_SEEDS", "4"))
STEPS = int(os.environ.get("FRAY_FUZZ_STEPS", "200"))
FIRST_SEED = int(os.environ.get("FRAY_FUZZ_FIRST", "1"))
BACKENDS = ("sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql))


@pytest.mark.asyncio
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("system", SYSTEMS)
async def test_random_play_keeps_every_invariant(system: str, backend: str, tmp_path: Path) -> None:
    """Play seeded random games of the system on the backend; fail with a replayable script at the first broken one."""
    done = refused = rounds = 0
    async with game_databases(backend, tmp_path) as games:
        for seed in range(FIRST_SEED, FIRST_SEED + SEEDS):
            counts = (await play(system, seed, STEPS, games)).counts
            done, refused, rounds = done + counts["done"], refused + counts["refused"], max(rounds, counts["rounds"])
    # Random play that never gets a command through, or never past round 1, tests little.
    assert done > refused / 3 and refused > 0 and rounds > 1, (done, refused, rounds)
