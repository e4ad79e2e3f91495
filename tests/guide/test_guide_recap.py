"""The Markdown recap of each example fight: every action once, in order; the round tallies match the live ones.

Each example is played at the local table with its own seed and dice, its JSON export swapped for the recap. The
actions expected are read from the script itself: who types each move (their character, or the NPC named with as:)
or GM tool, in the order typed; answers to a choice and turn passes are not actions of their own.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bot.config import REPO_ROOT, Settings
from bot.console.parser import CommandLine, parse_line
from bot.console.runner import Console
from bot.db.engine import Database
from bot.services import ReplayDice, Services

pytestmark = pytest.mark.asyncio

EXAMPLES = {"farscape-skirmish": 4, "deryni-duel": 2, "d6pool-rooftop": 3, "fallout-junktown": 4}
ENTRY = re.compile(r"^\d+\. \*\*(.+?)\*\* ([a-z-]+)")
TALLY = re.compile(r"^\*Round (\d+): (\d+) hits?, (\d+) miss(?:es)?")
LIVE = re.compile(r"^Hits: (\d+), misses: (\d+)$")


def expected_actions(lines: list[str]) -> list[tuple[str, str]]:
    """Return (who, move) for every action the script types, in order."""
    characters: dict[str, str] = {}
    actions: list[tuple[str, str]] = []
    for line in lines:
        parsed = parse_line(line)
        if not isinstance(parsed, CommandLine):
            continue
        options, path = parsed.options, parsed.command.path
        if path == "encounter add" and options.get("owner"):
            characters[options["owner"].removeprefix("@")] = options["name"]
        who = options.get("as") or characters.get(parsed.user, parsed.user)
        moves = {"attack": "attack", "dodge": "dodge", "act": options.get("move"), "encounter hold": "hold",
                 "encounter release": "release"}
        if path in moves:
            actions.append((who, str(moves[path])))
        elif path == "encounter gm":
            actions.append(("GM", options["tool"]))
    return actions


async def play(
    db: Database, tmp: Path, name: str, before_export: list[str] | None = None
) -> tuple[list[str], list[str]]:
    """Play an example with its recap in place of its JSON export; return its lines and all it printed.

    ``before_export``: lines played just before the recap.
    """
    lines = (REPO_ROOT / "examples" / f"{name}.fray").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("@gm /encounter export"))
    lines[at:at] = before_export or []
    lines = [line.replace("/encounter export", "/encounter export format:markdown") for line in lines]
    out = io.StringIO()
    dice = ReplayDice(seed=EXAMPLES[name])
    console = Console(Services(db, Settings(_env_file=None, data_dir=REPO_ROOT / "data"), dice), dice, out, maps=tmp)
    assert await console.run_lines(lines, stop_on_error=True) == 0, out.getvalue()[-3000:]
    return lines, out.getvalue().splitlines()


def recap_of(printed: list[str]) -> list[str]:
    """Return the recap's lines: from its title to the last line of 'How it ended'."""
    start = next(i for i, line in enumerate(printed) if line.startswith("# "))
    ending = next(i for i, line in enumerate(printed) if i > start and line == "## How it ended")
    end = max(i for i, line in enumerate(printed[: ending + 6]) if i > ending and line.startswith("- **"))
    return printed[start:end + 1]


@pytest.mark.parametrize("name", sorted(EXAMPLES))
async def test_every_action_of_the_example_appears_once_in_order(db: Database, tmp_path: Path, name: str) -> None:
    lines, printed = await play(db, tmp_path, name)
    recap = recap_of(printed)
    told = [m.groups() for line in recap if (m := ENTRY.match(line))]
    assert told == expected_actions(lines)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
async def test_the_round_tallies_are_the_live_round_summaries(db: Database, tmp_path: Path, name: str) -> None:
    _, printed = await play(db, tmp_path, name)
    recap = recap_of(printed)
    tallies = {int(m[1]): (int(m[2]), int(m[3])) for line in recap if (m := TALLY.match(line))}
    live: dict[int, tuple[int, int]] = {}
    for i, line in enumerate(printed):
        if (m := re.match(r"^Round (\d+) summary$", line)) is not None:
            hits = next(LIVE.match(later) for later in printed[i:] if LIVE.match(later))
            assert hits is not None
            live.setdefault(int(m[1]), (int(hits[1]), int(hits[2])))
    assert tallies and all(live[r] == tally for r, tally in tallies.items()), (tallies, live)


