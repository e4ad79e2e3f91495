"""The guided demo through the real bot: started with /encounter start demo:<system>, played on its own hints.

Every answer of a guided encounter ends with the next command to type; the test types it (or clicks the button a
waiting choice offers) until the hint says the fight is over. Only the demo's player is ever pinged.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fray_kit import Fray

from bot.console.parser import CommandLine, parse_line

SUGGESTED = re.compile(r"`(/[^`]+)`")
# The options each cog takes as fields of its own; the others go in extra as name=value.
FIELDS = {
    "attack": {"target", "weapon", "move", "mode", "location", "range", "stance", "modifier", "as"},
    "act": {"move", "target", "weapon", "modifier", "as"},
}


def hint_of(message) -> str:
    """Return the hint line that ends the answer's last embed."""
    text = message.embeds[-1]["description"]
    last = text.splitlines()[-1]
    assert last.startswith("→ "), text
    return last


def command_of(hint: str) -> tuple[str, dict[str, Any]]:
    """Return the path and the Discord options of the command the hint says to try first."""
    found = SUGGESTED.search(hint)
    assert found is not None, hint
    parsed = parse_line(f"@x {found.group(1)}")
    assert isinstance(parsed, CommandLine)
    fields = FIELDS.get(parsed.command.path)
    if fields is None:
        return parsed.command.path, dict(parsed.options)
    own = {k: v for k, v in parsed.options.items() if k in fields}
    extra = ", ".join(f"{k}={v}" for k, v in parsed.options.items() if k not in fields)
    return parsed.command.path, {**own, **({"extra": extra} if extra else {})}


async def step(fray: Fray, message, hint: str):
    """Do what the hint says: click the choice's button when one waits, else run the command as the demo's player."""
    path, options = command_of(hint)
    if path == "encounter react":
        button = next(c for c in message.custom_ids if c.startswith(f"fray:react:{fray.double.channel_id}:"
                                                                       f"{options['choice']}:"))
        clicked = await fray.double.click(message, button, user=fray.carol)
        await clicked.response()
        return clicked.original
    return await fray.answer(fray.carol, path, **options)


@pytest.mark.asyncio
async def test_the_farscape_demo_runs_to_its_end_through_the_bot(fray: Fray) -> None:
    async with fray.running():
        suggested = await fray.double.autocomplete("encounter start", {"demo": "far"}, focused="demo",
                                                   user=fray.carol)
        assert [c.value for c in suggested] == ["farscape"]
        message = await fray.answer(fray.carol, "encounter start", demo="farscape")
        text = message.embeds[0]["description"]
        assert text.startswith("Demo 'Docking ring' started (FUDGE Farscape)")
        assert "Yours: Aeryn. Against you: Peacekeeper commando, Peacekeeper trooper." in text
        hints = [hint_of(message)]
        assert hints[0] == "→ It's Aeryn's turn: try `/attack target:\"Peacekeeper commando\"`"
        fray.dice.queue(fray.double.channel_id, [-1, -1, -1, -1])  # Aeryn misses: the commando shoots back
        choices = 0
        for _ in range(80):
            if hints[-1].startswith("→ The fight is over"):
                break
            assert fray.double.pinged(message) <= {fray.carol}, "only the demo's player is ever pinged"
            if "chooses" in hints[-1]:
                assert hints[-1].endswith(", or the buttons")
                choices += 1
            message = await step(fray, message, hints[-1])
            hints.append(hint_of(message))
        assert hints[-1].startswith("→ The fight is over — "), hints[-5:]
        assert hints[1] == ("→ It's Peacekeeper commando's turn (the GM's): try "
                            "`/attack as:\"Peacekeeper commando\" target:Aeryn`")
        assert choices >= 1 and hints[2] == ("→ Aeryn's player chooses: `/encounter react choice:dodge` or "
                                             "`choice:take`, or the buttons")
        record = await fray.say(fray.carol, "encounter export", format="markdown")
        [recap] = record.ephemeral
        assert recap.content == "A recap of the fight, in Markdown for your campaign notes."
        text = recap.file_bytes("encounter.md").decode()
        assert text.startswith("# Docking ring — FUDGE Farscape\n\n## Sides\n\n- **crew**: Aeryn (Carol)\n")
        assert "1. **Aeryn** attack → Peacekeeper commando: miss" in text and "## How it ended" in text
        assert fray.double.pinged(recap) == set()
        record = await fray.say(fray.carol, "encounter export", format="json")
        [exported] = record.ephemeral
        assert json.loads(exported.file_bytes("encounter.json"))["system"] == "farscape"
        ended = await fray.answer(fray.carol, "encounter end")
        assert hint_of(ended) == ("→ The encounter has ended: try `/encounter start demo:farscape` (plays the demo "
                                  "again)")


@pytest.mark.asyncio
@pytest.mark.parametrize(("key", "name", "yours"), [
    ("deryni", "Rhemuth road", "Alaric"), ("d6pool", "Back alley", "Blaze"),
    ("fallout", "Wasteland well", "Vera"), ("farscape", "Docking ring", "Aeryn"),
])
async def test_every_demo_starts_and_its_first_hint_works(fray: Fray, key: str, name: str, yours: str) -> None:
    async with fray.running():
        started = await fray.answer(fray.carol, "encounter start", demo=key)
        assert started.embeds[0]["description"].startswith(f"Demo '{name}' started")
        assert f"Yours: {yours}." in started.embeds[0]["description"]
        first = hint_of(started)
        assert first.startswith("→ It's ") or " act together" in first, first
        assert fray.double.pinged(started) <= {fray.carol}
        after = await step(fray, started, first)
        assert hint_of(after).startswith("→ "), "the next answer has its hint too"
        state = fray.bot.rosters[fray.double.channel_id][1]
        assert state.guided and next(c for c in state.combatants if c.name == yours).owner == str(fray.carol)
