"""A restart is invisible: the example split over two processes (one of them killed) plays the same fight."""

from __future__ import annotations

import json
import queue
import signal
import threading
from pathlib import Path
from typing import Any

import pytest
from console_kit import command_numbers, json_objects, popen, run_script, without_line_numbers

pytestmark = pytest.mark.slow  # runs `fray console` in subprocesses

# Split points: before 'begin' (line 9 is /encounter begin), mid round 1, mid round 3 (after a round summary).
SPLITS = (8, 14, 22)


@pytest.mark.parametrize("k", SPLITS)
def test_two_processes_play_the_same_fight_as_one(
    scratch: Path, lines: list[str], reference_json: list[dict[str, Any]], k: int
) -> None:
    db = str(scratch / f"split-{k}.sqlite3")
    first = json_objects(run_script(scratch, f"head-{k}", lines[:k], db, "--json", "--strict").stdout)
    second = json_objects(run_script(scratch, f"tail-{k}", lines[k:], db, "--json", "--strict").stdout)
    # Every command's result, summaries, round and turn are the same; so is the export inside them.
    assert len(first) == len(command_numbers(lines[:k]))
    assert without_line_numbers(first + second) == without_line_numbers(reference_json)


def _reader(stream: Any, into: queue.Queue[str | None]) -> None:
    for line in stream:
        into.put(line)
    into.put(None)


def test_a_killed_process_loses_nothing_it_answered(
    scratch: Path, lines: list[str], reference_json: list[dict[str, Any]]
) -> None:
    db = str(scratch / "killed.sqlite3")
    half = len(lines) // 2
    last = command_numbers(lines[:half])[-1]
    proc = popen(db, "--json")
    out: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=_reader, args=(proc.stdout, out), daemon=True).start()
    answered: list[dict[str, Any]] = []
    try:
        assert proc.stdin is not None
        proc.stdin.write("\n".join(lines[:half]) + "\n")
        proc.stdin.flush()  # stdin stays open: the table waits for more lines
        while not answered or answered[-1].get("line") != last:
            text = out.get(timeout=30)
            assert text is not None, f"the console ended early: {proc.stderr.read() if proc.stderr else ''}"
            answered.append(json.loads(text))
        assert proc.poll() is None  # still running, waiting for input
    finally:
        proc.kill()
        proc.wait(timeout=10)
        if proc.stdin is not None:
            proc.stdin.close()
    assert proc.returncode == -signal.SIGKILL
    assert [o["line"] for o in answered] == command_numbers(lines[:half])
    rest = json_objects(run_script(scratch, "after-kill", lines[half:], db, "--json", "--strict").stdout)
    assert without_line_numbers(answered + rest) == without_line_numbers(reference_json)
    (export,) = [o["body"]["data"] for o in rest if o["command"] == "encounter export"]
    (expected,) = [o["body"]["data"] for o in reference_json if o["command"] == "encounter export"]
    assert export == expected


def test_a_table_opened_again_names_its_players_and_channels(scratch: Path) -> None:
    # The ids come from the names; the names behind them are kept beside the database, so the next process that
    # opens it still says "Crichton (bob)", not his player's number.
    db = str(scratch / "names.sqlite3")
    run_script(scratch, "names-a", [
        "@gm #bridge /encounter start system:farscape name:Names",
        "@gm #bridge /encounter add name:Crichton owner:@bob side:crew stats:\"Speed=Fair\"",
    ], db, "--strict")
    status = run_script(scratch, "names-b", ["@gm #bridge /encounter status"], db, "--strict").stdout
    assert "• Crichton (bob) [crew]" in status
    assert (scratch / "names.sqlite3.names.json").exists()
