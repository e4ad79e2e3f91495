"""What a service hands back for rendering: the command, the state after it, the rules' result, round summaries."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from combat.engine import TurnChange
from combat.model import Encounter
from combat.summary import RoundSummary
from combat.system import RuleSystem

__all__ = ["Reply"]


@dataclass(frozen=True, slots=True)
class Reply:
    """One command's outcome; ``info`` carries command-specific data (an export, log entries, a roll, a sheet).

    ``settled`` is the reply of an attack whose choice ran out of time and was resolved first, with its default,
    in the same unit of work (its round summaries lead this reply's ``summaries``).
    """

    command: str
    system: RuleSystem | None = None
    encounter: Encounter | None = None
    result: object | None = None
    change: TurnChange | None = None
    summaries: tuple[RoundSummary, ...] = ()
    info: Mapping[str, Any] = field(default_factory=dict)
    gm: int | None = None
    viewer_gm: bool = False
    settled: Reply | None = None
