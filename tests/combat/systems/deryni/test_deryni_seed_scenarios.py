"""Seed scenarios for FUDGE Deryni, worked out by hand from the seed (4.2 During Combat) and 4.3 before running.

Each test states the sheets, the faces (2dF for opposed rolls, 4dF for checks; + is 1, blank 0, - is -1) and the
outcome the text gives. Ladder: Terrible -3, Poor -2, Mediocre -1, Fair 0, Good +1, Great +2, Superb +3.
"""

from dataclasses import replace

import pytest
from deryni_kit import SYSTEM, act, answer, attack, f2, f4, faces, fight, man, state

from combat import engine
from combat.dice import ScriptedDice
from combat.errors import CannotAct
from combat.intent import Asked
from combat.system import Intent
from combat.systems.deryni.health import CRITICAL, HURT, MORTAL, SCRATCH, VERY_HURT, Health, Wound
from combat.systems.deryni.initiative import scores
from combat.systems.deryni.results import DeathSettled, Strike
from combat.systems.deryni.rounds import RoundEnd

SLOW = man("slow", side="onlookers", agility=-3)  # keeps the round going; never attacked


def initiative(enc) -> dict[str, int]:
    return {s.combatant: s.value for s in scores(enc, SYSTEM.tables)}


def queue(enc) -> list[tuple[str, ...]]:
    return [s.actors for s in enc.turns.queue]


def strike(step) -> Strike:
    assert isinstance(step.result, Strike)
    return step.result


# -- Initiative (4.1, 4.2 steps 2-3) --------------------------------------------------------------------------------


def test_example_3_a_tie_on_good_is_rolled_off_and_great_beats_mediocre():
    # Bob: Agility Fair, Broad Sword Great: Initiative Good (4.1). The bandit: Agility Good, Broad Sword Good (not
    # higher): Good. Same weapon, no length bonus. Tie: opposed roll-off, Bob first (added first): Good + [- -] =
    # Mediocre; bandit Good + [+ 0] = Great. "The bandit goes first and Bob has to react."
    bob = man("bob", agility=0, broadsword=2)
    bandit = man("bandit", "bandits", agility=1, broadsword=1)
    step = engine.begin(SYSTEM, fight_setup(bob, bandit), ScriptedDice(faces([-1, -1], [1, 0])))
    (rolloff,) = step.change.started.rolloffs
    assert rolloff.value == 1
    assert [r.result for r in rolloff.throws[0].rolls] == [-1, 2]
    assert queue(step.encounter) == [("bandit",), ("bob",)]


def fight_setup(*combatants):
    from combat.model import Encounter
    from combat.turns import SINGLE_PHASE, TurnState

    return Encounter("deryni", tuple(combatants), TurnState(SINGLE_PHASE), state=SYSTEM.new_encounter_state())


def test_example_2_bob_holds_sees_his_friend_run_the_bandit_through_then_spends_his_action():
    # Same broadswords, no length bonus: Bob Good, the bandit Fair, the friend Mediocre, a second bandit Terrible.
    # Bob holds. The bandit attacks Bob: Fair + [0 0] against Bob's parry Good + [+ +] = Superb: stopped. The friend
    # runs the bandit through from behind (no defence): Mediocre + [+ +] = Good, 3 above Poor; 3 + Strength 1 +
    # sharp 1 = 5, Critical. Every slot of the round has gone by, and still "Bob then spends his action".
    bob = man("bob", agility=1, broadsword=1)
    bandit = man("bandit", "bandits", agility=0, broadsword=0)
    friend = man("friend", agility=-1, broadsword=-1, strength=1)
    enc = fight(bob, bandit, friend, man("bandit2", "bandits", agility=-3, broadsword=0))
    enc = engine.hold(SYSTEM, enc, "bob", ScriptedDice([])).encounter
    enc = attack(enc, "bandit", "bob", faces(f2(0), f2(2)), defence="parry").encounter
    run_through = attack(enc, "friend", "bandit", faces(f2(2), f4(0)), defence="none")
    assert strike(run_through).outcome == "hit"
    last = engine.next_turn(SYSTEM, run_through.encounter, ScriptedDice([]))  # bandit2 waits: his turn passes
    assert last.encounter.turns.round == 1 and last.encounter.turns.current.last_call
    assert last.encounter.turns.is_turn_of("bob") and last.change.lapsed == ()
    # His sword parried this round, so he strikes bare-handed (the seed's Bob runs to the next foe instead).
    spent = attack(last.encounter, "bob", "bandit2", faces(f2(0), f2(2)), weapon="unarmed", defence="parry")
    assert strike(spent).outcome == "defended" and spent.change.ended_round == 1 and spent.change.lapsed == ()


