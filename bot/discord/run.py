"""`fray run`: start the Discord bot with DISCORD_TOKEN, against Discord or another REST base and gateway."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Iterator
from logging.handlers import QueueHandler
from queue import SimpleQueue
from typing import Any

import discord
import orjson
import yarl
from discord.gateway import DiscordWebSocket

from bot.config import Settings
from bot.db.engine import open_database
from bot.discord.client import FrayBot
from bot.discord.log_writer import BatchWriter
from bot.heap import collect_if_due, ready_to_serve
from bot.metrics import Exporter, Metrics
from bot.services import RandomProvider, Services

__all__ = [
    "STOP_SIGNALS", "Handoff", "JsonLines", "StopSignals", "add_arguments", "logging_to_stderr", "point_at", "run",
    "start_exporter",
]

log = logging.getLogger("fray")

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare `fray run`'s options (everything else comes from the environment or .env)."""
    parser.add_argument("--log-level", help="override LOG_LEVEL")


def point_at(api_base: str, gateway_url: str) -> None:
    """Send REST calls and the gateway connection where the settings say (Discord itself by default)."""
    discord.http.Route.BASE = api_base.rstrip("/")
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


class JsonLines(logging.Formatter):
    """Write each log record as one JSON object; a record's ``fields`` (a command's line) go at the top level."""

    def format(self, record: logging.LogRecord) -> str:
        """Return the record as one line of JSON."""
        line: dict[str, object] = {"time": self.formatTime(record), "level": record.levelname, "logger": record.name}
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            line.update(fields)
        else:
            line["message"] = record.getMessage()
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return orjson.dumps(line, option=orjson.OPT_SORT_KEYS).decode()


class Handoff(QueueHandler):
    """Hand each record to the log's writer thread with its message made; the thread formats the rest and writes it.

    The message is made here, so it says what its arguments were when it was logged; a traceback stays with its
    record and is formatted there (``JsonLines`` puts it in the line's ``error``).
    """

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        """Return the record with its message made (no copy: the writer is its only other reader)."""
        record.msg, record.args = record.getMessage(), None
        return record


# What a record gathers that JsonLines never writes, left out as the logging HOWTO's "Optimization" says: the
# caller's file and line (found by walking the stack), and the names of the thread and the process.
_LEFT_OUT: dict[str, object] = {"_srcfile": None, "logThreads": False, "logProcesses": False,
                                "logMultiprocessing": False}


@contextlib.contextmanager
def _lean_records() -> Iterator[None]:
    """Leave out of every log record what JsonLines does not write, until the block ends."""
    saved = {name: getattr(logging, name) for name in _LEFT_OUT}
    for name, value in _LEFT_OUT.items():
        setattr(logging, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(logging, name, value)


@contextlib.contextmanager
def logging_to_stderr(level: str) -> Iterator[None]:
    """Log JSON lines to stderr from a thread of the log's own: the event loop never waits on a slow or full pipe.

    The root logger has the handoff and ``level`` for the block, and its own again after it; whatever is still
    queued when the block ends is written before it returns.
    """
    writer = logging.StreamHandler(sys.stderr)
    writer.setFormatter(JsonLines())
    records: SimpleQueue[logging.LogRecord] = SimpleQueue()
    listener = BatchWriter(records, writer)
    handoff, root = Handoff(records), logging.getLogger()
    before = root.level
    root.addHandler(handoff)
    root.setLevel(level)
    listener.start()
    try:
        with _lean_records():
            yield
    finally:
        root.removeHandler(handoff)  # nothing more is queued, then the queue is written out
        root.setLevel(before)
        listener.stop()


class StopSignals:
    """Stop the bot on SIGINT or SIGTERM by cancelling its main task, whatever the signals' inherited handling.

    A process that a non-interactive shell starts in the background inherits SIGINT *ignored*; Python then
    installs no KeyboardInterrupt handler, and neither does ``asyncio.run``, so without handlers of its own the
    bot would never stop on SIGINT. SIGTERM (service managers, containers) would kill it without closing.
    """

    def __init__(self) -> None:
        self.received: list[str] = []

    def install(self, task: asyncio.Task[Any]) -> None:
        """Cancel ``task`` on each stop signal: the first closes gracefully, a second cuts the closing short."""
        loop = asyncio.get_running_loop()
        for sig in STOP_SIGNALS:
            with contextlib.suppress(NotImplementedError):  # Windows' loops have no signal handlers
                loop.add_signal_handler(sig, self._stop, sig, task)

    def _stop(self, sig: signal.Signals, task: asyncio.Task[Any]) -> None:
        log.info("stopping on %s", sig.name)
        self.received.append(sig.name)
        task.cancel()


async def start_exporter(settings: Settings, metrics: Metrics) -> Exporter | None:
    """Serve ``metrics`` over HTTP from a thread when METRICS_PORT is set, and log where; None when it is unset."""
    if settings.metrics_port is None:
        return None
    exporter = await asyncio.to_thread(metrics.serve, settings.metrics_port, settings.metrics_host)
    host, port = exporter.address
    log.info("metrics at http://%s:%d/metrics", host, port)
    return exporter


async def _serve(settings: Settings, token: str) -> int:
    metrics = Metrics()
    try:
        exporter = await start_exporter(settings, metrics)
    except OSError as err:
        sys.stderr.write(f"fray: cannot serve metrics on {settings.metrics_host}:{settings.metrics_port} ({err}); "
                         "choose another METRICS_PORT or leave it unset.\n")
        return 2
    try:
        return await _serve_bot(settings, token, metrics)
    finally:
        if exporter is not None:
            await asyncio.to_thread(exporter.stop)


async def _serve_bot(settings: Settings, token: str, metrics: Metrics) -> int:
    db = await open_database(settings.database_url, pool_size=settings.db_pool_size)
    try:
        services = Services(db, settings, RandomProvider(), metrics=metrics)
        bot = FrayBot(settings, services, started=ready_to_serve, idle=collect_if_due)
        async with bot:
            try:
                await bot.start(token)
            except discord.LoginFailure:
                sys.stderr.write("fray: Discord rejected DISCORD_TOKEN; copy the bot token again from the "
                                 "Developer Portal into .env.\n")
                return 2
            except discord.PrivilegedIntentsRequired:
                sys.stderr.write("fray: Discord refused the requested intents; see the README's setup steps.\n")
                return 2
    finally:
        await db.dispose()
    return 0


async def _main(settings: Settings) -> int:
    token = settings.discord_token.get_secret_value() if settings.discord_token else ""
    if not token.strip():
        sys.stderr.write("fray: DISCORD_TOKEN is not set; put it in .env (see .env.example). "
                         "Without a token, try the local table: fray console\n")
        return 2
    point_at(settings.discord_api_base, settings.discord_gateway_url)
    stop = StopSignals()
    main = asyncio.current_task()
    assert main is not None
    stop.install(main)
    try:
        return await _serve(settings, token)
    except asyncio.CancelledError:
        if not stop.received:
            raise
        return 0


def run(args: argparse.Namespace) -> int:
    """Run the bot until it is stopped."""
    settings = Settings()
    with logging_to_stderr(args.log_level or settings.log_level):
        try:
            return asyncio.run(_main(settings))
        except KeyboardInterrupt:
            return 0
