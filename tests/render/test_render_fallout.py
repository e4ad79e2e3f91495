"""Fallout's renderer: rolls with every die and modifier, hits with DT, crits, moves; and the map picture."""

from __future__ import annotations

import io
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "combat" / "systems" / "fallout"))

from fallout_kit import act, person, scene

from bot.systems.fallout.picture import (
    BAND_COLOURS,
    FLOOR,
    SIDE_COLOURS,
    TERRAIN,
    TURN,
    WALL,
    centre_px,
    draw,
    legend,
    size_px,
    state_word,
)
from bot.systems.fallout.render import FalloutRenderer
from combat.errors import InvalidInput
from combat.systems.fallout.hexgrid import parse_hex
from combat.systems.fallout.state import Field, Vitals, field_of
from combat.systems.fallout.tools import Treated

NAMES = {"vera": "Vera", "raider": "Raider", "watcher": "Watcher"}
RENDER = FalloutRenderer()


def test_an_attack_shows_the_dice_every_modifier_the_hit_and_what_is_left() -> None:
    fight = scene(person("Vera", "vault", "C6", weapons=("10mm pistol",), firearms=5),
                  person("Raider", "foes", "C3", armour="leather jacket"), terrain=(("C4", "smoke"),))
    lines = RENDER.result(act(fight, "vera", "attack", "raider", faces=(8, 7, 4, 5, 3)).result, NAMES)
    assert lines == [
        "Vera shoots (10mm pistol, single)",
        "Roll at Raider: 2d10 [8, 7] + Firearms 10 - 4 partial visibility = 21 vs 15: hit, 1 critical point",
        "Damage to Raider: [4, 5] + 2 - DT 1 = 10 HP",
        "Critical damage on Raider [3]: 3 more HP",
        "Raider: 27 HP, fatigue 0, stun 0",
        "1 round fired, 11 left",
    ]


def test_a_burst_says_what_the_roll_means_round_by_round() -> None:
    # The seed's example: needs 15, rolls 21: round 2 at 16 still hits, rounds 3-6 at 11 miss.
    fight = scene(person("Frank", "vault", "C6", weapons=("10mm smg",), firearms=7),
                  person("Raider", "foes", "C3"))
    out = act(fight, "frank", "attack", "raider", mode="burst", faces=(6, 4, 3, 4, 6, 6, 4))
    lines = RENDER.result(out.result, {"frank": "Frank", "raider": "Raider"})
    assert lines[1] == "Roll at Raider: 2d10 [6, 4] + Firearms 12 - 1 accuracy = 21 vs 15: hit, 1 critical point"
    assert lines[2] == ("Burst of 6 rounds against 15: round 1 at 21 hits, round 2 at 16 (-5) hits, "
                        "rounds 3-6 at 11 (-10) miss")
    assert lines[-1] == "6 rounds fired, 24 left"


def test_a_disarm_that_beats_the_number_by_5_names_no_critical_point() -> None:
    # Disarms have no critical effects [ours]: 2d10 [6, 6] + Unarmed 10 = 22 vs 10 + the raider's Unarmed 5 = 15
    # is 7 over, yet no point is spent, so none is announced.
    fight = scene(person("Vera", "vault", "C4", strength=7, unarmed=3), person("Raider", "foes", "C3",
                                                                            weapons=("knife",)))
    lines = RENDER.result(act(fight, "vera", "attack", "raider", mode="disarm", faces=(6, 6)).result, NAMES)
    assert lines[1] == "Roll at Raider: 2d10 [6, 6] + Unarmed 10 = 22 vs 15: hit"
    assert "Vera takes the knife" in lines


def test_a_knockdown_names_the_stance_and_a_spray_spells_out_its_division() -> None:
    hammer = scene(person("Max", "vault", "C5", weapons=("sledgehammer",), melee=5), person("Raider", "foes", "C4"))
    out = act(hammer, "max", "attack", "raider", mode="swing", crits="knockdown, knockdown", faces=(10, 9, 1, 1))
    lines = RENDER.result(out.result, {"max": "Max", "raider": "Raider"})
    assert "Critical knockdown on Raider: knocked down, now crouching" in lines
    assert "Critical knockdown on Raider: knocked down, now prone" in lines
    out = act(hammer, "max", "attack", "raider", mode="swing", crits="knockdown, knockdown, knockdown",
              faces=(10, 10, 1, 1))  # 30 vs 15: three points, the third on one lying prone already
    assert RENDER.result(out.result, {"max": "Max", "raider": "Raider"}).count(
        "Critical knockdown on Raider: already prone: no further") == 1
    spray = scene(person("Doc", "vault", "C1", weapons=("shotgun",), firearms=5, facing="s"),
                  person("Raider", "foes", "C5"))
    out = act(spray, "doc", "attack", "raider", mode="spray", faces=(5, 5, 6, 6, 6))
    assert "Damage to Raider: [6, 6, 6] + 4 = 22, / 2 for the distance = 11 - DT 0 = 11 HP" in RENDER.result(
        out.result, {"doc": "Doc", "raider": "Raider"})


