"""Names are compared by spelling (case, spaces, '-', '_', American spellings aside): no system's names may collide."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import pytest

from bot.commands import COMMANDS
from bot.registry import find, keys
from bot.tables import load_system_tables
from combat.options import OptionSpec, spelling
from combat.system import RuleSystem


def _system(key: str) -> RuleSystem:
    return find(key).build(load_system_tables(key))


def _clashes(names: Iterable[str]) -> list[str]:
    counts = Counter(spelling(n) for n in names)
    return [n for n, c in counts.items() if c > 1]


def _option_clashes(where: str, specs: Iterable[OptionSpec]) -> list[str]:
    specs = tuple(specs)
    found = [f"{where}: options {c}" for c in _clashes(s.name for s in specs)]
    for spec in specs:
        meant: dict[str, set[str]] = {}
        for typed, key in [*((c.key, c.key) for c in spec.choices), *spec.aliases]:
            meant.setdefault(spelling(typed), set()).add(key)
        found += [f"{where} {spec.name}: {typed} means {sorted(k)}" for typed, k in meant.items() if len(k) > 1]
    return found


@pytest.mark.parametrize("key", keys())
def test_no_two_names_of_a_system_are_one_spelling(key: str) -> None:
    rules = _system(key)
    found = [f"moves {c}" for c in _clashes(m.name for m in rules.moves())]
    found += [f"tools {c}" for c in _clashes(t.name for t in rules.gm_tools())]
    for move in rules.moves():
        found += _option_clashes(move.name, move.options)
    for tool in rules.gm_tools():
        found += _option_clashes(tool.name, tool.options)
    assert found == []


@pytest.mark.parametrize("key", keys())
def test_no_move_option_is_read_as_an_option_of_the_command(key: str) -> None:
    # The command's own options (/act's move, target, as, modifier) are read first: a move's option of the same
    # spelling would be lost. The attack and the dodge have their own commands (Farscape's attack has a 'move:').
    commands = {c.path: {spelling(o.name) for o in c.options} for c in COMMANDS}
    taken = []
    for move in _system(key).moves():
        path = move.name if move.name in commands else "act"
        taken += [f"/{path} {move.name}: {o.name}" for o in move.options if spelling(o.name) in commands[path]]
    assert taken == []
