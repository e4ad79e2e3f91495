"""Farscape melee results rendered as text, produced by the real resolvers with exact dice."""

from dataclasses import replace

from render_kit import NAMES, act, encounter, person

from bot.systems.farscape.render import render_result
from combat.model import Condition
from combat.systems.farscape.wounds import Track

GRIP = Condition("grappling", source="trooper")
PIN = Condition("pinned", -2, source="aeryn")


def render(outcome):
    return render_result(outcome.result, NAMES)


def test_an_exchange_shows_rolls_values_margin_damage_steps_and_the_wound():
    enc = encounter(person("aeryn", weapons=("sword",), melee_weapon=2, strength=1, speed=1),
                    person("trooper", armour="vest", brawling=0))
    lines = render(act(enc, "aeryn", "attack", ["trooper"], 1, -1, 0))  # the last roll: Trooper's Willpower
    assert lines == [
        "Aeryn (strike) against Trooper 1",
        "Aeryn: strike (weapon, sword)",
        "Aeryn rolls Melee Weapon Great (+2), dice [+ ▢ ▢ ▢] +1 → Superb (+3)",
        "Trooper 1: punch (brawling, bare hands)",
        "Trooper 1 rolls Brawling Fair (0), dice [− ▢ ▢ ▢] -1 → Mediocre (-1)",
        "Aeryn → Trooper 1: offence Superb (+3) against Speed defence Mediocre (-1), margin +4: hits",
        "Trooper 1 → Aeryn: offence Mediocre (-1) against Melee Weapon defence Superb (+3), margin -4: misses",
        "Aeryn's strike lands on Trooper 1 (torso, Initiative 1)",
        "Damage: DR 3 + Strength 1 + success 4 + quality 1 - armour 4 (medium 2, slash +2) = 5 (lethal)",
        "Trooper 1 takes 5 lethal: Very Hurt (box 1)",
        "Trooper 1's lethal track: Healthy → Very Hurt",
        "Trooper 1 rolls to stay conscious: Willpower Fair (0), dice [▢ ▢ ▢ ▢] +0 → Fair (0) against Good (+1): "
        "fails by 1",
        "Trooper 1 is unconscious",
        "Aeryn is now engaged with Trooper 1",
        "Trooper 1 is now engaged with Aeryn",
    ]


def test_modifiers_are_named_on_each_side_and_pair():
    enc = encounter(person("aeryn", martial_arts=2, speed=1), person("trooper", brawling=0))
    lines = render(act(enc, "aeryn", "sweep", ["trooper"], 0, 0, stance="+1"))
    assert "Aeryn offence modifiers: stance +1" in lines
    assert "Aeryn defence modifiers: stance -1" in lines
    assert ("Aeryn → Trooper 1: offence Superb (+3) against Brawling defence Mediocre (-1) "
            "(defence blocking a kick -1), margin +4: hits") in lines
    assert "Trooper 1 is knocked down" in lines
    assert "Trooper 1 is now prone -1 (this element and the next, from Aeryn)" in lines


def test_a_roll_up_and_a_blow_that_does_no_harm():
    trooper = person("trooper", brawling=0, conditions=(Condition("frozen"),))
    lines = render(act(encounter(person("aeryn", brawling=1), trooper), "aeryn", "attack", ["trooper"], 0))
    assert "Trooper 1 is frozen: no roll, no blow, defends at Fair (0)" in lines
    assert ("Aeryn → Trooper 1: offence Good (+1) against Fair (0) (frozen: no defence, unopposed), margin +1: hits"
            in lines)
    assert "Trooper 1 → Aeryn: strikes no blow" in lines
    assert "Damage: DR -1 + success 1 = 0 (stun)" in lines
    assert "Trooper 1 takes no stun damage (0): no wound" in lines


def test_a_full_level_rolls_up_and_the_track_change_is_shown():
    trooper = person("trooper", tier="minion", brawling=0, conditions=(Condition("frozen"),))
    trooper = replace(trooper, health=replace(trooper.health, stun=Track("stun", (1, 0, 0, 0))))
    lines = render(act(encounter(person("aeryn", brawling=2), trooper), "aeryn", "attack", ["trooper"], 0))
    assert "Damage: DR -1 + success 2 = 1 (stun)" in lines
    assert "Trooper 1 takes 1 stun: Dazed is full, rolled up to Stunned (box 1)" in lines
    assert "Trooper 1's stun track: Dazed → Stunned" in lines


def test_a_minions_warning_blow_and_the_warned_condition():
    enc = encounter(person("aeryn", brawling=0, speed=0), person("trooper", tier="minion", brawling=2, speed=1))
    lines = render(act(enc, "trooper", "attack", ["aeryn"], 0, 0))  # a minion strikes only when it attacks [seed]
    assert "Trooper 1's punch is a warning blow: it harms no one" in lines
    assert "Trooper 1 is now warned" in lines
    assert not any(line.startswith("Damage") for line in lines)


