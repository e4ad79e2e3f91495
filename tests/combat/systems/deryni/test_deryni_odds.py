"""Deryni odds agree with the real attack run over every face the dice could show, choices taking their defaults."""

from __future__ import annotations

from fractions import Fraction

import pytest
from deryni_kit import SYSTEM, fight, man, with_health, with_state
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from odds_kit import act_by_default, tally

from combat.errors import CannotAct
from combat.model import Encounter
from combat.system import Intent
from combat.systems.deryni.health import LEVELS, Wound
from combat.systems.deryni.results import Strike


def brute(enc: Encounter, intent: Intent) -> tuple[dict[str, Fraction], Fraction]:
    """Run the real attack over every face sequence: the chance of every band, and of being left dying."""
    target = intent.targets[0]
    was_dying = enc.get(target).health.dying is not None

    def classify(done) -> tuple[str, bool]:
        after, results = done
        strike = results[0]
        assert isinstance(strike, Strike)
        if strike.harm is None:
            key = strike.outcome
        elif strike.harm.knocked_out:
            key = "knocked out"
        else:
            key = strike.harm.limb or LEVELS[strike.harm.level].lower()
        return key, after.get(target).health.dying is not None and not was_dying

    outcomes = tally(lambda dice: act_by_default(SYSTEM, enc, intent, dice), classify)
    bands: dict[str, Fraction] = {}
    for (key, _), p in outcomes.items():
        bands[key] = bands.get(key, Fraction(0)) + p
    return bands, sum((p for (_, dying), p in outcomes.items() if dying), Fraction(0))


def check(enc: Encounter, **options: object) -> None:
    intent = Intent("hero", "attack", ("foe",), options)
    odds = SYSTEM.odds(enc, intent)
    bands, dying = brute(enc, intent)
    assert odds.by_key() == bands
    assert sum((e.chance for e in odds.effects if "dying" in e.label), Fraction(0)) == dying


def charmed(enc: Encounter) -> Encounter:
    """Let the target pass every Death Test this round (a natural +4): no Death Test dice to walk."""
    return with_state(enc, "foe", charmed=enc.turns.round)


def test_a_plain_attack_with_its_death_tests_over_every_face() -> None:
    hero = man("hero", agility=3, broadsword=2, strength=1)
    enc = fight(hero, man("foe", agility=-1, weapons=("shortsword",), shortsword=1, armour="padded"))
    check(enc)


def test_an_undefended_attack_and_a_wounded_attacker_over_every_face() -> None:
    hero = man("hero", agility=3, broadsword=1, wounds=(1,))
    enc = fight(hero, man("foe", agility=-1, weapons=("dagger",), damage_capacity=-1, wounds=(2,)))
    check(enc, defence="none")
    check(with_state(enc, "foe", fudge_points=1), defence="dodge")
    check(with_state(enc, "foe", fudge_points=2))


def test_a_mortal_wound_without_fudge_points_leaves_him_dying() -> None:
    hero = man("hero", agility=3, weapons=("greatsword",), greatsword=3, strength=3)
    enc = fight(hero, man("foe", agility=-1, weapons=("dagger",)))
    odds = SYSTEM.odds(enc, Intent("hero", "attack", ("foe",), {"defence": "none"}))
    assert odds.chance("mortal") > 0
    check(enc, defence="none")


@pytest.mark.parametrize("special", [{"knockout": "flat of the blade"}, {"called": "leg"},
                                     {"disarm": "weapon"}, {"disarm": "shield"}])
def test_special_attacks_over_every_face(special: dict[str, str]) -> None:
    hero = man("hero", agility=3, broadsword=2, strength=2)
    enc = fight(hero, man("foe", agility=-1, shield="kite shield", shield_=1, broadsword=1))
    check(charmed(enc), **special)
    check(charmed(enc), defence="none", **special)
    # A dodge costs -1 to what comes after it, but not to the Strength contest of the disarm it met (part of it).
    check(charmed(enc), defence="dodge", **special)
    check(charmed(enc), defence="acrobatics", **special)


