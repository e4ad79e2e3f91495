"""`fray run` as a real process: a missing or rejected token gets one clear line; a good one serves commands."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from discord_double import DiscordDouble

from bot.config import REPO_ROOT


def environment(double: DiscordDouble, tmp_path: Path, token: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD", "SHARD_"))}
    env.update(
        DISCORD_TOKEN=token,
        DISCORD_API_BASE=double.api_base,
        DISCORD_GATEWAY_URL=double.gateway_url,
        DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'fray.sqlite3'}",
        PYTHONPATH=str(REPO_ROOT),
    )
    return env


def with_sigint(handling: signal.Handlers) -> Callable[[], None]:
    """Start the child with SIGINT handled so: a shell without job control starts background jobs with it ignored."""
    return lambda: signal.signal(signal.SIGINT, handling)


async def fray_run(
    env: dict[str, str], cwd: Path, sigint: signal.Handlers = signal.SIG_DFL
) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "run", env=env, cwd=cwd,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, preexec_fn=with_sigint(sigint),
    )


async def stopped(process: asyncio.subprocess.Process, timeout: float = 30) -> tuple[bytes, bytes]:
    """Wait for the process to exit and return its output; kill it (and fail) if it has not within ``timeout``."""
    try:
        return await asyncio.wait_for(process.communicate(), timeout)
    except TimeoutError:
        process.kill()
        await process.wait()
        pytest.fail(f"fray run had not exited within {timeout} s")


@pytest.mark.asyncio
@pytest.mark.parametrize(("token", "said"), [("", "DISCORD_TOKEN is not set"), ("wrong", "rejected DISCORD_TOKEN")])
async def test_a_missing_or_rejected_token_gets_one_clear_line(
    double: DiscordDouble, tmp_path: Path, token: str, said: str
) -> None:
    process = await fray_run(environment(double, tmp_path, token), tmp_path)
    _, err = await stopped(process, 60)
    lines = [line for line in err.decode().splitlines() if line.startswith("fray:")]
    assert process.returncode == 2
    assert len(lines) == 1 and said in lines[0]
    assert "Traceback" not in err.decode()


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("stop", "sigint"),
    [
        (signal.SIGINT, signal.SIG_DFL),
        # Started in the background by a non-interactive shell (as CI may be): SIGINT arrives ignored.
        (signal.SIGINT, signal.SIG_IGN),
        # Service managers and containers stop a process with SIGTERM.
        (signal.SIGTERM, signal.SIG_DFL),
    ],
    ids=["sigint", "sigint-inherited-ignored", "sigterm"],
)
async def test_fray_run_serves_commands_then_stops_cleanly_on_a_signal(
    double: DiscordDouble, tmp_path: Path, stop: signal.Signals, sigint: signal.Handlers
) -> None:
    process = await fray_run(environment(double, tmp_path, double.token), tmp_path, sigint)
    try:
        await double.wait_for(lambda: double.commands() or None, timeout=60, what="the commands to sync")
        await double.wait_for(lambda: any(s.connected for s in double.sessions) or None, timeout=30)
        record = await double.invoke("roll", {"dice": "2d6"}, user=double.user_id)
        callback = await record.response(timeout=10)
        assert callback.type == 4 and "2d6" in record.original.embeds[0]["description"]
    finally:
        process.send_signal(stop)
        _, err = await stopped(process)
    logged = [json.loads(line) for line in err.decode().splitlines() if line.startswith("{")]
    [roll] = [entry for entry in logged if entry.get("command") == "roll"]
    assert roll["outcome"] == "ok" and roll["ms"] >= 0 and roll["logger"] == "fray.commands"
    assert process.returncode == 0, err.decode()[-2000:]
    assert f"stopping on {stop.name}" in [entry.get("message") for entry in logged]
    assert "Traceback" not in err.decode()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.read().decode()


@pytest.mark.asyncio
async def test_fray_run_serves_metrics_on_metrics_port(double: DiscordDouble, tmp_path: Path) -> None:
    port = free_port()
    env = {**environment(double, tmp_path, double.token), "METRICS_PORT": str(port)}
    process = await fray_run(env, tmp_path)
    try:
        await double.wait_for(lambda: double.commands() or None, timeout=60, what="the commands to sync")
        await double.wait_for(lambda: any(s.connected for s in double.sessions) or None, timeout=30)
        record = await double.invoke("roll", {"dice": "2d6"}, user=double.user_id)
        await record.response(timeout=10)
        text = await asyncio.to_thread(fetch, f"http://127.0.0.1:{port}/metrics")
    finally:
        process.send_signal(signal.SIGTERM)
        _, err = await stopped(process)
    assert 'fray_commands_total{command="roll",outcome="ok"} 1.0' in text
    assert 'fray_command_seconds_count{command="roll",outcome="ok"} 1.0' in text
    messages = [json.loads(line).get("message") for line in err.decode().splitlines() if line.startswith("{")]
    assert f"metrics at http://127.0.0.1:{port}/metrics" in messages
    assert process.returncode == 0, err.decode()[-2000:]