def test_a_counter_lock_shows_both_rolls_and_the_pin():
    enc = encounter(person("aeryn", martial_arts=2, grapple=1, speed=1), person("trooper", brawling=1, speed=0))
    lines = render(act(enc, "aeryn", "counter lock", ["trooper"], 0, 0, 1, 0))
    assert "Aeryn → Trooper 1: strikes no blow" in lines
    assert "Counter lock: Aeryn rolls Grapple Good (+1), dice [+ ▢ ▢ ▢] +1 → Great (+2)" in lines
    assert "Trooper 1 rolls Speed Fair (0), dice [▢ ▢ ▢ ▢] +0 → Fair (0)" in lines
    assert "Aeryn pins Trooper 1 in a lock" in lines
    assert "Aeryn is now grappling Trooper 1" in lines
    assert "Trooper 1 is now pinned -2 (from Aeryn)" in lines


def test_an_escape_shows_both_strength_rolls_and_whether_the_lock_held():
    enc = encounter(person("aeryn", strength=0, conditions=(GRIP,)), person("trooper", strength=1, conditions=(PIN,)))
    held = render(act(enc, "trooper", "escape", [], 0, 0))
    assert held == [
        "Trooper 1 tries to break Aeryn's lock",
        "Trooper 1 rolls Strength Good (+1), dice [▢ ▢ ▢ ▢] +0, modifiers -1 → Fair (0)",
        "Trooper 1 modifiers: pinned -1",
        "Aeryn rolls Strength Fair (0), dice [▢ ▢ ▢ ▢] +0 → Fair (0)",
        "The lock holds (a tie keeps the lock)",
    ]
    assert render(act(enc, "trooper", "escape", [], 1, 0))[-1] == "Trooper 1 breaks free"
    loose = encounter(person("aeryn"), person("trooper", conditions=(PIN,)))
    freed = render(act(loose, "trooper", "escape"))
    assert freed[-1] == "Aeryn no longer holds the lock: Trooper 1 is free without a roll"


def test_standing_up_and_a_failed_strain():
    prone = person("trooper", conditions=(Condition("prone", -1, 2, source="aeryn"),))
    assert render(act(encounter(person("aeryn"), prone), "trooper", "stand")) == [
        "Trooper 1 gets back on their feet (no longer prone); it takes the element"
    ]
    hurt = person("aeryn", brawling=1, willpower=0, conditions=(Condition("strain"),))
    hurt = replace(hurt, health=replace(hurt.health, lethal=Track("lethal", (0, 0, 0, 1))))
    lines = render(act(encounter(hurt, person("trooper")), "aeryn", "attack", ["trooper"], 1))
    assert lines == [
        "Aeryn strains to punch while Incapacitated: Willpower Fair (0), dice [+ ▢ ▢ ▢] +1 → Good (+1) "
        "against Great (+2): fails by 1",
        "Aeryn cannot manage it: the element is spent and nothing happens",
    ]


def test_at_signs_in_names_are_broken():
    enc = encounter(person("aeryn", brawling=2), person("trooper", brawling=0))
    outcome = act(enc, "aeryn", "attack", ["trooper"], 0, 0)
    lines = render_result(outcome.result, {"aeryn": "@everyone", "trooper": "T@1"})
    text = "\n".join(lines)
    assert "@everyone" not in text and "T@1" not in text
    assert "@\u200beveryone → T@\u200b1" in text


def test_fighting_while_dodging_shows_where_the_minus_one_went_and_the_offence_modifier() -> None:
    dodging = Condition("dodge", value=1, elements=1)
    enc = encounter(person("aeryn", brawling=1, conditions=(dodging,)), person("trooper", brawling=0,
                                                                           conditions=(dodging,)))
    lines = render(act(enc, "aeryn", "attack", ["trooper"], 0, 0))
    assert lines[1] == "Dodging while acting: the -1 goes on the attack"
    assert "Aeryn offence modifiers: dodging -1" in lines
    assert "Trooper 1 offence modifiers: dodging -1" in lines
    assert "Aeryn → Trooper 1: offence Fair (0) against Brawling defence Fair (0), margin +0: misses" in lines
    on_dodge = render(act(enc, "aeryn", "attack", ["trooper"], 0, 0, dodging="dodge"))
    assert on_dodge[1] == "Dodging while acting: the -1 goes on the dodge"
    assert not any(line.startswith("Aeryn offence modifiers") for line in on_dodge)
    assert not any("dodging" in line and " is now " in line for line in on_dodge)  # shown by the line above
