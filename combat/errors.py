"""One error hierarchy for everything a player or GM can get wrong; every message is safe to show."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable

__all__ = [
    "AmbiguousName",
    "AwaitingReaction",
    "CannotAct",
    "DataError",
    "DiceError",
    "DiceExhausted",
    "FrayError",
    "InvalidInput",
    "InvalidSheet",
    "NotYourTurn",
    "RulesError",
    "TooManyDice",
    "UnknownName",
    "UnknownSystem",
    "echo",
]

ECHO_LIMIT = 60


def echo(text: object, limit: int = ECHO_LIMIT) -> str:
    """Return user text fit to repeat in a message: control and invisible characters shown as '?', cut to ``limit``."""
    shown = "".join("?" if unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co", "Cn"} else ch for ch in str(text))
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


MESSAGE_LIMIT = 600


class FrayError(Exception):
    """Base of every error Fray reports to a user; ``message`` is one readable line, free of control characters."""

    def __init__(self, message: str) -> None:
        line = echo(" ".join(message.split()), MESSAGE_LIMIT)
        super().__init__(line)
        self.message = line


class InvalidInput(FrayError):
    """Raise when a value given by a user is malformed or out of range."""


class DiceError(InvalidInput):
    """Raise when a dice request is malformed."""


class TooManyDice(DiceError):
    """Raise when one request would roll more dice than allowed."""


class DiceExhausted(FrayError):
    """Raise when a scripted dice source has no face left for the next roll."""


class UnknownSystem(InvalidInput):
    """Raise when no rule system has the given key."""


OFFER_LIMIT = 480


def _offered(names: list[str]) -> str:
    """End a refusal with the names to choose from (as many as fit in ``OFFER_LIMIT`` characters)."""
    if not names:
        return "."
    shown = ", ".join(echo(n) for n in dict.fromkeys(names))
    if len(shown) > OFFER_LIMIT:
        shown = shown[:OFFER_LIMIT].rsplit(", ", 1)[0] + " and more"
    return f"; choose one of {shown}."


class UnknownName(InvalidInput):
    """Raise when a name matches nothing; suggest the nearest candidate, or with ``offer`` list them all."""

    def __init__(self, kind: str, name: str, candidates: Iterable[str], *, offer: bool = False) -> None:
        names = list(candidates)
        close = difflib.get_close_matches(name, names, n=1, cutoff=0.5)
        if not close:
            lowered = {c.lower(): c for c in names}
            close = [lowered[c] for c in difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.5)]
        hint = f"; did you mean '{close[0]}'?" if close else _offered(names) if offer else "."
        super().__init__(f"No {kind} named '{echo(name)}' here{hint}")
        self.kind = kind
        self.name = name
        self.suggestion = close[0] if close else None


class AmbiguousName(InvalidInput):
    """Raise when a name prefix matches several candidates."""

    def __init__(self, kind: str, name: str, matches: Iterable[str]) -> None:
        listed = ", ".join(f"'{m}'" for m in sorted(matches))
        super().__init__(f"'{echo(name)}' could be more than one {kind} ({listed}); give the full name.")


class InvalidSheet(InvalidInput):
    """Raise when a character sheet or template breaks the system's rules."""


class DataError(FrayError):
    """Raise when a data table is malformed; the message names the file and the field."""

    def __init__(self, source: str, field: str, problem: str) -> None:
        super().__init__(f"{source}: {field}: {problem}")
        self.source = source
        self.field = field


class RulesError(FrayError):
    """Raise when an action is not allowed by the rules in the current situation."""


class CannotAct(RulesError):
    """Raise when a combatant is in no state to take the requested action."""


class NotYourTurn(RulesError):
    """Raise when someone acts out of turn."""

    def __init__(self, actor: str, current: Iterable[str]) -> None:
        names = list(current)
        whose = " and ".join(names) if names else "nobody"
        verb = "turn" if len(names) <= 1 else "turns (together)"
        super().__init__(f"It is {whose}'s {verb}, not {actor}'s.")
        self.actor = actor


class AwaitingReaction(RulesError):
    """Raise when a move is tried while an attack waits for a target's player to choose."""

    def __init__(self, who: str, choices: str, keys: Iterable[str]) -> None:
        typed = " or ".join(f"choice:{k}" for k in keys)
        super().__init__(f"Waiting for {who} to choose: {choices} (/encounter react {typed}, by their player or "
                         "the GM; the GM's /encounter undo takes the question back).")
        self.who = who
