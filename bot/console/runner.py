"""The local table: runs typed or scripted lines through the same services the Discord bot uses."""

from __future__ import annotations

import json
import logging
import re
import tempfile
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from bot.commands import READ_ONLY
from bot.console.identity import GUILD_ID, Identities
from bot.console.output import render_reply, reply_json
from bot.console.parser import CommandLine, DiceLine, parse_line
from bot.render.guide import MARK
from bot.services import Caller, ReplayDice, Reply, Services, dispatch
from bot.services.replies import MapShown, OddsShown
from combat.errors import FrayError

__all__ = ["Console"]

log = logging.getLogger(__name__)

# A local table's user name, as typed after '@' (a bare id or anything else is passed on as typed).
_USER = re.compile(r"[\w.-]{1,32}")
_FILE_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")  # what a channel name may not put in a picture's file name


class Console:
    """Run lines as different users in different channels; print what Discord would show."""

    def __init__(self, services: Services, dice: ReplayDice, out: TextIO, *, as_json: bool = False,
                 maps: Path | None = None, user: str | None = None, names: Path | None = None) -> None:
        self.services = services
        self.dice = dice
        self.out = out
        self.as_json = as_json
        self.ids = Identities(names)  # ``names``: where the names behind the ids are kept (a file database's side)
        self.channel: str | None = None
        self.errors = 0
        self.maps = maps or Path(tempfile.gettempdir()) / "fray-maps"
        self.pictures = 0
        # Who types a line that starts with the command (a demo: '/attack …' is @you's), and the last hint shown.
        self.user = user
        self.hint: str | None = None

    async def run_lines(self, lines: Iterable[str], *, stop_on_error: bool = False) -> int:
        """Run every line in order; return how many failed."""
        for number, line in enumerate(lines, 1):
            ok = await self.run_line(line, number)
            if not ok and stop_on_error:
                break
        return self.errors

    async def run_line(self, line: str, number: int = 0) -> bool:
        """Run one line; report an error as one clear line and change nothing."""
        if self.user is not None and line.lstrip().startswith("/"):
            line = f"@{self.user} {line.lstrip()}"
        try:
            parsed = parse_line(line)
            if parsed is None:
                return True
            if isinstance(parsed, DiceLine):
                self._queue(parsed, number)
                return True
            await self._command(parsed, number)
            return True
        except FrayError as err:
            self.errors += 1
            self._error(err.message, number)
            if self.hint is not None and not self.as_json:
                self.out.write(self.hint + "\n")  # what to type next has not changed
            return False

    def _queue(self, line: DiceLine, number: int = 0) -> None:
        channel = line.channel or self.channel
        if not line.faces:
            self.dice.clear(self.ids.channel(channel))
        self.dice.queue(self.ids.channel(channel), line.faces)
        if self.as_json:
            self._emit({"line": number, "ok": True, "queued": list(line.faces), "channel": channel or "table"})

    async def _command(self, line: CommandLine, number: int) -> None:
        self.channel = line.channel
        # The local table is the user's own server: everyone at it may change its settings.
        caller = Caller(self.ids.user(line.user), line.user, GUILD_ID, self.ids.channel(self.channel), admin=True)
        options = dict(line.options)
        owner = options.get("owner", "").strip().removeprefix("@")
        if _USER.fullmatch(owner) and not owner.isdigit():  # anything else stays as typed, for the service to judge
            options["owner"] = str(self.ids.user(owner))
        queued = self.dice.snapshot(caller.channel_id)
        try:
            reply = await dispatch(self.services, caller, line.command.path, options)
        except FrayError:
            self.dice.restore(caller.channel_id, queued)  # a refused command changes nothing, its dice included
            raise
        reply = self._write_picture(reply, line.channel)
        if self.as_json:
            self._emit({"line": number, "user": line.user, **reply_json(reply, self.ids)})
        else:
            hint = None
            for text in render_reply(reply, self.ids):
                self.out.write(text + "\n")
                hint = text if text.startswith(MARK) else hint
            if hint is not None or (reply.encounter is not None and reply.command not in READ_ONLY):
                self.hint = hint  # a change to the fight says what comes next, or nothing; a read or a roll keeps it

    def _write_picture(self, reply: Reply, channel: str | None) -> Reply:
        """Write a map (or odds chart) picture to a PNG file in ``maps``; the reply then says where it is."""
        body = reply.body
        if not isinstance(body, MapShown | OddsShown) or body.picture is None:
            return reply
        round_number = reply.encounter.turns.round if reply.encounter is not None else 0
        kind = "map" if isinstance(body, MapShown) else "odds"
        stem = f"{kind}-{_FILE_UNSAFE.sub('_', channel or 'table')}-round{round_number}"
        try:
            self.maps.mkdir(parents=True, exist_ok=True)
            path = self._free(stem)
            path.write_bytes(body.picture)
        except OSError as err:  # a folder that cannot be written: said on one line, and the table goes on
            raise FrayError(f"Could not write the picture in {self.maps} ({err.strerror or err}).") from None
        return replace(reply, body=replace(body, picture=None, file=str(path.resolve())))

    def _free(self, stem: str) -> Path:
        """Return the next picture path of ``stem`` no earlier session's picture holds (nothing is overwritten)."""
        while True:
            self.pictures += 1
            path = self.maps / f"{stem}-{self.pictures}.png"
            if not path.exists():
                return path

    def _error(self, message: str, number: int) -> None:
        if self.as_json:
            self._emit({"line": number, "ok": False, "error": message})
        else:
            where = f"line {number}: " if number else ""
            self.out.write(f"✗ {where}{message}\n")

    def _emit(self, data: dict[str, Any]) -> None:
        self.out.write(json.dumps(data, sort_keys=True, ensure_ascii=False) + "\n")
