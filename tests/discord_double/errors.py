"""Exceptions the double raises in the test (never inside the bot)."""

from __future__ import annotations


class DoubleError(Exception):
    """A test asked the double for something Discord's client would not do."""


class CommandNotSynced(DoubleError):
    """The command path is not among the commands the bot synced."""


class InvalidOptions(DoubleError):
    """The options would be refused by Discord's client (unknown, missing, wrong type, out of range)."""


class ComponentNotFound(DoubleError):
    """The message has no enabled component with that custom_id."""


class NotPermitted(DoubleError):
    """The user may not use that command (default_member_permissions)."""


class NoBotConnected(DoubleError):
    """No bot session is connected to the gateway."""


class DoubleTimeout(DoubleError, TimeoutError):
    """Something the test waited for did not happen in time."""
