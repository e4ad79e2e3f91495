"""`fray run`'s log lines: one JSON object each, a command's fields at the top level, encoded once."""

from __future__ import annotations

import json
import logging
import sys

from bot.discord.run import JsonLines


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
