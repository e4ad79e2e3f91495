"""Worked examples from the Farscape seed not pinned elsewhere: weapon size on the real tables, firing into a melee at
a Mediocre-Agility target, an automatic weapon on semi-automatic, and a two-step fire arc.

Ladder: Poor -2, Mediocre -1, Fair 0, Good +1, Great +2, Superb +3; traits not written are Fair.
"""

import pytest
from farscape_melee_kit import dice, encounter, fighter
from farscape_ranged_kit import fighter as shooter
from farscape_ranged_kit import mods, shoot

from bot.tables import load_system_tables
from combat import engine
from combat.engine import Step
from combat.errors import InvalidInput
from combat.model import Combatant, Condition
from combat.system import Intent
from combat.systems.farscape.engagement import engage, engagement
from combat.systems.farscape.initiative import score
from combat.systems.farscape.system import FarscapeSystem

REAL = load_system_tables("farscape")


def counts(step: Step) -> dict[str, int]:
    return {e.combatant: e.counts[0] for e in step.encounter.turns.order}


def engaged_greatsword(foe_weapon: str) -> Step:
    """Hero (Speed Good, greatsword) clashes with a foe (Speed Fair) in element 1, no blow landing; go to element 2."""
    system = FarscapeSystem(REAL)
    enc = encounter(fighter("hero", weapons=("greatsword",), speed=1, melee_weapon=1),
                    fighter("foe", weapons=(foe_weapon,), speed=0, melee_weapon=1))
    step = engine.begin(system, enc, dice())
    assert counts(step) == {"hero": 1, "foe": 0}
    step = engine.act(system, step.encounter, Intent("hero", "attack", ("foe",), {}), dice(0, 0))
    while step.encounter.turns.round == 1:
        step = engine.next_turn(system, step.encounter, dice())
    return step


def test_a_greatsword_engaged_with_a_sword_is_one_down_on_initiative():
    # "someone using a greatsword would have a -1 penalty to their Initiative against an opponent using a one-handed
    # sword". The real tables: greatsword Poor size, sword Mediocre. Hero: Speed Good, greatsword; foe: Speed Fair,
    # sword. Element 1: Hero +1 alone first. He attacks; both Melee Weapon Good + 0: no blow lands, but they are
    # engaged. Element 2: Hero 1 - 1 = 0, level with the foe's 0: they act together.
    step = engaged_greatsword("sword")
    assert score(step.encounter.get("hero"), step.encounter, REAL).size == -1
    assert counts(step) == {"hero": 0, "foe": 0}
    assert [slot.actors for slot in step.encounter.turns.queue] == [("hero", "foe")]


def engaged(cid: str, foe: str, agility: int = 0) -> Combatant:
    return shooter(cid, agility=agility, conditions=engagement([foe]))


def test_firing_into_a_melee_at_a_mediocre_agility_target_lowers_the_dl_by_one():
    # "modified by the bonus/penalty value of the target's Agility attribute (i.e. Great Agility gives +2, Mediocre
    # Agility gives -1 and so forth)"; "an attack that fails by one hits another combatant in that melee". Short
    # range: Fair; Foe's Mediocre Agility: DL Mediocre. Firearms Good + (-2) = Mediocre: a hit at 0, light pistol
    # DR 2: a Scratch. + (-3) = Poor: short by one: Pal takes the Scratch.
    enc = encounter(shooter("pc", firearms=1), engaged("foe", "pal", agility=-1), engaged("pal", "foe"))
    out = shoot(enc, "pc", ["foe"], -2)
    shot = out.result.attacks[0]
    assert (shot.defence, shot.difficulty, shot.margin, shot.struck, shot.damage.value) == ("melee", -1, 0, "foe", 2)
    assert out.encounter.get("foe").health.lethal.level_name == "Scratch"
    out = shoot(enc, "pc", ["foe"], -3)
    shot = out.result.attacks[0]
    assert (shot.difficulty, shot.margin, shot.hit, shot.struck) == (-1, -1, False, "pal")
    assert out.encounter.get("pal").health.lethal.level_name == "Scratch"


def test_a_target_still_engaged_with_an_earlier_foe_is_in_a_melee_though_his_latest_foe_is_out():
    # D'Argo traded blows with the Scarran, then with a trooper now unconscious: his engagement with the Scarran still
    # runs, so he is "currently engaged in an armed or unarmed fight", and the shot at him is Unopposed (Fair + his
    # Agility 0 = Fair); a miss by one strikes the Scarran.
    dargo = engage(shooter("dargo"), ["scarran"])
    dargo = engage(dargo, ["trooper"])  # his latest foe: the trooper
    trooper = shooter("trooper", conditions=[Condition("unconscious")])
    enc = encounter(shooter("pc", firearms=1), dargo, engage(shooter("scarran"), ["aeryn"]), trooper)
    shot = shoot(enc, "pc", ["dargo"], -2).result.attacks[0]
    assert (shot.defence, shot.difficulty, shot.margin, shot.hit, shot.struck) == ("melee", 0, -1, False, "scarran")