def test_greatsword_against_dagger_gets_plus_one_on_top_of_the_skill_bonus():
    # Bob: Agility Fair, Greatsword Great (+1 skill) and the longer weapon (+1): Great. Foe: Agility Fair, Dagger
    # Fair: Fair. No tie, no dice.
    bob = man("bob", agility=0, greatsword=2, weapons=("greatsword",))
    foe = man("foe", agility=0, dagger=0, weapons=("dagger",))
    enc = fight(bob, foe)
    assert initiative(enc) == {"bob": 2, "foe": 0}
    assert queue(enc) == [("bob",), ("foe",)]


# -- Resolution (4.2 step 5) ----------------------------------------------------------------------------------------


def duel(**bandit: object):
    bob = man("bob", agility=2, strength=1, broadsword=2)
    traits = {"agility": 0, "broadsword": 1, "dagger": 0, "damage_capacity": 0} | bandit
    return fight(bob, man("bandit", "bandits", weapons=("broadsword", "dagger"), **traits), SLOW)


def test_example_1_bob_strikes_the_bandit_defends_with_his_sword_and_cannot_strike_with_it():
    # Bob Great + [0 0] = Great; the bandit parries, Good + [+ 0] = Great: a tie, the defender wins.
    step = attack(duel(), "bob", "bandit", faces(f2(0), f2(1)), defence="parry")
    result = strike(step)
    assert (result.attack.result, result.parry.result, result.outcome) == (2, 2, "defended")
    # "You cannot defend with your sword and then attack with it": the bandit's blow needs another item.
    with pytest.raises(CannotAct, match="cannot strike with it too"):
        attack(step.encounter, "bandit", "bob", faces(f2(0), f2(0)))
    # Bob struck with his sword, so he cannot parry with it either: he dodges (untrained, Poor).
    # Dagger Fair + [0 0] = Fair against Poor + [0 0] = Poor: RD 2, 2 + 0 + 1 = 3 Very Hurt; Bob's Death Test
    # Fair + [+ 0 0 0] = Good meets Good.
    dagger = strike(attack(step.encounter, "bandit", "bob", faces(f2(0), f2(0), f4(1)), weapon="dagger",
                           defence="dodge"))
    assert dagger.weapon == "dagger" and dagger.parry.trait == "dodge"
    with pytest.raises(CannotAct, match="cannot parry with it too"):
        attack(step.encounter, "bandit", "bob", faces(f2(0), f2(0)), weapon="dagger", defence="parry")


def test_a_win_by_three_with_good_strength_and_a_sharp_sword_is_a_critical_wound_tested_against_superb():
    # Bob Great + [+ 0] = Superb; bandit Good + [- 0] = Fair: RD 3. Damage 3 + Strength Good +1 + sharp +1 = 5:
    # Critical (4-5). Death Test: Damage Capacity Fair + [+ + + 0] = Superb, meets Superb: he lives, incapacitated.
    result = strike(attack(duel(), "bob", "bandit", faces(f2(1), f2(-1), [1, 1, 1, 0]), defence="parry"))
    assert (result.outcome, result.margin, result.harm.damage.total) == ("hit", 3, 5)
    assert result.harm.level == CRITICAL and result.harm.death.difficulty == 3 and result.harm.death.passed


def test_an_attack_that_only_meets_the_armour_dl_takes_the_armour_modifier():
    # Bandit in mail (DL Great, -2). Bob Great + [0 0] = Great; bandit Good + [- -] = Mediocre: RD 3. Great does
    # not beat Great: 3 + 1 + 1 - 2 = 3, Very Hurt; Death Test Fair + [+ 0 0 0] = Good meets Good: lives.
    enc = duel()
    enc = enc.put(replace_sheet(enc.get("bandit"), armour="mail"))
    result = strike(attack(enc, "bob", "bandit", faces(f2(0), f2(-2), f4(1)), defence="parry"))
    assert (result.harm.damage.beaten, result.harm.damage.total, result.harm.level) == (False, 3, VERY_HURT)
    assert result.harm.death.passed
    # Bob Great + [+ +] = Superb+1 beats Great: full damage. Bandit [0 0] = Good: RD 3: 3 + 1 + 1 = 5, Critical.
    result = strike(attack(enc, "bob", "bandit", faces(f2(2), f2(0), f4(3)), defence="parry"))
    assert (result.harm.damage.beaten, result.harm.damage.total, result.harm.level) == (True, 5, CRITICAL)


