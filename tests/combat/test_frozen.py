"""combat.frozen.replace: the same copies as dataclasses.replace, faster, and the same refusals."""

import dataclasses
import functools

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from combat.dice import DiceError, DiceSpec, Die
from combat.frozen import replace
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

    first = Encounter("farscape", tuple(Combatant(i, i.upper(), i, Sheet(), health=1) for i in ("a", "b")))
    assert first.get("b").name == "B"  # the index is built on this copy
    renamed = first.put(replace(first.get("b"), name="Bee"))
    assert "_by_id" in first.__dict__ and "_by_id" not in renamed.__dict__  # left behind by the copy
    assert renamed.get("b").name == "Bee" and first.get("b").name == "B"
    dropped = renamed.drop("b")
    with pytest.raises(UnknownName):
        dropped.get("b")
    assert "_by_id" in renamed.__dict__ and b"_by_id" not in orjson.dumps(renamed, default=list)  # never stored