def test_an_automatic_rifle_fires_semi_automatic_at_a_rate_of_three():
    # "Weapons that can fire on automatic can usually also fire on semiautomatic, with a rate of fire of three";
    # "Semiautomatic Recoil: Each shot after the first is at -1". Pulse rifle: ROF 10, accuracy +1. Three shots by
    # default, the later two at -1; four refused.
    enc = encounter(shooter("pc", weapons=("rifle",), energy_weapons=1), shooter("foe"))
    out = shoot(enc, "pc", ["foe"], -4, -4, -4, mode="semi", aware="no", range="long")
    assert (out.result.plan.mode, out.result.plan.shots) == ("semi", 3)
    assert [mods(a.modifiers) for a in out.result.attacks] == [
        {"accuracy": 1}, {"accuracy": 1, "recoil": -1}, {"accuracy": 1, "recoil": -1}]
    assert dict(out.result.ammo) == {"rifle": 57}
    with pytest.raises(InvalidInput, match="from 1 to 3; 4 is not"):
        shoot(enc, "pc", ["foe"], mode="semi", shots=4)


def test_a_fire_arc_of_two_steps_trades_two_burst_bonuses_for_four_motras():
    # "A character can trade a +1 burst bonus for a two motra fire arc. A separate attack roll must be made against
    # each target in the arc. Each extra +1 traded adds another two motras to the arc." Pulse rifle on automatic, 10
    # rounds: burst +3; arc 2: 4 motras, -2. Energy Weapons Good + 1 + 3 - 2, extreme range (Superb), unaware:
    # foe rolls 0: Superb, a hit at 0, DR 5: Very Hurt (Willpower Superb + 0 keeps him up); foe2 rolls -1: misses.
    enc = encounter(shooter("pc", weapons=("rifle",), energy_weapons=1), shooter("foe", willpower=3),
                    shooter("foe2", willpower=3))
    out = shoot(enc, "pc", ["foe", "foe2"], 0, 0, -1, mode="auto", arc=2, aware="no", range="extreme")
    plan = out.result.plan
    assert (plan.arc, plan.arc_width, plan.bonus) == (2, 4, 1)
    first, second = out.result.attacks
    assert mods(first.modifiers) == mods(second.modifiers) == {"accuracy": 1, "burst": 3, "fire arc": -2}
    assert (first.target, first.roll.result, first.difficulty, first.hit, first.damage.value) == ("foe", 3, 3, True, 5)
    assert (second.target, second.roll.result, second.margin, second.hit) == ("foe2", 2, -1, False)
    assert out.encounter.get("foe").health.lethal.level_name == "Very Hurt"
    assert dict(out.result.ammo) == {"rifle": 50}


def test_a_second_exchange_in_an_element_takes_the_size_step_against_its_foe_once():
    # "gives the fighter a penalty to Initiative equal to the number of steps between the Sizes": club (Mediocre)
    # against knife (Good), 2 steps. Element 1 begins with nobody engaged: Hero (club, Speed Good) +1, Foe (knife,
    # Speed Fair) 0. Hero attacks Foe: Melee Weapon Great + (-2) = Fair against Foe's Fair + 0: no blow lands, but
    # they are engaged. Foe then attacks Hero all-out (stance +2): Fair + 3 + 2 = Superb+2 against Hero's Great + 0:
    # margin 3; Hero's Great against Foe's 3 - 2 = Good: margin 1. Hero's Initiative against this foe is 1 - 2 = -1,
    # Foe's 0: Foe's blow lands first, knife DR 1 + Strength Superb + 3 = 7, Incapacitated; Willpower Fair + 0
    # misses Great: Hero is out before his blow.
    system = FarscapeSystem(REAL)
    enc = encounter(fighter("hero", weapons=("club",), speed=1, melee_weapon=2),
                    fighter("foe", weapons=("knife",), melee_weapon=0, strength=3))
    step = engine.begin(system, enc, dice())
    assert counts(step) == {"hero": 1, "foe": 0}
    step = engine.act(system, step.encounter, Intent("hero", "attack", ("foe",), {}), dice(-2, 0))
    assert not step.result.hits
    step = engine.act(system, step.encounter, Intent("foe", "attack", ("hero",), {"stance": "+2"}), dice(3, 0, 0))
    assert [(h.attacker, h.blocked) for h in step.result.hits] == [("foe", False), ("hero", True)]
    assert step.encounter.get("hero").has("unconscious")


def test_a_greatsword_against_a_dagger_is_three_down():
    # "and a -3 penalty against a foe wielding a dagger": the seed's own example, on the real tables.
    step = engaged_greatsword("dagger")
    assert score(step.encounter.get("hero"), step.encounter, REAL).size == -3