def replace_sheet(combatant, **changes):
    from dataclasses import replace

    return replace(combatant, sheet=replace(combatant.sheet, **changes))


def test_no_defence_rolls_2df_alone_and_counts_from_poor():
    # Bob Great + [- -] = Fair: 2 above Poor. 2 + 1 + 1 = 4: Critical. Death Test Fair + [0 0 0 0] vs Superb fails:
    # dying (no FUDGE points); he dies as the round ends.
    step = attack(duel(), "bob", "bandit", faces(f2(-2), f4(0)), defence="none")
    result = strike(step)
    assert result.parry is None and len(result.attack.faces) == 2
    assert (result.margin, result.harm.damage.total, result.harm.level) == (2, 4, CRITICAL)
    assert not result.harm.death.passed and step.encounter.get("bandit").health.dying == 1
    end = engine.next_turn(SYSTEM, step.encounter, ScriptedDice([]))  # the bandit (incapacitated) and slow pass
    while end.change.round_end is None:
        end = engine.next_turn(SYSTEM, end.encounter, ScriptedDice([]))
    assert isinstance(end.change.round_end, RoundEnd) and end.change.round_end.deaths == ("bandit",)


def test_no_defence_terrible_misses_and_poor_hits_for_a_scratch():
    # Mediocre skill + [- -] = Terrible: a miss. Poor skill + [0 0] = Poor: RD 0; 0 + Fair 0 + sharp 1 = 1: Scratch,
    # no Death Test.
    enc = fight(man("bob", agility=2, broadsword=-1), man("foe", "x"), SLOW)
    assert strike(attack(enc, "bob", "foe", f2(-2), defence="none")).outcome == "fumble"
    enc = fight(man("bob", agility=2, broadsword=-2), man("foe", "x"), SLOW)
    result = strike(attack(enc, "bob", "foe", f2(0), defence="none"))
    assert (result.outcome, result.margin, result.harm.level, result.harm.death) == ("hit", 0, SCRATCH, None)


# -- Special defences ---------------------------------------------------------------------------------------------


def test_a_dodge_costs_minus_one_on_later_actions_and_minus_one_initiative_next_round():
    # Rogier (Agility Good, Good Broad Sword: Initiative Good) strikes first: Good + [0 0] = Good; Duncan dodges,
    # Dodge Fair + [+ +] = Great: defended. Duncan's own blow is then at -1: Fair + [0 0] - 1 = Mediocre; Rogier
    # struck with his sword, the GM gives him no defence: 1 above Poor, 1 + 0 + 1 = 2, Hurt; Death Test Fair +
    # [0 0 0 0] meets Mediocre. As the round ends Rogier (1 wound point, Terrible) tests: [0 0 0 0] stays up.
    # Next round Duncan's Initiative is Fair - 1 = Mediocre.
    rogier = man("rogier", "guards", agility=1, broadsword=1)
    duncan = man("duncan", agility=0, broadsword=0, dodge=0)
    enc = fight(rogier, duncan)
    step = attack(enc, "rogier", "duncan", faces(f2(0), f2(2)), defence="dodge")
    assert strike(step).outcome == "defended" and strike(step).dodged
    step = attack(step.encounter, "duncan", "rogier", faces(f2(0), f4(0), f4(0)), defence="none")
    result = strike(step)
    assert [(m.name, m.value) for m in result.attack.modifiers] == [("dodged", -1)]
    assert (result.attack.result, result.margin, result.harm.level) == (-1, 1, HURT)
    assert step.encounter.turns.round == 2
    assert initiative(step.encounter) == {"rogier": 1, "duncan": -1}


