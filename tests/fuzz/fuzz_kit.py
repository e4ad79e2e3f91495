"""A seeded random-play table: every command through ``dispatch``, checked against Fray's invariants as it goes.

The table plays as the local table does (the same user and channel ids, guild 1, everyone a server manager, dice
seeded by the same seed), so its history, printed as ``.fray`` lines, replays with
``fray console --db :memory: --seed N --script FILE`` (up to a restart, time passing or a command sent to a second
bot process on the same database, which it marks).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from fuzz_checks import Failure, diff_docs, normal, rendered, trace
from fuzz_db import Reader, Stored, is_sqlite, open_reader
from fuzz_dice import Clock, RecordingDice

from bot.commands import READ_ONLY
from bot.config import REPO_ROOT, Settings
from bot.console.identity import GUILD_ID, Identities
from bot.db.codec import encode_encounter
from bot.db.engine import Database, open_database
from bot.guide.spec import Hint
from bot.render.guide import guide_hint
from bot.services import Caller, Reply, Services, dispatch
from combat.errors import FrayError
from combat.model import Encounter

__all__ = ["IDS", "FuzzTable", "Stored"]

IDS = Identities()
CHANNEL = IDS.channel(None)
# Refusals that are Fray's own slips, not the user's: the rules checking themselves (odds, a system's choice) or
# seeded dice running dry.
SLIPS = ("not between 0 and 1", "do not add up to exactly one", "name a band twice", "severity runs from",
         "have no band for", "offered the choice key", "is not one of the choices offered", "no face left")
# Commands whose success leaves no undoable event of their own: the others push the state before them.
FRESH_EVERY = 3  # every third refusal is sent again to a new process, which must refuse it the same way
# Commands beside the fight: they leave the encounter as it was, as the reads do.
BESIDE = frozenset({"roll", "character create", "character show", "character list", "character edit",
                    "character delete", *READ_ONLY})
NOT_UNDOABLE = frozenset({"encounter start", "encounter undo", "encounter end", "encounter settings", *BESIDE})


def _quoted(value: str) -> str:
    return f'"{value}"' if not value or any(c.isspace() or c == "#" for c in value) else value


@dataclass
class FuzzTable:
    """Send commands as users of the local table and check every one; ``history`` is the replayable script."""

    db_url: str  # a SQLAlchemy URL: a SQLite file or a PostgreSQL database
    seed: int
    clock: Clock = field(default_factory=Clock)
    encounter: Encounter | None = None
    history: list[str] = field(default_factory=list)
    stack: list[Any] = field(default_factory=list)  # the state before each undoable event, newest last
    counts: dict[str, int] = field(default_factory=lambda: {"done": 0, "refused": 0, "rounds": 0, "restarts": 0})
    hint: Hint | None = None  # what the last reply said to type next (a guided demo, a fight decided)
    refusal: str = ""  # the last refusal's message
    unknown_below: bool = False  # the stack starts above states undo may go back to (a demo's set-up)
    processes: int = 1  # bot processes on the database (two: each finds what the other saved)
    process: int = 0  # the one the next command goes to
    running: list[tuple[Database, Services, RecordingDice]] = field(default_factory=list)
    reader: Reader | None = None  # reads what is stored past Fray

    @property
    def services(self) -> Services:
        """Return the services of the process the next command goes to."""
        return self.running[self.process][1]

    @property
    def dice(self) -> RecordingDice:
        """Return the dice of the process the next command goes to."""
        return self.running[self.process][2]

    async def open(self) -> Services:
        """Open Fray on the database, as processes starting up (again) would."""
        await self.close()
        self.reader = await open_reader(self.db_url)
        settings = Settings(_env_file=None, data_dir=REPO_ROOT / "data", database_url="")  # type: ignore[call-arg]
        for _ in range(self.processes):
            db = await open_database(self.db_url, migrate=False)
            dice = RecordingDice(self.seed)
            services = Services(db, settings, dice, self.clock)
            await services.warm()
            self.running.append((db, services, dice))
        return self.services

    async def restart(self) -> None:
        """Go on as new processes on the same database: nothing kept in memory but what was committed."""
        self.counts["restarts"] += 1
        self.history.append(f"# restart: run the rest as a new process on the same database (--db "
                            f"{'FILE' if is_sqlite(self.db_url) else 'URL'} --seed {self.seed})")
        await self.open()

    async def close(self) -> None:
        """Let the databases go (Fray's engines and the reader)."""
        for db, _, _ in self.running:
            await db.dispose()
        self.running.clear()
        reader, self.reader = self.reader, None
        if reader is not None:
            await reader.close()

    def caller(self, user: str) -> Caller:
        """Return a user of the local table as the console makes it."""
        return Caller(IDS.user(user), user, GUILD_ID, CHANNEL, admin=True)

    async def stored(self) -> Stored:
        """Read the active encounter straight from the database (no engine or cache of Fray's in the way)."""
        assert self.reader is not None, "the table is not open"
        return await self.reader.read(CHANNEL)

    def note(self, user: str, path: str, options: dict[str, str]) -> None:
        """Add one command to the history as a ``.fray`` line."""
        shown = {k: f"@{IDS.name(v)}" if k == "owner" and v.isdigit() else v for k, v in options.items()}
        words = " ".join(f"{k.replace(' ', '_')}:{_quoted(v)}" for k, v in shown.items())
        self.history.append(f"@{user} /{path} {words}".rstrip())

    async def send(self, user: str, path: str, options: dict[str, str], *, check_undo: bool = False) -> Reply | None:
        """Run one command and check it: refused cleanly and changing nothing, or done, rendered and undoable."""
        self.note(user, path, options)
        if self.process:
            self.history[-1] += "  # on the second process"
        before = await self.stored()
        self.dice.faces.clear()
        try:
            reply = await dispatch(self.services, self.caller(user), path, options)
        except FrayError as error:
            self.counts["refused"] += 1
            self.history[-1] += f"  # refused: {error.message[:100]}"
            self.refusal = error.message
            await self._check_refusal(path, error, before)
            if self.counts["refused"] % FRESH_EVERY == 0:
                await self._check_fresh(user, path, options, error.message)
            return None
        except Exception as error:
            raise Failure(f"internal error {type(error).__name__}", trace(error)) from error
        self.counts["done"] += 1
        faces, lines = list(self.dice.faces), rendered(reply, IDS)
        self.hint = guide_hint(reply)
        after = await self.stored()
        self._check_saved(path, options, reply, before, after)
        # A choice that ran out answered with its default: made again after the undo, it is answered as typed.
        lapsed = reply.settled is not None or (reply.answer is not None and reply.answer.lapsed)
        if check_undo and path not in NOT_UNDOABLE and after.events == before.events + 1 and not lapsed:
            await self._undo_and_redo(user, path, options, after, faces, lines)
        return reply

    async def _check_refusal(self, path: str, error: FrayError, before: Stored) -> None:
        """Check a refusal: readable, the user's own (not Fray's slip), and leaving what is stored as it was."""
        message = error.message
        if not message.strip() or "\n" in message or "Traceback" in message:
            raise Failure("unreadable refusal", f"/{path}: {message!r}")
        if any(slip in message for slip in SLIPS):
            raise Failure("a refusal that is Fray's own slip", f"/{path}: {message}")
        after = await self.stored()
        if after != before:
            raise Failure("refused command changed the encounter", f"/{path} ({message}): "
                          f"version {before.version}→{after.version}, events {before.events}→{after.events}, "
                          f"{diff_docs(before.state, after.state)}")
        if "nothing left to undo" in message and self.stack:
            raise Failure("undo refused with undoable events left", f"{len(self.stack)} states on the stack")

    def _check_saved(self, path: str, options: dict[str, str], reply: Reply, before: Stored, after: Stored) -> None:
        """Check what a successful command left in the database, and keep the stack of states undo goes back to."""
        if path in BESIDE and after != before:
            raise Failure("a read or a command beside the fight changed it", f"/{path}: "
                          f"{diff_docs(before.state, after.state)}")
        if path in ("encounter end", "encounter start"):
            self.stack, self.unknown_below = [], path == "encounter start" and "demo" in options
            self.encounter = None
        if reply.answer is not None and not (isinstance(before.state, dict) and before.state.get("pending")):
            raise Failure("a reply tells an answer to no waiting question", f"/{path}: {reply.answer}")
        if reply.encounter is not None and after.state is not None:
            shown = encode_encounter(reply.encounter)
            if normal(shown) != normal(after.state):
                raise Failure("reply and stored state differ", f"/{path}: {diff_docs(after.state, shown)}")
            self.encounter = reply.encounter
            self.counts["rounds"] = max(self.counts["rounds"], reply.encounter.turns.round)
        if path == "encounter undo":
            if not self.stack and self.unknown_below:
                return
            expected = self.stack.pop() if self.stack else None
            if normal(after.state) != normal(expected):
                raise Failure("undo did not restore the state before", diff_docs(expected, after.state))
        elif path not in NOT_UNDOABLE and after.events > before.events:
            self.stack.append(before.state)
            if after.events == before.events + 2 and reply.settled is not None and reply.settled.encounter:
                self.stack.append(encode_encounter(reply.settled.encounter))

    async def kept_note(self) -> str:
        """Say what the process the last command went to keeps of the fight, against what is stored."""
        kept = self.running[self.process][0].cache.active(CHANNEL)
        pending = kept.encounter.pending if kept is not None else None
        overdue = ", a choice overdue" if pending is not None and pending.deadline <= self.clock() else ""
        return f"(its kept v{kept and kept.version}{overdue}; stored v{(await self.stored()).version})"

    async def _check_fresh(self, user: str, path: str, options: dict[str, str], message: str) -> None:
        """Send a refused command to a new process on the database (nothing kept): it must refuse it the same way."""
        why = await self.kept_note()
        db = await open_database(self.db_url, migrate=False)
        try:
            fresh = Services(db, self.services.settings, RecordingDice(self.seed), self.clock)
            await dispatch(fresh, self.caller(user), path, options)
        except FrayError as error:
            if error.message != message:
                raise Failure("a process with nothing kept refuses otherwise", f"/{path} {why}: kept: {message} | "
                              f"fresh: {error.message}") from error
        else:
            raise Failure("a process with nothing kept takes a refused command", f"/{path} {why}: {message}")
        finally:
            await db.dispose()

    async def _undo_and_redo(self, user: str, path: str, options: dict[str, str], after: Stored, faces: list[int],
                             lines: list[str]) -> None:
        """Undo the command just done (the state must be as before it), then make it again on the same dice.

        Made again, it must do and say exactly the same (a round's summary is then read back from the log).
        """
        if await self.send("gm", "encounter undo", {}) is None:
            raise Failure("undo refused right after a change", f"/{path}")
        if faces:
            self.dice.replay.queue(CHANNEL, faces)
            self.history.append("!dice " + " ".join("-" if f == -1 else str(f) for f in faces))  # as the console reads
        again = await self.send(user, path, options)
        left = self.dice.replay.queued(CHANNEL)
        self.dice.replay.clear(CHANNEL)
        if again is None:
            raise Failure("the same command on the same dice was refused after an undo", f"/{path}")
        redone = await self.stored()
        if left or normal(redone.state) != normal(after.state):
            raise Failure("the same command on the same dice did something else after an undo",
                          f"/{path}, {left} faces left: {diff_docs(after.state, redone.state)}")
        said = rendered(again, IDS)
        if said != lines:
            changed = "\n".join(difflib.unified_diff(lines, said, "first", "again", lineterm=""))
            raise Failure("the same command on the same dice said something else after an undo", f"/{path}\n{changed}")
