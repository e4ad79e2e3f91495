"""Alembic migrations of Fray's database; run them with ``bot.db.migrate.upgrade`` or ``fray db upgrade``."""