def test_acrobatics_at_good_costs_nothing_and_at_fair_is_a_dodge():
    rogier = man("rogier", "guards", agility=1, broadsword=1)
    duncan = man("duncan", agility=0, acrobatics=1)
    enc = fight(rogier, duncan, SLOW)
    # Rogier Good + [- -] = Mediocre; Duncan Acrobatics Good + [0 0] = Good: no penalty.
    good = strike(attack(enc, "rogier", "duncan", faces(f2(-2), f2(0)), defence="acrobatics"))
    assert good.acrobatic and not good.dodged
    # Acrobatics Good + [- 0] = Fair: "treat as if it were a normal Dodge".
    step = attack(enc, "rogier", "duncan", faces(f2(-2), f2(-1)), defence="acrobatics")
    assert strike(step).dodged and not strike(step).acrobatic
    assert state(step.encounter, "duncan").dodges == 1


def test_all_out_defence_against_one_attack_is_plus_one_now_and_plus_one_initiative_and_attack_next_round():
    # Morgan (Agility Good, Great Broad Sword: Great) strikes Rogier (Agility Mediocre, Good Greatsword +1, the
    # longer weapon +1: Good), who
    # defends all-out: Great + [0 0] = Great against Good + [0 0] + 1 = Great: the tie goes to Rogier. His turn is
    # given up. Next round: Rogier Good + 1 = Great (ties Morgan: roll-off Morgan [0 0], Rogier [+ 0]) and +1 to his
    # attack.
    morgan = man("morgan", agility=1, broadsword=2)
    rogier = man("rogier", "guards", agility=-1, greatsword=1, weapons=("greatsword",))
    enc = fight(morgan, rogier, SLOW)
    assert initiative(enc) == {"morgan": 2, "rogier": 1, "slow": -2}
    step = attack(enc, "morgan", "rogier", faces(f2(0), f2(0)), defence="allout-parry")
    result = strike(step)
    assert [(m.name, m.value) for m in result.parry.modifiers] == [("all-out defence", 1)]
    assert result.outcome == "defended"
    assert step.encounter.turns.is_turn_of("slow")  # Rogier's turn went to the all-out defence: passed over
    nxt = engine.next_turn(SYSTEM, step.encounter, ScriptedDice(faces(f2(0), f2(1))))  # round 2, the roll-off
    enc = nxt.encounter
    assert enc.turns.round == 2 and initiative(enc) == {"morgan": 2, "rogier": 2, "slow": -2}
    assert queue(enc) == [("rogier",), ("morgan",), ("slow",)]
    blow = strike(attack(enc, "rogier", "morgan", faces(f2(0), f2(2)), defence="parry"))
    assert ("all-out bonus", 1) in [(m.name, m.value) for m in blow.attack.modifiers]


def test_additional_defences_are_cumulative_minus_one_and_all_out_frees_two():
    # Three foes strike Duncan (Dodge Fair) in a round; he dodges each: 0, then -1 (additional) -1 (dodged), then
    # -2 (additional) -2 (two dodges). All-out: 0 (b and c, who fight him too, are still to act: not a lone attack),
    # 0, then -1.
    a, b, c = (man(n, "foes", agility=3 - i) for i, n in enumerate(("a", "b", "c")))
    enc = fight(a, b, c, man("duncan", agility=-2, dodge=0, broadsword=0))
    mods = []
    for foe in ("a", "b", "c"):
        step = attack(enc, foe, "duncan", faces(f2(-2), f2(2)), defence="dodge")
        mods.append(sorted((m.name, m.value) for m in strike(step).parry.modifiers))
        enc = step.encounter
    assert mods == [[], [("additional defence", -1), ("dodged", -1)], [("additional defence", -2), ("dodged", -2)]]
    enc = fight(a, b, c, man("duncan", agility=-2, dodge=0, broadsword=0))
    mods = []
    for foe in ("a", "b", "c"):
        step = attack(enc, foe, "duncan", faces(f2(-2), f2(2)), defence="allout-dodge" if foe == "a" else "dodge")
        mods.append(sorted((m.name, m.value) for m in strike(step).parry.modifiers))
        enc = step.encounter
    assert mods == [[], [("dodged", -1)], [("additional defence", -1), ("dodged", -2)]]


# -- Special attacks ----------------------------------------------------------------------------------------------


def knight_fight(**ewan: object):
    morgan = man("morgan", agility=1, strength=1, broadsword=2)
    traits = {"agility": 1, "shield_": 2} | ewan
    return fight(morgan, man("ewan", "knights", armour="mail", shield="kite shield", **traits), SLOW)


