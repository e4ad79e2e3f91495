"""combat.frozen: ``replace`` makes the same copies as dataclasses.replace, faster, with the same refusals; ``frozen``
makes the same objects as a frozen dataclass, faster."""

import dataclasses
import functools
from dataclasses import field

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from combat.dice import DiceError, DiceSpec, Die
from combat.frozen import frozen, kept, replace
from combat.model import Condition

names = st.text(min_size=1, max_size=8)
maybe_int = st.none() | st.integers(-5, 5)


@given(names, st.integers(-5, 5), maybe_int, st.none() | names, names, maybe_int)
def test_a_copy_equals_what_dataclasses_replace_makes(name, value, elements, source, new_name, new_elements):
    condition = Condition(name, value, elements, source)
    for changes in ({}, {"name": new_name}, {"elements": new_elements, "value": value + 1}):
        fast, slow = replace(condition, **changes), dataclasses.replace(condition, **changes)
        assert fast == slow and hash(fast) == hash(slow) and type(fast) is Condition
    assert replace(condition) is not condition


def test_the_copy_is_as_frozen_as_the_original():
    copy = replace(Condition("prone"), value=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.value = 3  # type: ignore[misc]


def test_an_unknown_field_is_refused_as_dataclasses_refuses_it():
    with pytest.raises(TypeError, match="no field bogus"):
        replace(Condition("prone"), bogus=1)
    with pytest.raises(TypeError):
        dataclasses.replace(Condition("prone"), bogus=1)


def test_a_class_that_checks_itself_is_still_checked():
    spec = DiceSpec(2, Die(6))
    assert replace(spec, count=3) == DiceSpec(3, Die(6))
    with pytest.raises(DiceError):
        replace(spec, count=0)  # __post_init__ runs: the copy goes through __init__


@dataclasses.dataclass(frozen=True)
class _Measured:
    side: int

    @functools.cached_property
    def area(self) -> int:
        return self.side * self.side


def test_a_value_cached_on_the_original_is_not_carried_into_the_copy():
    original = _Measured(2)
    assert original.area == 4  # cached in the instance's dict, next to the fields
    assert replace(original, side=3).area == 9


def test_slotted_classes_are_copied_through_their_init():
    @dataclasses.dataclass(frozen=True, slots=True)
    class Slotted:
        value: int

    assert replace(Slotted(1), value=2) == Slotted(2)


def test_an_encounters_index_of_combatants_follows_every_copy():
    from combat.errors import UnknownName
    from combat.model import Combatant, Encounter
    from combat.sheet import Sheet
    from combat.turns import TurnState

    first = Encounter("farscape", tuple(Combatant(i, i.upper(), i, Sheet(), health=1) for i in ("a", "b")))
    assert first.get("b").name == "B"  # the index is built on this copy
    renamed = first.put(replace(first.get("b"), name="Bee"))
    assert renamed.__dict__["_by_id"] is not first.__dict__["_by_id"]  # put hands the copy its own index
    assert renamed.get("b").name == "Bee" and first.get("b").name == "B"
    added = renamed.put(Combatant("c", "C", "c", Sheet(), health=1))
    assert [c.id for c in added.combatants] == ["a", "b", "c"] and added.get("c").name == "C"
    moved = added.put(replace(added.get("a"), name="Ay"), replace(added.get("c"), name="Cee"))
    assert [moved.get(i).name for i in ("a", "b", "c")] == ["Ay", "Bee", "Cee"]
    assert {i: c.name for i, c in moved.__dict__["_by_id"].items()} == {c.id: c.name for c in moved.combatants}
    turned = replace(renamed, turns=TurnState(round=2))
    assert turned.__dict__["_by_id"] is renamed.__dict__["_by_id"]  # worked out from the combatants only: kept
    dropped = renamed.drop("b")
    assert "_by_id" not in dropped.__dict__  # the combatants changed: left behind
    with pytest.raises(UnknownName):
        dropped.get("b")
    assert "_by_id" in renamed.__dict__ and b"_by_id" not in orjson.dumps(renamed, default=list)  # never stored


@frozen
class _Boxes:
    """A class with values kept beside its fields: one worked out from every field, one from ``filled`` only."""

    filled: tuple[int, ...]
    label: str = ""

    @kept
    def described(self) -> str:
        return f"{self.label}: {sum(self.filled)}"

    @kept.on("filled")
    def total(self) -> int:
        return sum(self.filled)


def test_a_value_kept_on_named_fields_follows_copies_that_leave_them_be():
    boxes = _Boxes((1, 2), "lethal")
    assert (boxes.total, boxes.described) == (3, "lethal: 3")
    relabelled = replace(boxes, label="stun")
    assert relabelled.__dict__.get("total") == 3 and "described" not in relabelled.__dict__
    assert relabelled.described == "stun: 3"
    refilled = replace(relabelled, filled=(4,))
    assert "total" not in refilled.__dict__ and (refilled.total, refilled.described) == (4, "stun: 4")
    assert replace(boxes, label="lethal", filled=(5, 5)).total == 10  # any named field among the changes drops it


@frozen
class Fast:
    """A class made with ``frozen``: a plain field, a default and a default factory."""

    name: str
    value: int = 0
    tags: tuple[str, ...] = field(default_factory=tuple)


@frozen
class Checked:
    """A class with a __post_init__ keeps the generated __init__ (which calls it)."""

    value: int

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError("negative")


def test_frozen_builds_the_same_objects_as_a_frozen_dataclass_does():
    assert Fast("a") == Fast("a", 0, ()) == Fast(name="a", tags=())
    assert Fast("a", 2, ("x",)).tags == ("x",) and hash(Fast("a")) == hash(Fast("a"))
    assert Fast("a").tags is not None and Fast("a").__dict__ == {"name": "a", "value": 0, "tags": ()}
    assert dataclasses.replace(Fast("a"), value=3) == Fast("a", 3) == replace(Fast("a"), value=3)
    assert [f.name for f in dataclasses.fields(Fast)] == ["name", "value", "tags"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Fast("a").value = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        Fast()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Fast("a", 1, (), "extra")  # type: ignore[call-arg]


def test_a_class_with_a_post_init_still_runs_it():
    assert Checked(1).value == 1
    with pytest.raises(ValueError, match="negative"):
        Checked(-1)


def test_the_rules_classes_made_with_frozen_still_decode_from_json():
    condition = Condition("engaged:b", elements=2, source="b")
    assert TypeAdapter(Condition).validate_python({"name": "engaged:b", "elements": 2, "source": "b"}) == condition


def test_values_kept_on_stored_objects_never_reach_their_json():
    """orjson writes a dataclass from its instance dict and skips only names that start with an underscore."""
    from combat.dice import FUDGE, Roll
    from combat.systems.farscape.wounds import fresh_health

    roll, health = Roll(FUDGE, (1, 0, -1, 1)), fresh_health("antagonist")
    assert len(FUDGE.faces) == 3 and not health.incapacitated and health.lethal.level is None  # now kept
    assert "_faces" in FUDGE.__dict__ and "_incapacitated" in health.__dict__ and "_level" in health.lethal.__dict__
    for stored in (roll, health):
        assert orjson.loads(orjson.dumps(stored)) == TypeAdapter(type(stored)).dump_python(stored, mode="json")
