"""Deryni's texts speak of every fighter neutrally: no sentence a player reads calls a combatant "he" or "his"."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from bot.config import REPO_ROOT

FOLDERS = (REPO_ROOT / "bot" / "systems" / "deryni", REPO_ROOT / "combat" / "systems" / "deryni")
GENDERED = re.compile(r"\b(he|his|him|himself|she|her|hers|herself)\b", re.IGNORECASE)


def _docstrings(tree: ast.Module) -> set[int]:
    """Return the ids of the docstrings' nodes (prose for readers of the code, not texts shown in play)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def gendered_texts(source: Path) -> list[str]:
    """Return 'file:line: text' for each string of the source, docstrings aside, that says he, his or him."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    return [f"{source.name}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
            and GENDERED.search(node.value)]


def test_no_deryni_text_says_his_or_him_of_a_combatant() -> None:
    found = [line for folder in FOLDERS for source in sorted(folder.glob("*.py")) for line in gendered_texts(source)]
    assert found == []

