"""d6 pool odds agree with the real attack run over every face the dice could show."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from d6_kit import SYSTEM, TABLES, encounter, fighter
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from odds_kit import tally

from combat.errors import CannotAct, RulesError
from combat.model import Combatant, Condition, Encounter
from combat.system import Intent
from combat.systems.d6pool.model import DEFENDING, KO, Htk
from combat.systems.d6pool.results import Attack, Spend
from combat.systems.d6pool.spend import spend


def band_of(target: Combatant, lost: int) -> str:
    """Name the band for ``lost`` HTK, worked out here from the HTK alone."""
    health: Htk = target.health
    left = health.current - lost
    if lost == 0:
        return "nothing"
    if left <= -health.htk:
        return "dead"
    return "down" if left <= 0 else f"htk{lost}"


def brute(enc: Encounter, intent: Intent) -> dict[str, Fraction]:
    """Run the real attack over every face sequence and sort each outcome into its band."""
    target = enc.get(intent.targets[0])

    def classify(outcome) -> str:
        if outcome.ask is not None:  # a hit on a fighter waits for the attacker to spend its successes
            return band_of(target, outcome.context.successes)
        result = outcome.result
        assert isinstance(result, Attack)
        if not result.roll.hit:
            return "miss"
        return band_of(target, result.spent.lost)

    return tally(lambda dice: SYSTEM.act(enc, intent, dice), classify)


def attack(enc: Encounter, weapon: str | None = None, modifier: int = 0) -> Intent:
    return Intent("hero", "attack", ("foe",), {"weapon": weapon} if weapon else {}, modifier)


CASES = {
    "fists, no armour": (fighter("hero", agility=2, brawling=1), fighter("foe", agility=2), None),
    "a bow at full defence in clothes": (
        fighter("hero", weapons=("bow",), agility=1, archery=3),
        fighter("foe", agility=1, armour="clothes").with_condition(Condition(DEFENDING, elements=1, source="dodge")),
        "bow"),
    "a mind blast, psi against psi": (fighter("hero", weapons=("mind blast",), psi=1, psionics=2),
                                      fighter("foe", psi=1, psionics=1), "mind blast"),
    "an object": (fighter("hero", agility=2, brawling=2), fighter("foe", tier="object", defence=1, htk=2), None),
    "a knocked-out target": (fighter("hero", weapons=("knife",), agility=2, knives=1),
                             fighter("foe", agility=3).with_condition(Condition(KO, value=3)), "knife"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_odds_equal_the_attack_over_every_face(case: str) -> None:
    hero, foe, weapon = CASES[case]
    enc = encounter(hero, foe)
    intent = attack(enc, weapon)
    odds = SYSTEM.odds(enc, intent)
    assert odds.by_key() == brute(enc, intent)
    assert sum(odds.by_key().values()) == 1


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 2), st.integers(0, 5), st.integers(-3, 3), st.integers(0, 2), st.integers(0, 4), st.booleans(),
    st.sampled_from([None, "knife", "bow"]), st.sampled_from([None, "clothes"]), st.integers(0, 5),
)
def test_odds_equal_the_attack_for_any_traits(agility: int, skill: int, modifier: int, foe_agility: int,
                                              foe_skill: int, defending: bool, weapon: str | None,
                                              armour: str | None, lost: int) -> None:
    weapons = (weapon,) if weapon else ()
    pf = 2 if weapon else 1
    dice = agility + foe_agility + int(defending) + pf + (1 if armour else 0)
    assume(dice <= 5)
    hero = fighter("hero", weapons=weapons, agility=agility, knives=skill, archery=skill, brawling=skill)
    foe = fighter("foe", agility=foe_agility, brawling=foe_skill, armour=armour)
    foe = replace(foe, health=replace(foe.health, lost=lost))
    if defending:
        foe = foe.with_condition(Condition(DEFENDING, elements=1, source="block"))
    enc = encounter(hero, foe)
    intent = attack(enc, weapon, modifier)
    assert SYSTEM.odds(enc, intent).by_key() == brute(enc, intent)


def test_the_chance_a_bought_stun_takes_is_the_real_save_over_every_face() -> None:
    hero, foe = fighter("hero", weapons=("knife",), agility=4, knives=3), fighter("foe", agility=2, stamina=2)
    enc = encounter(hero, foe)
    odds = SYSTEM.odds(enc, attack(enc, "knife"))
    effects = {e.label: e.chance for e in odds.effects}
    can, stunned = effects["A stun can be bought (2+ successes)"], effects["Stunned if it is bought (save fails)"]
    saves = tally(lambda dice: spend(enc, "hero", Spend("foe", 2, 2), "stun", TABLES, dice)[1].took, lambda t: t)
    assert stunned == can * saves[True]
    out = tally(lambda dice: spend(enc, "hero", Spend("foe", 3, 2), "knockout", TABLES, dice)[1].took, lambda t: t)
    assert effects["Knocked out if it is bought (save fails)"] == effects[
        "A knock-out can be bought (3+ successes)"] * out[True]


def test_the_rolls_show_every_pool_and_modifier() -> None:
    hero = fighter("hero", weapons=("bow",), agility=3, archery=2)
    foe = fighter("foe", agility=2, armour="chain").with_condition(Condition(DEFENDING, elements=1, source="dodge"))
    enc = encounter(hero, foe)
    odds = SYSTEM.odds(enc, attack(enc, "bow", modifier=1))
    shown = [(r.combatant, r.purpose, r.dice, r.trait, r.level, r.modifiers) for r in odds.rolls]
    assert shown == [
        ("hero", "attack", "3d6 (agility)", "archery", 2, (("GM", 1),)),
        ("foe", "defence", "3d6 (agility, +1 die on full defence)", "", 0, ()),
        ("hero", "damage", "2d6 (Power Factor), 4+ a success", "", 0, ()),
        ("foe", "protection", "2d6 (Chain mail)", "", 0, ()),
    ]
    assert odds.notes == ("The attacker spends the successes after the roll; the bands count the default, "
                          "all damage.",)


def test_odds_refuse_what_the_attack_refuses() -> None:
    enc = encounter(fighter("hero").with_condition(Condition(DEFENDING, elements=1)), fighter("foe"))
    with pytest.raises(CannotAct, match="full defence"):
        SYSTEM.odds(enc, attack(enc))
    with pytest.raises(CannotAct, match="carries no 'rifle'"):
        SYSTEM.odds(encounter(fighter("hero"), fighter("foe")), attack(enc, "rifle"))
    with pytest.raises(RulesError, match="odds for attacks"):
        SYSTEM.odds(enc, Intent("hero", "escape", ("foe",)))
