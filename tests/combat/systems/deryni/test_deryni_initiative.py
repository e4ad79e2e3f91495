"""Deryni Initiative (4.1, 4.2 steps 1-3): Agility, +1 for a better weapon skill, +1 for the longer weapon against
one's foe, ties rolled off (2dF, repeated until someone leads) and kept for the fight, hold and release."""

from dataclasses import replace

import pytest
from deryni_kit import SYSTEM, act, attack, f2, faces, fight, man, state

from combat import engine
from combat.dice import ScriptedDice
from combat.errors import RulesError
from combat.model import Encounter
from combat.systems.deryni.initiative import foes, scores
from combat.systems.deryni.rounds import DeryniRoundStart


def values(enc: Encounter) -> dict[str, int]:
    return {s.combatant: s.value for s in scores(enc, SYSTEM.tables)}


def order(enc: Encounter) -> list[tuple[str, ...]]:
    return [s.actors for s in enc.turns.queue]


def test_initiative_is_agility_plus_one_when_the_weapon_skill_is_higher():
    # 4.1's example: Bob, Fair Agility, Great Broad Sword: Good; with his Fair dagger only Fair.
    bob = man("bob", agility=0, broadsword=2, dagger=0, weapons=("broadsword", "dagger"))
    knave = man("foe", agility=-1, broadsword=-1)
    enc = fight(bob, knave)
    assert values(enc)["bob"] == 1
    with_dagger = enc.put(replace(bob, state=replace(bob.state, wielding="dagger")))
    assert values(with_dagger)["bob"] == 0


def test_an_initiative_the_sheet_gives_is_his_initiative_with_no_skill_bonus_on_top():
    # "Bob's Initiative is Good": written so, it is Good whatever his Broadsword (Great), Agility aside; the longer
    # weapon still adds +1 ("Bob gets a +1 to his Initiative"). Without the fix Bob's Great skill made him Great.
    bob = man("bob", initiative=1, broadsword=2)
    enc = fight(bob, man("foe", initiative=1, broadsword=1), dice=faces(f2(-2), f2(1)))
    assert values(enc) == {"bob": 1, "foe": 1}
    longer = fight(man("bob", initiative=1, greatsword=2, weapons=("greatsword",)),
                   man("foe", initiative=0, dagger=0, weapons=("dagger",)))
    assert values(longer) == {"bob": 2, "foe": 0}


def test_an_equal_skill_gives_no_bonus():
    enc = fight(man("bob", agility=1, broadsword=1), man("foe", agility=-1))
    assert values(enc)["bob"] == 1


def test_the_longer_weapon_gets_plus_one_against_its_foe():
    # 4.2's example: Bob's greatsword against a dagger: +1 to Bob.
    bob = man("bob", agility=0, greatsword=0, weapons=("greatsword",))
    foe = man("foe", agility=0, dagger=0, weapons=("dagger",))
    enc = fight(bob, foe)
    found = {s.combatant: s for s in scores(enc, SYSTEM.tables)}
    assert (found["bob"].length, found["foe"].length) == (1, 0)
    assert values(enc) == {"bob": 1, "foe": 0}
    assert order(enc) == [("bob",), ("foe",)]


def test_equal_lengths_give_nobody_the_bonus():
    enc = fight(man("bob", agility=1), man("foe", agility=0))
    assert all(s.length == 0 for s in scores(enc, SYSTEM.tables))


def test_foes_pair_in_the_order_added_and_the_gm_can_pair_them_otherwise():
    a, b = man("a", "left", agility=3), man("b", "left", agility=2)
    x, y = man("x", "right", agility=1), man("y", "right", agility=0)
    enc = fight(a, b, x, y)
    assert foes(enc) == {"a": "x", "b": "y", "x": "a", "y": "b"}
    step = engine.use_tool(SYSTEM, enc, "engage", {"target": "a", "foe": "y"}, ScriptedDice([]))
    assert foes(step.encounter) == {"a": "y", "b": "x", "x": "b", "y": "a"}
    # The GM's pairing comes first: a's swing at x in between leaves a paired with y for the length bonus.
    swung = attack(step.encounter, "a", "x", faces(f2(-2), f2(0)), defence="parry").encounter
    assert state(swung, "a").foe == "x" and foes(swung)["a"] == "y"


