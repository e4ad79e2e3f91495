"""Repositories over one session: encounters, their event log, characters and guild settings."""

from bot.db.repositories.characters import CharacterRepository
from bot.db.repositories.encounters import ActiveEncounter, EncounterRepository, LoadedEncounter, TypesOf
from bot.db.repositories.events import EventRepository
from bot.db.repositories.guild_settings import GuildSettings, GuildSettingsRepository

__all__ = [
    "ActiveEncounter",
    "CharacterRepository",
    "EncounterRepository",
    "EventRepository",
    "GuildSettings",
    "GuildSettingsRepository",
    "LoadedEncounter",
    "TypesOf",
]
