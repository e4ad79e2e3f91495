"""/attack options that belong to the other kind of attack are refused, never silently dropped."""

import pytest
from farscape_ranged_kit import TABLES, encounter, fighter

from combat.dice import ScriptedDice
from combat.errors import InvalidInput
from combat.system import Intent
from combat.systems.farscape.attack import resolve_attack
from combat.systems.farscape.ranged_common import distances


def _gunner_and_swordsman():
    return encounter(
        fighter("aeryn", weapons=("rifle",), agility=2, energy_weapons=2),
        fighter("dargo", weapons=("sword",), melee_weapon=2),
        fighter("foe", weapons=("sword",), agility=1, melee_weapon=1),
    )


@pytest.mark.parametrize("option, value", [("move", "kick"), ("stance", "+2"), ("defend", "speed")])
def test_a_melee_option_on_a_shot_is_refused(option, value):
    enc = _gunner_and_swordsman()
    intent = Intent("aeryn", "attack", ("foe",), {option: value})
    with pytest.raises(InvalidInput, match=option) as err:
        resolve_attack(enc, intent, TABLES, ScriptedDice([]))
    assert "weapon:none" in err.value.message  # it says how to fight in melee instead


@pytest.mark.parametrize("option, value", [("range", "long"), ("mode", "auto"), ("rounds", "6")])
def test_a_shot_option_on_a_melee_attack_is_refused(option, value):
    enc = _gunner_and_swordsman()
    intent = Intent("dargo", "attack", ("foe",), {option: value})
    with pytest.raises(InvalidInput, match=option):
        resolve_attack(enc, intent, TABLES, ScriptedDice([]))


def test_a_gunner_fighting_bare_handed_may_kick():
    enc = _gunner_and_swordsman()
    intent = Intent("aeryn", "attack", ("foe",), {"weapon": "none", "move": "kick"})
    script = ScriptedDice([0, 0, 0, 0, 0, 0, 0, 0])
    outcome = resolve_attack(enc, intent, TABLES, script)
    assert script.remaining == 0 and outcome.ends_turn


def test_a_grenade_distance_given_twice_for_one_target_is_refused():
    fight = encounter(fighter("foe1"), fighter("foe2"))
    assert distances(fight, {"distance": "Foe1=1, Foe2=3"}, ("foe1", "foe2")) == {"foe1": 1, "foe2": 3}
    with pytest.raises(InvalidInput, match="given twice"):
        distances(fight, {"distance": "Foe1=1, foe1=2"}, ("foe1", "foe2"))
