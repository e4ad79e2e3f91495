"""The metrics object: bounded labels, outcomes by error kind, its own registry, and the HTTP exporter."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request

import pytest

from bot.config import Settings
from bot.db.errors import ConcurrentUpdate
from bot.discord.run import start_exporter
from bot.metrics import OUTCOMES, UNKNOWN, Metrics, outcome_of
from bot.services import HANDLERS
from bot.services.errors import NoEncounter, NotAllowed
from combat.errors import InvalidInput, NotYourTurn


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.read().decode()


def test_outcomes_follow_the_error_hierarchy():
    assert outcome_of(None) == "ok"
    for refused in (InvalidInput("bad"), NotAllowed("no"), NoEncounter(), NotYourTurn("a", ["b"])):
        assert outcome_of(refused) == "refused"
    assert outcome_of(ConcurrentUpdate(1)) == "conflict"
    assert outcome_of(KeyError("bug")) == "error"
    assert {outcome_of(e) for e in (None, InvalidInput("x"), ConcurrentUpdate(1), KeyError())} == set(OUTCOMES)


def test_every_dispatched_path_is_a_label_and_nothing_else_is():
    metrics = Metrics()
    assert all(metrics.label(path) == path for path in HANDLERS)
    assert metrics.label("encounter dance") == UNKNOWN
    assert metrics.label("attack target:me") == UNKNOWN


def test_timed_measures_with_the_injected_clock_and_keeps_the_error():
    readings = iter([10.0, 10.5, 20.0, 23.0])
    metrics = Metrics(clock=lambda: next(readings))
    with metrics.timed("odds"):
        pass
    with pytest.raises(NotAllowed), metrics.timed("encounter end"):
        raise NotAllowed("Only the GM may end the encounter.")
    get = metrics.registry.get_sample_value
    assert get("fray_command_seconds_sum", {"command": "odds", "outcome": "ok"}) == 0.5
    assert get("fray_command_seconds_bucket", {"command": "odds", "outcome": "ok", "le": "0.25"}) == 0
    assert get("fray_command_seconds_bucket", {"command": "odds", "outcome": "ok", "le": "0.5"}) == 1
    assert get("fray_command_seconds_sum", {"command": "encounter end", "outcome": "refused"}) == 3.0
    assert get("fray_commands_total", {"command": "encounter end", "outcome": "refused"}) == 1


def test_two_metrics_in_one_process_keep_their_own_counts():
    first, second = Metrics(), Metrics()
    first.record("roll", "ok", 0.01)
    assert first.registry.get_sample_value("fray_commands_total", {"command": "roll", "outcome": "ok"}) == 1
    assert second.registry.get_sample_value("fray_commands_total", {"command": "roll", "outcome": "ok"}) is None


@pytest.mark.asyncio
async def test_the_exporter_serves_the_counts_over_http_until_stopped():
    metrics = Metrics()
    metrics.record("attack", "ok", 0.003)
    exporter = metrics.serve(0)  # any free port
    host, port = exporter.address
    assert host == "127.0.0.1" and port > 0
    try:
        text = await asyncio.to_thread(fetch, f"http://{host}:{port}/metrics")
    finally:
        await asyncio.to_thread(exporter.stop)
    assert 'fray_commands_total{command="attack",outcome="ok"} 1.0' in text
    assert 'fray_command_seconds_bucket{command="attack",le="0.005",outcome="ok"} 1.0' in text
    assert not exporter.thread.is_alive()
    with pytest.raises(urllib.error.URLError):
        await asyncio.to_thread(fetch, f"http://{host}:{port}/metrics")


@pytest.mark.asyncio
async def test_fray_run_starts_the_exporter_only_when_metrics_port_is_set(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("METRICS_PORT", raising=False)
    monkeypatch.delenv("METRICS_HOST", raising=False)
    metrics = Metrics()
    assert await start_exporter(Settings(_env_file=None), metrics) is None
    exporter = await start_exporter(Settings(_env_file=None, metrics_port=0), metrics)
    assert exporter is not None
    try:
        host, port = exporter.address
        text = await asyncio.to_thread(fetch, f"http://{host}:{port}/metrics")
    finally:
        await asyncio.to_thread(exporter.stop)
    assert "# TYPE fray_commands_total counter" in text
