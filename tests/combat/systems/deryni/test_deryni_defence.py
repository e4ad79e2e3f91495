"""Deryni defences, chosen before any die rolls (4.2 step 4): exactly the defender's options, a stated default, the
NPC's defence by the GM, one attack and one defence each with a different item, and the special defences."""

import pytest
from deryni_kit import SYSTEM, act, answer, attack, declare, f2, f4, faces, fight, man, state, turn_to

from combat import engine
from combat.dice import ScriptedDice
from combat.errors import CannotAct
from combat.intent import Declared
from combat.systems.deryni.results import Strike

KNIGHT = {"agility": 1, "broadsword": 1, "shield_": 2, "dodge": 0, "acrobatics": 1}


def knight(owner: str | None = "bob") -> object:
    return man("morgan", owner=owner, shield="kite shield", weapons=("broadsword", "dagger"), **KNIGHT)


def test_a_player_s_fighter_is_asked_with_exactly_his_options_and_a_default():
    enc = fight(man("foe", agility=2), knight(), man("zed", "x", agility=-3))
    step = declare(enc, "foe", "morgan")
    assert isinstance(step.result, Declared)
    reaction = step.result.reaction
    assert reaction.combatant == "morgan" and reaction.prompt == "Defend against the broadsword"
    assert reaction.answers() == ("shield", "parry", "dodge", "acrobatics", "allout-shield", "allout-parry",
                                  "allout-dodge", "allout-acro", "none")
    assert reaction.label("shield") == "Shield (kite shield)" and reaction.label("parry") == "Parry (broadsword)"
    assert reaction.default == "shield"  # his best defence by skill: Shield Great
    assert step.encounter.pending is not None and step.encounter.turns.is_turn_of("foe")  # no dice, turn unmoved


def test_without_a_shield_there_is_no_shield_choice():
    enc = fight(man("foe", agility=2), man("duncan", owner="carol", agility=1, greatsword=2, dodge=0,
                                          weapons=("greatsword",)), man("zed", "x", agility=-3))
    reaction = declare(enc, "foe", "duncan").result.reaction
    assert "shield" not in reaction.answers() and "allout-shield" not in reaction.answers()
    assert reaction.default == "parry"


def test_the_answer_resolves_the_attack_with_that_defence():
    enc = fight(man("foe", agility=2), knight(), man("zed", "x", agility=-3))
    step = declare(enc, "foe", "morgan")
    done = answer(step.encounter, "dodge", faces(f2(0), f2(0)))
    assert isinstance(done.result, Strike) and done.result.defence.kind == "dodge"
    assert done.result.parry is not None and done.result.parry.trait == "dodge"


def test_an_npc_is_not_asked_and_defends_with_his_best_by_default():
    enc = fight(knight(owner="bob"), man("foe", agility=0, broadsword=0, dodge=1), man("zed", "x", agility=-3))
    assert SYSTEM.reaction_for(enc, engine_intent("morgan", "foe")) is None
    result = attack(enc, "morgan", "foe", faces(f2(-2), f2(0))).result
    assert result.defence.kind == "dodge"  # Dodge Good beats his Fair broadsword parry


def engine_intent(actor: str, target: str, **options: object):
    from combat.system import Intent

    return Intent(actor, "attack", (target,), options)


def test_the_gm_may_give_an_npc_s_defence_with_the_attack_or_as_his_standing_choice():
    enc = fight(knight(owner="bob"), man("foe", agility=0, broadsword=0, dodge=1), man("zed", "x", agility=-3))
    assert attack(enc, "morgan", "foe", faces(f2(-2), f2(0)), defence="parry").result.defence.kind == "parry"
    enc = engine.use_tool(SYSTEM, enc, "defence", {"target": "foe", "defence": "none"}, ScriptedDice([])).encounter
    assert attack(enc, "morgan", "foe", faces(f2(-2), f4(0))).result.defence.kind == "none"  # a Hurt: its test


