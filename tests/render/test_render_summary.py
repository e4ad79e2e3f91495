"""Round summaries, whose turn it is, and the Farscape events outside attacks, rendered as text."""

import sys
from dataclasses import replace
from pathlib import Path

from render_kit import NAMES, SYSTEM, act, encounter, f4, person

from bot.registry import find
from bot.render.plugin import initiative_text
from bot.render.summary import by_initiative, render_beat, render_round_summary, render_turn, state_text
from bot.systems.farscape.render import render_result
from combat.dice import ScriptedDice
from combat.model import Combatant, Condition, Encounter
from combat.sheet import SheetRequest
from combat.summary import Beat, summarize_round
from combat.systems.farscape.healing import rest, treat, wake
from combat.systems.farscape.surprise import LeaderScore, mutual_surprise
from combat.systems.farscape.wounds import Track
from combat.turns import InitiativeEntry, Phase, Slot, TurnState

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "combat" / "systems" / "d6pool"))

from d6_kit import SYSTEM as D6POOL


def test_beats_read_as_who_did_what_to_whom():
    hit = Beat("aeryn", "shoot", "trooper", True, "Hurt", "lethal")
    assert render_beat(hit, NAMES) == "Aeryn → Trooper 1: hit, Hurt"
    assert render_beat(Beat("aeryn", "punch", "trooper"), NAMES) == "Aeryn → Trooper 1: miss"
    out = Beat("aeryn", "grenade", "trooper", True, "Incapacitated", "lethal", True, "fragments")
    assert render_beat(out, NAMES) == "Aeryn → Trooper 1: hit, Incapacitated, fragments, out"
    assert render_beat(Beat("dargo", "dodge", note="Great"), NAMES) == "D'Argo: dodge (Great)"
    assert render_beat(Beat("@x", "reload"), {}) == "@\u200bx: reload"


def test_tending_someone_reads_as_care_and_is_neither_hit_nor_miss():
    from combat.summary import care

    aid = care("dargo", "aeryn", "first aid", "eases to Hurt")
    assert aid == Beat("dargo", "first aid", "aeryn", note="eases to Hurt", aid=True)
    assert render_beat(aid, NAMES) == "D'Argo → Aeryn: first aid, eases to Hurt"
    assert care(None, "aeryn", "rest") == care("aeryn", "aeryn", "rest") == Beat("aeryn", "rest")
    summary = summarize_round(1, [aid, Beat("aeryn", "punch", "trooper")], [], [])
    assert (summary.hits, summary.misses) == (0, 1)


def test_a_round_summary_from_real_results():
    enc = encounter(person("aeryn", weapons=("sword",), melee_weapon=2, strength=1, speed=1),
                    person("trooper", armour="vest", brawling=0), person("dargo", weapons=("pistol",), firearms=1),
                    person("rygel", agility=1))
    blow = act(enc, "aeryn", "attack", ["trooper"], 1, -1, 0)
    shot = act(blow.encounter, "dargo", "shoot", ["rygel"], 0, 0)
    beats = [*SYSTEM.digest(blow.result), *SYSTEM.digest(shot.result)]
    after = shot.encounter
    conditions = [(c.id, s) for c in after.combatants for s in SYSTEM.status(c)]
    summary = summarize_round(1, beats, conditions, [("aeryn",), ("dargo", "rygel")])
    assert render_round_summary(summary, NAMES) == [
        "Round 1 summary",
        "Aeryn → Trooper 1: hit, Very Hurt, out",
        "Trooper 1 → Aeryn: miss",
        "D'Argo → Rygel: miss",
        "Hits: 1, misses: 2",
        "Down: Trooper 1",
        "In force: Trooper 1: unconscious; Rygel: dodging",
        "Order for round 2: Aeryn, D'Argo and Rygel together",
    ]


def test_an_empty_round():
    lines = render_round_summary(summarize_round(3, [], [], []), NAMES)
    assert lines == ["Round 3 summary", "Nothing happened", "Hits: 0, misses: 0"]


def test_whose_turn_it_is():
    enc = encounter(person("aeryn"), person("dargo"), person("trooper"))
    assert render_turn(enc, NAMES) == "The fight has not started yet"
    one = replace(enc, turns=TurnState(round=2, queue=(Slot("action", (3,), ("aeryn",)),)))
    assert render_turn(one, NAMES) == "Round 2 — Aeryn's turn"
    two = replace(enc, turns=TurnState(round=2, queue=(Slot("action", (2,), ("aeryn", "dargo", "trooper"),
                                                            done=frozenset({"trooper"})),)))
    assert render_turn(two, NAMES) == "Round 2 — Aeryn and D'Argo act together"
    phased = TurnState(phases=(Phase("move"), Phase("action")), round=1, queue=(Slot("move", (1,), ("dargo",)),))
    assert render_turn(replace(enc, turns=phased), NAMES) == "Round 1, move phase — D'Argo's turn"
    assert render_turn(replace(enc, turns=TurnState(round=4)), NAMES) == "Round 4 is over"
    call = TurnState(round=2, queue=(Slot("action", (1,), ("aeryn",), interrupt=True, last_call=True),))
    assert render_turn(replace(enc, turns=call), NAMES) == "Round 2 — Aeryn's turn with the held action, before the " \
        "round ends"
    moving = TurnState(phases=(Phase("move"), Phase("action")), round=1,
                       queue=(Slot("move", (1,), ("dargo",), interrupt=True, last_call=True),))
    assert render_turn(replace(enc, turns=moving), NAMES) == "Round 1, move phase — D'Argo's turn with the held " \
        "action, before the move phase ends"


