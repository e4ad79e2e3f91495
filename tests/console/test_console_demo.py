"""`fray console --demo <system>`: the guided fight in a terminal, driven through a pipe and replayed from a script."""

from __future__ import annotations

import json
import re
from pathlib import Path

from console_kit import fray, popen

SUGGESTED = re.compile(r"`(/[^`]+)`")
OVER = "→ The fight is over"


def drive(db: str, key: str, limit: int = 100) -> tuple[list[str], list[str]]:
    """Pipe the command each hint suggests into the table, line by line, until the fight is over."""
    process = popen(db, "--demo", key)
    assert process.stdin is not None and process.stdout is not None
    commands: list[str] = []
    hints: list[str] = []
    try:
        while True:
            line = process.stdout.readline()
            assert line, f"the table stopped before the fight was over; last hints: {hints[-3:]}"
            if not line.startswith("→ "):
                assert not line.startswith("✗"), line
                continue
            hints.append(line.rstrip("\n"))
            if line.startswith(OVER):
                break
            assert len(commands) < limit, hints[-5:]
            found = SUGGESTED.search(line)
            assert found is not None, line
            commands.append(found.group(1))
            process.stdin.write(commands[-1] + "\n")
            process.stdin.flush()
    finally:
        process.stdin.close()
        process.wait(timeout=30)
    assert process.returncode == 0
    return commands, hints


def test_a_pipe_plays_the_demo_to_its_end_and_a_script_of_the_same_lines_replays_it(tmp_path: Path) -> None:
    commands, hints = drive(str(tmp_path / "piped.sqlite3"), "farscape")
    assert hints[0].startswith("→ It's Aeryn's turn: try `/attack target:")
    assert hints[-1].startswith(OVER)
    script = tmp_path / "demo.fray"
    script.write_text("\n".join(commands) + "\n", encoding="utf-8")
    done = fray(str(tmp_path / "scripted.sqlite3"), "--demo", "farscape", "--script", str(script), "--strict")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert [line for line in done.stdout.splitlines() if line.startswith("→ ")] == hints


def test_an_unknown_demo_is_refused_naming_the_demos(tmp_path: Path) -> None:
    done = fray(str(tmp_path / "x.sqlite3"), "--demo", "nope")
    assert done.returncode == 2
    assert done.stderr == "There is no demo 'nope'; the demos are d6pool, deryni, fallout, farscape.\n"


def test_a_refused_line_repeats_the_hint(tmp_path: Path) -> None:
    done = fray(str(tmp_path / "x.sqlite3"), "--demo", "farscape", stdin="/attack target:Nobody\n")
    lines = done.stdout.splitlines()
    refused = next(i for i, line in enumerate(lines) if line.startswith("✗"))
    assert lines[refused + 1] == lines[refused - 1] and lines[refused + 1].startswith("→ It's Aeryn's turn")


def test_with_json_each_answer_carries_its_hint_as_commands(tmp_path: Path) -> None:
    done = fray(str(tmp_path / "x.sqlite3"), "--demo", "farscape", "--json", stdin="/encounter status\n")
    first, status = (json.loads(line) for line in done.stdout.splitlines())
    assert first["command"] == "encounter start" and first["body"]["kind"] == "DemoStarted"
    assert first["hint"] == {"text": "→ It's Aeryn's turn: try `/attack target:\"Peacekeeper commando\"`",
                             "commands": ['/attack target:"Peacekeeper commando"']}
    assert status["hint"] == first["hint"]


def test_a_missing_script_or_a_folder_for_the_database_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    missing = fray(str(tmp_path / "x.sqlite3"), "--script", str(tmp_path / "nope.fray"))
    assert (missing.returncode, missing.stderr) == (2, f"There is no script file {tmp_path / 'nope.fray'}.\n")
    folder = fray(str(tmp_path))
    assert folder.returncode == 2 and folder.stderr.startswith(f"{tmp_path} is a folder; --db takes a SQLite file")
