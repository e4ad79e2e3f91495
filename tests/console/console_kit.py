"""Helpers for the local-table tests: run `fray console` as a subprocess and read what it prints."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "farscape-skirmish.fray"
SEED = "4"
SUMMARY = re.compile(r"^Round (\d+) summary$")


def example_lines() -> list[str]:
    """Return the example fight's lines, comments included."""
    return EXAMPLE.read_text(encoding="utf-8").splitlines()


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("DATABASE_URL", None)  # --db is always given; a stray setting must not matter
    env["PYTHONUNBUFFERED"] = "1"
    return env


def console_argv(db: str, *extra: str) -> list[str]:
    """Return the command line of `fray console` with the venv's python, a database and the seed."""
    return [sys.executable, "-m", "bot", "console", "--db", db, "--seed", SEED, *extra]


def fray(db: str, *extra: str, stdin: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run `fray console` to the end and capture what it prints."""
    return subprocess.run(
        console_argv(db, *extra),
        input=stdin,
        capture_output=True,
        text=True,
        cwd=REPO,
        env=_env(),
        timeout=timeout,
        check=False,
    )


def popen(db: str, *extra: str) -> subprocess.Popen[str]:
    """Start `fray console` reading its lines from a pipe."""
    return subprocess.Popen(
        console_argv(db, *extra),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
        env=_env(),
    )


def run_script(
    tmp: Path, name: str, lines: Sequence[str], db: str, *extra: str, expect_rc: int = 0
) -> subprocess.CompletedProcess[str]:
    """Write ``lines`` to a script file, run it, and check the exit code and that nothing crashed."""
    script = tmp / f"{name}.fray"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = fray(db, *extra, "--script", str(script))
    assert done.returncode == expect_rc, f"exit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    assert "Traceback" not in done.stderr, done.stderr
    return done


def played(tmp: Path, name: str, lines: Sequence[str], *, strict: bool = True) -> str:
    """Run a script on a fresh in-memory table (``strict``: stop at the first refused line) and return its output."""
    return run_script(tmp, name, lines, ":memory:", *(("--strict",) if strict else ())).stdout


def errors_at(tmp: Path, name: str, lines: list[str]) -> tuple[list[str], dict[str, str]]:
    """Run the script without --strict; return the output lines and each refused command's message, by its line."""
    out = played(tmp, name, lines, strict=False)
    return out.splitlines(), {lines[number - 1]: message for number, message in error_lines(out).items()}


def after(lines: list[str], first: str, count: int) -> list[str]:
    """Return ``count`` output lines starting at the line ``first``."""
    at = lines.index(first)
    return lines[at:at + count]


def exports(output: str) -> list[str]:
    """Return every export the text output holds, as printed (a JSON block from '{' to '}' at column 0)."""
    found: list[str] = []
    block: list[str] | None = None
    for line in output.splitlines():
        if block is None and line == "{":
            block = [line]
        elif block is not None:
            block.append(line)
            if line == "}":
                found.append("\n".join(block))
                block = None
    for text in found:
        json.loads(text)  # each one is whole, valid JSON
    return found


def summary_rounds(output: str) -> list[int]:
    """Return the round numbers of the 'Round N summary' headers, in the order printed."""
    return [int(m.group(1)) for line in output.splitlines() if (m := SUMMARY.match(line))]


def error_lines(output: str) -> dict[int, str]:
    """Return the '✗ line N: message' lines by line number."""
    errors: dict[int, str] = {}
    for line in output.splitlines():
        if line.startswith("✗"):
            head, _, message = line.partition(": ")
            errors[int(head.removeprefix("✗ line "))] = message
    return errors


def json_objects(output: str) -> list[dict[str, Any]]:
    """Parse --json output: every line must be one JSON object."""
    objects = []
    for line in output.splitlines():
        data = json.loads(line)
        assert isinstance(data, dict), line
        objects.append(data)
    return objects


def without_line_numbers(objects: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Drop the 'line' key (a second process numbers its own lines from 1)."""
    return [{k: v for k, v in o.items() if k != "line"} for o in objects]


def command_numbers(lines: Sequence[str]) -> list[int]:
    """Return the 1-based numbers of the lines that are commands or dice (not blank, not comments)."""
    return [i for i, line in enumerate(lines, 1) if line.strip() and not line.lstrip().startswith("#")]


class Run:
    """One finished run: what it printed, and its exports."""

    def __init__(self, done: subprocess.CompletedProcess[str]) -> None:
        self.output = done.stdout
        self.exports = exports(done.stdout)
