"""Only the services open units of work: the Discord layer and the local table read and write through them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bot

pytestmark = pytest.mark.timeout(30)

PACKAGE = Path(bot.__file__).parent
# Where units of work may be opened: the use cases, and the database package that provides them.
ALLOWED = ("services", "db")
OPENERS = {"unit_of_work", "encounter_work"}


def opened_in(source: str) -> list[int]:
    """Return the lines of ``source`` that open a unit of work (``….unit_of_work(…)``, ``….encounter_work(…)``)."""
    return sorted(node.lineno for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in OPENERS)


def test_the_finder_sees_a_unit_of_work_opened_through_any_name():
    source = "async def f(bot):\n    async with bot.services.db.unit_of_work() as uow:\n        pass\n"
    assert opened_in(source) == [2]
    assert opened_in("x = db.encounter_work(1)\ny = unit_of_work\n") == [1]


def test_no_module_outside_the_services_opens_a_unit_of_work():
    found = {}
    for path in PACKAGE.rglob("*.py"):
        if path.relative_to(PACKAGE).parts[0] in ALLOWED:
            continue
        if lines := opened_in(path.read_text(encoding="utf-8")):
            found[str(path.relative_to(PACKAGE.parent))] = lines
    assert found == {}, f"units of work opened outside bot/services: {found}"