def test_a_knock_out_blow_doing_exactly_critical_knocks_out_even_if_the_strength_check_fails():
    # Morgan Great + [+ +] = Superb+1; Ewan's shield Great + [- 0] = Good: RD 3. Superb+1 beats the mail's Great:
    # 3 + 1 + 1 = 5, Critical: knocked out. Strength check Good + [- 0 0 0] = Fair misses Good: no matter.
    step = attack(knight_fight(), "morgan", "ewan", faces(f2(2), f2(-1), f4(-1)), knockout="flat of the blade",
                  defence="shield")
    harm = strike(step).harm
    assert (harm.damage.total, harm.rolled, harm.knocked_out, harm.pull.success) == (5, CRITICAL, True, False)
    assert step.encounter.get("ewan").health.unconscious


def test_a_knock_out_blow_doing_mortal_knocks_out_only_with_the_strength_check():
    # No defence: Great + [+ +] = Superb+1, 6 above Poor; 6 + 1 + 1 = 8, Mortal. Strength Good + [+ 0 0 0] = Great:
    # made, knocked out. With [- - 0 0] = Mediocre: missed, the Mortal wound applies: Near Death, dying.
    made = strike(attack(knight_fight(), "morgan", "ewan", faces(f2(2), f4(1)), knockout="pommel", defence="none"))
    assert (made.harm.rolled, made.harm.level, made.harm.knocked_out) == (MORTAL, CRITICAL, True)
    step = attack(knight_fight(), "morgan", "ewan", faces(f2(2), f4(-2)), knockout="pommel", defence="none")
    missed = strike(step)
    assert (missed.harm.level, missed.harm.knocked_out) == (MORTAL, False)
    assert step.encounter.get("ewan").health.dying == 1


def test_a_knock_out_blow_on_an_injured_opponent_takes_the_critical_wound_s_death_test():
    # "If the opponent is already injured, he may die anyways" [seed]: Ewan already Hurt (-1). Morgan Superb+1; the
    # shield Great - 1 + [0 0] = Good: RD 3, 3 + 1 + 1 = 5, Critical (the pull, [- 0 0 0], missed): knocked out, and
    # the Critical wound's Death Test (Superb) is rolled: Damage Capacity Fair + [- 0 0 0] = Mediocre fails: dying.
    # Unhurt, he takes none (above).
    def knights():
        enc = knight_fight()
        return enc.put(replace(enc.get("ewan"), health=Health((Wound(HURT),))))

    step = attack(knights(), "morgan", "ewan", faces(f2(2), f2(0), f4(-1), f4(-1)), knockout="flat of the blade",
                  defence="shield")
    harm = strike(step).harm
    assert (harm.level, harm.knocked_out) == (CRITICAL, True)
    assert (harm.death.difficulty, harm.death.passed) == (3, False) and step.encounter.get("ewan").health.dying == 1
    # The odds count that test: dying is likelier for him than for an unhurt Ewan (only an unpulled Mortal kills).
    intent = Intent("morgan", "attack", ("ewan",), {"knockout": "pommel", "defence": "none"})

    def dying(enc):
        return sum(e.chance for e in SYSTEM.odds(enc, intent).effects if "dying" in e.label)

    assert dying(knights()) > dying(knight_fight()) > 0


def test_a_resisted_disarm_of_a_two_handed_weapon_then_strength_against_strength():
    # Duncan Great Greatsword - 2 (two-handed) + [+ +] = Great; Rogier parries Good + [- 0] = Fair: past by 2. Then
    # Strength: Duncan Good + [0 0] = Good against Rogier Good + [0 -] = Fair: Duncan wins, the greatsword falls.
    duncan = man("duncan", agility=1, strength=1, greatsword=2, weapons=("greatsword",))
    rogier = man("rogier", "guards", agility=0, strength=1, greatsword=1, weapons=("greatsword",))
    enc = fight(duncan, rogier, SLOW)
    step = attack(enc, "duncan", "rogier", faces(f2(2), f2(-1), f2(0), [0, -1]), disarm="weapon", defence="parry")
    result = strike(step)
    assert ("disarm", -2) in [(m.name, m.value) for m in result.attack.modifiers]
    assert result.outcome == "disarmed" and state(step.encounter, "rogier").dropped == ("greatsword",)
    # Strength tie (both Good + [0 0]): the attacker has not won; Rogier keeps it.
    step = attack(enc, "duncan", "rogier", faces(f2(2), f2(-1), f2(0), f2(0)), disarm="weapon", defence="parry")
    assert strike(step).outcome == "kept"
    # The round summary: past the parry, so a hit; the disarm failed (it read as a plain miss).
    assert [(b.hit, b.note) for b in SYSTEM.digest(step.result)] == [(True, "disarm failed")]


