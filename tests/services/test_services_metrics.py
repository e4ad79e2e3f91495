"""Every command through ``dispatch`` is counted and timed, by its path (never user text) and its outcome."""

from __future__ import annotations

import pytest
import pytest_asyncio
from services_kit import BOB, EVE, GM, TROOPER_1, Table, make_settings, start_duel

from bot.db.engine import Database
from bot.db.errors import ConcurrentUpdate
from bot.metrics import Metrics
from bot.services import HANDLERS, ReplayDice, Services
from bot.services.errors import UnknownCommand

pytestmark = pytest.mark.asyncio

STEP = 0.02  # every reading of the test clock is this much later: each command takes exactly this long


class Ticks:
    """A clock that moves ``step`` seconds on at every reading."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.fixture
def metrics() -> Metrics:
    return Metrics(clock=Ticks(STEP))


@pytest_asyncio.fixture
async def counted(db: Database, metrics: Metrics) -> Table:
    return Table(Services(db, make_settings(), ReplayDice(seed=7), metrics=metrics))


def count(metrics: Metrics, command: str, outcome: str) -> float | None:
    return metrics.registry.get_sample_value("fray_commands_total", {"command": command, "outcome": outcome})


def timed(metrics: Metrics, command: str, outcome: str, suffix: str, **labels: str) -> float | None:
    return metrics.registry.get_sample_value(
        f"fray_command_seconds_{suffix}", {"command": command, "outcome": outcome, **labels})


def samples(metrics: Metrics) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample in the registry, keyed by name and labels."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in metrics.registry.collect() for s in family.samples}


async def test_each_command_is_counted_and_timed_by_path_and_outcome(counted: Table, metrics: Metrics):
    await start_duel(counted)
    await counted.shoot(BOB, TROOPER_1, (1, 1, 1, 1))
    for command, runs in (("encounter start", 1), ("encounter add", 3), ("encounter begin", 1), ("attack", 1)):
        assert count(metrics, command, "ok") == runs
        assert timed(metrics, command, "ok", "count") == runs
        assert timed(metrics, command, "ok", "sum") == pytest.approx(runs * STEP)
        assert timed(metrics, command, "ok", "bucket", le="0.01") == 0
        assert timed(metrics, command, "ok", "bucket", le="0.025") == runs
        assert count(metrics, command, "refused") is None
    assert count(metrics, "encounter next", "ok") is None, "only commands that ran are counted"


async def test_a_refused_command_is_counted_refused_and_changes_nothing_else(counted: Table, metrics: Metrics):
    await start_duel(counted)
    before = samples(metrics)
    await counted.refused(EVE, "attack", target=TROOPER_1)  # Eve has no combatant: the export stays byte for byte
    after = samples(metrics)
    assert count(metrics, "attack", "refused") == 1
    assert timed(metrics, "attack", "refused", "sum") == pytest.approx(STEP)
    changed = {key for key in after if after[key] != before.get(key)}
    assert changed and all(("outcome", "refused") in labels and ("command", "attack") in labels
                           for _, labels in changed)
    assert count(metrics, "attack", "ok") is None


async def test_an_unknown_path_is_labelled_unknown_never_by_its_text(counted: Table, metrics: Metrics):
    with pytest.raises(UnknownCommand):
        await counted.run(GM, "encounter dance", style="tango")
    assert count(metrics, "unknown", "refused") == 1
    text = metrics.text().decode()
    assert "dance" not in text and "tango" not in text


async def test_a_concurrent_update_is_counted_as_a_conflict(
    counted: Table, metrics: Metrics, monkeypatch: pytest.MonkeyPatch
):
    async def clash(*_: object) -> None:
        raise ConcurrentUpdate(1)

    monkeypatch.setitem(HANDLERS, "encounter next", clash)
    with pytest.raises(ConcurrentUpdate):
        await counted.run(GM, "encounter next")
    assert count(metrics, "encounter next", "conflict") == 1
    assert count(metrics, "encounter next", "refused") is None


async def test_a_bug_is_counted_as_an_error_and_still_raised(
    counted: Table, metrics: Metrics, monkeypatch: pytest.MonkeyPatch
):
    async def broken(*_: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setitem(HANDLERS, "help", broken)
    with pytest.raises(ZeroDivisionError):
        await counted.run(EVE, "help")
    assert count(metrics, "help", "error") == 1


async def test_a_guided_demo_is_counted_as_the_one_command_the_user_gave(counted: Table, metrics: Metrics):
    await counted.run(GM, "encounter start", demo="farscape")
    assert count(metrics, "encounter start", "ok") == 1
    assert count(metrics, "encounter add", "ok") is None
    assert count(metrics, "encounter begin", "ok") is None
