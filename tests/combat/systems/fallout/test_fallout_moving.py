"""The move and charge phases: distances by stance, running, getting up, items, free drops, evading, heavy armour
and heavy weapons, leg and groin wounds, walls in the way, the charge, and moves refused outside their phase."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fallout_kit import SYSTEM, act, person, scene, state

from combat import engine
from combat.dice import ScriptedDice
from combat.errors import CannotAct, InvalidInput
from combat.system import Intent
from combat.systems.fallout.hexgrid import parse_hex
from combat.systems.fallout.state import Injury


def walker(hex: str = "C8", **extra):
    return person("Walker", "vault", hex, **extra)


def moving(*people, **extra):
    return scene(*people, phase="move", **extra)


def test_standing_moves_4_crouching_2_prone_1() -> None:
    assert state(act(moving(walker()), "walker", "move", to="C4").encounter, "walker").hex == "C4"
    with pytest.raises(CannotAct, match="That is 5 hexes; Walker can move 4"):
        act(moving(walker()), "walker", "move", to="C3")
    with pytest.raises(CannotAct, match="can move 2"):
        act(moving(walker(stance="crouch")), "walker", "move", to="C5")
    with pytest.raises(CannotAct, match="can move 1"):
        act(moving(walker(stance="prone")), "walker", "move", to="C6")


def test_a_move_swims_2_hexes_and_climbs_1() -> None:
    # "Prone move or climb up to one hex. Crouch move or swim up to two hexes." A move through water covers at most
    # two hexes, one through a climb, even standing.
    river = (("C7", "water"), ("C6", "water"))
    assert state(act(moving(walker(), terrain=river), "walker", "move", to="C6").encounter, "walker").hex == "C6"
    with pytest.raises(CannotAct, match="That is 3 hexes through water; Walker can swim 2 hexes in a move"):
        act(moving(walker(), terrain=river), "walker", "move", to="C5")
    cliff = (("C7", "climb"),)
    assert state(act(moving(walker(), terrain=cliff), "walker", "move", to="C7").encounter, "walker").hex == "C7"
    with pytest.raises(CannotAct, match="That is 2 hexes through climb; Walker can climb 1 hex in a move"):
        act(moving(walker(), terrain=cliff), "walker", "move", to="C6")
    marked = SYSTEM.use_tool(moving(walker()), "terrain", {"hexes": "C7, C6", "kind": "water"}, ScriptedDice())
    assert marked.encounter.state.ground(parse_hex("C7")) == "water" and marked.encounter.state.cover(
        parse_hex("C7")) is None
    # Water and smoke are told apart: smoke obscures sight and slows nobody.
    assert state(act(moving(walker(), terrain=(("C7", "smoke"),)), "walker", "move", to="C4").encounter,
                 "walker").hex == "C4"


def test_a_move_to_the_hex_you_stand_on_is_refused_and_spends_nothing() -> None:
    fight = moving(walker())
    with pytest.raises(InvalidInput, match="Walker is already on C8: name another hex with to:"):
        act(fight, "walker", "move", to="C8")
    turned = act(fight, "walker", "move", to="C8", face="s")  # turning where he stands is a move of its own
    assert state(turned.encounter, "walker").hex == "C8"


def test_running_goes_8_and_gives_up_charge_and_action() -> None:
    out = act(moving(walker(hex="C10")), "walker", "move", to="C2", run=True)
    after = out.encounter.get("walker")
    assert state(out.encounter, "walker").hex == "C2" and out.result.run
    assert not SYSTEM.can_act(after, "charge") and not SYSTEM.can_act(after, "action")


def test_heavy_armour_cannot_run_or_spring_up_from_prone() -> None:
    tin = walker(armour="power armour")
    with pytest.raises(CannotAct, match="heavy armour"):
        act(moving(tin), "walker", "move", to="C2", run=True)
    with pytest.raises(CannotAct, match="crouch first"):
        act(moving(walker(armour="power armour", stance="prone")), "walker", "stance", to="stand")


def test_getting_up_from_prone_to_standing_costs_the_charge_and_action() -> None:
    up = act(moving(walker(stance="prone")), "walker", "stance", to="stand")
    assert state(up.encounter, "walker").stance == "stand" and not SYSTEM.can_act(up.encounter.get("walker"), "action")
    half = act(moving(walker(stance="prone")), "walker", "stance", to="crouch")
    assert SYSTEM.can_act(half.encounter.get("walker"), "action")
    assert [(b.move, b.note) for b in SYSTEM.digest(up.result)] == [("stance", "prone → stand")]  # in the summary


def test_free_drops_before_and_after_a_move() -> None:
    out = act(moving(walker()), "walker", "move", to="C6", before="crouch", after="prone")
    assert out.result.before == "crouch" and out.result.after == "prone"
    assert state(out.encounter, "walker").stance == "prone"
    with pytest.raises(CannotAct, match="can move 2"):
        act(moving(walker()), "walker", "move", to="C5", before="crouch")
    dropped = act(moving(walker()), "walker", "drop", stance="prone")
    assert not dropped.ends_turn and state(dropped.encounter, "walker").stance == "prone"
    # A stance and an item dropped at once: both are told, in the reply and the round's summary.
    both = act(moving(walker(weapons=("10mm pistol",))), "walker", "drop", stance="prone", item="10mm pistol")
    assert state(both.encounter, "walker").stance == "prone" and both.result.dropped == ("10mm pistol",)
    assert [(b.move, b.note) for b in SYSTEM.digest(both.result)] == [
        ("stance", "stand → prone"), ("items", "drops 10mm pistol")]
    # "switch from stand to crouch, crouch to prone, or stand to prone" [seed]: never up, after the move either.
    with pytest.raises(InvalidInput, match="prone is as low as it goes"):
        act(moving(walker(stance="prone")), "walker", "move", to="C9", after="crouch")
    with pytest.raises(InvalidInput, match="from crouch to prone"):
        act(moving(walker()), "walker", "move", to="C6", before="crouch", after="crouch")


def test_walls_and_people_block_the_way_and_via_goes_round() -> None:
    fight = moving(walker(), walls=("C7",))
    with pytest.raises(CannotAct, match="C7 is a wall"):
        act(fight, "walker", "move", to="C6")
    round_it = act(fight, "walker", "move", to="C6", via="B7")
    assert round_it.result.path == ("C8", "B7", "B6", "C6")
    with pytest.raises(CannotAct, match="Other stands on C7"):
        act(moving(walker(), person("Other", "foes", "C7")), "walker", "move", to="C6")


def test_evading_costs_5_to_attacks_on_you_and_your_charge_and_action() -> None:
    evaded = act(moving(walker()), "walker", "evade").encounter
    assert not SYSTEM.can_act(evaded.get("walker"), "action")
    gun = person("Gun", "foes", "C4", weapons=("10mm pistol",), firearms=5)
    fight = scene(evaded.get("walker"), gun)
    shot = act(fight, "gun", "attack", "walker", faces=(1, 1))
    assert dict(shot.result.checks[0].modifiers) == {"target evading": -5}


def test_one_small_item_is_free_more_or_large_ones_cost_the_charge_and_action() -> None:
    kit = walker(weapons=("knife", "frag grenade", "10mm smg"), hands=("knife",))
    small = act(moving(kit), "walker", "item", draw="frag grenade")
    assert state(small.encounter, "walker").hands == ("knife", "frag grenade") and not small.result.costly
    swap = act(moving(kit), "walker", "item", draw="frag grenade", stow="knife")
    assert swap.result.costly and not SYSTEM.can_act(swap.encounter.get("walker"), "action")
    large = act(moving(replace(kit, state=replace(kit.state, hands=()))), "walker", "item", draw="10mm smg")
    assert large.result.costly
    with pytest.raises(CannotAct, match="only two hands"):
        act(moving(kit), "walker", "item", draw="10mm smg")


def test_a_heavy_weapon_bars_the_action_after_anything_but_free_actions() -> None:
    gunner = walker(weapons=("machinegun",))
    moved = act(moving(gunner), "walker", "move", to="C7")
    assert not SYSTEM.can_act(moved.encounter.get("walker"), "action")
    dropped = act(moving(gunner), "walker", "drop", stance="crouch")
    assert SYSTEM.can_act(dropped.encounter.get("walker"), "action")


def test_leg_and_groin_wounds_slow_or_stop_the_move() -> None:
    lame = walker()
    lame = replace(lame, state=replace(lame.state, injuries=(Injury("left-leg", "break"),)))
    with pytest.raises(CannotAct, match="can move 2"):
        act(moving(lame), "walker", "move", to="C5")
    groin = replace(lame, state=replace(lame.state, injuries=(Injury("groin", "maim"),)))
    out = act(moving(groin), "walker", "move", to="C6")
    assert out.result.fatigue == 4 and out.encounter.get("walker").health.fatigue == 4
    stuck = replace(lame, state=replace(lame.state, injuries=(Injury("groin", "break"),)))
    with pytest.raises(CannotAct, match="without help"):
        act(moving(stuck), "walker", "move", to="C7")


def test_fatigue_from_moving_on_a_maimed_groin_past_maximum_hp_passes_out_and_falls() -> None:
    # "If a character's fatigue ever passes their maximum hit points, the character passes out and falls to the
    # ground": the groin's 2 fatigue a hex as well as a hit's.
    tired = walker()
    tired = replace(tired, state=replace(tired.state, injuries=(Injury("groin", "maim"),)),
                    health=replace(tired.health, fatigue=tired.health.max_hp - 1))
    out = act(moving(tired), "walker", "move", to="C7")
    after = out.encounter.get("walker")
    assert after.health.passed_out and state(out.encounter, "walker").stance == "prone"
    assert out.result.harm is not None and out.result.harm.out and out.result.harm.fell
    assert "passes out" in (SYSTEM.digest(out.result)[0].note or "")


def test_a_charge_from_standing_1_to_4_hexes_then_a_melee_attack() -> None:
    charger = person("Charger", "vault", "C8", unarmed=5)
    target = person("Target", "foes", "C3")
    fight = scene(charger, target, phase="charge")
    # Punch: Unarmed 5 + ST 5 = 10: [4, 4] = 18 vs 15; 2d3 [1, 2] + 5.
    out = act(fight, "charger", "charge", "target", to="C4", mode="punch", faces=(4, 4, 1, 2))
    assert out.result.charged == ("C8", "C7", "C6", "C5", "C4") and out.result.hits[0].damage == 8
    assert state(out.encounter, "charger").hex == "C4"
    with pytest.raises(CannotAct, match="1 to 4 hexes"):
        act(scene(replace(charger, state=replace(charger.state, hex="C9")), target, phase="charge"), "charger",
            "charge", "target", to="C4", mode="punch")
    with pytest.raises(CannotAct, match="standing"):
        act(scene(replace(charger, state=replace(charger.state, stance="crouch")), target, phase="charge"),
            "charger", "charge", "target", to="C4", mode="punch")
    with pytest.raises(InvalidInput, match="melee attack"):
        act(scene(person("Charger", "vault", "C8", weapons=("10mm pistol",)), target, phase="charge"), "charger",
            "charge", "target", to="C4")


def test_nobody_in_reach_means_no_charge_turn() -> None:
    far = scene(person("Ann", "vault", "C12"), person("Bo", "foes", "C1"), phase="charge")
    encounter, _ = SYSTEM.turn_start(far, ("ann",), ScriptedDice())
    assert not SYSTEM.can_act(encounter.get("ann"), "charge")
    near = scene(person("Ann", "vault", "C6"), person("Bo", "foes", "C1"), phase="charge")
    encounter, _ = SYSTEM.turn_start(near, ("ann",), ScriptedDice())
    assert SYSTEM.can_act(encounter.get("ann"), "charge")


def test_only_moves_of_the_current_phase_are_accepted() -> None:
    fight = moving(walker(weapons=("10mm pistol",)), person("Bo", "foes", "C4"))
    with pytest.raises(CannotAct, match=r"charge or action phase, not now\. The move phase offers move, stance, item"):
        engine.act(SYSTEM, fight, Intent("walker", "attack", ("bo",)), ScriptedDice())
    acting = scene(walker(), phase="action")
    with pytest.raises(CannotAct, match=r"move phase, not now\. The action phase offers attack, lob, overwatch"):
        engine.act(SYSTEM, acting, Intent("walker", "move", (), {"to": "C7"}), ScriptedDice())
    phases = {m.name: m.phases for m in SYSTEM.moves()}
    assert phases["charge"] == ("charge",) and phases["attack"] == ("charge", "action")  # a disarm in either [seed]


def test_a_charge_through_water_is_held_to_a_swim() -> None:
    # A charge is movement: through water it covers 2 hexes at most, as a move does.
    charger = person("Charger", "vault", "C8", unarmed=5)
    fight = scene(charger, person("Target", "foes", "C3"), phase="charge", terrain=(("C7", "water"),))
    with pytest.raises(CannotAct, match="That is 4 hexes through water; Charger can swim 2 hexes in a move"):
        act(fight, "charger", "charge", "target", to="C4", mode="punch")