def test_a_broken_arm_says_what_it_dropped() -> None:
    # [5, 5] + Firearms 10 - 2 (the arm is tiny: 6 effective hexes, close) = 18; [3, 3] + 2 = 8: a break.
    fight = scene(person("Vera", "vault", "C6", weapons=("10mm pistol",), firearms=5),
                  person("Raider", "foes", "C4", weapons=("10mm pistol",)))
    out = act(fight, "vera", "attack", "raider", location="right-arm", faces=(5, 5, 3, 3))
    lines = RENDER.result(out.result, NAMES)
    assert lines[lines.index("Raider's right-arm is broken") + 1] == (
        "Raider drops the 10mm pistol (a broken arm holds nothing)")


def test_a_move_and_health_in_full_or_as_a_word() -> None:
    out = act(scene(person("Vera", "vault", "C6"), phase="move"), "vera", "move", to="C4", after="crouch")
    assert RENDER.result(out.result, NAMES) == ["Vera moves C6 → C5 → C4, facing n", "Vera drops to crouch"]
    vera = out.encounter.get("vera")
    assert RENDER.health(vera, detailed=True) == ["HP 40/40 · fatigue 0 · stun 0", "In hand: nothing"]
    armed = person("Ike", "vault", "C1", weapons=("10mm pistol", "knife"))
    assert RENDER.health(armed, detailed=True)[1] == "In hand: 10mm pistol"  # for disarms, proximity, heavy weapons
    assert RENDER.health(vera, detailed=False) == ["Unhurt"]


def test_the_status_says_the_seed_s_sequence_and_a_newcomer_s_place_without_a_number() -> None:
    # "Roll a single d10 and to it, add your combat sequence"; "Newcomers to battles are always added on to the end":
    # their place is no sequence anybody rolled, so no number is shown for it.
    assert RENDER.initiative(18) == "Sequence 18"
    assert RENDER.initiative(-2) == "Sequence at the end (newcomer of round 2)"


def picture_of(encounter) -> Image.Image:
    return Image.open(io.BytesIO(draw(encounter, {})))


def test_the_map_picture_has_the_board_s_size_and_colours_the_combatants_by_side() -> None:
    fight = scene(person("Vera", "vault", "C4"), person("Raider", "foes", "F7"), walls=("E2",))
    image = picture_of(fight)
    assert image.format == "PNG" and image.size == size_px(field_of(fight)) == (832, 802)
    x, y = centre_px(parse_hex("C4"))
    assert image.getpixel((int(x) - 8, int(y))) == SIDE_COLOURS[0]  # the first side, inside Vera's token
    x, y = centre_px(parse_hex("F7"))
    assert image.getpixel((int(x) - 8, int(y))) == SIDE_COLOURS[1]
    x, y = centre_px(parse_hex("E2"))
    assert image.getpixel((int(x), int(y))) == WALL
    x, y = centre_px(parse_hex("H9"))
    assert image.getpixel((int(x), int(y))) == FLOOR


def test_the_picture_rings_whoever_s_turn_it_is_and_grows_with_the_board() -> None:
    fight = scene(person("Vera", "vault", "C4"))  # the kit's scene: Vera's slot is current
    x, y = centre_px(parse_hex("C4"))
    assert picture_of(fight).getpixel((int(x) + 14, int(y))) == TURN
    bigger = picture_of(fight.__class__("fallout", fight.combatants, fight.turns, state=Field(20, 14)))
    assert bigger.size == size_px(Field(20, 14))


def test_a_cone_or_range_bands_can_be_drawn_over_the_map() -> None:
    fight = scene(person("Vera", "vault", "C8", weapons=("10mm pistol",)))
    plain = picture_of(fight)
    coned = Image.open(io.BytesIO(draw(fight, {"cone": "vera", "at": "C2", "angle": "narrow"})))
    x, y = centre_px(parse_hex("C5"))
    assert plain.getpixel((int(x), int(y))) == FLOOR and coned.getpixel((int(x), int(y))) != FLOOR
    ranged = Image.open(io.BytesIO(draw(fight, {"ranges": "vera"})))
    assert ranged.getpixel((int(x), int(y))) != FLOOR
    with pytest.raises(InvalidInput, match="Say where the cone points: cone:<name> at:<hex>"):
        draw(fight, {"cone": "vera"})