def test_an_unresisted_disarm_needs_fair_or_better():
    # Broad sword (one-handed, -1). Good skill - 1 + [0 0] = Fair: disarmed. + [- 0] = Mediocre: kept.
    enc = fight(man("bob", agility=2, broadsword=1), man("foe", "x"), SLOW)
    assert strike(attack(enc, "bob", "foe", f2(0), disarm="weapon", defence="none")).outcome == "disarmed"
    assert strike(attack(enc, "bob", "foe", f2(-1), disarm="weapon", defence="none")).outcome == "kept"


def test_a_called_shot_at_the_weapon_arm_doing_critical_makes_it_useless():
    # Bob Great + [0 0] = Great, no defence: 4 above Poor; 4 + 1 + 1 = 6 would be Mortal: severed, Critical
    # overall. With [- -] = Fair: 2 + 1 + 1 = 4, Critical: the arm is useless (Death Test [+ + + 0] passes).
    enc = fight(man("bob", agility=2, strength=1, broadsword=2), man("foe", "x"), SLOW)
    severed = strike(attack(enc, "bob", "foe", faces(f2(0), f4(3)), called="arm", defence="none")).harm
    assert (severed.rolled, severed.level, severed.limb) == (MORTAL, CRITICAL, "severed")
    disabled = strike(attack(enc, "bob", "foe", faces(f2(-2), f4(3)), called="arm", defence="none")).harm
    assert (disabled.rolled, disabled.level, disabled.limb) == (CRITICAL, CRITICAL, "disabled")


# -- Death Tests, FUDGE points, Consciousness Tests (4.3) ---------------------------------------------------------


def hero_fight():
    foe = man("foe", "x", agility=2, broadsword=0)
    return fight(foe, man("hero", owner="bob", tier="hero", agility=0, dodge=-3, damage_capacity=0), SLOW)


def test_one_fudge_point_before_a_death_test_or_two_after_a_bad_roll():
    # Foe Fair + [+ 0] = Good against the hero's Dodge Terrible + [0 0]: RD 4; 4 + 0 + 1 = 5, Critical. He has 3 FP:
    # asked first. Spending 1 passes: 2 left.
    step = attack(hero_fight(), "foe", "hero", faces(f2(1), f2(0)), defence="dodge")
    assert isinstance(step.result, Asked) and step.result.reaction.answers() == ("roll", "spend")
    done = answer(step.encounter, "spend")
    assert done.result.test.passed and state(done.encounter, "hero").fudge_points == 2
    # Rolling: Fair + [+ + 0 0] = Great misses Superb; 2 FP after the roll pass it: 1 left.
    asked = answer(step.encounter, "roll", f4(2))
    assert asked.result.reaction.answers() == ("spend", "accept")
    done = answer(asked.encounter, "spend")
    assert isinstance(done.result, DeathSettled) and done.result.test.passed and done.result.test.spent == 2
    assert state(done.encounter, "hero").fudge_points == 1 and done.encounter.get("hero").health.dying is None


def test_a_natural_plus_four_passes_later_death_and_consciousness_tests_this_round():
    # Foe Fair + [- 0] = Mediocre vs Dodge Terrible + [0 0]: RD 2; 2 + 1 = 3, Very Hurt. Death Test Damage
    # Capacity Fair + [+ + + +]: a natural +4. A second foe strikes him undefended: Fair + [- 0] = Mediocre, 1 above
    # Poor, 1 + 1 = 2, a Hurt wound: no test needed. The Consciousness Test at the round's end (2 + 1 = 3 points:
    # Mediocre) is passed without a roll.
    foe2 = man("foe2", "x", agility=1, broadsword=0)
    enc = fight(man("foe", "x", agility=2, broadsword=0), foe2,
                man("hero", agility=0, dodge=-3, damage_capacity=0))
    step = attack(enc, "foe", "hero", faces(f2(-1), f2(0), [1, 1, 1, 1]), defence="dodge")
    assert strike(step).harm.level == VERY_HURT and strike(step).harm.death.charmed
    step = attack(step.encounter, "foe2", "hero", f2(-1), defence="none")
    assert strike(step).harm.level == HURT and strike(step).harm.death.reason == "charmed"
    step = engine.next_turn(SYSTEM, step.encounter, ScriptedDice([]))  # the hero passes: the round ends
    (test,) = step.change.round_end.tests
    assert (test.points, test.difficulty, test.roll, test.passed) == (3, -1, None, True)


