"""The charge phase: a charge from standing (tiring on a maimed groin), and a disarm made where one stands [seed]."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fallout_kit import SYSTEM, act, hp, person, scene, state, where

from combat import engine
from combat.dice import ScriptedDice
from combat.errors import CannotAct, InvalidInput
from combat.model import Combatant
from combat.system import Intent
from combat.systems.fallout.state import Injury


def test_a_disarm_in_the_charge_phase_needs_no_charge() -> None:
    # "A disarm is essentially an unarmed attack and can occur during either the charge or action phases."
    # Ike (crouching, next to Tom) disarms him where he is: Unarmed ST 5 + 3 = 8 against 10 + Tom's Unarmed 5 = 15.
    # [4, 3] + 8 = 15: the knife changes hands; nobody moved.
    ike = person("Ike", "vault", "C4", stance="crouch", unarmed=3)
    tom = person("Tom", "foes", "C3", weapons=("knife",))
    out = act(scene(ike, tom, phase="charge"), "ike", "charge", "tom", mode="disarm", faces=(4, 3))
    assert out.result.checks[0].total == 15 and out.result.took == "knife" and not out.result.charged
    assert state(out.encounter, "ike").hands == ("knife",) and where(out.encounter, "ike") == "C4"


def test_attack_mode_disarm_in_the_charge_phase_is_the_charge_phase_s_disarm() -> None:
    # "A disarm ... can occur during either the charge or action phases": /attack mode:disarm in the charge phase
    # disarms as act move:charge mode:disarm does. Ike (crouching, next to Tom): Unarmed ST 5 + 3 = 8 against
    # 10 + Tom's Unarmed 5 = 15. [6, 1] + 8 = 15: the knife changes hands, nobody charged or moved; one phase used.
    ike = person("Ike", "vault", "C4", stance="crouch", unarmed=3)
    tom = person("Tom", "foes", "C3", weapons=("knife",))
    fight = scene(ike, tom, phase="charge")
    out = engine.act(SYSTEM, fight, Intent("ike", "attack", ("tom",), {"mode": "disarm"}), ScriptedDice((6, 1)))
    assert out.result.checks[0].total == 15 and out.result.took == "knife" and not out.result.charged
    assert state(out.encounter, "ike").hands == ("knife",) and where(out.encounter, "ike") == "C4"
    assert state(out.encounter, "ike").acted == ("charge",) and state(out.encounter, "tom").hands == ()
    same = act(fight, "ike", "charge", "tom", mode="disarm", faces=(6, 1))
    assert act(fight, "ike", "attack", "tom", mode="disarm", faces=(6, 1)) == same


def test_attack_in_the_charge_phase_only_disarms_someone_next_to_the_attacker() -> None:
    ike = person("Ike", "vault", "C4", unarmed=3, weapons=("knife",))
    tom = person("Tom", "foes", "C3", weapons=("knife",))
    with pytest.raises(CannotAct, match="only disarms"):
        act(scene(ike, tom, phase="charge"), "ike", "attack", "tom", mode="thrust")
    with pytest.raises(CannotAct, match="only disarms"):
        act(scene(ike, tom, phase="charge"), "ike", "attack", "tom")  # the knife's thrust
    with pytest.raises(InvalidInput, match="takes no offhand"):
        act(scene(ike, tom, phase="charge"), "ike", "attack", "tom", mode="disarm", offhand="knife")
    far = person("Ike", "vault", "C7", unarmed=3)
    with pytest.raises(CannotAct, match=r"not next to Ike \(C7 to C3\).*act move:charge"):
        act(scene(far, tom, phase="charge"), "ike", "attack", "tom", mode="disarm")


def test_a_disarm_from_afar_still_charges_and_other_attacks_still_need_the_charge() -> None:
    ike = person("Ike", "vault", "C7", unarmed=3)
    tom = person("Tom", "foes", "C3", weapons=("knife",))
    charged = act(scene(ike, tom, phase="charge"), "ike", "charge", "tom", mode="disarm", to="C4", faces=(4, 3))
    assert charged.result.charged == ("C7", "C6", "C5", "C4") and charged.result.took == "knife"
    with pytest.raises(CannotAct, match="not next to"):
        act(scene(ike, tom, phase="charge"), "ike", "charge", "tom", mode="disarm")
    close = person("Ike", "vault", "C4", stance="crouch")
    with pytest.raises(CannotAct, match="must be standing"):
        act(scene(close, tom, phase="charge"), "ike", "charge", "tom", mode="punch")


def test_the_charge_turn_is_kept_for_a_disarm_next_to_an_enemy() -> None:
    # A prone fighter cannot charge, but next to an enemy with a hand free he may disarm: his turn is kept.
    prone = scene(person("Ann", "vault", "C4", stance="prone"), person("Bo", "foes", "C3"), phase="charge")
    encounter, _ = SYSTEM.turn_start(prone, ("ann",), ScriptedDice())
    assert SYSTEM.can_act(encounter.get("ann"), "charge")
    full = scene(person("Ann", "vault", "C4", stance="prone", weapons=("9mm submachinegun",)),
                 person("Bo", "foes", "C3"), phase="charge")
    encounter, _ = SYSTEM.turn_start(full, ("ann",), ScriptedDice())
    assert not SYSTEM.can_act(encounter.get("ann"), "charge")


def _groin_maimed(combatant: Combatant, fatigue: int = 0) -> Combatant:
    hurt = replace(combatant, state=replace(combatant.state, injuries=(Injury("groin", "maim"),)))
    return replace(hurt, health=replace(hurt.health, fatigue=fatigue))


def test_a_charge_on_a_maimed_groin_tires_like_any_movement() -> None:
    # "Groin Maim: All movement actions inflict double their AP cost in fatigue": 2 fatigue a hex [ours], and a
    # charge is movement. Ann charges C7 → C4 (3 hexes): 6 fatigue. Punch: Unarmed 5, [5, 5] + 5 = 15, a hit;
    # 2d3 [1, 1] + ST 5 = 7. Ann: fatigue 6, under her 40 HP: not winded.
    ann = _groin_maimed(person("Ann", "vault", "C7"))
    out = act(scene(ann, person("Bo", "foes", "C3"), phase="charge"), "ann", "charge", "bo", mode="punch", to="C4",
              faces=(5, 5, 1, 1))
    assert out.result.tired == 6 and out.encounter.get("ann").health.fatigue == 6
    assert out.result.checks[0].total == 15 and hp(out.encounter, "bo") == 33


def test_a_charge_that_tires_him_past_maximum_hp_ends_in_a_fall_not_an_attack() -> None:
    # Fatigue 36 + 2 x 3 hexes = 42, past 40: "the character passes out and falls to the ground"; no roll is made.
    ann = _groin_maimed(person("Ann", "vault", "C7"), fatigue=36)
    out = act(scene(ann, person("Bo", "foes", "C3"), phase="charge"), "ann", "charge", "bo", mode="punch", to="C4")
    assert out.result.checks == () and out.result.harms[0].out
    assert state(out.encounter, "ann").stance == "prone" and where(out.encounter, "ann") == "C4"
    assert hp(out.encounter, "bo") == 40
