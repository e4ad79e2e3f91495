"""Big fights within Discord's limits: everyone shown, alike NPCs grouped, long text packed, nothing dropped."""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.discord.embeds import TOTAL, pack, status_embeds, summary_embeds
from bot.services.replies import Reply, StatusShown
from bot.tables import load_system_tables
from combat.model import Combatant, Encounter
from combat.summary import Beat, summarize_round
from combat.systems.farscape.sheet import SPEC
from combat.systems.farscape.system import FarscapeSystem
from combat.systems.farscape.wounds import fresh_health

SYSTEM = FarscapeSystem(load_system_tables("farscape"))


def fighter(name: str, owner: str | None = None, tier: str = "minion") -> Combatant:
    sheet = SPEC.build(tier=tier)
    return Combatant(name.lower(), name, "crew" if owner else "foes", sheet, fresh_health(tier), owner=owner)


def crowd(troopers: int) -> Encounter:
    players = [fighter(n, owner=str(i + 1), tier="protagonist") for i, n in enumerate(("Aeryn", "Crichton", "Rygel"))]
    foes = [fighter(f"Peacekeeper trooper {n}") for n in range(1, troopers + 1)]
    return Encounter("farscape", (*players, *foes))


def text(embeds: list[discord.Embed]) -> str:
    return "\n".join(e.description or "" for e in embeds) + "\n".join(f.value or "" for e in embeds for f in e.fields)


def within_limits(embeds: list[discord.Embed]) -> None:
    assert 1 <= len(embeds) <= 10
    assert sum(len(e) for e in embeds) <= 6000
    assert all(len(e.description or "") <= 4096 and len(e.fields) <= 25 for e in embeds)


def test_a_small_fight_shows_a_field_per_combatant() -> None:
    reply = Reply("encounter status", SYSTEM, crowd(4), body=StatusShown("Docking ring"))
    [embed] = status_embeds(reply, gm=True)
    assert [f.name for f in embed.fields][:2] == ["Aeryn [crew]", "Crichton [crew]"] and len(embed.fields) == 7


def test_a_big_fight_shows_everyone_with_alike_npcs_grouped() -> None:
    encounter = crowd(40)
    hurt = replace(encounter.get("peacekeeper trooper 7"), conditions=())
    hurt = replace(hurt, health=replace(hurt.health, lethal=replace(hurt.health.lethal, filled=(1, 0, 0, 0, 0))))
    encounter = encounter.put(hurt)
    for gm in (False, True):
        embeds = status_embeds(Reply("encounter status", SYSTEM, encounter, body=StatusShown("Big")), gm=gm)
        within_limits(embeds)
        shown = text(embeds)
        for name in ("Aeryn", "Crichton", "Rygel"):
            assert f"• {name} [crew]" in shown
        numbers = [n for line in shown.splitlines() if "Peacekeeper trooper" in line
                   for n in line.split("Peacekeeper trooper ")[1].split(" (")[0].split(" [")[0].split(", ")]
        assert sorted(int(n) for n in numbers) == list(range(1, 41))  # every trooper, once
        assert "(39)" in shown  # the 39 alike troopers in one line, the hurt one on its own


def test_long_text_is_packed_whole_and_what_does_not_fit_is_counted() -> None:
    lines = [f"line {n:03d} " + "x" * 90 for n in range(200)]
    embeds = pack("Title", lines)
    within_limits(embeds)
    shown = text(embeds).splitlines()
    kept = [line for line in shown if line.startswith("line ")]
    assert kept == lines[: len(kept)]
    assert shown[-1].startswith(f"… and {200 - len(kept)} more lines")
    newest = pack("Log", lines, tail=True)
    within_limits(newest)
    shown = text(newest).splitlines()
    assert shown[0].startswith("… ") and shown[-1] == lines[-1]


def test_a_big_round_summary_fits_and_says_what_is_left() -> None:
    beats = [Beat(f"peacekeeper trooper {n}", "shoot", "aeryn", n % 2 == 0, "Hurt") for n in range(1, 250)]
    summary = summarize_round(3, beats, (), ())
    embeds = summary_embeds(summary, crowd(119))
    within_limits(embeds)
    assert embeds[0].title == "Round 3 summary"
    assert "more line" in text(embeds).splitlines()[-1]
    assert sum(len(e) for e in embeds) <= TOTAL