def test_the_consciousness_test_difficulty_is_set_by_the_wound_points():
    # Hurt (1) + Very Hurt (2) = 3 wound points: Mediocre. Stamina Fair + [- - 0 0] = Poor: falls unconscious;
    # + [- 0 0 0] = Mediocre: stays up.
    for dice, awake in ((f4(-2), False), (f4(-1), True)):
        enc = fight(man("hero", agility=1, stamina=0, wounds=(HURT, VERY_HURT)), man("foe", "x"))
        step = engine.next_turn(SYSTEM, enc, ScriptedDice([]))
        step = engine.next_turn(SYSTEM, step.encounter, ScriptedDice(dice))
        (test,) = step.change.round_end.tests
        assert (test.points, test.difficulty, test.passed) == (3, -1, awake)
        assert step.encounter.get("hero").health.unconscious is not awake


# -- Deryni powers --------------------------------------------------------------------------------------------------


def test_a_power_is_minus_one_to_itself_and_to_everything_else_and_meditation_keeps_it_at_minus_one():
    # Power Good - 1 + [0 0 0 0] = Fair meets Fair: it works, maintained. His attack: Good - 1 + [0 0] = Fair
    # against Dodge Good + [0 0]... the foe defends Fair; then Meditation Good - 1 + [- 0 0 0] = Mediocre: fails,
    # the power drops.
    adept = man("adept", agility=1, broadsword=1, power=1, meditation=1, talents=("deryni",))
    enc = fight(adept, man("foe", "x", dodge=0), SLOW)
    used = act(enc, "adept", "power", (), f4(0), name="heightened senses", maintain=True)
    assert used.result.check.roll.result == 0 and used.result.check.success and used.result.maintained
    step = attack(used.encounter, "adept", "foe", faces(f2(0), f2(0), f4(-1)), defence="dodge")
    result = strike(step)
    assert [(m.name, m.value) for m in result.attack.modifiers] == [("Deryni power", -1)]
    assert result.outcome == "defended"
    (meditation,) = result.meditation
    assert [(m.name, m.value) for m in meditation.check.roll.modifiers] == [("keeping a power", -1)]
    assert not meditation.kept and state(step.encounter, "adept").power is None


def test_all_out_defence_met_by_two_attacks_earns_nothing_even_when_the_second_could_not_be_defended():
    # "If the Defender only has to defend against one attack, he gains a +1 to his defense this round, and a +1 to his
    # Initative and Attack the next"; "Making Additional Defenses is not always possible ... the GM is the final
    # arbitrator". Duncan (Agility Poor, Broad Sword Fair, higher: Initiative Mediocre) is struck by a (Agility Superb)
    # and b (Agility Great), both with an untrained Broad Sword (Poor). a: Poor + [0 0] = Poor; Duncan parries all-out:
    # Fair + [0 0] = Fair (no +1: b, who fights him too, is still to act): defended. b: the GM rules no further
    # defence possible: Poor + [- -] = Terrible-1: a miss, but it was a second attack. Duncan's turn went to the
    # all-out defence, so the round ends. Round 2: no all-out bonus: Duncan stays Mediocre, no +1 to his attack.
    a, b = man("a", "foes", agility=3), man("b", "foes", agility=2)
    enc = fight(a, b, man("duncan", agility=-2, broadsword=0))
    step = attack(enc, "a", "duncan", faces(f2(0), f2(0)), defence="allout-parry")
    first = strike(step)
    assert (first.outcome, [(m.name, m.value) for m in first.parry.modifiers]) == ("defended", [])
    step = attack(step.encounter, "b", "duncan", f2(-2), defence="none")
    assert strike(step).outcome == "fumble" and step.encounter.turns.round == 2
    assert initiative(step.encounter)["duncan"] == -1 and state(step.encounter, "duncan").attack_bonus == 0
