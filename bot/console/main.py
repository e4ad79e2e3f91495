"""`fray console`: open the database, load the tables, and run lines from a script, stdin or the keyboard."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from bot.config import Settings
from bot.console.runner import Console
from bot.db.engine import open_database
from bot.registry import demo_keys, keys
from bot.services import ReplayDice, Services

__all__ = ["DEMO_USER", "add_arguments", "run"]

DEMO_USER = "you"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the console's options."""
    parser.add_argument("--script", type=Path, help="run the lines of this file, then stop")
    parser.add_argument("--db", help="SQLite file (':memory:' for a throwaway one) or a database URL")
    parser.add_argument("--seed", type=int, help="make random dice reproducible")
    parser.add_argument("--json", action="store_true", help="print each command's result as one JSON line")
    parser.add_argument("--strict", action="store_true", help="stop at the first line that fails, exit 1")
    parser.add_argument("--maps", type=Path,
                        help="where /encounter map and /odds write their pictures (default: a temp folder)")
    parser.add_argument("--demo", metavar="SYSTEM", help="play a system's guided first fight as @you (lines may "
                        "start with the command: /attack …)")


def _url(db: str | None, settings: Settings, scratch: Path) -> str:
    if db is None:
        return settings.database_url
    if "://" in db:
        return db
    if db == ":memory:":
        return f"sqlite+aiosqlite:///{scratch / 'fray.sqlite3'}"
    return f"sqlite+aiosqlite:///{Path(db).expanduser().resolve()}"


def _names_file(url: str, scratch: Path) -> Path | None:
    """Return where the names behind the table's ids are kept: beside a SQLite file (none in memory or on a server)."""
    prefix = "sqlite+aiosqlite:///"
    if not url.startswith(prefix) or Path(url[len(prefix):]).parent == scratch:
        return None
    return Path(url[len(prefix):] + ".names.json")


async def _interactive(console: Console, demo: str | None) -> None:
    systems = ", ".join(keys())
    if demo is not None:
        sys.stdout.write("Type the commands the hints (→) suggest; a line starting with / is yours. (Ctrl-D ends)\n")
    else:
        sys.stdout.write(f"Fray's local table ({systems}). Type lines like: @alice /encounter start "
                         f"system:{keys()[0]} (Ctrl-D ends)\n")
    while True:
        try:
            line = await asyncio.to_thread(input, "> ")
        except EOFError:
            return
        await console.run_line(line)


async def _main(args: argparse.Namespace) -> int:
    settings = Settings()
    with tempfile.TemporaryDirectory(prefix="fray-") as scratch:
        url = _url(args.db, settings, Path(scratch))
        db = await open_database(url, pool_size=settings.db_pool_size)
        try:
            dice = ReplayDice(args.seed)
            services = Services(db, settings, dice)
            await services.warm()
            console = Console(services, dice, sys.stdout, as_json=args.json, maps=args.maps,
                              user=DEMO_USER if args.demo else None, names=_names_file(url, Path(scratch)))
            if args.demo is not None:
                await console.run_line(f"/encounter start demo:{args.demo}")
            if args.script is not None:
                lines: Iterable[str] = args.script.read_text(encoding="utf-8").splitlines()
                errors = await console.run_lines(lines, stop_on_error=args.strict)
            elif not sys.stdin.isatty():
                # Line by line as they arrive, each answer flushed: a program can drive the table through a pipe.
                sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
                piped = (line.rstrip("\r\n") for line in sys.stdin)
                errors = await console.run_lines(piped, stop_on_error=args.strict)
            else:
                await _interactive(console, args.demo)
                errors = 0
        finally:
            await db.dispose()
    return 1 if args.strict and errors else 0


def _problem(args: argparse.Namespace) -> str | None:
    """Say what is wrong with the command line before anything runs (None: nothing)."""
    if args.demo is not None and args.demo.lower() not in demo_keys():
        return f"There is no demo '{args.demo}'; the demos are {', '.join(demo_keys()) or 'none'}."
    if args.script is not None and not args.script.is_file():
        return f"There is no script file {args.script}."
    if args.db is not None and "://" not in args.db and Path(args.db).expanduser().is_dir():
        return f"{args.db} is a folder; --db takes a SQLite file (made if missing), :memory: or a database URL."
    return None


def run(args: argparse.Namespace) -> int:
    """Run the local table."""
    problem = _problem(args)
    if problem is not None:
        sys.stderr.write(problem + "\n")
        return 2
    try:
        return asyncio.run(_main(args))
    except BrokenPipeError:  # whoever read the output went away (`fray console … | head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's own flush at exit must not fail
        return 1
