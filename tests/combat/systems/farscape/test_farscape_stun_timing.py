"""Stun wears off element by element as rounds start, while the stun boxes stay filled.

[seed] "Dazed: -1 penalty to all actions for one element"; "Very Stunned: -2 penalty for two elements, then down to
-1 for the element after that": counted from the victim's next action (stun_clock.py).
"""

from __future__ import annotations

from farscape_melee_kit import TABLES, dice, encounter, fighter

from combat import engine
from combat.dice import ScriptedDice
from combat.model import Condition, Encounter
from combat.system import Intent
from combat.systems.farscape.harm import apply_wound, penalty
from combat.systems.farscape.system import FarscapeSystem

SYSTEM = FarscapeSystem(TABLES)


def test_very_stunned_is_minus_two_for_two_elements_then_minus_one_then_gone():
    hero = fighter("crichton", willpower=3)
    hero, harm = apply_wound(hero, "stun", 5, ScriptedDice([0, 0, 0, 0]))  # Very Stunned; Willpower holds
    assert harm.wound.marked == "Very Stunned" and not harm.unconscious
    fight = encounter(hero)
    seen = [penalty(fight.get("crichton"))]
    for _ in range(4):
        fight, _ = SYSTEM.start_round(fight, ScriptedDice([]))
        seen.append(penalty(fight.get("crichton")))
    assert seen == [-2, -2, -2, -1, 0]  # the rest of this element, two more at -2, one at -1
    assert fight.get("crichton").health.stun.level_name == "Very Stunned"


def test_dazed_lasts_the_rest_of_this_element_and_the_next():
    hero, _ = apply_wound(fighter("crichton"), "stun", 1, ScriptedDice([]))
    fight = encounter(hero)
    seen = [penalty(fight.get("crichton"))]
    for _ in range(2):
        fight, started = SYSTEM.start_round(fight, ScriptedDice([]))
        seen.append(penalty(fight.get("crichton")))
    assert seen == [-1, -1, 0]
    assert ("crichton", "stun") in started.expired


def _penalties(fight: Encounter, who: str, elements: int) -> list[int]:
    """Return his penalty now, then as each of the next elements starts."""
    seen = [penalty(fight.get(who))]
    for _ in range(elements):
        fight, _ = SYSTEM.start_round(fight, ScriptedDice([]))
        seen.append(penalty(fight.get(who)))
    return seen


def _blackjack(first: str, second: str, margin: int) -> Encounter:
    """Begin a fight (``first`` the faster) and let Xan club the foe: damage 1 + the margin, on the stun track."""
    speeds = {first: 1, second: 0}  # the foe, an unarmed brawler against a club, defends with his Speed
    xan = fighter("xan", weapons=("blackjack",), speed=speeds["xan"], melee_weapon=0)
    foe = fighter("foe", speed=speeds["foe"], brawling=0, willpower=4)
    fight = engine.begin(SYSTEM, encounter(xan, foe), ScriptedDice([])).encounter
    if first == "foe":  # the foe's own turn goes first: he has acted when the blow lands
        fight = engine.next_turn(SYSTEM, fight, ScriptedDice([])).encounter
    rolls = dice(margin + speeds["foe"], 0, extra=[0] * 8)
    return engine.act(SYSTEM, fight, Intent("xan", "attack", ("foe",), {}), rolls).encounter


def test_dazed_before_his_action_is_his_action_of_this_element_only():
    fight = _blackjack("xan", "foe", 1)  # damage 2: Dazed, and the foe still acts this element
    assert fight.get("foe").health.stun.level_name == "Dazed" and fight.turns.is_turn_of("foe")
    assert _penalties(fight, "foe", 2) == [-1, 0, 0]


def test_dazed_after_his_action_is_the_next_element():
    fight = _blackjack("foe", "xan", 1)  # Xan's blow was the element's last action: the next one has begun
    assert fight.get("foe").health.stun.level_name == "Dazed" and fight.turns.round == 2
    assert _penalties(fight, "foe", 2) == [-1, 0, 0]


def test_very_stunned_before_his_action_counts_this_element_as_the_first_of_two():
    fight = _blackjack("xan", "foe", 4)  # damage 5: Very Stunned
    assert fight.get("foe").health.stun.level_name == "Very Stunned" and not fight.get("foe").has("unconscious")
    assert _penalties(fight, "foe", 3) == [-2, -2, -1, 0]


def test_a_frozen_victim_who_will_not_act_this_element_takes_his_penalty_in_the_next():
    xan = fighter("xan", weapons=("blackjack",), speed=1, melee_weapon=0)
    foe = fighter("foe", speed=0, brawling=0, conditions=(Condition("frozen"),))  # surprised: his turn is passed
    fight = engine.begin(SYSTEM, encounter(xan, foe), ScriptedDice([])).encounter
    fight = engine.act(SYSTEM, fight, Intent("xan", "attack", ("foe",), {}), dice(0, extra=[0] * 8)).encounter
    assert fight.get("foe").health.stun.level_name == "Dazed" and fight.turns.round == 2
    assert _penalties(fight, "foe", 1) == [-1, 0]
