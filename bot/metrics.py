"""What operators watch: how many commands ran and how long they took, per command and outcome, for Prometheus.

Each ``Metrics`` owns its own registry (never prometheus-client's global one), so tests and several bots in one
process do not collide. Labels are bounded: ``command`` is a known command path or ``unknown``, never user text,
and ``outcome`` is one of ``OUTCOMES``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from wsgiref.simple_server import WSGIServer

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest, start_http_server

from bot.commands import COMMANDS
from bot.db.errors import ConcurrentUpdate
from combat.errors import FrayError

__all__ = ["BUCKETS", "OUTCOMES", "UNKNOWN", "Exporter", "Metrics", "outcome_of"]

# ok: answered; refused: a FrayError the user is shown (bad input, not allowed, no encounter, against the rules);
# conflict: someone else changed the encounter at the same moment (try again); error: anything else (a bug).
OUTCOMES = ("ok", "refused", "conflict", "error")
UNKNOWN = "unknown"
# Seconds: a chat command is usually answered in milliseconds; Discord wants an answer within 3 s.
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
KNOWN_PATHS = frozenset(command.path for command in COMMANDS)


def outcome_of(error: BaseException | None) -> str:
    """Return the outcome label of a command that raised ``error`` (None: it answered)."""
    if error is None:
        return "ok"
    if isinstance(error, ConcurrentUpdate):
        return "conflict"
    if isinstance(error, FrayError):
        return "refused"
    return "error"


@dataclass(frozen=True, slots=True)
class Exporter:
    """The HTTP server that serves the metrics from a daemon thread; ``stop`` closes it."""

    server: WSGIServer
    thread: threading.Thread

    @property
    def address(self) -> tuple[str, int]:
        """Return the host and port it listens on (the real port when 0 was asked)."""
        host, port = self.server.server_address[:2]
        return str(host), int(port)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop serving, close the socket and wait (bounded) for the thread to end."""
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout)


class Metrics:
    """The command counter and latency histogram, with their own registry and an injected clock (seconds)."""

    def __init__(
        self, clock: Callable[[], float] = time.perf_counter, known: Collection[str] = KNOWN_PATHS
    ) -> None:
        self.clock = clock
        self.known = frozenset(known)
        self.registry = CollectorRegistry()
        labels = ("command", "outcome")
        self.commands = Counter("fray_commands", "Commands run, by command path and outcome.", labels,
                                registry=self.registry)
        self.seconds = Histogram("fray_command_seconds", "Seconds a command took, by command path and outcome.",
                                 labels, buckets=BUCKETS, registry=self.registry)
        # Each (command label, outcome)'s two series, looked up once.
        self._series: dict[tuple[str, str], tuple[Any, Any]] = {}

    def label(self, path: str) -> str:
        """Return the command label of ``path``: the path itself if it is a known command, else ``unknown``."""
        return path if path in self.known else UNKNOWN

    def record(self, path: str, outcome: str, seconds: float) -> None:
        """Count one command at ``path`` with its outcome and observe how long it took."""
        key = (self.label(path), outcome)  # bounded: the known paths (and "unknown") times the outcomes
        series = self._series.get(key)
        if series is None:
            series = self._series.setdefault(key, (self.commands.labels(*key), self.seconds.labels(*key)))
        series[0].inc()
        series[1].observe(max(seconds, 0.0))

    @contextmanager
    def timed(self, path: str) -> Iterator[None]:
        """Time the block as one command at ``path`` and record it with the outcome of how the block ended."""
        started = self.clock()
        error: BaseException | None = None
        try:
            yield
        except BaseException as exc:
            error = exc
            raise
        finally:
            self.record(path, outcome_of(error), self.clock() - started)

    def text(self) -> bytes:
        """Return the metrics in Prometheus' text format."""
        return generate_latest(self.registry)

    def serve(self, port: int, host: str = "127.0.0.1") -> Exporter:
        """Serve the metrics over HTTP at ``host:port`` (port 0: any free one) from a daemon thread."""
        server, thread = start_http_server(port, host, registry=self.registry)
        return Exporter(server, thread)
