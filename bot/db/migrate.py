"""Run the Alembic migrations from code: the schema is created and changed only through them.

Alembic is configured here, in code (no alembic.ini): the scripts live in ``bot/db/migrations``. Commands run
on one async connection through ``run_sync`` (Alembic's "Programmatic API use (connection sharing) with
asyncio" recipe), inside one transaction, so a failed migration leaves the database as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.pool import NullPool

from bot.db.connect import create_engine

__all__ = ["MIGRATIONS_DIR", "MigrationError", "alembic_config", "current_revision", "downgrade", "head", "upgrade"]

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

# Any fixed number: PostgreSQL processes starting together take turns migrating (pg_advisory_xact_lock).
_MIGRATION_LOCK_KEY = 0x46524159  # "FRAY"

Action = Callable[[Config], None]


class MigrationError(RuntimeError):
    """Raise when the database is left inconsistent by a migration."""


def alembic_config(url: str | None = None) -> Config:
    """Return an Alembic config for Fray's migrations, optionally pointing at ``url``."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    if url is not None:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def head() -> str:
    """Return the newest revision of the migration scripts."""
    revision = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if revision is None:
        raise MigrationError("There are no migration scripts.")
    return revision


async def upgrade(url: str, revision: str = "head") -> None:
    """Bring the database at ``url`` up to ``revision`` (the newest by default)."""
    await _run(url, lambda cfg: command.upgrade(cfg, revision))


async def downgrade(url: str, revision: str) -> None:
    """Take the database at ``url`` back down to ``revision`` ('base' drops everything)."""
    await _run(url, lambda cfg: command.downgrade(cfg, revision))


async def current_revision(url: str) -> str | None:
    """Return the revision the database at ``url`` is at, or None when it was never migrated."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(lambda sync: MigrationContext.configure(sync).get_current_revision())
    finally:
        await engine.dispose()


def _apply(connection: Connection, cfg: Config, action: Action) -> None:
    cfg.attributes["connection"] = connection
    action(cfg)


async def _run(url: str, action: Action) -> None:
    """Run one Alembic command on a connection of its own, in one transaction."""
    engine = create_engine(url, foreign_keys=False, poolclass=NullPool)
    try:
        async with engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                await conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK_KEY})
            await conn.run_sync(_apply, alembic_config(url), action)
            if conn.dialect.name == "sqlite":
                broken = (await conn.exec_driver_sql("PRAGMA foreign_key_check")).fetchall()
                if broken:
                    raise MigrationError(f"The migration broke {len(broken)} foreign key(s): {broken[:5]}")
    finally:
        await engine.dispose()
