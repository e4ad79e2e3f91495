"""Sequence, phases and the vital statistics through the engine, with scripted dice: d10 + Combat Sequence once,
ties re-rolled, newcomers at the end; move lowest first, charge and action highest first; fatigue recovering on
the combatant's own turn; winded, unconscious, stunned and dead combatants."""

from __future__ import annotations

from dataclasses import replace

from fallout_kit import SYSTEM, act, person, scene

from bot.systems.fallout.render import FalloutRenderer
from combat import engine
from combat.dice import ScriptedDice
from combat.model import Encounter
from combat.systems.fallout.results import Joined, Recovered, RoundBegins
from combat.systems.fallout.sequence import joined_in
from combat.systems.fallout.state import Field, Vitals
from combat.turns import TurnState


def fresh(*people) -> Encounter:
    return Encounter("fallout", people, TurnState(SYSTEM.phases), state=Field())


def begin(encounter: Encounter, *faces: int) -> engine.Step:
    dice = ScriptedDice(faces)
    step = engine.begin(SYSTEM, encounter, dice)
    assert dice.remaining == 0
    return step


def walk_round(encounter: Encounter) -> list[tuple[str, str]]:
    """Pass every slot of the round; return (phase, actor) in order."""
    seen = []
    start = encounter.turns.round
    while encounter.turns.round == start and encounter.turns.current is not None:
        seen.append((encounter.turns.phase, encounter.turns.current.waiting[0]))
        encounter = engine.next_turn(SYSTEM, encounter, ScriptedDice()).encounter
    return seen


TRIO = (person("Ann"), person("Bo", strength=6, agility=6), person("Cy"))


def test_sequence_is_d10_plus_combat_sequence_and_ties_reroll() -> None:
    # Ann 5 + 10 = 15, Bo 3 + 12 = 15, Cy 1 + 10 = 11; Ann and Bo tie: d10 again [4] and [7]: Bo first.
    step = begin(fresh(*TRIO), 5, 3, 1, 4, 7)
    start: RoundBegins = step.change.started
    assert [(r.combatant, r.total, r.ties) for r in start.sequence] == [("bo", 15, (7,)), ("ann", 15, (4,)),
                                                                         ("cy", 11, ())]
    assert walk_round(step.encounter) == [
        ("move", "cy"), ("move", "ann"), ("move", "bo"),
        ("charge", "bo"), ("charge", "ann"), ("charge", "cy"),
        ("action", "bo"), ("action", "ann"), ("action", "cy")]


def test_ties_are_rerolled_until_broken_and_the_order_is_kept_for_the_fight() -> None:
    step = begin(fresh(*TRIO), 5, 3, 1, 4, 4, 2, 9)
    assert [r.ties for r in step.change.started.sequence[:2]] == [(4, 9), (4, 2)]
    encounter = step.encounter
    for _ in range(9):  # a whole round: no more dice for the sequence
        encounter = engine.next_turn(SYSTEM, encounter, ScriptedDice()).encounter
    assert encounter.turns.round == 2
    assert walk_round(encounter)[:3] == [("move", "cy"), ("move", "ann"), ("move", "bo")]


def test_newcomers_come_after_everyone_rolling_among_themselves() -> None:
    step = begin(fresh(*TRIO), 5, 3, 1, 4, 7)
    joined = engine.add_group(SYSTEM, step.encounter, (person("Dee"), person("Eve", agility=9)),
                              ScriptedDice((2, 1)))
    # Dee 2 + 10 = 12, Eve 1 + 14 = 15: Eve first; both after Cy (11).
    assert isinstance(joined.result, Joined)
    assert [(r.combatant, r.die, r.total) for r in joined.result.sequence] == [("eve", 1, 15), ("dee", 2, 12)]
    assert FalloutRenderer().result(joined.result, {"eve": "Eve", "dee": "Dee"}) == [
        "Sequence: Eve d10 [1] + 14 = 15", "Sequence: Dee d10 [2] + 10 = 12"]
    order = {e.combatant: (e.counts[0], *e.tiebreak) for e in joined.encounter.turns.order}
    assert order["eve"] > order["dee"] and order["dee"] < order["cy"] and order["eve"] < order["cy"]
    encounter = joined.encounter
    while encounter.turns.phase == "move":
        encounter = engine.next_turn(SYSTEM, encounter, ScriptedDice()).encounter
    assert walk_round(encounter)[-2:] == [("action", "eve"), ("action", "dee")]


