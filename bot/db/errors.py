"""What can go wrong when storing things; every message is safe to show a player."""

from __future__ import annotations

from combat.errors import FrayError

__all__ = ["ActiveEncounterExists", "CharacterExists", "ConcurrentUpdate", "StorageError"]


class StorageError(FrayError):
    """Base of the errors the storage layer reports to a user."""


class ConcurrentUpdate(StorageError):
    """Raise when an encounter changed under us between loading and saving it."""

    def __init__(self, encounter_id: int) -> None:
        super().__init__("Someone else changed this encounter at the same moment; please try again.")
        self.encounter_id = encounter_id


class ActiveEncounterExists(StorageError):
    """Raise when a channel already has an encounter under way."""

    def __init__(self, channel_id: int) -> None:
        super().__init__("This channel already has an encounter under way; end it before starting another.")
        self.channel_id = channel_id


class CharacterExists(StorageError):
    """Raise when a guild already has a character of that name in that system."""

    def __init__(self, name: str) -> None:
        super().__init__(f"There is already a character named '{name}' here; choose another name.")
        self.name = name