def test_surprise_and_the_recovery_at_the_next_elements():
    enc = encounter(person("aeryn", willpower=0), person("trooper", talents=("cool head",)), person("rygel"))
    enc, frozen = SYSTEM.surprise(enc, "foes")
    assert render_result(frozen, NAMES) == ["Surprise: the foes side is caught off guard",
                                            "Frozen: Rygel (no action, no defence for now)"]
    enc, first = SYSTEM.start_round(enc, ScriptedDice())
    assert render_result(first, NAMES) == ["Element 1 begins"]
    enc, second = SYSTEM.start_round(enc, ScriptedDice(f4(-1)))  # the engine, not start_round, counts rounds
    assert render_result(second, NAMES)[1:] == [
        "Rygel tries to shake off the surprise: Willpower Fair (0), dice [− ▢ ▢ ▢] -1 → Mediocre (-1) against "
        "Fair (0): fails by 1",
        "Rygel stays frozen",
    ]


def test_conditions_that_run_out_are_named():
    enc = encounter(person("aeryn", conditions=(Condition("prone", -1, 1, source="trooper"),
                                                Condition("acted", elements=1))))
    _, start = SYSTEM.start_round(enc, ScriptedDice())
    assert render_result(start, NAMES) == ["Element 1 begins", "Aeryn is no longer prone"]


def test_the_leaders_contest_in_a_mutual_surprise():
    first = LeaderScore("aeryn", 1, 2, 0, 0, 0)
    second = LeaderScore("trooper", 2, 0, 1, 0, 0)
    contest = mutual_surprise(first, second, (2, 1))
    assert render_result(contest, NAMES) == [
        "Mutual surprise: the leaders compare",
        "Aeryn: Initiative +1, Cool Head +2 = 3",
        "Trooper 1: Initiative +2, Intellect +1 = 3",
        "Tied: they compare Agility, Aeryn Great (+2) against Trooper 1 Good (+1)",
        "Aeryn's side acts first; Trooper 1's side freezes",
    ]
    assert render_result(mutual_surprise(first, second, (1, 1)), NAMES)[-1] == (
        "Tied on Agility too: both sides act at the same time; nobody freezes")


def test_healing_results():
    hurt = person("aeryn")
    hurt = replace(hurt, health=replace(hurt.health, lethal=Track("lethal", (1, 1, 0, 0, 0))),
                   conditions=(Condition("unconscious"),))
    treated = treat(hurt.health, ScriptedDice(f4(2)), skill="first aid", level=1)
    assert render_result(treated, NAMES) == [
        "First Aid on Hurt: First Aid Good (+1), dice [+ + ▢ ▢] +2 → Superb (+3) against Fair (0): succeeds by 3",
        "The wound eases to Scratch",
        "It takes 12 arns (halved: two levels over)",
    ]
    knocked = replace(hurt, health=replace(hurt.health, stun=Track("stun", (0, 0, 0, 1))))
    assert render_result(rest(knocked, 2), NAMES) == [
        "Aeryn rests 2 arns: stun Unconscious → Stunned",
        "Aeryn wakes up",
    ]
    woken = wake(knocked, ScriptedDice(f4(0)))
    assert render_result(woken, NAMES)[-1] == "Aeryn stays out; try again in a quarter arn"


def test_an_unknown_result_renders_nothing():
    assert render_result(object(), NAMES) == []


def test_the_next_order_is_named_phase_by_phase_when_a_round_has_several() -> None:
    names = {"vera": "Vera", "max": "Max"}
    order = (("max",), ("vera",), ("vera",), ("max",))
    summary = summarize_round(1, (), (), order, ("move", "move", "action", "action"))
    assert render_round_summary(summary, names)[-1] == "Order for round 2: move: Max, Vera; action: Vera, Max"
    single = summarize_round(1, (), (), (("vera",), ("max",)))
    assert render_round_summary(single, names)[-1] == "Order for round 2: Vera, Max"


