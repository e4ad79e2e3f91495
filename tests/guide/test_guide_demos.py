"""Each system's demo runs to its end at the local table, typing exactly the commands its hints suggest.

The dice are seeded (ReplayDice), so each run is the same every time; the seeds are picked so that each demo shows
what its system asks of a new player (a dodge, a defence, spending successes, the three phases and a reload).
"""

from __future__ import annotations

import pytest
from guide_kit import OVER, hint_of, play_demo, run, table

from bot.db.engine import Database

pytestmark = pytest.mark.asyncio

SEEDS = {"farscape": 4, "deryni": 1, "d6pool": 2, "fallout": 1}


async def test_farscape_the_player_shoots_and_dodges_until_the_peacekeepers_are_down(db: Database) -> None:
    console, out = table(db, SEEDS["farscape"])
    played = await play_demo(console, out, "farscape")
    assert played.output[:2] == [
        "Demo 'Docking ring' started (FUDGE Farscape): Aeryn Sun (a pulse rifle, Great with it; heavy combat armour) "
        "holds the docking ring against a Peacekeeper commando and a trooper. Shoot on your turn; when they shoot at "
        "you, dodge or take it.",
        "Yours: Aeryn. Against you: Peacekeeper commando, Peacekeeper trooper.",
    ]
    assert played.hints[0] == "→ It's Aeryn's turn: try `/attack target:\"Peacekeeper commando\"`"
    assert played.hints[1] == ("→ It's Peacekeeper commando's turn (the GM's): try "
                               "`/attack as:\"Peacekeeper commando\" target:Aeryn`")
    assert played.hints[2] == ("→ Aeryn's player chooses: `/encounter react choice:dodge` or `choice:take`")
    assert played.commands.count("/encounter react choice:dodge") == 2
    assert played.last == (
        "→ The fight is over — Aeryn still stands; Peacekeeper commando and Peacekeeper trooper are down: try "
        "`/encounter export format:markdown` (a recap of the fight) or `/encounter end` (closes it)")


async def test_deryni_the_bandit_who_parried_is_told_to_strike_with_his_dagger(db: Database) -> None:
    console, out = table(db, SEEDS["deryni"])
    played = await play_demo(console, out, "deryni")
    assert played.hints[1] == (
        "→ It's Bandit 1's turn (the GM's): try `/attack as:\"Bandit 1\" target:Alaric weapon:dagger` (the short "
        "sword parried this round: one attack and one defence, each with a different item)")
    assert "→ Alaric's player chooses: `/encounter react choice:shield` or `choice:dodge` or `choice:acrobatics` or " \
           "`choice:none`" in played.hints
    assert played.last.startswith(OVER + " — Alaric still stands; Bandit 1 and Bandit 2 are down")


async def test_d6pool_every_hit_asks_how_to_spend_the_successes(db: Database) -> None:
    console, out = table(db, SEEDS["d6pool"])
    played = await play_demo(console, out, "d6pool")
    spends = [h for h in played.hints if "chooses" in h]
    assert spends and all("`/encounter react choice:" in h for h in spends)
    assert any(h.startswith("→ Blaze's player chooses: `/encounter react choice:damage`") for h in spends)
    assert any(h.startswith("→ The GM chooses for ") for h in spends), "an NPC's choice is the GM's"
    assert played.last.startswith(OVER + " — Blaze still stands; Thug and Gunman are down")


async def test_fallout_passes_the_move_and_charge_phases_bursts_and_reloads(db: Database) -> None:
    console, out = table(db, SEEDS["fallout"])
    played = await play_demo(console, out, "fallout")
    assert played.hints[0] == ("→ It's Vera's turn (move phase): try `/encounter next` (no need to move: your guns "
                               "reach; you shoot in the action phase)")
    assert "→ It's Vera's turn (action phase): try `/attack target:\"Raider 1\" mode:burst` (6 rounds, one roll)" \
           in played.hints
    assert "→ It's Vera's turn (action phase): try `/act move:reload` (the 10mm submachinegun is empty)" \
           in played.hints
    assert played.last.startswith(OVER + " — Vera still stands; Raider 1 and Raider 2 are down")


@pytest.mark.parametrize("key", sorted(SEEDS))
async def test_every_demo_is_yours_against_the_gm_s_npcs_and_ends_with_a_replay_hint(db: Database, key: str) -> None:
    console, out = table(db, SEEDS[key] + 10)  # other dice than above: the demo ends whoever wins
    played = await play_demo(console, out, key)
    assert any(c.startswith("/attack target:") for c in played.commands), "the player's own character attacks"
    assert any(c.startswith("/attack as:") for c in played.commands), "the GM's NPCs attack"
    status = await run(console, out, "/encounter status")
    assert any("(you)" in line for line in status if line.startswith("• ")), "the caller owns a combatant"
    assert hint_of(status) == played.last, "the status repeats the hint"
    assert await run(console, out, "/encounter export format:markdown") != []
    ended = await run(console, out, "/encounter end")
    assert hint_of(ended) == f"→ The encounter has ended: try `/encounter start demo:{key}` (plays the demo again)"
