"""``fray db …``: upgrade, downgrade and inspect the database schema, or write a new migration."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from alembic import command

from bot.db.migrate import alembic_config, current_revision, downgrade, head, upgrade

__all__ = ["add_arguments", "main", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``db`` subcommands to ``parser`` (used by ``fray db`` and ``python -m bot.db``)."""
    parser.add_argument("--url", help="database URL (default: DATABASE_URL, else the SQLite file in data/)")
    actions = parser.add_subparsers(dest="db_action", required=True, metavar="ACTION")
    up = actions.add_parser("upgrade", help="apply migrations (to the newest by default)")
    up.add_argument("revision", nargs="?", default="head")
    down = actions.add_parser("downgrade", help="revert migrations down to REVISION ('base' drops everything)")
    down.add_argument("revision")
    actions.add_parser("current", help="show the database's revision and the newest one")
    new = actions.add_parser("revision", help="write a new migration script (developers)")
    new.add_argument("-m", "--message", required=True)
    new.add_argument("--autogenerate", action="store_true", help="compare the models with the database at --url")


def _url(given: str | None) -> str:
    if given:
        return given
    from bot.config import Settings

    return Settings().database_url


def _say(line: str) -> None:
    sys.stdout.write(line + "\n")


def run(args: argparse.Namespace) -> int:
    """Carry out a parsed ``db`` subcommand; return the exit status."""
    url = _url(args.url)
    if args.db_action == "upgrade":
        asyncio.run(upgrade(url, args.revision))
        _say(f"Database is at revision {args.revision if args.revision != 'head' else head()}.")
    elif args.db_action == "downgrade":
        asyncio.run(downgrade(url, args.revision))
        _say(f"Database is at revision {args.revision}.")
    elif args.db_action == "current":
        at = asyncio.run(current_revision(url))
        _say(f"Database revision: {at or 'none (not migrated)'}; newest: {head()}.")
    else:
        command.revision(alembic_config(url), message=args.message, autogenerate=args.autogenerate)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` as a ``db`` command line and run it."""
    parser = argparse.ArgumentParser(prog="fray db", description="Manage Fray's database schema.")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