def test_a_player_attacking_his_own_fighter_or_given_a_defence_is_not_asked():
    enc = fight(man("foe", agility=2, owner="bob"), knight(), man("zed", "x", agility=-3))
    assert SYSTEM.reaction_for(enc, engine_intent("foe", "morgan")) is None  # same player
    enc = fight(man("foe", agility=2), knight(), man("zed", "x", agility=-3))
    assert SYSTEM.reaction_for(enc, engine_intent("foe", "morgan", defence="dodge")) is None


def test_parrying_and_then_striking_with_the_same_sword_is_refused_saying_why():
    enc = fight(man("foe", agility=2), knight(), man("zed", "x", agility=-3))
    step = attack(enc, "foe", "morgan", faces(f2(-2), f2(0)), defence="parry")
    with pytest.raises(CannotAct, match="parried with their broadsword this round, so cannot strike with it too"):
        attack(step.encounter, "morgan", "foe", faces(f2(0), f2(0)))
    # Another item is fine: his dagger.
    done = attack(step.encounter, "morgan", "foe", faces(f2(-2), f2(0)), weapon="dagger")
    assert done.result.weapon == "dagger"


def test_after_striking_with_the_sword_he_cannot_parry_with_it():
    enc = fight(man("morgan", owner="bob", agility=2, broadsword=1, dodge=0), man("foe", agility=1, broadsword=0),
                man("zed", "x", agility=-3))
    step = attack(enc, "morgan", "foe", faces(f2(-2), f2(2)), defence="dodge")
    reaction = declare(step.encounter, "foe", "morgan").result.reaction
    assert "parry" not in reaction.answers()
    with pytest.raises(CannotAct, match="attacked with their broadsword this round, so cannot parry with it too"):
        attack(step.encounter, "foe", "morgan", faces(f2(0), f2(0)), defence="parry")


def test_a_second_weapon_of_the_same_kind_is_a_different_item():
    # "Each action must be done with a different item or ability ... Using a shield or a second weapon is usually the
    # case here" [seed]: two short swords are two items. Parry with one, strike with the other; strike with one,
    # parry with the other; a disarm knocks one from his hand and he strikes with the one left.
    def pair(cid: str, **traits: int) -> object:
        return man(cid, owner="bob", weapons=("shortsword", "shortsword"), shortsword=1, dodge=0, **traits)

    enc = fight(man("foe", agility=2), pair("morgan", agility=1), man("zed", "x", agility=-3))
    parried = attack(enc, "foe", "morgan", faces(f2(-2), f2(0)), defence="parry")
    assert attack(parried.encounter, "morgan", "foe", faces(f2(-2), f2(2))).result.weapon == "shortsword"
    enc = fight(pair("morgan", agility=2), man("foe", agility=0, broadsword=0), man("zed", "x", agility=-3))
    struck = attack(enc, "morgan", "foe", faces(f2(-2), f2(2)), defence="dodge")
    assert "parry" in declare(struck.encounter, "foe", "morgan").result.reaction.answers()
    enc = fight(man("foe", agility=2, broadsword=3), pair("morgan", agility=1), man("zed", "x", agility=-3))
    disarmed = attack(enc, "foe", "morgan", faces(f2(0), f2(-2), f2(0), f2(-2)), disarm="weapon", defence="parry")
    assert strike_of(disarmed).outcome == "disarmed" and state(disarmed.encounter, "morgan").dropped == ("shortsword",)
    assert attack(disarmed.encounter, "morgan", "foe", faces(f2(-2), f2(2))).result.weapon == "shortsword"
    # Two parries with the one in hand, the second against a disarm that takes it: the other never parried.
    enc = fight(man("foe", agility=2), man("foe2", agility=2, broadsword=3), pair("morgan", agility=1),
                man("zed", "x", agility=-3))
    first = attack(enc, "foe", "morgan", faces(f2(-2), f2(0)), defence="parry")
    second = attack(first.encounter, "foe2", "morgan", faces(f2(0), f2(-2), f2(0), f2(-2)), disarm="weapon",
                    defence="parry")
    assert strike_of(second).outcome == "disarmed" and state(second.encounter, "morgan").defended_with == ()
    assert attack(second.encounter, "morgan", "foe", faces(f2(-2), f2(2))).result.weapon == "shortsword"
    with pytest.raises(CannotAct, match="can strike with shortsword, unarmed"):  # each kind named once
        attack(second.encounter, "morgan", "foe", (), weapon="dagger")
    # One short sword only: the parry still rules the strike out.
    single = fight(man("foe", agility=2), man("morgan", owner="bob", weapons=("shortsword",), shortsword=1,
                                              agility=1), man("zed", "x", agility=-3))
    once = attack(single, "foe", "morgan", faces(f2(-2), f2(0)), defence="parry")
    with pytest.raises(CannotAct, match="parried with their short sword"):
        attack(once.encounter, "morgan", "foe", faces(f2(0), f2(0)))


