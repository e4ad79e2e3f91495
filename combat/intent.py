"""What a player asks for (an Intent), and the choices a player may be offered before or after it resolves.

A rule system may answer an intent with a ``Reaction``: before any die is rolled, one target's player is asked to
choose (dodge, or take it; parry, shield or dodge). It may also ask after the dice (``Asked``): the attacker spends
his successes, a wounded fighter spends a FUDGE point. Either way the intent waits in the encounter as a
``PendingReaction`` until the choice comes, or its deadline passes and the default is taken. The deadline is a
number of seconds since the epoch that the caller passes in: the rules never read a clock.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from combat.options import OptionValue

__all__ = ["CHOICE_KEY", "Asked", "Choice", "Declared", "Intent", "PendingReaction", "Reaction", "Stage"]

# What a choice's key may be: it travels in button ids and in '/encounter react choice:<key>'.
CHOICE_KEY = re.compile(r"[a-z0-9][a-z0-9_-]{0,23}")
Stage = Literal["before", "after"]


@dataclass(frozen=True)
class Intent:
    """What a player asked for: who does which move to whom, with options and the GM's explicit modifier."""

    actor: str
    move: str
    targets: tuple[str, ...] = ()
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    modifier: int = 0


@dataclass(frozen=True)
class Choice:
    """One answer a reaction offers: its key (as typed, ``choice:take``) and its label (as shown, 'Take it')."""

    key: str
    label: str


@dataclass(frozen=True)
class Reaction:
    """A choice offered to one combatant's player before or after an intent resolves: the answers and the default.

    ``prompt`` says what is asked in a few words ('Defend how?', 'Spend the successes'); empty, the renderer words it.
    """

    combatant: str
    choices: tuple[Choice, ...]
    default: str
    prompt: str = ""

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


@dataclass(frozen=True)
class Declared:
    """The result of declaring an intent that waits for a choice: the intent and the choice offered."""

    intent: Intent
    reaction: Reaction


@dataclass(frozen=True)
class Asked:
    """The result of an intent whose dice are rolled and that now waits for a choice: what the dice did so far."""

    intent: Intent
    reaction: Reaction
    result: Any


@dataclass(frozen=True)
class PendingReaction:
    """An intent waiting in the encounter for a choice, until ``deadline`` (seconds since the epoch).

    ``stage`` is ``before`` (no die rolled yet) or ``after`` (rolled; ``context`` is the rule system's own frozen
    record of where the resolution stopped, decoded with its ``choice_context_type``).
    """

    intent: Intent
    reaction: Reaction
    deadline: float
    stage: Stage = "before"
    context: Any = None
