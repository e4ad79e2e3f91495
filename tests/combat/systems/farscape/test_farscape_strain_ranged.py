"""Straining while Incapacitated is not only for fists: the seed's "more complex actions" include shots and grenades.

[seed] Incapacitated: "In some cases a character can perform more complex actions on a Great Willpower roll, but the
action has a -3 penalty." The sentence names no kind of action, so with the GM's leave to strain an Incapacitated
shooter rolls Willpower against Great first, then shoots, throws or reloads at his -3 wound penalty.
"""

from dataclasses import replace
from fractions import Fraction

import pytest
from farscape_ranged_kit import TABLES, encounter, fighter, mods, run, shoot

from combat.errors import CannotAct
from combat.model import Condition
from combat.system import Intent
from combat.systems.farscape.digest import digest
from combat.systems.farscape.odds_ranged import shot_odds
from combat.systems.farscape.strain import StrainResult
from combat.systems.farscape.wounds import Track

STRAIN = Condition("strain")


def _incapacitated(combatant, strain=True):
    """Return the combatant with an Incapacitated box marked (ally track), with the GM's leave to strain."""
    health = replace(combatant.health, lethal=Track("lethal", (0, 0, 0, 1, 0)))
    conditions = (*combatant.conditions, STRAIN) if strain else combatant.conditions
    return replace(combatant, health=health, conditions=conditions)


def _pair(strain=True, willpower=2):
    pc = _incapacitated(fighter("pc", weapons=("blaster", "pistol"), energy_weapons=2, willpower=willpower,
                                throwing_weapon=1), strain)
    return encounter(pc, fighter("foe", agility=0))


def test_a_straining_shooter_rolls_great_willpower_then_shoots_at_minus_three():
    # Willpower Great (+2) + 0 = Great: he acts. Energy Weapons Great (+2) + [+ + 0 0] - 3 = Good (+1) against the
    # range DL Fair, unaware: margin 1, DR 3 + 1 = 4, Hurt.
    out = shoot(_pair(), "pc", ["foe"], 0, 2, aware="no", weapon="blaster")
    volley = out.result
    assert (volley.strain.roll.result, volley.strain.success) == (2, True)
    attack = volley.attacks[0]
    assert mods(attack.modifiers) == {"wounds": -3}
    assert (attack.roll.result, attack.margin, attack.damage.value) == (1, 1, 4)
    assert out.encounter.get("foe").health.lethal.level_name == "Hurt"
    assert [b.move for b in digest(volley)] == ["strain", "shoot"]  # the summary says he strained, as for a blow


def test_a_failed_strain_spends_the_element_and_fires_nothing():
    enc = _pair()
    out = shoot(enc, "pc", ["foe"], -1, aware="no", weapon="pistol")  # Willpower Great - 1 = Good: fails
    assert isinstance(out.result, StrainResult)
    assert (out.result.willpower.difficulty, out.result.willpower.success) == (2, False)
    assert out.encounter == enc and out.ends_turn  # no round spent, no wound


def test_a_straining_thrower_and_reloader_roll_willpower_first():
    enc = _pair()
    # Willpower Great: acts; Throwing Weapon Good (+1) + 1 - 3 = Mediocre, Fair missed by 1: scatters 2 motras (d8 3).
    thrown = run("grenade", enc, "pc", ["foe"], 0, 1, grenade="bang", distance=4, extra=(3,))
    assert thrown.result.strain.success and thrown.result.throw.roll.result == -1
    assert thrown.result.hits[0].distance == 6
    emptied = replace(enc.get("pc"), conditions=(*enc.get("pc").conditions, Condition("ammo:pistol", value=0)))
    reloaded = run("reload", enc.put(emptied), "pc", [], 0, weapon="pistol")
    assert reloaded.result.strain.success


def test_without_leave_he_cannot_shoot_and_a_quick_draw_is_refused():
    with pytest.raises(CannotAct):
        shoot(_pair(strain=False), "pc", ["foe"], 0, aware="no")
    with pytest.raises(CannotAct):
        run("quick draw", _pair(), "pc", ["foe"])


def test_the_odds_of_a_straining_shot_count_the_willpower_roll():
    # Willpower Fair against Great: 4dF >= +2 has 1 + 4 + 10 = 15 of 81 chances, so 66/81 of the time nothing is fired.
    enc = _pair(willpower=0)
    odds = shot_odds(enc, Intent("pc", "shoot", ("foe",), {"aware": "no", "weapon": "blaster"}), TABLES)
    effects = {e.label: e.chance for e in odds.effects}
    assert effects["Pc fails to strain (Willpower)"] == Fraction(66, 81)
    assert sum(b.chance for b in odds.bands) == pytest.approx(1)
