"""Big fights within Discord's limits: everyone shown, alike NPCs grouped, long text packed, nothing dropped."""

from __future__ import annotations

from dataclasses import replace

import discord
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.discord.embeds import TOTAL, pack, status_embeds, summary_embeds
from bot.services.replies import Reply, StatusShown
from bot.tables import load_system_tables
from combat.model import Combatant, Encounter
from combat.summary import Beat, summarize_round
from combat.systems.farscape.sheet import SPEC
from combat.systems.farscape.system import FarscapeSystem
from combat.systems.farscape.wounds import fresh_health
from combat.turns import SINGLE_PHASE, Slot, TurnState

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


def test_the_round_summary_post_names_one_who_left_before_the_round_ended() -> None:
    beats = [Beat("aeryn", "shoot", "peacekeeper trooper 9", hit=False)]
    summary = summarize_round(3, beats, (), (), names={"peacekeeper trooper 9": "Peacekeeper trooper 9"})
    assert text(summary_embeds(summary, crowd(2))).splitlines()[0] == "Aeryn → Peacekeeper trooper 9: miss"


def _chunks_line_by_line(lines: list[str], budget: int) -> tuple[list[str], int]:
    """The packing rule, one line at a time: what ``_chunks`` must give, whichever way it works it out."""
    from bot.discord.embeds import DESCRIPTION, EMBEDS

    chunks: list[str] = []
    current, used = "", 0
    for number, raw in enumerate(lines):
        line = raw[:DESCRIPTION]
        cost = len(line) + 1
        full = len(chunks) + (1 if current else 0) >= EMBEDS and len(current) + cost > DESCRIPTION
        if used + cost > budget or full:
            return [*chunks, current] if current else chunks, len(lines) - number
        if current and len(current) + cost > DESCRIPTION:
            chunks.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
        used += cost
    return [*chunks, current] if current else chunks, 0


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.just(""), st.text("ab", max_size=60), st.integers(900, 4200).map("x".__mul__)),
                max_size=30),
       st.sampled_from([40, 300, 2000, 5800, 60000]))
def test_lines_are_packed_as_one_line_at_a_time_would(lines: list[str], budget: int) -> None:
    from bot.discord.embeds import _chunks

    assert _chunks(lines, budget) == _chunks_line_by_line(lines, budget)


def test_a_footer_longer_than_discord_allows_is_cut_and_the_lines_still_fit() -> None:
    # A status footer naming sixty tied fighters with long names: no room left for a line must not break packing.
    embeds = pack("Ambush", [f"line {i} " + "x" * 90 for i in range(200)], footer="Round 1 — " + "y" * 7000)
    assert len(embeds[-1].footer.text or "") == 2048
    assert sum(len(e) for e in embeds) <= 6000
    assert "more line" in (embeds[-1].description or ""), "what did not fit is counted"


def test_a_turn_of_many_fighters_is_shortened_at_a_name() -> None:
    from bot.discord.embeds import shortened
    from bot.discord.outgoing import TURN_LINE

    line = "Round 2 — " + ", ".join(f"Peacekeeper trooper {i}" for i in range(1, 99)) + " act together"
    short = shortened(line, TURN_LINE)
    assert len(short) <= TURN_LINE and short.endswith(", … and more") and "Peacekeeper trooper 1," in short
    assert shortened("Round 1 — Aeryn's turn", TURN_LINE) == "Round 1 — Aeryn's turn"


def test_a_status_of_many_long_named_fighters_acting_together_keeps_its_footer_within_discord_s_limit() -> None:
    foes = [fighter(f"Trooper {n} " + "N" * 90) for n in range(24)]
    turns = TurnState(SINGLE_PHASE, 1, (Slot("action", (0,), tuple(f.id for f in foes)),))
    encounter = Encounter("farscape", tuple(foes), turns)
    for gm in (False, True):
        embeds = status_embeds(Reply("encounter status", SYSTEM, encounter, body=StatusShown("Big")), gm=gm)
        within_limits(embeds)
        footer = embeds[-1].footer.text or ""
        assert len(footer) <= 2048 and footer.endswith(", … and more")
