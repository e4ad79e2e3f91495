"""Fray's settings, read from the environment and a ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

__all__ = ["REPO_ROOT", "Settings", "default_database_url", "serves"]

REPO_ROOT = Path(__file__).resolve().parent.parent

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


def default_database_url(data_dir: Path) -> str:
    """Return the URL of the default SQLite database file inside ``data_dir``."""
    return f"sqlite+aiosqlite:///{data_dir / 'fray.sqlite3'}"


class Settings(BaseSettings):
    """Every setting Fray reads; names are the upper-case environment variables (DISCORD_TOKEN, …)."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", env_ignore_empty=True, extra="ignore")

    discord_token: SecretStr | None = None
    dev_guild_id: int | None = None
    # None: the tables shipped with Fray (bot/datafiles.py); else a folder of the same layout, <system>/*.toml.
    data_dir: Path | None = None
    # Empty means the SQLite file fray.sqlite3 inside data_dir, or inside ./data when data_dir is unset.
    database_url: str = ""
    # Units of work one bot process runs at once (on PostgreSQL, its connections); the rest wait in arrival order.
    db_pool_size: int = Field(default=20, ge=1, le=1000)
    gm_role_name: str = "GM"
    log_level: LogLevel = "INFO"
    discord_api_base: str = "https://discord.com/api/v10"
    discord_gateway_url: str = "wss://gateway.discord.gg"
    shard_count: int | None = None
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    # [ours] How long a player has to answer "Dodge or Take it?" before the default is taken.
    reaction_seconds: float = 120.0
    # Seconds a channel's status message waits to gather a burst of changes into one edit.
    status_edit_delay: float = 1.0
    # `fray run` serves Prometheus metrics on this port when set (0: any free port, logged); off when unset.
    metrics_port: Annotated[int, Field(ge=0, le=65535)] | None = None
    # Loopback by default, so the metrics are not open to the network unless asked (0.0.0.0 in a container).
    metrics_host: str = "127.0.0.1"

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_level(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: Any) -> Any:
        """Accept '0,1,2' (or a JSON list) from the environment."""
        if isinstance(value, str):
            text = value.strip().strip("[]")
            return tuple(int(part) for part in text.split(",") if part.strip())
        return value

    @model_validator(mode="after")
    def _check(self) -> Settings:
        if not self.database_url:
            self.database_url = default_database_url(self.data_dir or Path("data").resolve())
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT.")
            bad = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
            if bad:
                raise ValueError(f"SHARD_IDS {bad} are outside 0..{self.shard_count - 1}.")
        return self


def serves(settings: Settings, guild_id: int) -> bool:
    """Tell whether a process with these settings (its shards) serves the guild: Discord's shard of a guild."""
    ids, count = settings.shard_ids, settings.shard_count
    return ids is None or not count or (guild_id >> 22) % count in ids