def strike_of(step: object) -> Strike:
    result = step.result  # type: ignore[attr-defined]
    return result if isinstance(result, Strike) else result.result


def test_a_shield_blow_then_a_shield_block_is_refused():
    enc = fight(knight(), man("foe", agility=-1, broadsword=1), man("zed", "x", agility=-3))
    step = attack(enc, "morgan", "foe", faces(f2(-2), f2(2)), weapon="shield", defence="dodge")
    assert step.result.weapon_name == "kite shield" and step.result.attack.trait == "shield"
    with pytest.raises(CannotAct, match="struck with their shield this round, so cannot block with it too"):
        attack(step.encounter, "foe", "morgan", faces(f2(0), f2(0)), defence="shield")


def test_a_dodge_is_minus_one_to_his_later_actions_this_round_not_to_itself():
    enc = fight(man("foe", agility=2), knight(), man("zed", "x", agility=-3))
    step = attack(enc, "foe", "morgan", faces(f2(-2), f2(0)), defence="dodge")
    assert not step.result.parry.modifiers and step.result.dodged
    later = attack(step.encounter, "morgan", "foe", faces(f2(-2), f2(0)), defence="dodge").result
    assert [(m.name, m.value) for m in later.attack.modifiers] == [("dodged", -1)]


def test_acrobatics_of_good_or_better_avoids_the_dodge_s_cost():
    enc = fight(man("foe", agility=2), knight(), man("zed", "x", agility=-3))
    step = attack(enc, "foe", "morgan", faces(f2(-2), f2(0)), defence="acrobatics")  # Good: no cost
    assert step.result.acrobatic and not step.result.dodged and state(step.encounter, "morgan").dodges == 0
    step = attack(enc, "foe", "morgan", faces(f2(-2), f2(-1)), defence="acrobatics")  # Fair: a dodge
    assert step.result.dodged and state(step.encounter, "morgan").dodges == 1


def test_additional_defences_are_at_a_cumulative_minus_one():
    enc = fight(man("a", "foes", agility=4), man("b", "foes", agility=3), man("c", "foes", agility=2), knight())
    penalties = []
    for foe in ("a", "b", "c"):
        step = attack(enc, foe, "morgan", faces(f2(-2), f2(0)), defence="shield")
        enc = step.encounter
        penalties.append([(m.name, m.value) for m in step.result.parry.modifiers])
    assert penalties == [[], [("additional defence", -1)], [("additional defence", -2)]]


def test_an_all_out_defence_meets_two_attacks_without_penalty_then_minus_one():
    enc = fight(man("a", "foes", agility=4), man("b", "foes", agility=3), man("c", "foes", agility=2), knight())
    mods = []
    for foe, choice in (("a", "allout-shield"), ("b", "shield"), ("c", "shield")):
        step = attack(enc, foe, "morgan", faces(f2(-2), f2(0)), defence=choice)
        enc = step.encounter
        mods.append([(m.name, m.value) for m in step.result.parry.modifiers])
        if foe == "a":
            assert not SYSTEM.can_act(enc.get("morgan"), "action")  # he gave up his attack
    # Three attacks to come, not one: no +1 ("If the Defender only has to defend against one attack").
    assert mods == [[], [], [("additional defence", -1)]]


