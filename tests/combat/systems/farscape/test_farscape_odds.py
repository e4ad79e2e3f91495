"""Farscape odds agree with the real attack: over every face where that is small enough, else every 4dF sum.

Every face: a shot at a minion (4dF, then a Willpower 4dF) and an exchange whose blows cannot force a Willpower roll
(8 dice). Every sum: the whole real resolver (``SYSTEM.act``, choices by default) run once per sequence of 4dF sums,
for any traits, gear, stance and state; ``by_sums`` is exact for these rolls (the face walks prove it here too).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from farscape_melee_kit import TABLES, encounter, fighter
from hypothesis import given, settings
from hypothesis import strategies as st
from odds_kit import act_by_default, tally

from combat.distributions import by_sums
from combat.errors import CannotAct, RulesError
from combat.model import Condition, Encounter
from combat.system import Intent
from combat.systems.farscape.engagement import engagement
from combat.systems.farscape.melee_results import ExchangeResult
from combat.systems.farscape.ranged import Volley
from combat.systems.farscape.strain import STRAIN, StrainResult
from combat.systems.farscape.system import FarscapeSystem
from combat.systems.farscape.wounds import Track

SYSTEM = FarscapeSystem(TABLES)
ACTOR, FOE = "hero", "foe1"


def wound(harm) -> str:
    return "unhurt" if harm is None or harm.wound.marked is None else harm.wound.marked.lower()


def classify(done) -> tuple[str, frozenset[str]]:
    """Sort the real result into its band and effects, worked out here from the result alone."""
    after, results = done
    result = results[0]
    name, foe = after.get(ACTOR).name, after.get(FOE).name
    if isinstance(result, StrainResult):
        return "miss", frozenset({f"{name} fails to strain (Willpower)"})
    if isinstance(result, Volley):
        attack = result.attacks[0]
        harm = attack.harm
        effects = {f"{after.get(harm.target).name} out of the fight"} if harm and harm.out else set()
        if attack.struck not in (None, attack.target):
            effects.add(f"A miss by one strikes {after.get(attack.struck).name} in the melee")
        band = "warning" if attack.defence == "warning" else wound(attack.harm) if attack.hit else "miss"
        return band, frozenset(effects)
    assert isinstance(result, ExchangeResult)
    blow = next((h for h in result.hits if h.attacker == ACTOR), None)
    back = next((h for h in result.hits if h.attacker == FOE), None)
    effects = set()
    if back is not None and not back.blocked and not back.warning:
        effects.add(f"{foe}'s blow lands on {name}")
    for hit in result.hits:
        if hit.harm is not None and hit.harm.out:
            effects.add(f"{after.get(hit.defender).name} out of the fight")
    if blow is None:
        band = "miss"
    elif blow.blocked or blow.warning:
        band = "blocked" if blow.blocked else "warning"
    else:
        band = {"prone": "prone", "lock": "pinned", "feint": "feinted"}.get(blow.effect) or wound(blow.harm)
    return band, frozenset(effects)


def split(outcomes: dict) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    bands: dict[str, Fraction] = {}
    effects: dict[str, Fraction] = {}
    for (band, happened), p in outcomes.items():
        bands[band] = bands.get(band, Fraction(0)) + p
        for label in happened:
            effects[label] = effects.get(label, Fraction(0)) + p
    return bands, effects


def every_face(enc: Encounter, intent: Intent) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    return split(tally(lambda dice: act_by_default(SYSTEM, enc, intent, dice), classify))


def every_sum(enc: Encounter, intent: Intent) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    outcomes: dict = {}
    for done, p in by_sums(lambda dice: act_by_default(SYSTEM, enc, intent, dice)):
        key = classify(done)
        outcomes[key] = outcomes.get(key, Fraction(0)) + p
    return split(outcomes)


def agrees(enc: Encounter, intent: Intent, brute=every_sum) -> None:
    odds = SYSTEM.odds(enc, intent)
    bands, effects = brute(enc, intent)
    assert odds.by_key() == {k: v for k, v in bands.items() if v}
    assert {e.label: e.chance for e in odds.effects} == effects


def test_a_minion_s_first_shot_is_a_warning() -> None:
    enc = encounter(fighter(ACTOR, tier="minion", weapons=("pistol",)), fighter(FOE))
    odds = SYSTEM.odds(enc, Intent(ACTOR, "attack", (FOE,), {}))
    assert odds.by_key() == {"warning": 1} and odds.hit == 0
    agrees(enc, Intent(ACTOR, "attack", (FOE,), {}))


def test_a_shot_at_a_minion_over_every_face_with_its_willpower_roll() -> None:
    enc = encounter(fighter(ACTOR, weapons=("pistol",), energy_weapons=2),
                    fighter(FOE, tier="minion", agility=-1, willpower=-1))
    intent = Intent(ACTOR, "attack", (FOE,), {"range": "medium"})
    agrees(enc, intent, every_face)
    agrees(enc, intent)


def test_an_exchange_over_every_face_of_both_rolls() -> None:
    enc = encounter(fighter(ACTOR, brawling=2), fighter(FOE, brawling=1, armour="plate"))
    intent = Intent(ACTOR, "attack", (FOE,), {"stance": "1"})
    agrees(enc, intent, every_face)
    agrees(enc, intent)


@pytest.mark.parametrize("options", [{}, {"move": "kick"}, {"move": "flat"}, {"location": "head"},
                                     {"defend": "acrobatics"}, {"stance": "-2"}])
def test_sword_against_knife_every_sum(options: dict[str, str]) -> None:
    enc = encounter(fighter(ACTOR, weapons=("sword",), melee_weapon=2, strength=1),
                    fighter(FOE, weapons=("knife",), melee_weapon=1, armour="vest", willpower=-1))
    agrees(enc, Intent(ACTOR, "attack", (FOE,), options))


@pytest.mark.parametrize("move", ["feint", "grapple", "sweep", "keep at bay"])
def test_exchange_moves_every_sum(move: str) -> None:
    enc = encounter(fighter(ACTOR, weapons=("greatsword",), melee_weapon=2, martial_arts=2, grapple=1),
                    fighter(FOE, brawling=1, speed=1))
    agrees(enc, Intent(ACTOR, move, (FOE,), {}))


def test_a_minion_s_warning_blow_and_a_straining_fighter_every_sum() -> None:
    minion = encounter(fighter(ACTOR, tier="minion", brawling=1), fighter(FOE, brawling=1))
    agrees(minion, Intent(ACTOR, "attack", (FOE,), {}))
    hurt = fighter(ACTOR, brawling=2, willpower=2, conditions=(Condition(STRAIN),))
    hurt = replace(hurt, health=replace(hurt.health, lethal=Track("lethal", (2, 1, 1, 1, 0))))  # Incapacitated
    agrees(encounter(hurt, fighter(FOE, brawling=1)), Intent(ACTOR, "attack", (FOE,), {}))


def test_a_dodge_already_rolled_a_thrown_knife_and_a_melee_partner_every_sum() -> None:
    dodging = fighter(FOE, agility=1, conditions=(Condition("dodge", value=2, elements=1, uses=1),))
    enc = encounter(fighter(ACTOR, weapons=("pistol",), energy_weapons=1), dodging)
    agrees(enc, Intent(ACTOR, "attack", (FOE,), {}))
    partner = fighter("foe2", brawling=1)
    engaged = fighter(FOE, conditions=engagement(["foe2"]))
    agrees(encounter(fighter(ACTOR, weapons=("pistol",), energy_weapons=2), engaged, partner),
           Intent(ACTOR, "shoot", (FOE,), {"melee": "yes"}))


@pytest.mark.parametrize(("who", "options"), [(ACTOR, {}), (ACTOR, {"dodging": "dodge"}), (FOE, {})])
def test_fighting_while_dodging_every_sum(who: str, options: dict[str, str]) -> None:
    dodging = (Condition("dodge", value=1, elements=1),)
    enc = encounter(fighter(ACTOR, brawling=2, conditions=dodging if who == ACTOR else ()),
                    fighter(FOE, brawling=1, conditions=dodging if who == FOE else ()))
    intent = Intent(ACTOR, "attack", (FOE,), options)
    offence = next(r for r in SYSTEM.odds(enc, intent).rolls if r.combatant == who and r.purpose.startswith("offence"))
    assert offence.modifiers == (() if options else (("dodging", -1),))
    agrees(enc, intent)
    if options:  # the -1 went on the dodge: the odds differ from the default's
        assert SYSTEM.odds(enc, intent).by_key() != SYSTEM.odds(enc, Intent(ACTOR, "attack", (FOE,), {})).by_key()


@settings(max_examples=15, deadline=None)
@given(
    skill=st.integers(-1, 3), foe_skill=st.integers(-1, 3), strength=st.integers(-1, 2), stance=st.integers(-2, 2),
    modifier=st.integers(-2, 2), tier=st.sampled_from(["ally", "protagonist", "minion"]),
    weapon=st.sampled_from(["sword", "knife", "blackjack", "none"]), foe_weapon=st.sampled_from([(), ("knife",)]),
    armour=st.sampled_from([None, "vest", "plate"]), shield=st.sampled_from([None, "small", "large"]),
    willpower=st.integers(-2, 2), state=st.sampled_from(["", "prone", "frozen", "pinned", "feinted", "outnumbered",
                                                         "stunned", "hurt"]),
)
def test_any_exchange_agrees_with_the_real_one_every_sum(skill: int, foe_skill: int, strength: int, stance: int,
                                                         modifier: int, tier: str, weapon: str,
                                                         foe_weapon: tuple[str, ...], armour: str | None,
                                                         shield: str | None, willpower: int, state: str) -> None:
    hero = fighter(ACTOR, weapons=("sword", "knife", "blackjack"), melee_weapon=skill, brawling=skill,
                   strength=strength, conditions=STATES[state][0])
    foe = fighter(FOE, tier=tier, weapons=foe_weapon, melee_weapon=foe_skill, brawling=foe_skill, armour=armour,
                  shield=shield, willpower=willpower, conditions=STATES[state][1])
    if state == "hurt":
        foe = replace(foe, health=replace(foe.health, lethal=Track("lethal", (1, 1, 0, 0, 0)
                                                                   if tier != "minion" else (1, 0, 0, 0, 0))))
    enc = encounter(hero, foe, fighter("foe2", brawling=1))
    agrees(enc, Intent(ACTOR, "attack", (FOE,), {"weapon": weapon, "stance": str(stance)}, modifier))


# The state of the hero and the foe before an exchange: (the hero's conditions, the foe's).
STATES: dict[str, tuple[tuple[Condition, ...], tuple[Condition, ...]]] = {
    "": ((), ()),
    "prone": ((), (Condition("prone", value=-1, elements=2),)),
    "frozen": ((), (Condition("frozen", elements=1),)),
    "pinned": ((Condition("grappling", source=FOE),), (Condition("pinned", value=-2, source=ACTOR),)),
    "feinted": ((), (Condition("feinted", value=-2, elements=1, source=ACTOR),)),
    "outnumbered": ((Condition("engaged", elements=2, source="foe2"),), ()),
    "stunned": ((Condition("stun", value=-2, elements=3),), ()),
    "hurt": ((), ()),
}


@settings(max_examples=15, deadline=None)
@given(
    skill=st.integers(-1, 3), agility=st.integers(-2, 2), modifier=st.integers(-2, 2),
    tier=st.sampled_from(["ally", "protagonist", "minion"]), aware=st.booleans(),
    range_=st.sampled_from(["point blank", "short", "long"]), location=st.sampled_from(["torso", "head", "leg"]),
    armour=st.sampled_from([None, "vest", "plate"]), willpower=st.integers(-2, 2),
    shooter=st.sampled_from(["ally", "minion"]), warned=st.booleans(),
)
def test_any_shot_agrees_with_the_real_one_every_sum(skill: int, agility: int, modifier: int, tier: str,
                                                     aware: bool, range_: str, location: str, armour: str | None,
                                                     willpower: int, shooter: str, warned: bool) -> None:
    conditions = (Condition("warned"),) if warned else ()
    enc = encounter(fighter(ACTOR, tier=shooter, weapons=("pistol",), energy_weapons=skill, conditions=conditions),
                    fighter(FOE, tier=tier, agility=agility, armour=armour, willpower=willpower))
    options = {"aware": "yes" if aware else "no", "range": range_, "location": location}
    agrees(enc, Intent(ACTOR, "attack", (FOE,), options, modifier))


def test_the_rolls_show_both_sides_of_an_exchange() -> None:
    enc = encounter(fighter(ACTOR, weapons=("sword",), melee_weapon=2, shield="medium"),
                    fighter(FOE, brawling=1))
    odds = SYSTEM.odds(enc, Intent(ACTOR, "attack", (FOE,), {"stance": "1"}, 1))
    shown = [(r.combatant, r.purpose, r.dice, r.trait, r.level, r.modifiers) for r in odds.rolls]
    assert shown == [
        (ACTOR, "offence (strike)", "4dF", "melee weapon", 2, (("stance", 1), ("situation", 1), ("shield", -1))),
        (FOE, "defence", "the same 4dF", "speed", 0, ()),
        (FOE, "offence (punch)", "4dF", "brawling", 1, ()),
        (ACTOR, "defence", "the same 4dF", "shield", -2, (("stance", -1), ("shield", 2))),
    ]
    assert odds.notes == ("A blow that lands does its margin +3 in damage (lethal).",)


def test_odds_refuse_what_they_do_not_count() -> None:
    enc = encounter(fighter(ACTOR, weapons=("pistol",), energy_weapons=1), fighter(FOE), fighter("foe2"))
    rapid = FarscapeSystem(TABLES.model_copy(update={"weapons": {
        **TABLES.weapons, "pistol": TABLES.weapons["pistol"].model_copy(update={"rof": 3})}}))
    with pytest.raises(RulesError, match="one roll at one target"):
        rapid.odds(enc, Intent(ACTOR, "shoot", (FOE,), {"mode": "semi"}))
    with pytest.raises(CannotAct, match="not counter lock"):
        SYSTEM.odds(enc, Intent(ACTOR, "counter lock", (FOE,), {}))
    with pytest.raises(RulesError, match="one foe at a time"):
        SYSTEM.odds(enc, Intent(ACTOR, "feint", (FOE, "foe2"), {}))
