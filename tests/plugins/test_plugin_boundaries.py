"""A rule system is a plug-in: only its own folders import it, and the generic layers know none by name."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from bot.registry import GROUP, find

REPO = Path(__file__).resolve().parents[2]
SYSTEM_PACKAGES = ("combat.systems", "bot.systems")


def _modules() -> dict[str, Path]:
    found = {}
    for root in ("bot", "combat"):
        for path in (REPO / root).rglob("*.py"):
            name = ".".join(path.relative_to(REPO).with_suffix("").parts).removesuffix(".__init__")
            found[name] = path
    return found


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _system_of(module: str) -> str | None:
    """Return the system a module belongs to (combat.systems.<key>… or bot.systems.<key>…), else None."""
    for package in SYSTEM_PACKAGES:
        if module.startswith(package + "."):
            return module.removeprefix(package + ".").split(".")[0]
    return None


def test_only_a_system_s_own_modules_import_it() -> None:
    offenders = []
    for module, path in _modules().items():
        own = _system_of(module)
        for imported in _imports(path):
            system = _system_of(imported)
            if system is not None and system != own:
                offenders.append(f"{module} imports {imported}")
    assert offenders == []


def test_no_module_outside_farscape_s_folders_imports_farscape() -> None:
    outside = [
        module for module, path in _modules().items()
        if _system_of(module) != "farscape" and any("farscape" in name for name in _imports(path))
    ]
    assert outside == []


def test_the_pure_rules_never_import_the_bot() -> None:
    leaks = [m for m, p in _modules().items() if m.startswith("combat") and any(
        n == "bot" or n.startswith("bot.") for n in _imports(p))]
    assert leaks == []


def test_the_built_in_systems_register_through_the_entry_point_group() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    points = project["entry-points"][GROUP]
    for key, target in points.items():
        module, _, attribute = target.partition(":")
        assert _system_of(module) == key, f"{key} points outside its own folder: {target}"
        assert find(key).key == key and attribute == "PLUGIN"
