"""Lookups kept per constant list: the same value for that very list, a fresh one for any other, and bounded."""

from combat.engine import move_spec
from combat.lookups import PerList
from combat.options import OptionSpec, options_by_key


def test_a_list_gets_the_value_built_from_it_once() -> None:
    builds: list[tuple[int, ...]] = []
    lookup = PerList(lambda items: builds.append(items) or sum(items))
    items = (1, 2, 3)
    assert lookup(items) == 6 and lookup(items) == 6
    assert builds == [items]


def test_an_equal_list_that_is_another_object_is_built_for_itself() -> None:
    builds: list[tuple[int, ...]] = []
    lookup = PerList(lambda items: builds.append(items) or len(builds))
    first, second = (1, 2), tuple([1, 2])
    assert first == second and first is not second
    assert lookup(first) == 1 and lookup(second) == 2 and lookup(second) == 2
    assert len(builds) == 2


def test_at_most_size_lists_are_kept() -> None:
    lookup = PerList(len, size=3)
    kept = [tuple(range(n)) for n in range(10)]
    for items in kept:
        assert lookup(items) == len(items)
    assert len(lookup._kept) <= 3
    assert lookup(kept[-1]) == 9


def test_options_by_key_reads_names_by_spelling_and_the_last_of_a_key_wins() -> None:
    specs = (OptionSpec("target", "who"), OptionSpec("Called_Shot", "where"), OptionSpec("called shot", "again"))
    found = options_by_key(specs)
    assert set(found) == {"target", "calledshot"}
    assert found["calledshot"].description == "again"
    assert options_by_key(specs) is found


class _Moves:
    """A system stand-in with two moves of one name (the first is the one a search in order finds)."""

    title = "Test"

    def __init__(self) -> None:
        from combat.system import MoveSpec

        self._moves = (MoveSpec("attack", "first"), MoveSpec("dodge", "d"), MoveSpec("attack", "second"))

    def moves(self) -> tuple[object, ...]:
        return self._moves


def test_move_spec_finds_the_first_move_of_a_name() -> None:
    system = _Moves()
    assert move_spec(system, "attack").summary == "first"  # type: ignore[arg-type]
    assert move_spec(system, "dodge").summary == "d"  # type: ignore[arg-type]
