"""Fallout "Simple" rounds, phases and moves worked out by hand from the seed,
then played through `fray console --script`.

Every number below was computed from the seed before the script was run: the dice are queued with `!dice`, and the
comments give the arithmetic. Unless a sheet says otherwise the attributes are 5: Combat Sequence ST + AG = 10, hit
points 30 + EN + ST = 40, a skill total of ranks + its attribute. An attack needs Very Easy 10 + Evasion 5 = 15 (the
seed's burst example "needs a 15") and gains one critical point for every full 5 over it. Hexes: columns B, D, F …
sit half a hex lower than A, C, E …, so a column is a straight line and distances along it are row differences.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from console_kit import after, errors_at, played

pytestmark = pytest.mark.slow  # fray console in a subprocess

NEXT = "@gm /encounter next"


# 1. Sequence, ties, the phase order, a run, an evade and items.
# "Roll a single d10 and to it, add your combat sequence. If two or more characters are tied, have them each roll a
# d10 ... with the highest always winning out." Ann ST 6 AG 6: CS 12; Bo CS 10; Cy ST 4: CS 9.
# d10: Ann [3] + 12 = 15, Bo [5] + 10 = 15, Cy [9] + 9 = 18. Ann and Bo tie: Ann [4], Bo [7]: Bo goes first.
# Order: Cy 18, Bo 15, Ann 15. Move phase lowest first: Ann, Bo, Cy; charge and action highest first: Cy, Bo, Ann.
# Move phase: Ann runs A2 -> A10 (8 hexes: "Run move up to eight hexes (character cannot participate in the charge
# or action phases for the round)"); Bo evades (-5 to attacks on him, no charge or action); Cy takes out one small
# item (the knife: no loss). Nobody is within a charge of anyone: the charge phase passes.
# Action phase: only Cy acts. Pistol (PB 5) at Bo 7 hexes away: close, -2. Cy Firearms AG 5 + 5 = 10.
# 2d10 [9, 8] + 10 - 2 - 5 evading = 20 vs 15: a hit, exactly 5 over: 1 critical point, spent on damage.
# 2d6 [3, 4] + 2 = 9; critical damage one die of 2d6: [5]. Bo 40 - 14 = 26. Cy's HP: 30 + 5 + 4 = 39.
# Round 2: Cy puts away the knife and takes out a grenade ("Put away and take out one small item (character cannot
# participate in the charge or action phases for the round)"): Cy is passed over; Bo (no longer evading, no
# charge lost) has his action turn.
SEQUENCE = [
    "@gm /encounter start system:fallout name:sequence",
    '@gm /encounter add name:Ann owner:@ann side:raiders stats:"ST=6, AG=6"',
    "@gm /encounter add name:Bo owner:@bo side:raiders",
    '@gm /encounter add name:Cy owner:@cy side:vault stats:"ST=4, firearms=5" '
    'weapon:"10mm pistol, knife, frag grenade"',
    "@gm /encounter gm tool:place target:Ann hex:A2 facing:s",
    "@gm /encounter gm tool:place target:Bo hex:E8 facing:n",
    "@gm /encounter gm tool:place target:Cy hex:E1 facing:s",
    "!dice 3 5 9 4 7",
    "@gm /encounter begin",
    "@ann /act move:move to:A10 run:yes",
    "@bo /act move:evade",
    "@cy /act move:item draw:knife",
    "!dice 9 8 3 4 5",
    "@cy /attack target:Bo crits:damage",
    NEXT,
    NEXT,
    '@cy /act move:item stow:knife draw:"frag grenade"',
    "@gm /encounter status",
]


def test_sequence_ties_phase_order_run_evade_and_items(tmp_path: Path) -> None:
    out = played(tmp_path, "sequence", SEQUENCE).splitlines()
    assert after(out, "Sequence: Cy d10 [9] + 9 = 18", 3) == [
        "Sequence: Cy d10 [9] + 9 = 18",
        "Sequence: Bo d10 [5] + 10 = 15, tie d10 [7]",
        "Sequence: Ann d10 [3] + 12 = 15, tie d10 [4]",
    ]
    assert after(out, "Round 1, move phase — Ann's turn", 7) == [
        "Round 1, move phase — Ann's turn",
        "Ann runs A2 → A3 → A4 → A5 → A6 → A7 → A8 → A9 → A10, facing s",
        "Round 1, move phase — Bo's turn",
        "Bo evades: -5 to attacks on them this round",
        "Round 1, move phase — Cy's turn",
        "Cy takes out knife",
        "Cy has no move to make in the charge phase and is passed over.",
    ]
    assert after(out, "Round 1, action phase — Cy's turn", 9) == [
        "Round 1, action phase — Cy's turn",
        "Cy shoots (10mm pistol, single)",
        "Roll at Bo: 2d10 [9, 8] + Firearms 10 - 2 close range - 5 target evading = 20 vs 15: hit, 1 critical point",
        "Damage to Bo: [3, 4] + 2 - DT 0 = 9 HP",
        "Critical damage on Bo [5]: 5 more HP",
        "Bo: 26 HP, fatigue 0, stun 0",
        "1 round fired, 11 left",
        "Bo has no move to make in the action phase and is passed over.",
        "Ann has no move to make in the action phase and is passed over.",
    ]
    assert "Order for round 2: move: Ann, Bo, Cy; charge: Cy, Bo, Ann; action: Cy, Bo, Ann" in out
    assert "Cy takes out frag grenade; puts away knife (no charge or action this round)" in out
    assert "Round 2, action phase — Bo's turn" in out and "Round 2, action phase — Cy's turn" not in out
    assert "    HP 39/39 · fatigue 0 · stun 0" in out


# 2. Overwatch at a crouching mover; the overwatcher gives up the next round's move and charge, not its action.
# Gunner Firearms 10, 10mm pistol (PB 5), on E2, watches a narrow cone towards E9 in round 1's action phase.
# Sequence: Gunner [4] + 10 = 14, Vera (AG 6) [1] + 11 = 12. Round 2: Vera, crouching on H7, crouch-moves two hexes
# H7 -> G7 -> F7. G7 is under a tenth inside the 30 degree cone, F7 wholly inside: she enters at F7, 6 hexes from
# E2; crouching, one size smaller: 12, medium (15): -4. [7, 3] + 10 - 4 = 16: a hit, [2, 2] + 2 = 6: Vera 34.
# "(character cannot participate in the move or charge phases for the next round)": the Gunner's action remains.
OVERWATCH = [
    "@gm /encounter start system:fallout name:overwatch",
    '@gm /encounter add name:Gunner side:raiders stats:"firearms=5" weapon:"10mm pistol"',
    '@gm /encounter add name:Vera owner:@vera side:vault stats:"AG=6"',
    "@gm /encounter gm tool:place target:Gunner hex:E2 facing:s",
    "@gm /encounter gm tool:place target:Vera hex:H7 facing:nw stance:crouch",
    "!dice 4 1",
    "@gm /encounter begin",
    NEXT,
    NEXT,
    "@gm /act move:overwatch as:Gunner at:E9",
    NEXT,
    "!dice 7 3 2 2",
    "@vera /act move:move to:F7 via:G7",
    "@gm /encounter status",
]


def test_overwatch_shoots_a_crouching_mover_where_she_enters_the_cone(tmp_path: Path) -> None:
    out = played(tmp_path, "overwatch", OVERWATCH).splitlines()
    assert after(out, "Vera moves H7 → G7 → F7, facing sw", 9) == [
        "Vera moves H7 → G7 → F7, facing sw",
        "Overwatch! Gunner shoots (10mm pistol, single)",
        "Roll at Vera: 2d10 [7, 3] + Firearms 10 - 4 medium range = 16 vs 15: hit",
        "Damage to Vera: [2, 2] + 2 - DT 0 = 6 HP",
        "Vera: 34 HP, fatigue 0, stun 0",
        "1 round fired, 11 left",
        "Gunner has no move to make in the move and charge phase and is passed over.",
        "Vera has no move to make in the charge phase and is passed over.",
        "Round 2, action phase — Gunner's turn",
    ]


# 3. What the move phase forbids. Sequence: Pat [9] 19, Lia [7] 17, Gus [5] 15, Kit [3] 13, Rat [1] 11.
# Gus holds the 7.62mm machinegun and stand-moves a hex: "Characters with a heavy weapon ... in hands cannot
# participate in the action phase if they perform anything but free actions in the movement phase."
# Lia gets up from prone to stand: "(character cannot participate in the charge or action phases for the round)".
# Pat, in power armour: "Characters in heavy armor ... cannot Run move and cannot switch from prone to stand": his
# run is refused, his stand move of 4 made; in round 2 he drops prone (a free action at the start of his turn) and
# cannot stand up, only crouch. Rat's pistol (PB 5, maximum 25) at prone Kit 9 hexes away: tiny, 27: "An attack
# cannot be made beyond Maximum Range." Lia's 9-hex run is refused, her 8-hex run made.
FORBIDDEN = [
    "@gm /encounter start system:fallout name:forbidden",
    '@gm /encounter add name:Pat owner:@pat side:vault armour:"power armour"',
    '@gm /encounter add name:Lia owner:@lia side:vault weapon:"10mm pistol"',
    '@gm /encounter add name:Gus owner:@gus side:vault weapon:"7.62mm machinegun"',
    "@gm /encounter add name:Kit owner:@kit side:vault",
    '@gm /encounter add name:Rat side:raiders stats:"firearms=5" weapon:"10mm pistol"',
    "@gm /encounter gm tool:place target:Pat hex:B2 facing:s",
    "@gm /encounter gm tool:place target:Lia hex:D2 facing:s stance:prone",
    "@gm /encounter gm tool:place target:Gus hex:H2 facing:s",
    "@gm /encounter gm tool:place target:Kit hex:F3 facing:s stance:prone",
    "@gm /encounter gm tool:place target:Rat hex:F12 facing:n",
    "!dice 9 7 5 3 1",
    "@gm /encounter begin",
    NEXT,
    NEXT,
    "@gus /act move:move to:H3",
    "@lia /act move:stance to:stand",
    "@pat /act move:move to:B10 run:yes",
    "@pat /act move:move to:B6",
    "@pat /encounter next",
    NEXT,
    "@gm /attack as:Rat target:Kit",
    *[NEXT] * 4,
    "@lia /act move:move to:D11 run:yes",
    "@lia /act move:move to:D10 run:yes",
    "@pat /act move:drop stance:prone",
    "@pat /act move:stance to:stand",
    "@pat /act move:stance to:crouch",
    "@gm /encounter status",
]


def test_heavy_armour_heavy_weapons_getting_up_running_and_maximum_range(tmp_path: Path) -> None:
    out, refused = errors_at(tmp_path, "forbidden", FORBIDDEN)
    assert refused == {
        "@pat /act move:move to:B10 run:yes": "Only a standing combatant out of heavy armour can run.",
        "@gm /attack as:Rat target:Kit": "That is beyond maximum range (25 hexes for a human-sized target).",
        "@lia /act move:move to:D11 run:yes": "That is 9 hexes; Lia can move 8 (running).",
        "@pat /act move:stance to:stand": "In heavy armour, getting up from prone takes two moves: crouch first.",
    }
    assert "Pat moves B2 → B3 → B4 → B5 → B6, facing s" in out
    assert after(out, "Lia has no move to make in the action phase and is passed over.", 3) == [
        "Lia has no move to make in the action phase and is passed over.",
        "Gus has no move to make in the action phase and is passed over.",
        "Round 1, action phase — Kit's turn",
    ]
    assert "Lia runs D2 → D3 → D4 → D5 → D6 → D7 → D8 → D9 → D10, facing s" in out
    assert "Pat gets up from prone to crouch" in out
    assert "• Pat (pat) [vault] Sequence 19: crouching, at B6 facing s" in out


# -- Newcomers' overwatch shots go in their pecking order, not in the order they were added ---------------------------

# [seed] "If multiple newcomers join in the same round, they fight for pecking rights at the end by rolling for
# sequence as though they started a new battle"; "Characters will always act in order of sequence in each phase".
# Gun1 joins first and rolls d10 [1] + 10 = 11, Gun2 then [9] + 10 = 19: Gun2 comes first among the newcomers. Both
# watch E8 (from A8 and I8); in round 2 Vera walks E11 → E8, entering both cones on E8 only: several cones entered
# on one step give their attacks highest sequence first (rules page §10), so Gun2 fires before Gun1.
NEWCOMERS_WATCH = [
    "@gm /encounter start system:fallout name:ownew",
    "@gm /encounter add name:Vera owner:@vera side:vault",
    "@gm /encounter add name:Rex side:raiders",
    "@gm /encounter gm tool:place target:Vera hex:E11 facing:n",
    "@gm /encounter gm tool:place target:Rex hex:P12 facing:n",
    "!dice 5 5",
    "@gm /encounter begin",
    "!dice 1",
    '@gm /encounter add name:Gun1 side:raiders stats:"firearms=5" weapon:"10mm pistol"',
    "!dice 9",
    '@gm /encounter add name:Gun2 side:raiders stats:"firearms=5" weapon:"10mm pistol"',
    "@gm /encounter gm tool:place target:Gun1 hex:A8 facing:se",
    "@gm /encounter gm tool:place target:Gun2 hex:I8 facing:sw",
    *[NEXT] * 7,
    "@gm /act move:overwatch as:Gun2 at:E8",
    "@gm /act move:overwatch as:Gun1 at:E8",
    NEXT,
    "!dice 2 2 2 2",
    "@vera /act move:move to:E8",
]


def test_newcomers_watching_one_hex_fire_in_their_pecking_order(tmp_path: Path) -> None:
    lines = played(tmp_path, "newcomers_watch", NEWCOMERS_WATCH).splitlines()
    assert "Order for round 2: move: Rex, Vera; charge: Vera, Rex; action: Vera, Rex, Gun2, Gun1" in lines
    shots = [line for line in lines if line.startswith("Overwatch!")]
    assert shots == ["Overwatch! Gun2 shoots (10mm pistol, single)", "Overwatch! Gun1 shoots (10mm pistol, single)"]
