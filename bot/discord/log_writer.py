"""The log's writer thread: it waits a moment after a record for the others, then writes them all in one go.

With one wake-up, one format pass and one write for every record, the writer thread took the interpreter's lock from
the event loop some 28 µs an `/attack` in a burst of commands (stop 39's accounting); a batch a few milliseconds
long costs one wake-up and one write for all the records in it. A line is written at most ``LINGER`` late.
"""

from __future__ import annotations

import logging
import time
from logging.handlers import QueueListener
from queue import Empty, SimpleQueue
from typing import Any

__all__ = ["LINGER", "BatchWriter"]

LINGER = 0.02  # [ours] seconds the writer waits after a record for others, before writing them together
_STOP: Any = object()  # queued by ``stop``: write what came before it, then end the thread


class BatchWriter(QueueListener):
    """A queue listener that writes what has come since its last write together, with one write and one flush."""

    def __init__(self, records: SimpleQueue[Any], writer: logging.StreamHandler[Any], linger: float = LINGER) -> None:
        super().__init__(records, writer)
        self.writer = writer
        self.linger = linger

    def enqueue_sentinel(self) -> None:
        """Queue the stop mark."""
        self.queue.put_nowait(_STOP)

    def _monitor(self) -> None:
        """Write the records a batch at a time, until the stop mark (the records before it are written first)."""
        while True:
            batch = [self.dequeue(True)]
            if batch[0] is not _STOP and self.linger:
                time.sleep(self.linger)
            while batch[-1] is not _STOP:
                try:
                    batch.append(self.dequeue(False))
                except Empty:
                    break
            done = batch[-1] is _STOP
            self._write(batch[:-1] if done else batch)
            if done:
                return

    def _write(self, records: list[logging.LogRecord]) -> None:
        """Format the records the writer's level lets through and write them with one flush."""
        shown = [r for r in records if r.levelno >= self.writer.level]
        if not shown:
            return
        writer = self.writer
        try:
            text = "".join(writer.format(r) + writer.terminator for r in shown)
            writer.acquire()
            try:
                writer.stream.write(text)
                writer.flush()
            finally:
                writer.release()
        except Exception:
            writer.handleError(shown[0])
