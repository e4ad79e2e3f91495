"""The log's writer thread writes what came since its last write together: one write and one flush for a batch."""

from __future__ import annotations

import io
import json
import logging
from queue import SimpleQueue

import pytest

from bot.discord.log_writer import BatchWriter
from bot.discord.run import JsonLines

pytestmark = pytest.mark.timeout(30)


class Counted(io.StringIO):
    """A stream that counts its writes."""

    def __init__(self) -> None:
        super().__init__()
        self.writes = 0

    def write(self, text: str) -> int:
        self.writes += 1
        return super().write(text)


def _writer(stream: Counted, level: int = logging.NOTSET) -> logging.StreamHandler[Counted]:
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonLines())
    handler.setLevel(level)
    return handler


def _record(n: int, level: int = logging.INFO) -> logging.LogRecord:
    return logging.LogRecord("fray.commands", level, __file__, 1, f"line {n}", None, None)


def test_records_queued_together_are_written_in_one_go_in_order() -> None:
    stream, records = Counted(), SimpleQueue[logging.LogRecord]()
    for n in range(5):
        records.put(_record(n))
    listener = BatchWriter(records, _writer(stream), linger=0.001)
    listener.start()
    listener.stop()
    lines = [json.loads(line)["message"] for line in stream.getvalue().splitlines()]
    assert lines == [f"line {n}" for n in range(5)]
    assert stream.writes == 1


def test_stopping_writes_what_is_still_queued_and_the_writer_level_holds() -> None:
    stream, records = Counted(), SimpleQueue[logging.LogRecord]()
    listener = BatchWriter(records, _writer(stream, logging.WARNING), linger=0.0)
    listener.start()
    records.put(_record(1))
    records.put(_record(2, logging.WARNING))
    listener.stop()
    assert [json.loads(line)["message"] for line in stream.getvalue().splitlines()] == ["line 2"]
