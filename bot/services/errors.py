"""Errors the services raise; all are FrayErrors, so each becomes one clear line for the user."""

from __future__ import annotations

from combat.errors import FrayError, InvalidInput

__all__ = ["NoEncounter", "NotAllowed", "UnknownCommand"]


class NotAllowed(FrayError):
    """Raise when the caller may not do this (a GM command from a player, someone else's combatant)."""


class NoEncounter(FrayError):
    """Raise when the channel has no active encounter."""

    def __init__(self, message: str = "There is no encounter in this channel; the GM starts one with /encounter start.",
                 ) -> None:
        super().__init__(message)


class UnknownCommand(InvalidInput):
    """Raise when a command or an option is not known, or a required option is missing."""
