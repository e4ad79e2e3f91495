"""The rules package stays pure: no Discord, no database, no global RNG, no file I/O."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import combat

pytestmark = pytest.mark.slow  # imports combat in a subprocess

PACKAGE = Path(combat.__file__).parent
SOURCES = sorted(PACKAGE.rglob("*.py"))
FORBIDDEN_IMPORTS = {
    "discord",
    "sqlalchemy",
    "aiosqlite",
    "asyncpg",
    "alembic",
    "sqlite3",
    "aiohttp",
    "requests",
    "httpx",
    "socket",
    "bot",
}
ALLOWED_FROM_RANDOM = {"Random"}  # a generator object that a dice source owns; never the shared one


def ids(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(PACKAGE.parent)) for p in paths]


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def imported_roots(tree: ast.Module) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def global_random_uses(tree: ast.Module) -> list[str]:
    """Find module-level random functions: random.randint(...), from random import choice, and aliases."""
    imports = [n for n in ast.walk(tree) if isinstance(n, ast.Import)]
    aliases = {a.asname or a.name for n in imports for a in n.names if a.name == "random"}
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            found.extend(f"from random import {a.name}" for a in node.names if a.name not in ALLOWED_FROM_RANDOM)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr not in ALLOWED_FROM_RANDOM
        ):
            found.append(f"{node.value.id}.{node.attr} (line {node.lineno})")
    return found


def io_calls(tree: ast.Module) -> list[str]:
    names = {"open", "input", "print", "breakpoint"}
    methods = {"read_text", "read_bytes", "write_text", "write_bytes"}
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Name) and node.func.id in names:
            found.append(f"{node.func.id}() (line {node.lineno})")
        elif isinstance(node.func, ast.Attribute) and node.func.attr in methods:
            found.append(f".{node.func.attr}() (line {node.lineno})")
    return found


def test_there_are_sources_to_check():
    assert PACKAGE / "turns.py" in SOURCES
    assert PACKAGE / "dice.py" in SOURCES


@pytest.mark.parametrize("path", SOURCES, ids=ids(SOURCES))
def test_no_discord_database_or_network_imports(path):
    assert imported_roots(parse(path)) & FORBIDDEN_IMPORTS == set()


@pytest.mark.parametrize("path", SOURCES, ids=ids(SOURCES))
def test_no_module_level_random_functions(path):
    assert global_random_uses(parse(path)) == []


@pytest.mark.parametrize("path", SOURCES, ids=ids(SOURCES))
def test_no_file_or_console_io(path):
    assert io_calls(parse(path)) == []


def test_the_checks_would_catch_offences():
    bad = ast.parse(
        "import random as r\nimport discord.ext\nfrom sqlalchemy import select\nfrom random import randint\n"
        "x = r.randint(1, 6)\ny = r.Random(3)\nopen('f')\nfrom pathlib import Path\nPath('x').read_text()\n"
    )
    assert {"discord", "sqlalchemy"} <= imported_roots(bad)
    assert global_random_uses(bad) == ["from random import randint", "r.randint (line 5)"]
    assert io_calls(bad) == ["open() (line 7)", ".read_text() (line 9)"]


def test_importing_every_module_loads_no_discord_or_database():
    modules = [".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__") for p in SOURCES]
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in {'discord', 'sqlalchemy', 'aiosqlite', 'asyncpg'})\n"
        "print(','.join(bad))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, cwd=PACKAGE.parent, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
