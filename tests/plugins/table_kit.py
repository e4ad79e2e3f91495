"""A local table in process for the plugins' tests: the console on a database, and lines run with what they print."""

from __future__ import annotations

import io

from bot.config import REPO_ROOT, Settings
from bot.console.runner import Console
from bot.db.engine import Database
from bot.services import ReplayDice, Services


def console(db: Database) -> tuple[Console, io.StringIO]:
    """Return a local table on ``db`` with seeded dice, and what it prints to."""
    out = io.StringIO()
    settings = Settings(_env_file=None, data_dir=REPO_ROOT / "data")
    dice = ReplayDice(seed=1)
    return Console(Services(db, settings, dice), dice, out), out


async def play(table: Console, out: io.StringIO, *lines: str) -> list[str]:
    """Run lines; return what they printed."""
    start = out.tell()
    for line in lines:
        await table.run_line(line)
    out.seek(start)
    printed = out.read().splitlines()
    out.seek(0, io.SEEK_END)
    return printed
