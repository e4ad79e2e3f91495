"""The encounter as plain frozen data: combatants, their conditions and health, and the turn state."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from combat.errors import AmbiguousName, UnknownName
from combat.frozen import frozen, kept, replace
from combat.intent import PendingReaction
from combat.sheet import Sheet
from combat.turns import TurnState

__all__ = ["Combatant", "Condition", "Encounter"]


@frozen
class Condition:
    """A named state on a combatant: frozen, stunned, pinned, prone, a feint penalty, this element's dodge.

    ``elements`` counts the rounds it still lasts (None: until removed); ``value`` is its size; ``source`` is
    the combatant who caused it; ``uses`` counts how often it has been applied (a dodge's later attacks).
    """

    name: str
    value: int = 0
    elements: int | None = None
    source: str | None = None
    uses: int = 0


@dataclass(frozen=True)
class Combatant:
    """One fighter in an encounter; ``health`` and ``state`` are the system's own frozen objects.

    ``state`` is whatever else the system keeps per combatant (a hex and a facing, FUDGE points, momentum); it is
    decoded with the system's ``combatant_state_type`` and is None for a system that keeps nothing.
    """

    id: str
    name: str
    side: str
    sheet: Sheet
    health: Any
    conditions: tuple[Condition, ...] = ()
    owner: str | None = None
    state: Any = None

    @kept.on("conditions")
    def _by_name(self) -> dict[str, Condition]:
        """Index the conditions by name (kept while the conditions stay: JSON skips it)."""
        return {c.name: c for c in reversed(self.conditions)}  # the first of a name wins, as a scan finds it

    def condition(self, name: str) -> Condition | None:
        """Return the condition called ``name``, if any."""
        return self._by_name.get(name)

    def has(self, name: str) -> bool:
        """Tell whether the combatant has condition ``name``."""
        return name in self._by_name

    def has_any(self, *names: str) -> bool:
        """Tell whether the combatant has any of these conditions."""
        return not self._by_name.keys().isdisjoint(names)

    def with_condition(self, condition: Condition) -> Combatant:
        """Return a copy with ``condition`` set, replacing one of the same name."""
        return self.with_conditions(condition)

    def with_conditions(self, *conditions: Condition) -> Combatant:
        """Return a copy with these conditions set (in this order, after the others), replacing any of their names.

        When that changes nothing (the same conditions, already last in this order), the combatant itself is returned.
        """
        after = (*self._conditions_but({c.name for c in conditions}), *conditions)
        return self if after == self.conditions else replace(self, conditions=after)

    def _conditions_but(self, names: Collection[str]) -> tuple[Condition, ...]:
        """Return the conditions not called any of ``names``, in order."""
        return tuple([c for c in self.conditions if c.name not in names])

    def tick(self) -> tuple[Combatant, tuple[str, ...]]:
        """Count one element off every timed condition; return the copy and the names that ran out.

        With no timed condition nothing changes, and the combatant itself is returned (its stored text is reused).
        """
        if all(c.elements is None for c in self.conditions):
            return self, ()
        lasting: list[Condition] = []
        expired: list[str] = []
        for c in self.conditions:
            if c.elements is None:
                lasting.append(c)
            elif c.elements > 1:
                lasting.append(Condition(c.name, c.value, elements=c.elements - 1, source=c.source, uses=c.uses))
            else:
                expired.append(c.name)
        return replace(self, conditions=tuple(lasting)), tuple(expired)

    def without(self, *names: str) -> Combatant:
        """Return a copy without the named conditions (itself when it has none of them)."""
        if self._by_name.keys().isdisjoint(names):
            return self
        return replace(self, conditions=self._conditions_but(names))


@dataclass(frozen=True)
class Encounter:
    """A fight in one channel: its system, its combatants, where the turn is, and any intent awaiting a choice.

    ``state`` is the system's own frozen encounter-wide data (a battle map), decoded with its
    ``encounter_state_type``; None for a system that keeps nothing. ``guided`` encounters (a system's demo) tell
    the players after every step which command comes next; the rules never read it.
    """

    system: str
    combatants: tuple[Combatant, ...] = ()
    turns: TurnState = field(default_factory=TurnState)
    pending: PendingReaction | None = None
    state: Any = None
    guided: bool = False

    @kept.on("combatants")
    def _by_id(self) -> dict[str, Combatant]:
        """Index the combatants by id (kept while the combatants stay: JSON skips it)."""
        return {c.id: c for c in reversed(self.combatants)}  # the first of an id wins, as a scan finds it

    def get(self, combatant_id: str) -> Combatant:
        """Return the combatant with this id."""
        found = self._by_id.get(combatant_id)
        if found is None:
            raise UnknownName("combatant", combatant_id, [c.name for c in self.combatants])
        return found

    def find(self, name: str, *, exact: bool = False) -> Combatant:
        """Find a combatant by name, in any case, accepting a unique prefix (or a later word's) unless ``exact``."""
        wanted = " ".join(name.split()).lower()
        same = [c for c in self.combatants if c.name.lower() == wanted or c.id == wanted]
        if same:
            return same[0]
        if exact:
            raise UnknownName("combatant", name, [c.name for c in self.combatants], offer=True)
        prefixed = [c for c in self.combatants if c.name.lower().startswith(wanted)]
        if not prefixed:  # a later word of the name: 'wall' for 'Concrete wall'
            prefixed = [c for c in self.combatants if f" {wanted}" in c.name.lower()]
        if len(prefixed) == 1:
            return prefixed[0]
        if prefixed:
            raise AmbiguousName("combatant", name, [c.name for c in prefixed])
        raise UnknownName("combatant", name, [c.name for c in self.combatants], offer=True)

    def put(self, *changed: Combatant) -> Encounter:
        """Return a copy with these combatants replaced (or added when new); itself when each is already here."""
        by_id = self._by_id
        if all([by_id.get(c.id) is c for c in changed]):
            return self
        new = {c.id: c for c in changed}
        index = {**by_id, **new}  # the copy's index: this one's, with the changed combatants
        copy = replace(self, combatants=(*[new.pop(c.id, c) for c in self.combatants], *new.values()))
        Encounter._by_id.preset(copy, index)
        return copy

    def drop(self, combatant_id: str) -> Encounter:
        """Return a copy without the combatant."""
        return replace(self, combatants=tuple(c for c in self.combatants if c.id != combatant_id))

    def tick(self) -> tuple[Encounter, list[tuple[str, str]]]:
        """Count one element off everyone's timed conditions; return the copy and (combatant, condition) run out."""
        expired: list[tuple[str, str]] = []
        ticked: list[Combatant] = []
        for combatant in self.combatants:
            after, gone = combatant.tick()
            ticked.append(after)
            expired.extend([(combatant.id, name) for name in gone])
        if all([a is b for a, b in zip(ticked, self.combatants, strict=True)]):
            return self, expired
        return replace(self, combatants=tuple(ticked)), expired

    def names(self, ids: Iterable[str]) -> tuple[str, ...]:
        """Return the display names for combatant ids."""
        return tuple(self.get(i).name for i in ids)

    def side_of(self, combatant_id: str) -> str:
        """Return the side of a combatant."""
        return self.get(combatant_id).side
