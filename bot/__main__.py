"""The `fray` command: the local table, the Discord bot, and database maintenance."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the chosen job."""
    from bot.console import main as console
    from bot.db import cli as db
    from bot.discord import run as discord_bot

    parser = argparse.ArgumentParser(prog="fray", description="Fray runs tabletop RPG combat.")
    jobs = parser.add_subparsers(dest="job", required=True)
    console.add_arguments(jobs.add_parser("console", help="the local table: commands in a terminal, no Discord"))
    db.add_arguments(jobs.add_parser("db", help="database migrations"))
    discord_bot.add_arguments(jobs.add_parser("run", help="the Discord bot (needs DISCORD_TOKEN)"))
    args = parser.parse_args(argv)
    if args.job == "console":
        return console.run(args)
    if args.job == "run":
        return discord_bot.run(args)
    return db.run(args)


if __name__ == "__main__":
    sys.exit(main())
