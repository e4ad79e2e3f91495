"""Farscape reloading, the quick draw, and the ranged moves on offer."""

import pytest
from farscape_ranged_kit import encounter, fighter, mods, run, shoot

from bot.tables import load_system_tables
from combat import engine
from combat.dice import ScriptedDice
from combat.errors import CannotAct, InvalidInput, RulesError
from combat.model import Condition
from combat.system import Intent
from combat.systems.farscape import ranged
from combat.systems.farscape.attack import fires
from combat.systems.farscape.system import FarscapeSystem


def test_reloading_fills_the_magazine_and_takes_the_element():
    pc = fighter("pc", weapons=("pistol", "derringer"),
                 conditions=[Condition("ammo:pistol", value=4), Condition("ammo:derringer", value=1)])
    out = run("reload", encounter(pc), "pc", [])
    assert (out.result.weapon, out.result.rounds, out.result.dodge) == ("pistol", 12, None)
    assert out.encounter.get("pc").condition("ammo:pistol").value == 12
    assert out.ends_turn
    assert out.encounter.get("pc").condition("ammo:derringer").value == 1  # the other weapon is untouched
    again = run("reload", out.encounter, "pc", [])  # the first one not full, now the derringer
    assert (again.result.weapon, again.result.rounds) == ("derringer", 2)


def test_reloading_while_dodging_costs_the_dodge_one():
    pc = fighter("pc", conditions=[Condition("dodge", value=2, elements=1), Condition("ammo:pistol", value=0)])
    out = run("reload", encounter(pc), "pc", [])
    assert out.result.dodge == 1
    assert out.encounter.get("pc").condition("dodge").value == 1


def test_a_reloaded_weapon_fires_again():
    pc = fighter("pc", weapons=("derringer",), firearms=0, conditions=[Condition("ammo:derringer", value=0)])
    foe = fighter("foe", conditions=[Condition("dodge", value=3, elements=1)])
    with pytest.raises(CannotAct, match="empty"):
        shoot(encounter(pc, foe), "pc", ["foe"])
    loaded = run("reload", encounter(pc, foe), "pc", []).encounter
    assert dict(shoot(loaded, "pc", ["foe"], 0).result.ammo) == {"derringer": 1}


def test_reload_refusals():
    full = encounter(fighter("pc", weapons=("pistol", "blaster")))
    with pytest.raises(RulesError, match="already fully loaded"):
        run("reload", full, "pc", [])
    with pytest.raises(RulesError, match="no magazine"):
        run("reload", full, "pc", [], weapon="blaster")
    with pytest.raises(RulesError, match="nothing that needs"):
        run("reload", encounter(fighter("pc", weapons=("blaster",))), "pc", [])
    with pytest.raises(CannotAct):
        run("reload", encounter(fighter("pc", conditions=[Condition("frozen")])), "pc", [])


def test_quick_draw_is_opposed_speed_with_the_talent_giving_plus_two():
    enc = encounter(fighter("pc", speed=1, talents=("quick draw",)), fighter("foe", speed=2))
    out = run("quick draw", enc, "pc", ["foe"], 0, 1)  # the actor's dice first: 1 + 2 + 0 = 3 against 2 + 1 = 3
    draw = out.result
    assert mods(draw.actor_modifiers) == {"quick draw": 2}
    assert (draw.actor_roll.result, draw.opponent_roll.result, draw.margin, draw.winner) == (3, 3, 0, None)
    assert not out.ends_turn
    win = run("quick draw", enc, "pc", ["foe"], 1, 1).result
    assert win.winner == "pc" and win.margin == 1
    lose = run("quick draw", enc, "pc", ["foe"], -2, 1, modifier=1).result  # 1 + 2 + 1 - 2 = 2 against 3
    assert mods(lose.actor_modifiers) == {"quick draw": 2, "GM": 1}
    assert lose.winner == "foe" and lose.margin == -1


def test_the_opponent_can_have_the_talent_too():
    enc = encounter(fighter("pc", speed=1), fighter("foe", speed=0, talents=("quick draw",)))
    draw = run("quick draw", enc, "pc", ["foe"], 0, 0).result
    assert mods(draw.opponent_modifiers) == {"quick draw": 2} and draw.winner == "foe"


