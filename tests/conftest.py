"""Run-wide test rules: which tests are slow, and the PostgreSQL variants run only when FRAY_TEST_PG_URL is set.

``python -m pytest -m "not slow"`` runs the rules, rendering and services in seconds; CI runs everything. Without
FRAY_TEST_PG_URL the PostgreSQL variants (marked ``postgresql``) are deselected, and one line says so.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pgtools import PG_ENV, pg_base

TESTS = Path(__file__).parent
# Everything in these folders runs a real discord.py client against the local Discord double.
SLOW_FOLDERS = (TESTS / "bot_e2e", TESTS / "discord_double")
_PG_LEFT_OUT = pytest.StashKey[int]()


def pytest_report_header(config: pytest.Config) -> str:
    """Say whether the PostgreSQL variants run."""
    if pg_base():
        return f"PostgreSQL variants: on ({PG_ENV} is set)"
    return f"PostgreSQL variants: off (set {PG_ENV}=postgresql+asyncpg://user@host:5432/db to include them)"


@pytest.hookimpl(tryfirst=True)  # before -m selects by mark
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the end-to-end folders slow; leave the PostgreSQL variants out when there is no PostgreSQL."""
    for item in items:
        if any(folder in item.path.parents for folder in SLOW_FOLDERS):
            item.add_marker(pytest.mark.slow)
    if pg_base():
        return
    left_out = [item for item in items if item.get_closest_marker("postgresql") is not None]
    if left_out:
        items[:] = [item for item in items if item.get_closest_marker("postgresql") is None]
        config.hook.pytest_deselected(items=left_out)
    config.stash[_PG_LEFT_OUT] = len(left_out)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: int, config: pytest.Config) -> None:
    """Say in one line how many PostgreSQL variants were left out, and how to include them."""
    count = config.stash.get(_PG_LEFT_OUT, 0)
    if count:
        terminalreporter.write_line(
            f"PostgreSQL: {count} variant{'s' if count != 1 else ''} not run (deselected) as {PG_ENV} is not set; "
            f"to include them: {PG_ENV}=postgresql+asyncpg://postgres@127.0.0.1:5432/test python -m pytest"
        )