def test_newcomers_of_one_round_added_apart_who_tie_roll_it_off_as_a_new_battle_would() -> None:
    # "If multiple newcomers join in the same round, they fight for pecking rights at the end by rolling for sequence
    # as though they started a new battle": Dee 5 + 10 = 15 joins; Eve 5 + 10 = 15 joins later in the round. They
    # tie, so each rolls a d10, in the order they joined: Dee [2], Eve [7]. Eve goes first (last in the move).
    step = begin(fresh(*TRIO), 5, 3, 1, 4, 7)
    dee = engine.add(SYSTEM, step.encounter, person("Dee"), ScriptedDice((5,)))
    assert [(r.combatant, r.ties) for r in dee.result.sequence] == [("dee", ())]
    dice = ScriptedDice((5, 2, 7))
    eve = engine.add(SYSTEM, dee.encounter, person("Eve"), dice)
    assert dice.remaining == 0
    assert [(r.combatant, r.total, r.ties) for r in eve.result.sequence] == [("eve", 15, (7,)), ("dee", 15, (2,))]
    assert FalloutRenderer().result(eve.result, {"eve": "Eve", "dee": "Dee"}) == [
        "Sequence: Eve d10 [5] + 10 = 15, tie d10 [7]", "Sequence: Dee d10 [5] + 10 = 15, tie d10 [2]"]
    this_round = walk_round(eve.encounter)
    # Their move places (lowest first) passed before they joined; each has one charge and one action left.
    assert [a for a in this_round if a[1] in ("dee", "eve")] == [
        ("charge", "eve"), ("charge", "dee"), ("action", "eve"), ("action", "dee")]
    encounter = eve.encounter
    while encounter.turns.round == 1:
        encounter = engine.next_turn(SYSTEM, encounter, ScriptedDice()).encounter
    assert walk_round(encounter)[-2:] == [("action", "eve"), ("action", "dee")], "kept for the fight"


def test_a_newcomer_s_place_is_below_every_rolled_sequence_and_says_the_round_they_joined() -> None:
    # Cy's 11 is the lowest rolled. Dee joins in round 1 and Eve in round 2: their places are no made-up sequences
    # (10, 9) but counts below zero, one lower for each later round, that the status reads as "joined in round n".
    step = begin(fresh(*TRIO), 5, 3, 1, 4, 7)
    first = engine.add(SYSTEM, step.encounter, person("Dee"), ScriptedDice((2,)))
    encounter = first.encounter
    while encounter.turns.round == 1:
        encounter = engine.next_turn(SYSTEM, encounter, ScriptedDice()).encounter
    second = engine.add(SYSTEM, encounter, person("Eve", agility=9), ScriptedDice((9,)))
    counts = {e.combatant: e.counts[0] for e in second.encounter.turns.order}
    assert (counts["cy"], counts["dee"], counts["eve"]) == (11, -1, -2)
    assert [joined_in(counts[c]) for c in ("cy", "dee", "eve")] == [None, 1, 2]


def test_fatigue_recovers_by_the_healing_rate_on_the_combatant_s_own_turn() -> None:
    tired = replace(person("Ann"), health=Vitals(40, 40, 15))
    step = begin(fresh(tired, person("Bo")), 9, 1)  # Bo moves first (lowest)
    assert step.encounter.get("ann").health.fatigue == 15
    moved = engine.next_turn(SYSTEM, step.encounter, ScriptedDice())  # Ann's turn begins
    assert moved.encounter.get("ann").health.fatigue == 4  # healing rate EN 5 + 6 = 11
    assert moved.change.turn_starts[0].result == Recovered((("ann", 11, 4),))
    charged = engine.next_turn(SYSTEM, moved.encounter, ScriptedDice())  # Ann's charge: no second recovery
    assert charged.encounter.get("ann").health.fatigue == 4