def tied_knight() -> object:
    """A fight where the foe and Morgan tie on Great and the foe wins the roll-off."""
    strong = man("morgan", owner="bob", shield="kite shield", **{**KNIGHT, "broadsword": 2})
    return fight(man("foe", agility=2, broadsword=2), strong, man("zed", "x", agility=-3),
                 dice=faces(f2(1), f2(-1)))


def test_an_all_out_defence_against_a_single_attack_gives_plus_one_initiative_and_attack_next_round():
    enc = tied_knight()
    step = attack(enc, "foe", "morgan", faces(f2(-2), f2(0)), defence="allout-shield")
    assert step.result.parry.result == 2 + 1  # Shield Great, +1 for the single attack
    enc = engine.next_turn(SYSTEM, step.encounter, ScriptedDice([])).encounter  # morgan is passed over; zed
    assert enc.turns.round == 2
    assert state(enc, "morgan").initiative == 1 and state(enc, "morgan").attack_bonus == 1
    assert enc.turns.queue[0].actors == ("morgan",)  # Great + 1: ahead of the foe now
    result = attack(enc, "morgan", "foe", faces(f2(-2), f2(0)), defence="parry").result
    assert ("all-out bonus", 1) in [(m.name, m.value) for m in result.attack.modifiers]


def test_all_out_bonuses_unused_are_lost():
    enc = tied_knight()
    enc = attack(enc, "foe", "morgan", faces(f2(-2), f2(0)), defence="allout-shield").encounter
    for _ in range(4):  # round 2 passes without morgan attacking
        enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter
    assert enc.turns.round == 3 and state(enc, "morgan").attack_bonus == 0 and state(enc, "morgan").initiative == 0
    assert enc.turns.queue[0].actors == ("foe",)  # tied again: round 1's roll-off stands, no new dice


def test_all_out_is_not_offered_once_he_has_acted():
    enc = fight(knight(), man("foe", agility=0), man("zed", "x", agility=-3))
    enc = attack(enc, "morgan", "foe", faces(f2(-2), f2(0)), weapon="dagger", defence="dodge").encounter
    reaction = declare(enc, "foe", "morgan").result.reaction
    assert not [k for k in reaction.answers() if k.startswith("allout")]
    with pytest.raises(CannotAct, match="already acted this round"):
        attack(enc, "foe", "morgan", faces(f2(0), f2(0)), defence="allout-shield")


def test_an_all_out_defence_declared_while_holding_gives_up_the_held_action():
    enc = fight(knight(), man("foe", agility=0), man("zed", "x", agility=-3))
    enc = engine.hold(SYSTEM, enc, "morgan", ScriptedDice([])).encounter
    step = attack(enc, "foe", "morgan", faces(f2(-2), f2(0)), defence="allout-dodge")
    assert step.encounter.turns.held == ()


def test_the_defend_move_declares_an_all_out_defence_as_his_action():
    enc = fight(knight(), man("foe", agility=0), man("zed", "x", agility=-3))
    step = act(enc, "morgan", "defend")
    assert state(step.encounter, "morgan").all_out and step.encounter.turns.is_turn_of("foe")
    reaction = declare(step.encounter, "foe", "morgan").result.reaction
    assert "shield" in reaction.answers() and "allout-shield" not in reaction.answers()


def test_no_defence_leaves_the_attacker_alone_with_2df():
    enc = fight(man("foe", agility=2), knight(), man("zed", "x", agility=-3))
    step = declare(enc, "foe", "morgan")
    done = answer(step.encounter, "none", f2(0))  # unskilled, Poor: a hit, 0 above Poor: a Scratch, no test
    assert done.result.parry is None and done.result.margin == 0


def adept(owner: str | None = "bob") -> object:
    return man("morgan", owner=owner, shield="kite shield", weapons=("broadsword",), power=1, talents=("deryni",),
               **KNIGHT)


