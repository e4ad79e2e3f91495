"""Undo after every step of every example fight: the state comes back exactly, and the step replays the same.

Each example runs on the local table in this process. After every line that changes the fight, the GM undoes it:
the encounter must be stored exactly as before it (its whole document, not only the export), the log must mark the
step undone, and the same line typed again, with the same dice queued (and the same seeded dice after them), must
print and store exactly what it did the first time. The fight then goes on; in the end its recap and its log
(undone entries and undos left out) must read as those of the same fight played with no undo at all.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from timekit import Clock

from bot.config import REPO_ROOT, Settings
from bot.console.identity import GUILD_ID
from bot.console.output import render_reply
from bot.console.parser import CommandLine, parse_line
from bot.console.runner import Console
from bot.db.codec import encode_encounter
from bot.db.engine import open_database
from bot.services import Caller, ReplayDice, Services, dispatch
from combat.dice import DiceSource

pytestmark = [pytest.mark.slow, pytest.mark.asyncio]

EXAMPLES = sorted((REPO_ROOT / "examples").glob("*.fray"))
# Commands that change nothing to undo (or that undo cannot take back: starting and ending).
UNPROBED = frozenset({"encounter status", "encounter log", "encounter export", "encounter map", "encounter start",
                      "encounter end", "encounter undo", "encounter settings", "help", "odds", "roll"})


class SameDice(ReplayDice):
    """The table's dice, seeded as in a run without the probes' undos and replays (or pinned for a replay)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.extra = 0  # the saves the probes added: the plain run's version is this much lower
        self.pinned: str | None = None
        self.last = ""

    def for_command(self, channel_id: int, salt: str) -> DiceSource:
        """Return the command's dice, seeded by the plain run's place in the history (or the pinned one)."""
        if self.pinned is None:
            encounter, version = salt.split(":")
            salt = f"{encounter}:{int(version) - self.extra}"
        else:
            salt = self.pinned
        self.last = salt
        return super().for_command(channel_id, salt)


@dataclass
class Fight:
    """An example played on a fresh table: the console, its services and what went wrong."""

    console: Console
    svc: Services
    dice: SameDice
    out: io.StringIO
    problems: list[str] = field(default_factory=list)
    recap: list[str] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)

    def gm(self, channel: str | None) -> Caller:
        """Return the GM as the table names them, in a channel."""
        ids = self.console.ids
        return Caller(ids.user("gm"), "gm", GUILD_ID, ids.channel(channel), admin=True)

    async def stored(self, caller: Caller) -> tuple[str, int]:
        """Return the encounter's whole document as canonical JSON, and its version."""
        loaded = await self.svc.peek(caller)
        return json.dumps(encode_encounter(loaded.encounter), sort_keys=True), loaded.row.version

    async def play(self, line: str, number: int) -> tuple[bool, str]:
        """Run one line; return whether it succeeded and what it printed."""
        mark = self.out.tell()
        ok = await self.console.run_line(line, number)
        return ok, self.out.getvalue()[mark:]

    async def probe(self, line: str, number: int, parsed: CommandLine) -> None:
        """Run a line that changes the fight, undo it, check, and run it again with the same dice."""
        gm = self.gm(parsed.channel)
        before, _ = await self.stored(gm)
        queued = self.dice.snapshot(gm.channel_id)
        ok, printed = await self.play(line, number)
        if not ok:
            return
        after, version = await self.stored(gm)
        salt, left = self.dice.last, self.dice.snapshot(gm.channel_id)
        undone = await dispatch(self.svc, gm, "encounter undo", {})
        log = (await dispatch(self.svc, gm, "encounter export", {})).body.data["log"]
        marked = {e["seq"] for e in log if e["undone"]}
        if (await self.stored(gm))[0] != before:
            self.problems.append(f"line {number} ({line}): undo did not bring back the state before it")
        if log[-1]["kind"] != "undo" or log[-1]["undid"] != undone.body.seq or undone.body.seq not in marked:
            self.problems.append(f"line {number} ({line}): the log does not mark it undone")
        self.dice.restore(gm.channel_id, queued)
        self.dice.pinned = salt
        again, printed_again = await self.play(line, number)
        self.dice.pinned = None
        replayed, replayed_version = await self.stored(gm)
        self.dice.extra += replayed_version - version
        if not again or replayed != after or self.dice.snapshot(gm.channel_id) != left:
            self.problems.append(f"line {number} ({line}): played again, it does not store what it did")
        if printed_again != printed:
            self.problems.append(f"line {number} ({line}): played again, it prints\n{printed_again}\nnot\n{printed}")

    async def tell(self) -> None:
        """Keep the recap as printed, and the log's entries that stand (no undone entries, no undos, no seqs)."""
        gm = self.gm(None)
        recap = await dispatch(self.svc, gm, "encounter export", {"format": "markdown"})
        self.recap = render_reply(recap, self.console.ids)
        log = (await dispatch(self.svc, gm, "encounter export", {})).body.data["log"]
        self.log = [{k: v for k, v in e.items() if k != "seq"} for e in log if not e["undone"] and e["kind"] != "undo"]


async def _play(path: Path, tmp: Path, *, probing: bool) -> Fight:
    """Play an example (all but its end) on a fresh table, probing every step that changes the fight."""
    db = await open_database(f"sqlite+aiosqlite:///{tmp / ('probed' if probing else 'plain')}.sqlite3")
    dice = SameDice(seed=4)
    svc = Services(db, Settings(_env_file=None, data_dir=REPO_ROOT / "data"), dice, clock=Clock())
    out = io.StringIO()
    fight = Fight(Console(svc, dice, out), svc, dice, out)
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if "/encounter end" not in line]
    try:
        for number, line in enumerate(lines, 1):
            parsed = parse_line(line)
            if probing and isinstance(parsed, CommandLine) and parsed.command.path not in UNPROBED:
                await fight.probe(line, number, parsed)
            else:
                await fight.console.run_line(line, number)
        await fight.tell()
    finally:
        await db.dispose()
    return fight


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
async def test_every_step_undoes_exactly_and_replays_the_same(example: Path, tmp_path: Path):
    plain = await _play(example, tmp_path, probing=False)
    probed = await _play(example, tmp_path, probing=True)
    assert plain.console.errors == 0 and probed.console.errors == 0, probed.out.getvalue()[-3000:]
    assert probed.problems == []
    assert probed.recap == plain.recap
    assert probed.log == plain.log