def test_winded_takes_4_and_acts_in_one_phase_only() -> None:
    winded = replace(person("Ann", "vault", "C6", weapons=("10mm pistol",), firearms=5), health=Vitals(20, 40, 20))
    fight = scene(winded, person("Raider", "foes", "C3"))
    out = act(fight, "ann", "attack", "raider", faces=(1, 1))
    assert dict(out.result.checks[0].modifiers) == {"winded": -4}
    after = out.encounter.get("ann")
    assert SYSTEM.can_act(after, "action") and not SYSTEM.can_act(after, "move")
    assert SYSTEM.can_act(winded, "move")  # nothing done yet this round


def test_the_dead_are_neither_winded_nor_passing_out() -> None:
    # [seed] "When a character hits zero hit points, the character dies": fatigue at or above his 0 HP is no winding.
    assert not Vitals(0, 40, 12).winded and Vitals(5, 40, 12).winded
    raider = replace(person("Raider", "foes", "C3"), health=Vitals(2, 40, 45))  # at 2 HP, fatigue past max: out
    fight = scene(person("Ann", "vault", "C6", weapons=("10mm pistol",), firearms=10), raider)
    out = act(fight, "ann", "attack", "raider", faces=(6, 6, 3, 3, 3, 3))  # 8 HP and two critical 3s
    (harm,) = out.result.harms
    assert harm.dead and not harm.winded and not harm.out
    lines = FalloutRenderer().result(out.result, {"raider": "Raider", "ann": "Ann"})
    assert "Raider: -12 HP, fatigue 45, stun 0 — dead, falls prone" in lines  # not "dead, passes out, winded"


def test_fatigue_past_max_hp_knocks_out_until_it_falls_below() -> None:
    out_cold = replace(person("Ann"), health=Vitals(40, 40, 45))
    assert not SYSTEM.can_act(out_cold, "move")
    encounter = scene(out_cold, person("Bo"))
    after, start = SYSTEM.start_round(encounter, ScriptedDice())
    assert start.recovered == (("ann", 11, 34),) and SYSTEM.can_act(after.get("ann"), "move")


def test_zero_hp_is_death() -> None:
    gun = person("Gun", "vault", "C6", weapons=("10mm pistol",), firearms=5)
    frail = replace(person("Frail", "foes", "C3"), health=Vitals(5, 40))
    out = act(scene(gun, frail), "gun", "attack", "frail", faces=(4, 4, 3, 3))
    assert out.result.harms[0].dead and not SYSTEM.can_act(out.encounter.get("frail"), "action")
    assert SYSTEM.status(out.encounter.get("frail")) == ("dead",)


def test_the_unconscious_are_skipped_in_every_phase() -> None:
    asleep = replace(person("Ann"), health=Vitals(40, 40, 60))
    step = begin(fresh(asleep, person("Bo")), 9, 1)
    assert all(actor == "bo" for _, actor in walk_round(step.encounter))


def test_a_sleeper_wakes_only_once_fatigue_falls_below_max_hp() -> None:
    out_cold = replace(person("Ann"), health=Vitals(40, 40, 51).settled())
    assert out_cold.health.fainted
    first, _ = SYSTEM.start_round(scene(out_cold, person("Bo")), ScriptedDice())
    assert first.get("ann").health.fatigue == 40 and not SYSTEM.can_act(first.get("ann"), "move")
    second, _ = SYSTEM.start_round(replace(first, turns=replace(first.turns, round=2)), ScriptedDice())
    assert second.get("ann").health.fatigue == 29 and SYSTEM.can_act(second.get("ann"), "move")
    assert Vitals(40, 40, 40).settled().passed_out is False  # awake at exactly max stays awake


def test_newcomers_of_one_round_added_one_by_one_still_go_by_their_rolls() -> None:
    step = begin(fresh(*TRIO), 5, 3, 1, 4, 7)
    first = engine.add(SYSTEM, step.encounter, person("Dee"), ScriptedDice((2,)))  # 12
    second = engine.add(SYSTEM, first.encounter, person("Eve"), ScriptedDice((9,)))  # 19: ahead of Dee
    encounter = second.encounter
    while encounter.turns.phase == "move":
        encounter = engine.next_turn(SYSTEM, encounter, ScriptedDice()).encounter
    assert walk_round(encounter)[-2:] == [("action", "eve"), ("action", "dee")]
