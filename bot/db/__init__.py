"""Fray's persistence: encounters, their event log, characters and guild settings in SQLite or PostgreSQL."""

from bot.db.codec import decode_encounter, decode_sheet, encode_encounter, encode_payload, encode_sheet
from bot.db.connect import create_engine
from bot.db.engine import Database, open_database
from bot.db.errors import ActiveEncounterExists, CharacterExists, ConcurrentUpdate, StorageError
from bot.db.migrate import downgrade, upgrade
from bot.db.repositories import ActiveEncounter, GuildSettings, LoadedEncounter
from bot.db.uow import UnitOfWork

__all__ = [
    "ActiveEncounter",
    "ActiveEncounterExists",
    "CharacterExists",
    "ConcurrentUpdate",
    "Database",
    "GuildSettings",
    "LoadedEncounter",
    "StorageError",
    "UnitOfWork",
    "create_engine",
    "decode_encounter",
    "decode_sheet",
    "downgrade",
    "encode_encounter",
    "encode_payload",
    "encode_sheet",
    "open_database",
    "upgrade",
]
