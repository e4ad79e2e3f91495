"""Every line of bad_inputs.txt, mid-fight: one clear line back, no traceback, and nothing changed (dice included).

Run through the local table (the whole line, as typed) and through the services (the command and its options, as
Discord sends them), on SQLite and on PostgreSQL when FRAY_TEST_PG_URL is set.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import unicodedata
from collections.abc import AsyncIterator
from dataclasses import asdict
from pathlib import Path

import pytest
import pytest_asyncio
from pgtools import fresh_pg_database, pg_base

from bot.config import REPO_ROOT, Settings
from bot.console.identity import GUILD_ID
from bot.console.parser import CommandLine, parse_line
from bot.console.runner import Console
from bot.db.engine import Database, open_database
from bot.services import Caller, ReplayDice, Services, dispatch
from bot.services.views import export_data
from combat.errors import FrayError

CORPUS = Path(__file__).with_name("bad_inputs.txt")
SCENE = (
    '@gm /encounter start system:farscape name:"Docking ring"',
    '@gm /encounter add name:Crichton owner:@bob side:crew tier:protagonist weapon:"pulse pistol" '
    'stats:"Speed=Great, Agility=Good, Energy Weapons=Good"',
    '@gm /encounter add name:Aeryn owner:@carol side:crew tier:protagonist weapon:"pulse pistol" stats:"Speed=Good"',
    '@gm /encounter add template:"peacekeeper trooper" count:2',
    "@gm /encounter begin",
    "@bob /character create name:Rygel system:farscape",
    "!dice + - 0 +",  # queued faces a refused command must give back
)
_ESCAPE = re.compile(r"\\(e|x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8})")


def _decode(text: str) -> str:
    return _ESCAPE.sub(lambda m: "\x1b" if m.group(1) == "e" else chr(int(m.group(1)[1:], 16)), text)


def corpus() -> list[tuple[str, str | None]]:
    """Return (line, expected part of the message or None) for every case."""
    cases = []
    for raw in CORPUS.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        line, _, expected = raw.partition("  ⟶  ")
        cases.append((_decode(line), _decode(expected) if expected else None))
    return cases


def test_the_corpus_is_big_and_has_no_duplicates() -> None:
    lines = [line for line, _ in corpus()]
    assert len(lines) >= 300
    assert len(set(lines)) == len(lines)


def _clean(message: str) -> None:
    assert message.strip() and "\n" not in message and "Traceback" not in message, message
    assert len(message) <= 600, message
    assert not any(unicodedata.category(ch) in {"Cc", "Cf"} for ch in message), message


@pytest_asyncio.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)])
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Console]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'fray.sqlite3'}" if request.param == "sqlite" else None
    async with _database(url) as db:
        dice = ReplayDice(seed=1)
        console = Console(Services(db, Settings(_env_file=None, data_dir=REPO_ROOT / "data"), dice), dice,
                          io.StringIO())
        for line in SCENE:
            assert await console.run_line(line), console.out.getvalue()  # type: ignore[attr-defined]
        yield console


@contextlib.asynccontextmanager
async def _database(url: str | None) -> AsyncIterator[Database]:
    """Open a database on ``url`` (a fresh PostgreSQL one when None) for the length of a test."""
    async with contextlib.AsyncExitStack() as stack:
        if url is None:
            url = await stack.enter_async_context(fresh_pg_database(str(pg_base()), "fray_corpus"))
        db = await open_database(url)
        stack.push_async_callback(db.dispose)
        yield db


async def _state(console: Console) -> str:
    """Return everything a command could change: the export with its log, the settings, the queued dice."""
    channel = console.ids.channel(None)
    async with console.services.db.unit_of_work() as uow:
        loaded = await uow.encounters.get_active(channel, for_update=False)
        assert loaded is not None
        events = await uow.events.all_events(loaded.row.id)
        settings = await uow.settings.get(GUILD_ID)
        characters = [(r.name, r.owner_id, r.sheet) for r in await uow.characters.list(GUILD_ID)]
    export = export_data(console.services.system("farscape"), loaded.encounter, loaded.row.name, events)
    queued = console.dice.snapshot(channel)
    return json.dumps([export, asdict(settings), characters, queued], sort_keys=True, default=str)


@pytest.mark.asyncio
async def test_every_bad_line_is_refused_by_the_local_table_with_one_clear_line(table: Console) -> None:
    out: io.StringIO = table.out  # type: ignore[assignment]
    before = await _state(table)
    failures = []
    for line, expected in corpus():
        start = out.tell()
        ok = await table.run_line(line)
        out.seek(start)
        printed = out.read().splitlines()
        out.seek(0, io.SEEK_END)
        if ok or len(printed) != 1 or not printed[0].startswith("✗ "):
            failures.append(f"{line!r}: {printed}")
            continue
        _clean(printed[0])
        if expected is not None and expected not in printed[0]:
            failures.append(f"{line!r}: {printed[0]!r} lacks {expected!r}")
        if await _state(table) != before:
            failures.append(f"{line!r} changed the fight")
            before = await _state(table)
    assert failures == []


@pytest.mark.asyncio
async def test_every_bad_command_is_refused_by_the_services_and_changes_nothing(table: Console) -> None:
    before = await _state(table)
    tried = 0
    for line, expected in corpus():
        try:
            parsed = parse_line(line)
        except FrayError:
            continue  # the local table's own syntax: nothing reaches a service
        if not isinstance(parsed, CommandLine):
            continue
        caller = Caller(table.ids.user(parsed.user), parsed.user, GUILD_ID, table.ids.channel(None), admin=True)
        options = dict(parsed.options)
        owner = options.get("owner", "").removeprefix("@")
        if re.fullmatch(r"[\w.-]{1,32}", owner) and not owner.isdigit():  # as the local table names its users
            options["owner"] = str(table.ids.user(owner))
        try:
            await dispatch(table.services, caller, parsed.command.path, options)
        except FrayError as error:
            refused = error
        else:
            pytest.fail(f"accepted: {line!r}")
        _clean(refused.message)
        assert expected is None or expected in refused.message, (line, refused.message)
        assert await _state(table) == before, line
        tried += 1
    assert tried >= 300