async def test_the_farscape_recap_reads_as_campaign_notes(db: Database, tmp_path: Path) -> None:
    _, printed = await play(db, tmp_path, "farscape-skirmish")
    recap = recap_of(printed)
    assert recap[:6] == ["# Docking ring — FUDGE Farscape", "", "## Sides", "",
                         "- **crew**: Crichton (bob), Aeryn (carol), D'Argo (dave)",
                         "- **foes**: Peacekeeper commando 1, Peacekeeper commando 2, Peacekeeper commando 3"]
    assert "4. **Peacekeeper commando 2** attack → D'Argo: miss — D'Argo's player: dodge" in recap
    assert "6. **D'Argo** attack → Peacekeeper commando 3: hit, Hurt; Peacekeeper commando 3 → D'Argo: miss" \
        in recap
    assert "*Round 2: 3 hits, 3 misses; down: Peacekeeper commando 1.*" in recap
    assert "## Round 4" not in recap, "the round that began after the last blow is not told"
    assert recap[-4:] == [
        "**crew** won in round 3.", "",
        "- **Still standing**: Crichton (Badly wounded); Aeryn (Unhurt); D'Argo (Unhurt)",
        "- **Out of the fight**: Peacekeeper commando 1 (Down, unconscious); Peacekeeper commando 2 (Down, "
        "incapacitated, unconscious); Peacekeeper commando 3 (Down, incapacitated, unconscious)",
    ]


async def test_the_deryni_recap_tells_the_end_of_round_tests_and_the_gm_s_answers(db: Database,
                                                                                  tmp_path: Path) -> None:
    _, printed = await play(db, tmp_path, "deryni-duel")
    recap = recap_of(printed)
    assert ("As the round ended: Rogier: Consciousness Test (falls unconscious); Duncan: Consciousness Test "
            "(stays conscious)") in recap
    rogier = next(line for line in recap if line.startswith("1. **Rogier** attack → Duncan"))
    assert rogier.endswith("— Duncan's player: dodge; Duncan's player: roll; Duncan's player: spend")


async def test_the_recap_tells_what_befell_whom_as_a_round_began(db: Database, tmp_path: Path) -> None:
    _, printed = await play(db, tmp_path, "d6pool-rooftop")
    recap = recap_of(printed)
    third = recap.index("## Round 3")
    assert recap[third + 2] == "As the round began: Thug: wakes up"
    assert not any(line.startswith("As the round began") for line in recap[:third])  # staying out is no news


async def test_an_undone_action_is_left_out_and_a_default_taken_is_said(db: Database, tmp_path: Path) -> None:
    now = [1_000_000.0]
    out = io.StringIO()
    dice = ReplayDice(seed=4)
    settings = Settings(_env_file=None, data_dir=REPO_ROOT / "data")
    console = Console(Services(db, settings, dice, clock=lambda: now[0]), dice, out, user="you")
    for line in ("/encounter start demo:farscape", "!dice - - - -", '/attack target:"Peacekeeper commando"',
                 "/encounter undo", "!dice - - - -", '/attack target:"Peacekeeper commando"',
                 '/attack as:"Peacekeeper commando" target:Aeryn'):
        assert await console.run_line(line), out.getvalue()[-2000:]
    now[0] += settings.reaction_seconds + 1  # nobody answers in time: the default (dodge) is taken
    assert await console.run_line("/encounter react choice:take")
    start = len(out.getvalue().splitlines())
    assert await console.run_line("/encounter export format:markdown")
    recap = recap_of(out.getvalue().splitlines()[start:])
    told = [line for line in recap if ENTRY.match(line)]
    assert told[0] == "1. **Aeryn** attack → Peacekeeper commando: miss", "the undone shot is not told"
    assert told[1].startswith("2. **Peacekeeper commando** attack → Aeryn: ")
    assert told[1].endswith("— Aeryn's player: dodge (the default: time ran out)")
    assert len(told) == 2


async def test_the_round_that_won_is_the_last_that_took_someone_out_not_a_later_heal(
    db: Database, tmp_path: Path
) -> None:
    # The GM passes a few turns after the last blow and tends Crichton in round 5: no part of the fight.
    heal = '@gm /encounter gm tool:heal target:Crichton method:"first aid" healer:Aeryn'
    after = ["@gm /encounter next"] * 4 + [heal]
    _, printed = await play(db, tmp_path, "farscape-skirmish", before_export=after)
    recap = recap_of(printed)
    assert "## Round 5" in recap and "**crew** won in round 3." in recap