def test_an_attack_makes_the_attacker_and_an_unpaired_target_foes():
    a, b = man("a", "left", agility=3), man("b", "left", agility=2)
    x = man("x", "right", agility=1)
    enc = fight(a, b, x, man("z", "onlookers", agility=-3))
    step = attack(enc, "a", "x", faces(f2(-2), f2(0)), defence="parry")  # parried
    assert state(step.encounter, "a").foe == "x" and state(step.encounter, "x").foe == "a"


def test_a_tie_is_rolled_off_on_2df_and_shown():
    # Both Good; Bob rolls Mediocre (Good-2), the bandit Great (Good+1): the bandit goes first (4.2, Example 3).
    bob, bandit = man("bob", agility=1), man("foe", agility=1)
    script = ScriptedDice(faces(f2(-2), f2(1)))
    step = engine.begin(SYSTEM, Encounter("deryni", (bob, bandit), state=SYSTEM.new_encounter_state()), script)
    assert script.remaining == 0
    assert order(step.encounter) == [("foe",), ("bob",)]
    start = step.change.started
    assert isinstance(start, DeryniRoundStart)
    (roll_off,) = start.rolloffs
    assert roll_off.value == 1 and roll_off.order == ("foe", "bob")
    assert [r.result for r in roll_off.throws[0].rolls] == [-1, 2]


def test_a_roll_off_is_repeated_until_someone_leads():
    script = faces(f2(0), f2(0), f2(1), f2(-1))  # a tie again, then Bob leads
    enc = fight(man("bob", agility=1), man("foe", agility=1), dice=script)
    assert order(enc) == [("bob",), ("foe",)]


def test_three_tied_roll_off_and_those_still_tied_roll_again():
    trio = (man("a", "x", agility=0), man("b", "y", agility=0), man("c", "z", agility=0))
    # a and c tie on top (+1), b is last; a and c roll again: c leads.
    enc = fight(*trio, dice=faces(f2(1), f2(-1), f2(1), f2(-2), f2(2)))
    assert order(enc) == [("c",), ("a",), ("b",)]


def test_the_roll_off_stands_for_the_fight_while_conditions_hold():
    enc = fight(man("bob", agility=1), man("foe", agility=1), man("zed", "x", agility=-3), dice=faces(f2(1), f2(0)))
    for _ in range(3):
        enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter  # round 2 starts: no dice for the tie
    assert enc.turns.round == 2 and order(enc) == [("bob",), ("foe",), ("zed",)]


def test_a_changed_tie_is_rolled_off_again():
    enc = fight(man("bob", agility=1), man("foe", agility=1), man("zed", "x", agility=1),
                dice=faces(f2(1), f2(0), f2(-1)))
    assert order(enc) == [("bob",), ("foe",), ("zed",)]
    enc = enc.put(replace(enc.get("zed"), sheet=replace(enc.get("zed").sheet, traits={
        **enc.get("zed").sheet.traits, "agility": -3})))
    script = ScriptedDice(faces(f2(-1), f2(1)))  # bob and foe alone now: a new roll-off
    for _ in range(2):
        enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    enc = engine.next_turn(SYSTEM, enc, script).encounter
    assert script.remaining == 0 and order(enc) == [("foe",), ("bob",), ("zed",)]


def test_the_leader_may_hold_and_act_later_in_the_round():
    enc = fight(man("bob", agility=2), man("foe", agility=1), man("zed", "x", agility=0))
    held = engine.hold(SYSTEM, enc, "bob", ScriptedDice([])).encounter
    assert held.turns.held == ("bob",) and held.turns.is_turn_of("foe")
    released = engine.release(SYSTEM, held, "bob", ScriptedDice([])).encounter
    assert released.turns.is_turn_of("bob")
    step = act(released, "bob", "attack", ("foe",), faces(f2(-2), f2(0)), defence="parry")
    assert step.encounter.turns.is_turn_of("foe")


