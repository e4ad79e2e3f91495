"""The modules of bot.db import each other without cycles, counting imports inside functions too."""

from __future__ import annotations

import ast
from pathlib import Path

import bot.db

PACKAGE = Path(bot.db.__file__).parent


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every bot.db module that ``path`` imports, wherever the import statement is."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bot.db"):
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("bot.db"))
    return found


def graph() -> dict[str, set[str]]:
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    # The package's __init__ re-exports its modules; an edge into it is not a dependency between two modules.
    return {name: {m for m in imports_of(path) if m in modules and m != "bot.db"} for name, path in modules.items()}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """Return one import cycle as a list of modules, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state and (cycle := visit(start)):
            return cycle
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_bot_db_modules_import_each_other_without_cycles():
    edges = graph()
    assert "bot.db.connect" in edges["bot.db.migrate"]
    assert find_cycle(edges) is None, " -> ".join(find_cycle(edges) or [])


def test_engine_and_migrate_do_not_import_each_other():
    edges = graph()
    assert "bot.db.engine" not in edges["bot.db.migrate"]
    assert "bot.db.engine" not in edges["bot.db.connect"]