def test_the_legend_names_what_is_on_the_map_and_the_bands_when_drawn() -> None:
    bare = scene(person("Vera", "vault", "C4"))
    assert legend(field_of(bare), False) == []
    marked = scene(person("Vera", "vault", "C4"), walls=("E2",), terrain=(("C5", "smoke"), ("C6", "dark")))
    assert legend(field_of(marked), False) == [(WALL, "wall"), (TERRAIN["smoke"], "smoke"), (TERRAIN["dark"], "dark")]
    bands = [name for _, name in legend(field_of(bare), True)]
    assert bands == ["point blank", "close", "medium", "far", "maximum"]
    assert legend(field_of(bare), True)[0][0] == BAND_COLOURS[0][:3]


def test_a_token_s_label_says_who_cannot_act() -> None:
    vera = person("Vera", "vault", "C4")
    assert state_word(vera) == ""
    assert state_word(replace(vera, health=Vitals(0, 40))) == "dead"
    assert state_word(replace(vera, health=Vitals(40, 40, 41))) == "out"
    assert state_word(replace(vera, health=Vitals(40, 40, 0, 3))) == "stunned"
    a_name = Image.open(io.BytesIO(draw(scene(vera), {})))
    x, y = centre_px(parse_hex("C4"))
    assert a_name.getpixel((int(x), int(y + 27))) != FLOOR  # the name's label under the token


def test_a_move_on_a_maimed_groin_that_passes_him_out_says_so() -> None:
    from combat.systems.fallout.state import Injury

    walker = person("Vera", "vault", "C8")
    walker = replace(walker, state=replace(walker.state, injuries=(Injury("groin", "maim"),)),
                     health=replace(walker.health, fatigue=walker.health.max_hp - 1))
    lines = RENDER.result(act(scene(walker, phase="move"), "vera", "move", to="C7").result, NAMES)
    assert lines[-2:] == ["Vera gains 2 fatigue (maimed groin)",
                          f"Vera: {walker.health.hp} HP, fatigue {walker.health.max_hp + 1}, stun 0 — passes out, "
                          "winded, falls prone"]


def test_a_lobbed_item_says_where_it_landed_and_who_caught_it() -> None:
    # [1, 1] + Melee 10 - 2 (close, at half the pistol's range) - 4 (lob) = 6 vs 10: scatters d6 [4] south to C4.
    fight = scene(person("Vera", "vault", "C6", weapons=("10mm pistol",), melee=5), person("Ally", "vault", "C4"))
    lines = RENDER.result(act(fight, "vera", "lob", at="C3", faces=(1, 1, 4)).result, {**NAMES, "ally": "Ally"})
    assert lines[:2] == ["Vera lobs (10mm pistol, toss)",
                         "Roll: 2d10 [1, 1] + Melee 10 - 2 close range - 4 lob = 6 vs 10: miss"]
    assert lines[-2:] == ["It scatters: d6 [4] s, 1 hex, lands on C4", "The 10mm pistol lands on C4: Ally catches it"]


def test_a_treated_break_reads_as_a_broken_part() -> None:
    treated = Treated("doc", "vera", "right-arm", "break", "medic", (9, 8), 25, 25, 8)
    maimed = Treated("doc", "vera", "left-leg", "maim", "medic", (2, 2), 12, 15, 8)
    names = {"doc": "Doc", "vera": "Vera"}
    assert RENDER.result(treated, names)[0].startswith("Doc treats Vera's broken right-arm: 2d10 [9, 8]")
    assert RENDER.result(maimed, names)[0].startswith("Doc treats Vera's maimed left-leg:")


def test_a_free_drop_of_stance_and_item_tells_both() -> None:
    gunner = person("Ann", "vault", "C5", weapons=("10mm pistol",))
    both = act(scene(gunner, phase="move"), "ann", "drop", stance="prone", item="10mm pistol")
    assert FalloutRenderer().result(both.result, {"ann": "Ann"}) == ["Ann drops from stand to prone",
                                                                     "Ann drops 10mm pistol"]
    only = act(scene(gunner, phase="move"), "ann", "drop", item="10mm pistol")
    assert FalloutRenderer().result(only.result, {"ann": "Ann"}) == ["Ann drops 10mm pistol"]
