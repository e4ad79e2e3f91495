from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.config import Settings

VARIABLES = (
    "DISCORD_TOKEN",
    "DEV_GUILD_ID",
    "DATABASE_URL",
    "GM_ROLE_NAME",
    "DATA_DIR",
    "LOG_LEVEL",
    "DISCORD_API_BASE",
    "DISCORD_GATEWAY_URL",
    "SHARD_COUNT",
    "SHARD_IDS",
    "METRICS_PORT",
    "METRICS_HOST",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)


def test_defaults_without_environment(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    s = Settings(_env_file=None)
    assert s.discord_token is None
    assert s.dev_guild_id is None
    assert s.data_dir is None, "the tables shipped with Fray"
    # The database is a file under ./data where Fray runs (where it reads .env), never inside the installed package.
    assert s.database_url == f"sqlite+aiosqlite:///{tmp_path.resolve() / 'data' / 'fray.sqlite3'}"
    assert s.gm_role_name == "GM"
    assert s.log_level == "INFO"
    assert s.discord_api_base == "https://discord.com/api/v10"
    assert s.discord_gateway_url == "wss://gateway.discord.gg"
    assert s.shard_count is None and s.shard_ids is None
    assert s.metrics_port is None, "no metrics endpoint unless asked"
    assert s.metrics_host == "127.0.0.1"


def test_reads_environment_variables(monkeypatch, tmp_path):
    monkeypatch.setenv("DISCORD_TOKEN", "secret-token")
    monkeypatch.setenv("DEV_GUILD_ID", "123456789012345678")
    monkeypatch.setenv("DATABASE_URL", "postgresql+asyncpg://fray@db/fray")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "0,2")
    monkeypatch.setenv("DISCORD_API_BASE", "http://127.0.0.1:8080/api/v10")
    s = Settings(_env_file=None)
    assert s.discord_token is not None and s.discord_token.get_secret_value() == "secret-token"
    assert "secret-token" not in repr(s)
    assert s.dev_guild_id == 123456789012345678
    assert s.database_url == "postgresql+asyncpg://fray@db/fray"
    assert s.log_level == "DEBUG"
    assert s.shard_count == 4 and s.shard_ids == (0, 2)
    assert s.discord_api_base == "http://127.0.0.1:8080/api/v10"


def test_reads_a_dotenv_file_and_ignores_empty_values(tmp_path):
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=\nDEV_GUILD_ID=\nGM_ROLE_NAME=Referee\nDATA_DIR=" + str(tmp_path / "d") + "\n")
    s = Settings(_env_file=env)
    assert s.discord_token is None
    assert s.dev_guild_id is None
    assert s.gm_role_name == "Referee"
    assert s.data_dir == tmp_path / "d"
    # The default database follows the data directory.
    assert s.database_url == f"sqlite+aiosqlite:///{Path(tmp_path / 'd' / 'fray.sqlite3')}"


def test_shard_ids_must_fit_the_shard_count(monkeypatch):
    monkeypatch.setenv("SHARD_IDS", "[0, 5]")
    monkeypatch.setenv("SHARD_COUNT", "4")
    with pytest.raises(ValidationError, match="outside"):
        Settings(_env_file=None)
    monkeypatch.delenv("SHARD_COUNT")
    with pytest.raises(ValidationError, match="SHARD_COUNT"):
        Settings(_env_file=None)


def test_rejects_an_unknown_log_level(monkeypatch):
    monkeypatch.setenv("LOG_LEVEL", "loud")
    with pytest.raises(ValidationError):
        Settings(_env_file=None)


def test_metrics_port_and_host_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("METRICS_PORT", "9464")
    monkeypatch.setenv("METRICS_HOST", "0.0.0.0")
    s = Settings(_env_file=None)
    assert s.metrics_port == 9464 and s.metrics_host == "0.0.0.0"
    monkeypatch.setenv("METRICS_PORT", "70000")
    with pytest.raises(ValidationError, match="metrics_port"):
        Settings(_env_file=None)
