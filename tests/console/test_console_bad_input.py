"""Bad lines through the local table: one clear error each, and nothing changes (the export stays byte for byte)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from console_kit import EXAMPLE, Run, error_lines, fray, json_objects, popen, run_script

pytestmark = pytest.mark.slow  # runs `fray console` in subprocesses

EXPORT = "@gm /encounter export"
BEGUN = 9  # the example's first 9 lines set the fight up and begin it: round 1, Aeryn's turn

# (line, a part of its error message; None for a line that is fine)
BAD: tuple[tuple[str, str | None], ...] = (
    ('@carol /attack target:"Peacekeeper comando 1"', "did you mean 'Peacekeeper commando 1'?"),
    ('@bob /attack target:"Peacekeeper commando 1"', "It is Aeryn's turn, not Crichton's."),
    ("@carol /encounter add name:Zhaan", "Only the GM can add combatants."),
    ("@dave /encounter end", "Only the GM can end the encounter."),
    ('@gm /encounter add name:"@everyone"', "has characters Fray does not allow"),
    (f'@gm /encounter add name:"{"x" * 101}"', "That name is 101 characters long; keep it to 100."),
    ('@gm /encounter add name:Rygel owner:""', "owner is empty"),
    ("@gm /encounter begin", "The fight has already begun."),
    ("@carol /encounter frobnicate", "There is no command /encounter frobnicate;"),
    ('@carol /attack target:"Peacekeeper commando 1', "check the quotes"),
    ("!dice ²", "'²' is not a face"),
    ("!dice 9", None),
    ("@carol /roll dice:4dF", "The queued face 9 cannot come up on a dF"),
    # The queue holds on to the 9: the attack that needs Fudge dice fails the same way and changes nothing.
    ('@carol /attack target:"Peacekeeper commando 1"', "The queued face 9 cannot come up on a dF"),
)
FIRST_BAD = BEGUN + 2  # after the setup lines and the first export
DRAIN = "@carol /roll dice:d10"  # a d10 takes the queued 9, so the rest of the fight rolls the seeded dice again


def bad_script(lines: list[str]) -> list[str]:
    return [*lines[:BEGUN], EXPORT, *(line for line, _ in BAD), EXPORT, DRAIN, *lines[BEGUN:]]


def test_each_bad_line_prints_one_clear_error_and_changes_nothing(
    scratch: Path, lines: list[str], reference: Run
) -> None:
    run = Run(run_script(scratch, "bad-text", bad_script(lines), str(scratch / "bad-text.sqlite3")))
    expected = {FIRST_BAD + i: part for i, (_, part) in enumerate(BAD) if part is not None}
    errors = error_lines(run.output)
    assert sorted(errors) == sorted(expected)
    for number, part in expected.items():
        assert part in errors[number], (number, errors[number])
    before, after, final = run.exports
    assert before == after  # byte for byte
    assert final == reference.exports[0]  # the rest of the fight rolled exactly as if the bad lines never were
    assert "1d10: [9] = 9" in run.output.splitlines()


def test_json_reports_bad_lines_as_ok_false(scratch: Path, lines: list[str]) -> None:
    script = bad_script(lines)
    done = run_script(scratch, "bad-json", script, str(scratch / "bad-json.sqlite3"), "--json")
    objects = json_objects(done.stdout)  # every printed line is one JSON object
    by_line = {o["line"]: o for o in objects}
    assert len(by_line) == len(objects)
    for i, (text, part) in enumerate(BAD):
        answer = by_line[FIRST_BAD + i]
        if part is None:
            assert answer["ok"] is True and answer["queued"] == [9], text
        else:
            assert answer == {"line": FIRST_BAD + i, "ok": False, "error": answer["error"]}
            assert part in answer["error"], (text, answer["error"])
    exports = [o["body"]["data"] for o in objects if o.get("command") == "encounter export"]
    assert len(exports) == 3 and exports[0] == exports[1]
    drained = by_line[FIRST_BAD + len(BAD) + 1]
    assert drained["command"] == "roll" and drained["body"]["roll"]["faces"] == [9]


def test_json_stays_json_for_every_kind_of_line(scratch: Path) -> None:
    script = ["# comment", "", "@gm /encounter start system:farscape", "!dice + 0", "@gm /nothing", "!dice x"]
    done = fray(str(scratch / "kinds.sqlite3"), "--json", stdin="\n".join(script) + "\n")
    assert done.returncode == 0, done.stderr
    objects: list[dict[str, Any]] = json_objects(done.stdout)
    assert [(o["line"], o["ok"]) for o in objects] == [(3, True), (4, True), (5, False), (6, False)]
    assert objects[1]["queued"] == [1, 0] and objects[1]["channel"] == "table"
    assert set(objects[2]) == {"line", "ok", "error"} and "There is no command /nothing" in objects[2]["error"]


@pytest.mark.parametrize("as_json", [False, True])
def test_strict_stops_at_the_first_bad_line_and_exits_1(scratch: Path, lines: list[str], as_json: bool) -> None:
    db = str(scratch / f"strict-{as_json}.sqlite3")
    flags = ("--strict", "--json") if as_json else ("--strict",)
    bad = '@bob /attack target:"Peacekeeper commando 1"'
    script = [*lines[:BEGUN], EXPORT, bad, *lines[BEGUN:]]
    # Through a pipe, so the stdin path is covered too.
    done = fray(db, *flags, stdin="\n".join(script) + "\n")
    assert done.returncode == 1, done.stderr
    printed = done.stdout.splitlines()
    if as_json:
        objects = json_objects(done.stdout)
        assert objects[-1] == {"line": BEGUN + 2, "ok": False, "error": "It is Aeryn's turn, not Crichton's."}
        assert sum(o.get("command") == "encounter export" for o in objects) == 1
    else:
        assert printed[-1] == f"✗ line {BEGUN + 2}: It is Aeryn's turn, not Crichton's."
        assert sum(1 for line in printed if line.startswith("✗")) == 1
    # Nothing after the bad line ran: a new process exports the state of before it.
    later = fray(db, "--json", stdin=EXPORT + "\n")
    (answer,) = json_objects(later.stdout)
    exported = answer["body"]["data"]
    assert exported["round"] == 1 and exported["turn"] == "Aeryn"
    assert [e["kind"] for e in exported["log"]][-1] == "encounter begin"


def test_without_strict_bad_lines_do_not_change_the_exit_code(scratch: Path) -> None:
    done = fray(str(scratch / "lenient.sqlite3"), stdin="@gm /nothing\n@gm /encounter status\n")
    assert done.returncode == 0
    assert error_lines(done.stdout) == {
        1: "There is no command /nothing; commands: "
           "/act, /attack, /character, /dodge, /encounter, /help, /odds, /roll.",
        2: "There is no encounter in this channel; the GM starts one with /encounter start.",
    }


def test_a_reader_that_stops_early_ends_the_table_quietly(tmp_path: Path) -> None:
    # `fray console --script … | head -1`: the pipe closes after one line; no traceback follows.
    with popen(":memory:", "--script", str(EXAMPLE)) as proc:
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        proc.stdin.close()  # the script is the input
        first = proc.stdout.readline()
        proc.stdout.close()
        errors = proc.stderr.read()
        code = proc.wait(timeout=60)
    assert first.startswith("Encounter 'Docking ring' started")
    assert "Traceback" not in errors and "BrokenPipeError" not in errors
    assert code == 1
