"""A system's end-of-round hook: its result is rendered before the round summary and digested into it.

A variant of the test-only Sparring system, registered at run time, loses every fighter a point of momentum as each
round ends ("cooling down"); nothing generic names it.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from sparring import PLUGIN
from sparring.render import SparringRenderer
from sparring.rules import Momentum, Sparring

from bot.config import REPO_ROOT, Settings
from bot.console.runner import Console
from bot.db.engine import open_database
from bot.registry import SystemPlugin, register, unregister
from bot.render.names import Names, who
from bot.services import ReplayDice, Services
from combat.dice import DiceSource
from combat.model import Encounter
from combat.summary import Beat

pytestmark = pytest.mark.asyncio


@dataclass(frozen=True, slots=True)
class CooledDown:
    """Who lost a point of momentum as the round ended."""

    round: int
    combatants: tuple[str, ...]


class Cooling(Sparring):
    """Sparring, where momentum cools by a point as each round ends."""

    key = "cooling"
    title = "Cooling"

    def end_round(self, encounter: Encounter, dice: DiceSource) -> tuple[Encounter, Any]:
        """Take a point of momentum from everyone who has some."""
        warm = [c for c in encounter.combatants if c.state.points > 0]
        if not warm:
            return encounter, None
        cooled = [replace(c, state=Momentum(c.state.points - 1)) for c in warm]
        return encounter.put(*cooled), CooledDown(encounter.turns.round, tuple(c.id for c in warm))

    def digest(self, result: Any) -> tuple[Beat, ...]:
        """A beat per fighter who cooled down, besides Sparring's own."""
        if isinstance(result, CooledDown):
            return tuple(Beat(c, "cool down", note="-1 momentum") for c in result.combatants)
        return super().digest(result)


class CoolingRenderer(SparringRenderer):
    """Sparring's text, and a line for the cooling."""

    def result(self, result: object, names: Names) -> list[str]:
        """Render the cooling, else as Sparring."""
        if isinstance(result, CooledDown):
            return [f"End of round {result.round}: {', '.join(who(names, c) for c in result.combatants)} cool down"]
        return super().result(result, names)


@pytest.fixture(autouse=True)
def cooling() -> Iterator[None]:
    register(SystemPlugin(rules=Cooling, renderer=CoolingRenderer()))
    register(PLUGIN)
    yield
    unregister("cooling")
    unregister("sparring")


async def test_the_round_end_is_shown_before_the_summary_and_counted_in_it(tmp_path: Path) -> None:
    db = await open_database(f"sqlite+aiosqlite:///{tmp_path / 'fray.sqlite3'}")
    out = io.StringIO()
    dice = ReplayDice(seed=1)
    table = Console(Services(db, Settings(_env_file=None, data_dir=REPO_ROOT / "data"), dice), dice, out)
    for line in ('@gm /encounter start system:cooling name:"Dojo"', "@gm /encounter add name:Ann stats:skill=1",
                 "@gm /encounter add name:Bo", "!dice 6 1", "@gm /encounter begin", "@gm /encounter next",
                 "!dice 6 1", "@gm /encounter next"):
        await table.run_line(line)
    await db.dispose()
    lines = out.getvalue().splitlines()
    # Both caught their breath at their turn (+1 momentum each), then cooled as round 1 ended.
    cooled = lines.index("End of round 1: Ann, Bo cool down")
    assert lines[cooled + 1] == "Round 1 summary"
    assert lines[cooled + 2: cooled + 4] == ["Ann: cool down (-1 momentum)", "Bo: cool down (-1 momentum)"]
    assert lines.index("— Round 2 begins —") > cooled
