"""What a player asks for (an Intent), and the choice a target's player may be offered before it resolves.

A rule system may answer an intent with a ``Reaction``: before any die is rolled, one target's player is asked to
choose (dodge, or take it). The intent then waits in the encounter as a ``PendingReaction`` until the choice comes,
or its deadline passes and the default is taken. The deadline is a number of seconds since the epoch that the
caller passes in: the rules never read a clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["Choice", "Declared", "Intent", "PendingReaction", "Reaction"]


@dataclass(frozen=True, slots=True)
class Intent:
    """What a player asked for: who does which move to whom, with options and the GM's explicit modifier."""

    actor: str
    move: str
    targets: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)
    modifier: int = 0


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer a reaction offers: its key (as typed, ``choice:take``) and its label (as shown, 'Take it')."""

    key: str
    label: str


@dataclass(frozen=True, slots=True)
class Reaction:
    """A choice offered to one combatant's player before an intent resolves: the answers and the default."""

    combatant: str
    choices: tuple[Choice, ...]
    default: str

    def answers(self) -> tuple[str, ...]:
        """Return the keys of the answers, in order."""
        return tuple(c.key for c in self.choices)

    def label(self, key: str) -> str:
        """Return the label of the answer ``key`` (the key itself when it is not one of them)."""
        return next((c.label for c in self.choices if c.key == key), key)

    def labels(self) -> str:
        """Return the answers' labels joined for a sentence: 'Dodge or Take it'."""
        names = [c.label for c in self.choices]
        return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


@dataclass(frozen=True, slots=True)
class Declared:
    """The result of declaring an intent that waits for a choice: the intent and the choice offered."""

    intent: Intent
    reaction: Reaction


@dataclass(frozen=True, slots=True)
class PendingReaction:
    """An intent declared and waiting in the encounter for a choice, until ``deadline`` (seconds since the epoch)."""

    intent: Intent
    reaction: Reaction
    deadline: float