def test_after_a_power_this_round_no_all_out_defence_is_offered_or_declared():
    # "All-Out Defense: ... the Defender makes no other actions besides defending himself"; using a power is one.
    enc = fight(adept(), man("foe", agility=0), man("zed", "x", agility=-3))
    enc = act(enc, "morgan", "power", (), f4(0), name="heightened senses").encounter
    with pytest.raises(CannotAct, match="used a power this round"):
        act(enc, "morgan", "defend")
    enc = engine.next_turn(SYSTEM, enc, ScriptedDice([])).encounter  # his turn passes: the foe attacks him
    reaction = declare(enc, "foe", "morgan").result.reaction
    assert "shield" in reaction.answers() and not [k for k in reaction.answers() if k.startswith("allout")]
    with pytest.raises(CannotAct, match="used a power this round"):
        attack(enc, "foe", "morgan", faces(f2(0), f2(0)), defence="allout-shield")



def test_an_all_out_defence_is_plus_one_when_nobody_else_fighting_him_is_still_to_act():
    # "If the Defender only has to defend against one attack, he gains a +1 to his defense this round". a (Agility
    # Superb) fights Morgan and b (Agility Great) fights Duncan (each pairs with the first free foe): when a strikes
    # Morgan, nobody else who fights Morgan is still to act, so his all-out shield is at +1. Had b been his foe too,
    # as c is in the test above, it would not be.
    enc = fight(man("a", "foes", agility=3), man("b", "foes", agility=2), knight(),
                man("duncan", agility=-2, broadsword=0))
    step = attack(enc, "a", "morgan", faces(f2(-2), f2(0)), defence="allout-shield")
    assert [(m.name, m.value) for m in step.result.parry.modifiers] == [("all-out defence", 1)]
    # The same fight without Duncan: b fights Morgan too, and is still to act.
    enc = fight(man("a", "foes", agility=3), man("b", "foes", agility=2), knight())
    step = attack(enc, "a", "morgan", faces(f2(-2), f2(0)), defence="allout-shield")
    assert [(m.name, m.value) for m in step.result.parry.modifiers] == []


def test_an_all_out_defence_comes_before_any_of_his_defences_dice():
    # "Special Defenses must be declared before any dice are rolled, when actions are determined": once he has
    # rolled a defence this round, neither an all-out choice when attacked nor /act move:defend is open to him.
    enc = fight(man("a", "foes", agility=4), man("b", "foes", agility=3), knight())
    enc = attack(enc, "a", "morgan", faces(f2(-2), f2(0)), defence="shield").encounter
    with pytest.raises(CannotAct, match="defended this round already"):
        attack(enc, "b", "morgan", faces(f2(-2), f2(0)), defence="allout-shield")
    with pytest.raises(CannotAct, match="defended this round already"):
        act(turn_to(enc, "morgan"), "morgan", "defend")
    with pytest.raises(CannotAct, match="defended this round already"):  # the odds refuse it as the attack does
        SYSTEM.odds(enc, engine_intent("b", "morgan", defence="allout-shield"))


def test_an_all_out_defence_comes_before_the_dice_of_an_attack_he_did_not_defend():
    # "Special Defenses must be declared before any dice are rolled": an attack on him rolled against no defence has
    # put its dice on the table too, so he can no longer go all-out this round (nor earn its bonuses for next).
    enc = fight(man("a", "foes", agility=4), man("b", "foes", agility=3), knight())
    enc = attack(enc, "a", "morgan", faces(f2(-2)), defence="none").encounter  # a miss: dice rolled all the same
    with pytest.raises(CannotAct, match="attacked this round already"):
        attack(enc, "b", "morgan", faces(f2(-2), f2(0)), defence="allout-shield")
    with pytest.raises(CannotAct, match="attacked this round already"):
        act(turn_to(enc, "morgan"), "morgan", "defend")
    reaction = declare(enc, "b", "morgan").result.reaction
    assert "shield" in reaction.answers() and not [k for k in reaction.answers() if k.startswith("allout")]
