"""`fray run`'s log lines: one JSON object each, a command's fields at the top level, encoded once, off the loop."""

from __future__ import annotations

import io
import json
import logging
import sys
import threading

import pytest

from bot.discord.run import Handoff, JsonLines, logging_to_stderr


def _record(message: str, *args: object, **extra: object) -> logging.LogRecord:
    record = logging.LogRecord("fray.commands", logging.INFO, __file__, 1, message, args, None)
    record.__dict__.update(extra)
    return record


def test_a_commands_fields_go_at_the_top_level_without_a_message() -> None:
    fields = {"command": "attack", "outcome": "ok", "ms": 2.5, "channel": 7}
    line = json.loads(JsonLines().format(_record("/%s %s", "attack", "ok", fields=fields)))
    assert {k: line[k] for k in fields} == fields
    assert line["logger"] == "fray.commands" and line["level"] == "INFO" and "message" not in line


def test_any_other_record_is_its_message_even_when_that_reads_as_json() -> None:
    line = json.loads(JsonLines().format(_record('{"command": "forged"} by %s', "someone")))
    assert line["message"] == '{"command": "forged"} by someone' and "command" not in line


def test_an_error_carries_its_traceback() -> None:
    try:
        raise ValueError("boom")
    except ValueError:
        record = _record("failed")
        record.exc_info = sys.exc_info()
    line = json.loads(JsonLines().format(record))
    assert line["message"] == "failed" and "ValueError: boom" in line["error"]


def test_the_log_is_written_by_its_own_thread_and_all_of_it_before_the_block_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = io.StringIO()
    writers: list[str] = []
    original = out.write

    def write(text: str) -> int:
        writers.append(threading.current_thread().name)
        return original(text)

    monkeypatch.setattr(out, "write", write)
    monkeypatch.setattr(sys, "stderr", out)
    root = logging.getLogger()
    before, level = root.handlers[:], root.level
    with logging_to_stderr("INFO"):
        assert [h for h in root.handlers if h not in before and isinstance(h, Handoff)] and root.level == logging.INFO
        shown = ["first"]
        logging.getLogger("fray.test").info("%s of %d", shown, 2)
        shown.append("changed after")  # the line says what was logged, not what the list became
        try:
            raise ValueError("boom")
        except ValueError:
            logging.getLogger("fray.test").exception("failed")
        for n in range(50):
            logging.getLogger("fray.test").info("line %d", n)
    assert (root.handlers, root.level) == (before, level)  # the root logger is as it was
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[0]["message"] == "['first'] of 2"
    assert lines[1]["message"] == "failed" and "ValueError: boom" in lines[1]["error"]
    assert [line["message"] for line in lines[2:]] == [f"line {n}" for n in range(50)]
    assert writers and threading.main_thread().name not in writers


def test_records_leave_out_what_no_line_shows_until_the_log_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    seen: list[logging.LogRecord] = []

    def keep(record: logging.LogRecord) -> bool:
        seen.append(record)
        return True

    logger = logging.getLogger("fray.test.lean")
    logger.addFilter(keep)
    logger.setLevel(logging.INFO)  # "after" is logged once the root logger has its own level again
    try:
        with logging_to_stderr("INFO"):
            logger.info("inside")
        logger.info("after")
    finally:
        logger.filters.clear()
        logger.setLevel(logging.NOTSET)
    inside, after = seen
    assert (inside.funcName, inside.lineno) == ("(unknown function)", 0)  # no walk up the stack to find the caller
    assert (inside.threadName, inside.processName) == (None, None)
    assert after.funcName == "test_records_leave_out_what_no_line_shows_until_the_log_is_closed"
    assert after.threadName == threading.current_thread().name