def test_a_dodge_costs_one_initiative_next_round():
    enc = fight(man("bob", agility=3, dodge=0), man("foe", agility=1), man("zed", "x", agility=0))
    step = attack(enc, "foe", "bob", faces(f2(0), f2(0)), defence="dodge")
    assert state(step.encounter, "bob").dodges == 1
    enc = engine.next_turn(SYSTEM, step.encounter, ScriptedDice([])).encounter  # zed passes: round 2
    assert enc.turns.round == 2 and values(enc)["bob"] == 2
    assert state(enc, "bob").dodges == 0 and state(enc, "bob").initiative == -1


def test_a_newcomer_tied_with_someone_acts_after_him_this_round():
    enc = fight(man("bob", agility=2), man("foe", agility=0), man("zed", "x", agility=-3))
    step = engine.add(SYSTEM, enc, man("new", "x", agility=0), ScriptedDice([]))
    queue = order(step.encounter)
    assert queue.index(("foe",)) < queue.index(("new",))


def test_initiative_does_not_change_with_wounds():
    enc = fight(man("bob", agility=1, wounds=(2,)), man("foe", agility=0))
    assert values(enc)["bob"] == 1


def test_the_round_start_shows_initiative_when_it_changes():
    enc = fight(man("bob", agility=2), man("foe", agility=0), man("zed", "x", agility=-3))
    step = engine.next_turn(SYSTEM, engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter, ScriptedDice([]))
    step = engine.next_turn(SYSTEM, step.encounter, ScriptedDice([]))
    assert isinstance(step.change.started, DeryniRoundStart) and not step.change.started.changed


def test_allies_tied_on_initiative_roll_no_dice_only_foes_roll_off():
    # "In each group ... If the Initiatives are a tie, than the combatants make an Opposed roll off" (4.2 step 3),
    # and "Each PC is in his/her own group". Example 2: Bob (Agility Good) fights the bandit (Agility Fair); his
    # friend (Agility Good) sneaks up on the same bandit. Bob and the friend, both PCs, tie on Good, but each is in
    # his own group: no dice (fight() checks every scripted face is used), Bob first as he was added first.
    bob = man("bob", owner="p1", agility=1, broadsword=1)
    friend = man("friend", owner="p2", agility=1, broadsword=1)
    bandit = man("bandit", "bandits", agility=0, broadsword=0)
    enc = fight(bob, bandit, friend)
    assert order(enc) == [("bob",), ("friend",), ("bandit",)]
    # Two groups: Bob and the bandit, the friend and a second bandit; both bandits Fair, in different groups.
    enc = fight(bob, bandit, friend, man("bandit2", "bandits", agility=0, broadsword=0))
    assert order(enc) == [("bob",), ("friend",), ("bandit",), ("bandit2",)]
    # The bandit Good too: he ties his foes, so all three roll off, in the order added: Bob [0 0] = Good, the bandit
    # [+ +] = Superb, the friend [- 0] = Fair: the bandit, Bob, the friend.
    enc = fight(bob, man("bandit", "bandits", agility=1, broadsword=0), friend, dice=faces(f2(0), f2(2), f2(-1)))
    assert order(enc) == [("bandit",), ("bob",), ("friend",)]
    # Bob and the friend both beat him on the throw ([+ 0] each, the bandit [- -]): each PC's tie with the bandit
    # is settled. Still tied with each other, but in no group together: no second throw (fight() checks every face
    # is used), Bob first as he was added first.
    enc = fight(bob, man("bandit", "bandits", agility=1, broadsword=0), friend, dice=faces(f2(1), f2(-2), f2(1)))
    assert order(enc) == [("bob",), ("friend",), ("bandit",)]