def test_one_who_goes_down_by_himself_is_down_too():
    # A failed end-of-round test (Deryni's Consciousness Test) or his own fatigue: a beat with no victim, but out.
    beats = [Beat("aeryn", "Consciousness Test", out=True, note="falls unconscious"),
             Beat("dargo", "Consciousness Test", note="stays conscious")]
    lines = render_round_summary(summarize_round(2, beats, (), ()), NAMES)
    assert "Aeryn: Consciousness Test (falls unconscious)" in lines and "Down: Aeryn" in lines


def test_one_who_left_the_encounter_before_the_round_ended_is_named_as_the_summary_knew_him():
    # The GM removed Trooper 2 mid-round: the encounter no longer names him; the summary does.
    beats = [Beat("aeryn", "shoot", "trooper 2", True, "Hurt", "lethal", True), Beat("trooper 2", "shoot", "aeryn")]
    summary = summarize_round(1, beats, (("trooper 2", "dazed"),), [("aeryn",)], names={"trooper 2": "Trooper 2"})
    assert render_round_summary(summary, NAMES)[1:6] == [
        "Aeryn → Trooper 2: hit, Hurt, out", "Trooper 2 → Aeryn: miss", "Hits: 1, misses: 1", "Down: Trooper 2",
        "In force: Trooper 2: dazed"]
    # Whoever is in the encounter is named by it.
    renamed = summarize_round(1, [Beat("aeryn", "reload")], (), (), names={"aeryn": "Old name"})
    assert render_round_summary(renamed, NAMES)[1] == "Aeryn: reload"


def test_a_note_that_says_out_already_is_not_followed_by_out_again():
    knocked = Beat("aeryn", "attack", "trooper", True, "-2 HTK", None, True, "knocked out")
    assert render_beat(knocked, NAMES) == "Aeryn → Trooper 1: hit, -2 HTK, knocked out"


def test_the_next_order_shows_the_counts_when_someone_acts_more_than_once():
    summary = summarize_round(1, (), (), [("aeryn",), ("dargo",), ("aeryn",)], (), (14, 11, 8))
    assert render_round_summary(summary, NAMES)[-1] == "Order for round 2: Aeryn (14), D'Argo (11), Aeryn (8)"
    once = summarize_round(1, (), (), [("aeryn",), ("dargo",)], (), (14, 11))  # each acts once: no counts
    assert render_round_summary(once, NAMES)[-1] == "Order for round 2: Aeryn, D'Argo"


def test_the_status_says_who_holds_an_action():
    enc = encounter(person("aeryn"), person("dargo"))
    held = replace(enc, turns=TurnState(round=1, queue=(Slot("main", (3,), ("dargo",)),), held=("aeryn",)))
    assert state_text(SYSTEM, held, held.get("aeryn")) == "holding an action"
    assert state_text(SYSTEM, held, held.get("dargo")) == "ready"


def test_the_status_tells_who_has_no_turn_left_this_round_from_who_is_still_to_act():
    enc = encounter(person("aeryn"), person("dargo"), person("rygel"))
    # Aeryn acted (no slot of the round left names her); D'Argo acts now, Rygel later.
    queue = (Slot("main", (3,), ("dargo",)), Slot("main", (1,), ("rygel",)))
    going = replace(enc, turns=TurnState(round=1, queue=queue))
    assert state_text(SYSTEM, going, going.get("aeryn")) == "no turn left this round"
    assert state_text(SYSTEM, going, going.get("dargo")) == "ready"
    assert state_text(SYSTEM, going, going.get("rygel")) == "ready"
    # Before the fight begins nobody has had a turn: all are ready.
    assert state_text(SYSTEM, enc, enc.get("aeryn")) == "ready"


def test_the_status_lists_the_fighters_highest_initiative_first_newcomers_without_one_last():
    enc = encounter(person("aeryn"), person("dargo"), person("rygel"), person("pal"))
    order = (InitiativeEntry("aeryn", (1,)), InitiativeEntry("rygel", (3,)), InitiativeEntry("dargo", (3,), (1,)))
    ranked = by_initiative(replace(enc, turns=TurnState(round=1, order=order)))
    assert [c.id for c in ranked] == ["dargo", "rygel", "aeryn", "pal"]


def test_the_status_says_an_object_takes_no_part_rather_than_ready():
    truck = D6POOL.build_sheet(SheetRequest(template="dump truck")).sheet
    scenery = Combatant("truck", "Truck", "scenery", truck, D6POOL.new_health(truck), state=D6POOL.new_state(truck))
    enc = Encounter("d6pool", (scenery,))
    assert state_text(D6POOL, enc, scenery) == "takes no part in the fight"


def test_the_status_reads_an_initiative_as_its_system_does():
    assert initiative_text(find("deryni").renderer, 2) == "Initiative Great (+2)"
    assert initiative_text(find("d6pool").renderer, 13) == "init +13"  # no ladder: the number
