"""Brute force for the odds tests: run the real resolver once for every sequence of faces the dice could show.

``every_roll`` walks the tree of faces depth first: each run is fed the faces chosen so far, then the lowest face
of whatever die it asks for next; the next run changes the last face that can still go up. Every leaf is one
complete, distinct sequence of faces, weighted by its exact chance, so the outcomes add up to exactly one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TypeVar

from combat.dice import Die
from combat.intent import PendingReaction

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


class _Walk:
    """Serve the chosen faces first, then each die's lowest face; note every die asked for."""

    def __init__(self, chosen: list[int]) -> None:
        self.chosen = chosen
        self.dice: list[Die] = []
        self.faces: list[int] = []

    def face(self, die: Die) -> int:
        at = len(self.faces)
        value = self.chosen[at] if at < len(self.chosen) else die.faces[0]
        assert value in die.faces, f"the walk went astray at roll {at + 1}"
        self.dice.append(die)
        self.faces.append(value)
        return value


def every_roll(run: Callable[[_Walk], T], limit: int = 500_000) -> list[tuple[T, Fraction, tuple[int, ...]]]:
    """Return (outcome, exact chance, faces) for every sequence of faces ``run`` can be shown."""
    leaves: list[tuple[T, Fraction, tuple[int, ...]]] = []
    chosen: list[int] = []
    while True:
        walk = _Walk(chosen)
        outcome = run(walk)
        assert len(walk.faces) >= len(chosen), "a run drew fewer dice than the faces chosen for it"
        weight = Fraction(1)
        for die in walk.dice:
            weight /= len(die.faces)
        leaves.append((outcome, weight, tuple(walk.faces)))
        assert len(leaves) <= limit, "too many face sequences to walk"
        at = len(walk.faces) - 1
        while at >= 0 and walk.faces[at] == walk.dice[at].faces[-1]:
            at -= 1
        if at < 0:
            return leaves
        faces = walk.dice[at].faces
        chosen = [*walk.faces[:at], faces[faces.index(walk.faces[at]) + 1]]


def tally(run: Callable[[_Walk], T], classify: Callable[[T], K], limit: int = 500_000) -> dict[K, Fraction]:
    """Return the exact chance of every class of outcome, over every sequence of faces."""
    out: dict[K, Fraction] = {}
    for outcome, weight, _ in every_roll(run, limit):
        key = classify(outcome)
        out[key] = out.get(key, Fraction(0)) + weight
    assert sum(out.values()) == 1
    return {k: v for k, v in out.items() if v}


def act_by_default(system, encounter, intent, dice):
    """Resolve an intent as the table does when nobody answers: every choice, before or after the dice, by default.

    Returns the encounter after it and every result on the way (the roll, then each choice's).
    """
    reaction = system.reaction_for(encounter, intent)
    while reaction is not None:
        intent = system.choose(intent, reaction, reaction.default)
        reaction = system.reaction_for(encounter, intent)
    outcome = system.act(encounter, intent, dice)
    results = [outcome.result]
    while outcome.ask is not None:
        pending = PendingReaction(intent, outcome.ask, 0.0, "after", outcome.context)
        outcome = system.resolve_choice(outcome.encounter, pending, outcome.ask.default, dice)
        results.append(outcome.result)
    return outcome.encounter, results
