"""What a system's demo is, and what a hint suggests: data the plug-in gives, read without knowing the system.

A plug-in passes ``SystemPlugin(demo=Demo(...))``: the encounter's name, a line saying what the fight is, the set-up
commands (the caller's own character, a couple of NPCs, a battle map if the system has one), and optionally a
``hint`` hook that words the next step better than the generic guess (reload an empty gun, pass a move phase).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from combat.model import Combatant, Encounter
from combat.system import RuleSystem

__all__ = ["Demo", "Hint", "HintHook", "Step", "Suggestion", "Turn"]

_BARE = re.compile(r"[\w'.+-]+")


@dataclass(frozen=True, slots=True)
class Step:
    """One set-up command of a demo, as its GM (the caller) types it: the path and its options.

    ``yours`` marks an ``encounter add`` whose combatant the caller plays: the caller becomes its owner.
    """

    path: str
    options: Mapping[str, str] = field(default_factory=dict)
    yours: bool = False


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A command worth typing next: its path, its options in order, and a few words on what it does."""

    path: str
    options: tuple[tuple[str, str], ...] = ()
    why: str = ""

    def typed(self) -> str:
        """Return the command as typed at the local table: '/attack target:"Peacekeeper trooper 1"'."""
        words = [f"/{self.path}"]
        words += [f"{name}:{value if _BARE.fullmatch(value) else chr(34) + value + chr(34)}"
                  for name, value in self.options]
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class Turn:
    """What a hint hook sees: the encounter, its system, who acts now, in which phase, and the foes still up."""

    system: RuleSystem
    encounter: Encounter
    actor: Combatant
    phase: str
    foes: tuple[Combatant, ...]
    gm_plays: bool

    @property
    def acting(self) -> tuple[tuple[str, str], ...]:
        """Return the ``as:`` a suggestion needs: for the GM's NPC, or a player who plays more than one combatant."""
        owner = self.actor.owner
        several = owner is not None and sum(c.owner == owner for c in self.encounter.combatants) > 1
        return (("as", self.actor.name),) if self.gm_plays or several else ()


# A system's better suggestion for one turn (None: the generic one stands).
HintHook = Callable[[Turn], Suggestion | None]


@dataclass(frozen=True, slots=True)
class Demo:
    """A system's ready-made first fight: its name, what it is, its set-up (then it begins), and a hint hook."""

    name: str
    intro: str
    steps: tuple[Step, ...]
    hint: HintHook | None = None


@dataclass(frozen=True, slots=True)
class Hint:
    """Where the fight stands in a few words, and the commands that move it on (the first is the one to try).

    ``verb`` leads the commands ('try'); ``buttons``: a choice is waiting, which Discord's buttons answer too;
    ``over``: the fight is decided.
    """

    situation: str
    suggestions: tuple[Suggestion, ...] = ()
    verb: str = "try"
    buttons: bool = False
    over: bool = False
