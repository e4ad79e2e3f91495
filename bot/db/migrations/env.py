"""Alembic's environment for Fray: async engines, batch mode (for SQLite), the models' metadata.

``bot.db.migrate`` hands in a connection through ``config.attributes["connection"]`` (Alembic's "connection
sharing" recipe for asyncio); without one, an engine is made from the ``sqlalchemy.url`` option.
"""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection
from sqlalchemy.pool import NullPool

from bot.db.connect import create_engine
from bot.db.rows import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_offline() -> None:
    """Emit the migrations as SQL for the configured URL, without connecting."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        render_as_batch=True,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


def do_run_migrations(connection: Connection) -> None:
    """Run the migrations on a connection, in batch mode so SQLite can alter tables."""
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def run_async_migrations() -> None:
    """Connect to the configured URL and run the migrations there."""
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("No database URL: set the sqlalchemy.url option or pass a connection.")
    engine = create_engine(url, foreign_keys=False, poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(do_run_migrations)
    finally:
        await engine.dispose()


def run_migrations_online() -> None:
    """Run the migrations on the shared connection if one was given, else on a new engine."""
    connection = config.attributes.get("connection")
    if connection is None:
        asyncio.run(run_async_migrations())
    else:
        do_run_migrations(connection)


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