def test_quick_draw_needs_one_able_opponent():
    enc = encounter(fighter("pc"), fighter("foe"), fighter("ice", conditions=[Condition("frozen")]))
    with pytest.raises(InvalidInput, match="at most 1 target"):
        run("quick draw", enc, "pc", ["foe", "ice"])
    with pytest.raises(CannotAct, match="no state to draw"):
        run("quick draw", enc, "pc", ["ice"])


def test_the_ranged_moves_and_their_resolvers():
    names = [m.name for m in ranged.RANGED_MOVES]
    assert names == ["dodge", "shoot", "reload", "quick draw", "grenade", "detonate"]
    assert set(ranged.RESOLVERS) == set(names)
    reactions = {m.name for m in ranged.RANGED_MOVES if m.reaction}
    assert reactions == {"dodge"}
    shoot_spec = next(m for m in ranged.RANGED_MOVES if m.name == "shoot")
    for key in ("weapon", "range", "mode", "shots", "rounds", "arc", "second", "aware", "location", "melee",
                "dodging"):
        assert key in shoot_spec.option_names()


def test_an_attack_takes_the_first_weapon_past_the_grenades_and_refuses_a_grenade_as_its_weapon():
    tables = load_system_tables("farscape")
    enc = encounter(fighter("pc", weapons=("frag grenade", "pulse pistol")), fighter("foe"))
    assert fires(enc, Intent("pc", "attack", ("foe",), {}), tables)
    with pytest.raises(InvalidInput, match="move:grenade"):
        fires(enc, Intent("pc", "attack", ("foe",), {"weapon": "frag grenade"}), tables)


def test_the_winner_of_a_quick_draw_fires_first_and_the_loser_cannot_draw_again():
    # The Quick Draw: "an Opposed action matching the Speed attributes". PC (Speed Good) has the turn and draws on
    # the foe (Speed Fair): PC Good + (-4) against Fair + 4: the foe draws first, so he acts now, before PC, with his
    # own action of the element moved up; then it is PC's turn again. PC cannot roll the draw again this element.
    system = FarscapeSystem(load_system_tables("farscape"))
    enc = engine.begin(system, encounter(fighter("pc", speed=1, weapons=("pistol",)),
                                         fighter("foe", speed=0, weapons=("pistol",))), ScriptedDice([])).encounter
    assert [s.actors for s in enc.turns.queue] == [("pc",), ("foe",)]
    lost = engine.act(system, enc, Intent("pc", "quick draw", ("foe",), {}), ScriptedDice([-1] * 4 + [1] * 4))
    assert lost.result.winner == "foe"
    assert [s.actors for s in lost.encounter.turns.queue] == [("foe",), ("pc",)]
    assert lost.encounter.turns.is_turn_of("foe") and not lost.encounter.turns.is_turn_of("pc")
    back = engine.next_turn(system, lost.encounter, ScriptedDice([])).encounter  # the foe passes: PC's turn again
    assert back.turns.is_turn_of("pc") and back.turns.round == 1
    with pytest.raises(CannotAct, match="quick draw this element already"):
        engine.act(system, back, Intent("pc", "quick draw", ("foe",), {}), ScriptedDice([]))
    won = engine.act(system, enc, Intent("pc", "quick draw", ("foe",), {}), ScriptedDice([1] * 4 + [-1] * 4))
    assert won.result.winner == "pc" and won.encounter.turns.is_turn_of("pc")  # he fires now, his turn goes on
    again = won.encounter
    with pytest.raises(CannotAct, match="quick draw this element already"):
        engine.act(system, again, Intent("pc", "quick draw", ("foe",), {}), ScriptedDice([]))


def test_an_opponent_holding_his_action_who_wins_the_draw_acts_at_once():
    # The foe (Speed Good) holds; PC (Fair) then draws on him and loses: the foe's held action is released, before PC.
    system = FarscapeSystem(load_system_tables("farscape"))
    enc = engine.begin(system, encounter(fighter("pc", speed=0, weapons=("pistol",)),
                                         fighter("foe", speed=1, weapons=("pistol",))), ScriptedDice([])).encounter
    held = engine.hold(system, enc, "foe", ScriptedDice([])).encounter
    assert held.turns.held == ("foe",) and held.turns.is_turn_of("pc")
    lost = engine.act(system, held, Intent("pc", "quick draw", ("foe",), {}), ScriptedDice([-1] * 4 + [1] * 4))
    assert lost.result.winner == "foe" and lost.encounter.turns.is_turn_of("foe") and lost.encounter.turns.held == ()
