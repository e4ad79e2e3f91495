"""Sample encounters for the storage tests, with a counter kept inside the encounter state."""

from __future__ import annotations

from dataclasses import replace

from combat.model import Combatant, Condition, Encounter
from combat.sheet import Sheet
from combat.systems.farscape.wounds import fresh_health, mark
from combat.turns import InitiativeEntry, Slot, TurnState


def sample_encounter(counter: int = 0) -> Encounter:
    """A Farscape fight mid-round: wounds, timed conditions, a shared slot with one actor done, a held action."""
    hurt, _ = mark(fresh_health("protagonist"), "lethal", 4)
    crichton = Combatant(
        "crichton",
        "John Crichton",
        "moya",
        Sheet(traits={"agility": 1, "guns": 2}, talents=frozenset({"lucky"}), weapons=("winona",), tier="protagonist"),
        hurt,
        (Condition("counter", value=counter), Condition("stun", value=-1, elements=2, source="pk1", uses=1)),
        owner="1001",
    )
    aeryn = Combatant(
        "aeryn", "Aeryn Sun", "moya", Sheet(tier="protagonist"), fresh_health("protagonist"), owner="1002"
    )
    grunt = Combatant("pk1", "Peacekeeper", "pk", Sheet(tier="minion"), fresh_health("minion"))
    turns = TurnState(
        round=3,
        queue=(
            Slot("action", (3, 2), ("crichton", "aeryn"), done=frozenset({"aeryn"})),
            Slot("action", (1, 0), ("pk1",)),
        ),
        held=("pk1",),
        order=(InitiativeEntry("crichton", (3,), (2,)), InitiativeEntry("aeryn", (3,), (2,))),
    )
    return Encounter("farscape", (crichton, aeryn, grunt), turns)


def counter_of(encounter: Encounter) -> int:
    """Return the test counter kept in a condition of Crichton's."""
    condition = encounter.get("crichton").condition("counter")
    assert condition is not None
    return condition.value


def bump(encounter: Encounter) -> Encounter:
    """Return the encounter with the test counter one higher."""
    crichton = encounter.get("crichton")
    condition = crichton.condition("counter")
    assert condition is not None
    return encounter.put(crichton.with_condition(replace(condition, value=condition.value + 1)))