@settings(max_examples=20, deadline=None)
@given(
    skill=st.integers(-1, 3), strength=st.integers(-2, 3), foe_skill=st.integers(-1, 3), modifier=st.integers(-2, 2),
    hurt=st.sampled_from([(), (1,), (2,), (0, 1)]), foe_hurt=st.sampled_from([(), (1,), (2,)]),
    dodges=st.integers(0, 2), foe_defences=st.integers(0, 2), bonus=st.integers(0, 1),
    weapon=st.sampled_from(["broadsword", "dagger", "unarmed"]),
    armour=st.sampled_from([None, "padded", "mail", "plate"]),
    defence=st.sampled_from([None, "parry", "dodge", "acrobatics", "allout-parry", "allout-dodge", "none"]),
    special=st.sampled_from([{}, {"called": "weapon arm"}, {"knockout": "pommel"}, {"disarm": "weapon"}]),
)
def test_odds_equal_the_attack_for_any_traits_and_state(skill: int, strength: int, foe_skill: int, modifier: int,
                                                        hurt: tuple[int, ...], foe_hurt: tuple[int, ...],
                                                        dodges: int, foe_defences: int, bonus: int, weapon: str,
                                                        armour: str | None, defence: str | None,
                                                        special: dict[str, str]) -> None:
    hero = man("hero", agility=3, weapons=("broadsword", "dagger"), broadsword=skill, dagger=skill,
               unarmed_combat=skill, strength=strength, wounds=hurt)
    foe = man("foe", agility=-1, weapons=("mace",), mace=foe_skill, dodge=foe_skill, acrobatics=foe_skill + 1,
              armour=armour, wounds=foe_hurt)
    enc = with_state(fight(hero, foe), "hero", dodges=dodges, attack_bonus=bonus)
    enc = charmed(with_state(enc, "foe", defences=foe_defences))
    assume(not (foe_defences and defence is not None and defence.startswith("allout")))  # refused: declared late
    options: dict[str, object] = {"weapon": weapon, **special}
    if defence is not None:
        options["defence"] = defence
    intent = Intent("hero", "attack", ("foe",), options, modifier)
    assert SYSTEM.odds(enc, intent).by_key() == brute(enc, intent)[0]


def test_the_rolls_and_notes_say_what_is_counted() -> None:
    hero = man("hero", agility=3, broadsword=2, strength=1, wounds=(1,))
    foe = man("foe", agility=-1, owner="99", tier="hero", shield="kite shield", shield_=2, armour="mail")
    enc = with_state(fight(hero, foe), "hero", dodges=1)
    odds = SYSTEM.odds(enc, Intent("hero", "attack", ("foe",), {"knockout": "pommel"}, 1))
    shown = [(r.purpose, r.dice, r.trait, r.level, r.modifiers) for r in odds.rolls]
    assert shown == [
        ("attack", "2dF", "broadsword", 2, (("wounds", -1), ("dodged", -1), ("GM", 1))),
        ("defence (shield)", "2dF", "shield", 2, ()),
        ("pull the blow (Good)", "4dF", "strength", 1, (("wounds", -1), ("dodged", -1))),
        ("Death Test", "4dF", "damage capacity", 0, ()),
    ]
    assert odds.notes == (
        "Foe's player chooses the defence before the dice; counted: their default, Shield (kite shield).",
        "Foe has 3 FUDGE points: a Death Test is counted with the default answers (roll it; after a failure, "
        "spend two if two are left).",
        "mail hauberk: -2 to damage unless the attack result beats +2.",
    )


def test_odds_refuse_what_the_attack_refuses() -> None:
    enc = fight(man("hero", agility=3), man("foe", agility=-1, weapons=()))
    with pytest.raises(CannotAct, match="holds no weapon to disarm"):
        SYSTEM.odds(enc, Intent("hero", "attack", ("foe",), {"disarm": "weapon"}))
    dead = with_health(enc, "foe", dead=True, wounds=(Wound(4),))
    with pytest.raises(CannotAct, match="is dead"):
        SYSTEM.odds(dead, Intent("hero", "attack", ("foe",)))
    with pytest.raises(CannotAct, match="odds for attacks"):
        SYSTEM.odds(enc, Intent("hero", "pickup"))
