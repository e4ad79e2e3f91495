"""The charge phase: a charge from standing, and a disarm made where the disarmer stands [seed]."""

from __future__ import annotations

import pytest
from fallout_kit import SYSTEM, act, person, scene, state, where

from combat.dice import ScriptedDice
from combat.errors import CannotAct


def test_a_disarm_in_the_charge_phase_needs_no_charge() -> None:
    # "A disarm is essentially an unarmed attack and can occur during either the charge or action phases."
    # Ike (crouching, next to Tom) disarms him where he is: Unarmed ST 5 + 3 = 8 against 10 + Tom's Unarmed 5 = 15.
    # [4, 3] + 8 = 15: the knife changes hands; nobody moved.
    ike = person("Ike", "vault", "C4", stance="crouch", unarmed=3)
    tom = person("Tom", "foes", "C3", weapons=("knife",))
    out = act(scene(ike, tom, phase="charge"), "ike", "charge", "tom", mode="disarm", faces=(4, 3))
    assert out.result.checks[0].total == 15 and out.result.took == "knife" and not out.result.charged
    assert state(out.encounter, "ike").hands == ("knife",) and where(out.encounter, "ike") == "C4"


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
