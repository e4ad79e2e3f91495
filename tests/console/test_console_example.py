"""The example fight end to end through `fray console` in a subprocess: summaries, export, JSON, both databases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from console_kit import Run, command_numbers, run_script, summary_rounds

pytestmark = pytest.mark.slow  # runs `fray console` in subprocesses


def test_the_example_runs_without_a_failed_line(reference: Run) -> None:
    # The reference runs with --strict, so it already exited 0; no printed line may be an error either.
    assert reference.output.strip()
    assert not [line for line in reference.output.splitlines() if line.startswith("✗")]


def test_every_round_prints_its_summary_once_in_order(reference: Run) -> None:
    assert len(reference.exports) == 1
    last = json.loads(reference.exports[0])["round"]
    assert last >= 2  # a real fight, not a one-round stub
    assert summary_rounds(reference.output) == list(range(1, last + 1))


def test_the_export_describes_the_fight(reference: Run) -> None:
    export = json.loads(reference.exports[0])
    assert export["system"] == "farscape"
    assert export["name"] == "Docking ring"
    names = [c["name"] for c in export["combatants"]]
    assert names[:3] == ["Crichton", "Aeryn", "D'Argo"]
    assert sorted(names[3:]) == [f"Peacekeeper commando {n}" for n in (1, 2, 3)]
    owners = {c["name"]: c["owner"] for c in export["combatants"]}
    assert len({owners["Crichton"], owners["Aeryn"], owners["D'Argo"]}) == 3  # @bob, @carol, @dave
    assert all(owners[f"Peacekeeper commando {n}"] is None for n in (1, 2, 3))
    assert [e["seq"] for e in export["log"]] == list(range(1, len(export["log"]) + 1))


def test_a_new_process_exports_what_the_script_printed(scratch: Path, lines: list[str], reference: Run) -> None:
    # The script without its '/encounter end', then a one-line export from a second process on the same file.
    db = str(scratch / "export-later.sqlite3")
    assert lines[-1].strip() == "@gm /encounter end"
    first = Run(run_script(scratch, "no-end", lines[:-1], db, "--strict"))
    later = Run(run_script(scratch, "export-only", ["@gm /encounter export"], db, "--strict"))
    assert first.exports == reference.exports
    assert later.exports == reference.exports


def test_json_prints_one_object_per_command_line(lines: list[str], reference_json: list[dict[str, Any]]) -> None:
    assert [o["line"] for o in reference_json] == command_numbers(lines)
    assert all(o["ok"] is True for o in reference_json)
    commands = [o["command"] for o in reference_json]
    assert commands[0] == "encounter start" and commands[-1] == "encounter end"


def test_json_export_and_summaries_match_the_text_run(reference: Run, reference_json: list[dict[str, Any]]) -> None:
    (export,) = [o["body"]["data"] for o in reference_json if o["command"] == "encounter export"]
    assert export == json.loads(reference.exports[0])
    rounds = [s["round"] for o in reference_json for s in o["summaries"]]
    assert rounds == summary_rounds(reference.output)


@pytest.mark.postgresql
def test_postgresql_plays_the_same_fight_as_sqlite(
    scratch: Path, lines: list[str], reference: Run, pg_url: str
) -> None:
    # Same script, same seed: the same dice, the same ids (stable hashes of names), the same words.
    on_pg = Run(run_script(scratch, "postgres", lines, pg_url, "--strict"))
    assert on_pg.exports == reference.exports
    assert on_pg.output == reference.output
