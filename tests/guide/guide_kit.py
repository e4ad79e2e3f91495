"""Drive a guided demo at the local table with exactly the commands its hints suggest, until the fight is over."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from bot.config import REPO_ROOT, Settings
from bot.console.main import DEMO_USER
from bot.console.runner import Console
from bot.db.engine import Database
from bot.render.guide import MARK
from bot.services import ReplayDice, Services

# The first command of a hint: the one to type.
SUGGESTED = re.compile(r"`(/[^`]+)`")
OVER = MARK + "The fight is over"


def table(db: Database, seed: int) -> tuple[Console, io.StringIO]:
    """Return a local table in demo mode (lines starting with '/' are @you's) and what it prints."""
    out = io.StringIO()
    settings = Settings(_env_file=None, data_dir=REPO_ROOT / "data")
    dice = ReplayDice(seed=seed)
    return Console(Services(db, settings, dice), dice, out, user=DEMO_USER), out


async def run(console: Console, out: io.StringIO, line: str) -> list[str]:
    """Run one line; return what it printed."""
    start = out.tell()
    await console.run_line(line)
    out.seek(start)
    printed = out.read().splitlines()
    out.seek(0, io.SEEK_END)
    return printed


def hint_of(printed: list[str]) -> str:
    """Return the hint line a command printed (exactly one, the last line)."""
    hints = [line for line in printed if line.startswith(MARK)]
    assert len(hints) == 1 and printed[-1] == hints[0], printed
    return hints[0]


def suggested(hint: str) -> str:
    """Return the command the hint says to try first."""
    found = SUGGESTED.search(hint)
    assert found is not None, hint
    return found.group(1)


@dataclass
class Played:
    """A demo played to its end: every command typed, every hint, and all it printed."""

    commands: list[str] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)
    output: list[str] = field(default_factory=list)

    @property
    def last(self) -> str:
        return self.hints[-1]


async def play_demo(console: Console, out: io.StringIO, key: str, limit: int = 120) -> Played:
    """Start the demo, then type what each hint suggests until the fight is over (at most ``limit`` commands)."""
    played = Played()
    printed = await run(console, out, f"/encounter start demo:{key}")
    played.output += printed
    played.hints.append(hint_of(printed))
    while not played.last.startswith(OVER):
        assert len(played.commands) < limit, f"the demo did not end in {limit} commands:\n" + "\n".join(
            played.output[-40:])
        command = suggested(played.last)
        printed = await run(console, out, command)
        assert not any(line.startswith("✗") for line in printed), (command, printed)
        played.commands.append(command)
        played.output += printed
        played.hints.append(hint_of(printed))
    return played


def sqlite(tmp: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp / 'demo.sqlite3'}"