def test_the_longer_weapon_must_outreach_everyone_in_the_fight():
    # "In each group, figure out who has the greater weapon length" (4.2 step 2). Bob (Agility Fair, Broad Sword
    # Fair) fights two bandits: one with a dagger (Agility Mediocre), one with a spear (Agility Poor). The spear is
    # the longest in the group: that bandit alone gets +1 (Mediocre); Bob's broadsword outreaches the dagger but
    # not the spear: he stays Fair. The two bandits tie on Mediocre in Bob's group: they roll off, the dagger first
    # (added first): Mediocre + [+ 0] = Fair, the spear Mediocre + [0 0] = Mediocre: the dagger acts first.
    bob = man("bob", owner="p1", agility=0, broadsword=0)
    dagger = man("dagger", "bandits", agility=-1, dagger=-1, weapons=("dagger",))
    spear = man("spear", "bandits", agility=-2, spear=-2, weapons=("spear",))
    enc = fight(bob, dagger, spear, dice=faces(f2(1), f2(0)))
    assert foes(enc) == {"bob": "dagger", "dagger": "bob", "spear": "bob"}
    assert values(enc) == {"bob": 0, "dagger": -1, "spear": -1}
    assert order(enc) == [("bob",), ("dagger",), ("spear",)]
    # Example 2's friends each in their own fight with the bandit: Bob's broadsword and the friend's spear both
    # outreach the bandit's dagger: +1 each; Bob Good, the friend Good (Agility Fair), the bandit Mediocre.
    bandit = man("bandit", "bandits", agility=-1, dagger=-1, weapons=("dagger",))
    friend = man("friend", owner="p2", agility=0, spear=0, weapons=("spear",))
    enc = fight(bob, bandit, friend)
    assert values(enc) == {"bob": 1, "bandit": -1, "friend": 1}


def test_only_the_highest_of_a_fight_may_hold_the_others_react():
    # "The highest is given the choice of making his action first, or holding it"; Example 3: "The bandit goes first
    # and Bob has to react rather than control the action." Bob (Great) fights foe (Good); zed (Fair) has no foe
    # of his own and is paired with Bob's... whoever is free: here foe2 (Poor), below him.
    enc = fight(man("bob", agility=2), man("foe", agility=1), man("zed", agility=0), man("foe2", agility=-2))
    enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter  # Bob passes: the foe's turn
    assert enc.turns.is_turn_of("foe")
    with pytest.raises(RulesError, match="Only the highest Initiative of a fight may hold: Bob is above Foe"):
        engine.hold(SYSTEM, enc, "foe", ScriptedDice([]))
    enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter  # zed leads his own fight, with foe2
    held = engine.hold(SYSTEM, enc, "zed", ScriptedDice([])).encounter
    assert held.turns.held == ("zed",) and held.turns.is_turn_of("foe2")
    with pytest.raises(RulesError, match="Zed is above Foe2"):
        engine.hold(SYSTEM, held, "foe2", ScriptedDice([]))


def test_two_npcs_tied_on_top_of_one_pcs_group_roll_off_and_only_the_winner_may_hold():
    # "Determine who's fighting who ... Each PC is in his/her own group"; "In each group ... Compare Initiatives of
    # the participants. The highest is given the choice of making his action first, or holding it ... If the
    # Initiatives are a tie, than the combatants make an Opposed roll off Initiative until there is someone with an
    # advantage" (4.2 steps 1 and 3). Bob (a PC; Agility Fair, Broad Sword Fair: Fair) fights two bandits, both
    # Agility Good, Broad Sword Good (not higher): Good; same broadswords, no length bonus. Both bandits fight Bob:
    # one group, tied on Good at its top. Roll-off, in the order added: bandit Good + [0 0] = Good, bandit2 Good
    # + [+ 0] = Great: bandit2 leads the group; the bandit follows and may not hold; then Bob.
    bob = man("bob", owner="p1", agility=0, broadsword=0)
    bandit = man("bandit", "bandits", agility=1, broadsword=1)
    bandit2 = man("bandit2", "bandits", agility=1, broadsword=1)
    enc = fight(bob, bandit, bandit2, dice=faces(f2(0), f2(1)))
    assert foes(enc) == {"bob": "bandit", "bandit": "bob", "bandit2": "bob"}
    assert values(enc) == {"bob": 0, "bandit": 1, "bandit2": 1}
    assert order(enc) == [("bandit2",), ("bandit",), ("bob",)]
    enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter  # bandit2 acts first (here: passes)
    assert enc.turns.is_turn_of("bandit")
    with pytest.raises(RulesError, match="Bandit2 is above Bandit"):
        engine.hold(SYSTEM, enc, "bandit", ScriptedDice([]))
