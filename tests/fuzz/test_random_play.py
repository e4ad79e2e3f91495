"""Seeded random play in every system: each command is refused cleanly or done, rendered and undoable.

Every step checks (tests/fuzz/fuzz_kit.py): only Fray's user-facing errors come out; a refused or read-only
command leaves the stored encounter as it was, and a new process (nothing kept) refuses it the same way; the
reply's encounter is the stored one; undo restores exactly the state before the command it undoes, and the command
made again on the same dice does and says the same; the reply renders as text, JSON and Discord embeds within
Discord's limits; what a guided demo's hint suggests is taken. Games run on one or two bot processes, with
restarts, demos and choices left to run out. A failure prints the game as a local-table script; bugs found and not
yet fixed are listed in ``fuzz_play.KNOWN``.

More games than the committed ones: ``FRAY_FUZZ_SEEDS=200 FRAY_FUZZ_STEPS=300 FRAY_FUZZ_FIRST=1000 pytest
tests/fuzz -p no:cacheprovider --timeout 0`` (about a second a game; the long run needs the timeout lifted).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from fuzz_play import SYSTEMS, play

from bot.db.migrate import upgrade

SEEDS = int(os.environ.get("FRAY_FUZZ_SEEDS", "4"))
STEPS = int(os.environ.get("FRAY_FUZZ_STEPS", "200"))
FIRST_SEED = int(os.environ.get("FRAY_FUZZ_FIRST", "1"))


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Migrate a SQLite file once, for every game to copy."""
    path = tmp_path_factory.mktemp("fuzz-schema") / "fray.sqlite3"
    asyncio.run(upgrade(f"sqlite+aiosqlite:///{path}"))
    return path


@pytest.mark.asyncio
@pytest.mark.parametrize("system", SYSTEMS)
async def test_random_play_keeps_every_invariant(system: str, template: Path, tmp_path: Path) -> None:
    """Play seeded random games of the system; fail with a replayable script at the first broken invariant."""
    done = refused = rounds = 0
    for seed in range(FIRST_SEED, FIRST_SEED + SEEDS):
        counts = (await play(system, seed, STEPS, template, tmp_path)).counts
        done, refused, rounds = done + counts["done"], refused + counts["refused"], max(rounds, counts["rounds"])
    # Random play that never gets a command through, or never past round 1, tests little.
    assert done > refused / 3 and refused > 0 and rounds > 1, (done, refused, rounds)
