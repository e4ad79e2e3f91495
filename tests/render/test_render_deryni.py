"""Deryni results as text: every die and modifier, the outcome, damage, wounds and tests; names made safe."""

from __future__ import annotations

from dataclasses import replace

from bot.registry import find
from bot.tables import load_system_tables
from combat import engine
from combat.dice import ScriptedDice
from combat.intent import Intent
from combat.model import Combatant, Encounter
from combat.systems.deryni.health import Health, Wound
from combat.systems.deryni.rolls import Rolled
from combat.systems.deryni.rounds import ConsciousnessTest, RoundEnd
from combat.systems.deryni.sheet import SPEC
from combat.systems.deryni.system import DeryniSystem
from combat.turns import SINGLE_PHASE, TurnState

SYSTEM = DeryniSystem(load_system_tables("deryni"))
RENDERER = find("deryni").renderer
NAMES = {"morgan": "Morgan", "foe": "Rogier", "slow": "Slow", "at": "@everyone"}


def man(cid: str, side: str, wounds: tuple[int, ...] = (), **traits: object) -> Combatant:
    sheet = SPEC.build(traits={k.rstrip("_").replace("_", " "): v for k, v in traits.items()
                               if k not in ("weapons", "armour", "shield")},
                       weapons=traits.get("weapons", ("broadsword",)), armour=traits.get("armour"),
                       shield=traits.get("shield"), tier="hero" if side == "heroes" else "npc")
    return Combatant(cid, NAMES[cid], side, sheet, Health(tuple(Wound(w) for w in wounds)),
                     state=SYSTEM.new_state(sheet))


def fight(*combatants: Combatant, dice: tuple[int, ...] = ()) -> Encounter:
    enc = Encounter("deryni", combatants, TurnState(SINGLE_PHASE), state=SYSTEM.new_encounter_state())
    return engine.begin(SYSTEM, enc, ScriptedDice(dice)).encounter


def strike(enc: Encounter, actor: str, target: str, dice: list[int], **options: object) -> list[str]:
    script = ScriptedDice(dice)
    step = engine.act(SYSTEM, enc, Intent(actor, "attack", (target,), options), script)
    assert script.remaining == 0
    return RENDERER.result(step.result, NAMES)


def test_a_parried_attack_shows_both_rolls_and_who_wins_ties():
    enc = fight(man("morgan", "heroes", agility=1, broadsword=2), man("foe", "foes", broadsword=1),
                man("slow", "x", agility=-3))
    lines = strike(enc, "morgan", "foe", [0, 0, 1, 0], defence="parry")
    assert lines == [
        "Morgan attacks Rogier with their broadsword",
        "Morgan: Broadsword Great (+2), dice [▢ ▢] 0 → Great (+2)",
        "Rogier parries with their broadsword: Broadsword Good (+1), dice [+ ▢] +1 → Great (+2)",
        "A tie goes to the defender: Rogier stops the attack",
    ]
    better = strike(enc, "morgan", "foe", [-1, 0, 1, 0], defence="parry")
    assert better[-1] == "Rogier stops the attack"  # Good against Great: no tie to speak of


def test_a_hit_shows_the_damage_steps_the_armour_the_wound_and_the_death_test():
    enc = fight(man("morgan", "heroes", agility=1, broadsword=2, strength=1),
                man("foe", "foes", dodge=0, armour="mail"), man("slow", "x", agility=-3))
    lines = strike(enc, "morgan", "foe", [1, 0, -1, 0], defence="dodge")
    assert lines[1:] == [
        "Morgan: Broadsword Great (+2), dice [+ ▢] +1 → Superb (+3)",
        "Rogier dodges: Dodge Fair (0), dice [− ▢] -1 → Mediocre (-1)",
        "It gets past the defence by 4",
        "Damage: relative degree 4, Strength +1, sharp +1, the attack beats the mail hauberk's Great (+2): no "
        "reduction = 6",
        "Rogier takes a Mortal wound",
        "Rogier falls unconscious, Near Death",
        "Death Test for Rogier's Mortal wound: a Mortal wound cannot be rolled for",
        "Rogier is dying: unconscious, and dead as the round ends",
        "Rogier dodged: -1 to their later actions this round, -1 Initiative next round",
    ]
    lines = strike(enc, "morgan", "foe", [0, 0, 1, 0], defence="dodge")
    assert lines[3:] == [
        "It gets past the defence by 1",
        "Damage: relative degree 1, Strength +1, sharp +1, the attack does not beat the mail hauberk's Great (+2): "
        "-2 = 1",
        "Rogier takes a Scratch wound",
        "Rogier dodged: -1 to their later actions this round, -1 Initiative next round",
    ]
    unarmoured = fight(man("morgan", "heroes", agility=1, broadsword=2, strength=1), man("foe", "foes", dodge=0),
                       man("slow", "x", agility=-3))
    lines = strike(unarmoured, "morgan", "foe", [0, 0, 1, 0, 1, 0, 0, 0], defence="dodge")
    assert lines[4:7] == [
        "Damage: relative degree 1, Strength +1, sharp +1 = 3",
        "Rogier takes a Very Hurt wound",
        "Death Test for Rogier's Very Hurt wound: Damage Capacity Fair (0), dice [+ ▢ ▢ ▢] +1 → Good (+1) against "
        "Good (+1): passes",
    ]


def test_undefended_disarm_and_knock_out_lines():
    enc = fight(man("morgan", "heroes", agility=1, broadsword=2), man("foe", "foes"), man("slow", "x", agility=-3))
    disarm = strike(enc, "morgan", "foe", [0, 0], defence="none", disarm="weapon")
    assert disarm[0] == "Morgan attacks Rogier with their broadsword: a disarm, for the broadsword"
    assert disarm[1] == "Morgan: Broadsword Great (+2), dice [▢ ▢] 0, disarm -1 → Good (+1)"
    # "the Attacker makes his Skill check ..., with a Fair or better result succeeding" [seed]: not Poor, no "lands".
    assert "Rogier does not resist: the attacker rolls 2dF alone, Fair or better takes it" in disarm
    assert not any("Poor or better" in line or "It lands" in line for line in disarm)
    assert disarm[-2:] == ["Unresisted, the disarm needs Fair: Fair or better",
                           "Rogier's broadsword falls to the floor"]
    knock = strike(enc, "morgan", "foe", [0, 0, 1, 0, 0, 0], defence="none", knockout="pommel")
    assert knock[0] == "Morgan attacks Rogier with their broadsword: a knock-out blow (pommel)"
    assert "Pulling the blow: Strength Fair (0), dice [+ ▢ ▢ ▢] +1 → Good (+1) against Good (+1): succeeds" in knock
    assert knock[-1] == "Critical wound: Rogier is knocked out (no Death Test for a knock-out)"
    assert not any(line.startswith("A blow not pulled") for line in knock)  # pulled: nothing to explain
    # Strength Fair (0) - 1 = Mediocre against Good: the pull fails, but the wound is Critical, not Mortal.
    missed = strike(enc, "morgan", "foe", [0, 0, -1, 0, 0, 0], defence="none", knockout="pommel")
    assert "Pulling the blow: Strength Fair (0), dice [− ▢ ▢ ▢] -1 → Mediocre (-1) against Good (+1): fails" in missed
    assert "A blow not pulled kills only on a Mortal wound: this one is less, so nothing comes of it" in missed
    assert missed[-1] == "Critical wound: Rogier is knocked out (no Death Test for a knock-out)"
    pulled = strike(enc, "morgan", "foe", [1, 1, 1, 0, 0, 0], defence="none", knockout="pommel")  # 6 + 1: Mortal
    assert pulled[-1] == "Mortal wound, pulled to Critical: Rogier is knocked out (no Death Test for a knock-out)"
    # Injured already, he takes the Critical wound's Death Test (Damage Capacity Fair + [- 0 0 0] against Superb); with
    # FUDGE points he is asked first, and no line says there is no test.
    hurt = fight(man("morgan", "heroes", agility=1, broadsword=2), man("foe", "foes", wounds=(2,)),
                 man("slow", "x", agility=-3))
    tested = strike(hurt, "morgan", "foe", [0, 0, 1, 0, 0, 0, -1, 0, 0, 0], defence="none", knockout="pommel")
    assert "Critical wound: Rogier is knocked out, and being injured already, may die of it" in tested
    assert any(line.startswith("Death Test for Rogier's Critical wound") for line in tested)
    points = hurt.put(replace(hurt.get("foe"), state=replace(hurt.get("foe").state, fudge_points=1)))
    step = engine.act(SYSTEM, points, Intent("morgan", "attack", ("foe",), {"defence": "none", "knockout": "pommel"}),
                      ScriptedDice([0, 0, 1, 0, 0, 0]))
    asked = RENDERER.result(step.result.result, NAMES)  # the blow, as the question about the Death Test waits
    assert "Critical wound: Rogier is knocked out, and being injured already, may die of it" in asked
    assert not any("no Death Test" in line for line in asked)


def test_a_called_shot_names_the_limb_of_a_lesser_wound():
    enc = fight(man("morgan", "heroes", agility=1, broadsword=2), man("foe", "foes"), man("slow", "x", agility=-3))
    lines = strike(enc, "morgan", "foe", [-1, -1, 0, 0, 0, 0], defence="none", called="leg")  # Fair: 2 + 1 Very Hurt
    assert "Rogier takes a Very Hurt wound to the leg" in lines


def test_a_tie_s_roll_off_shows_each_die_and_the_order():
    enc = Encounter("deryni", (man("morgan", "heroes", agility=1), man("foe", "foes", agility=1)),
                    TurnState(SINGLE_PHASE), state=SYSTEM.new_encounter_state())
    step = engine.begin(SYSTEM, enc, ScriptedDice([0, 0, 0, 0, -1, 0, 1, 0]))
    lines = RENDERER.result(step.change.started, NAMES)
    assert lines[0] == "Initiative, Morgan: Good (+1) (Agility Good (+1))"
    assert lines[2:] == [
        "Roll-off at Good (+1), Initiative + 2dF: Morgan [▢ ▢] → Good (+1); Rogier [▢ ▢] → Good (+1)",
        "Roll-off at Good (+1), Initiative + 2dF: Morgan [− ▢] → Fair (0); Rogier [+ ▢] → Great (+2)",
        "Roll-off order: Rogier, Morgan",
    ]


def test_the_round_end_shows_deaths_and_consciousness_tests():
    test = ConsciousnessTest("foe", 3, -1, Rolled("stamina", 0, (), (-1, -1, 0, 0)), False)
    lines = RENDERER.result(RoundEnd(2, ("morgan",), (test,)), NAMES)
    assert lines == [
        "End of round 2",
        "Morgan dies of their wounds (a failed Death Test)",
        "Consciousness Test, Rogier (3 wound points, Mediocre (-1)): Stamina Fair (0), dice [− − ▢ ▢] -2 → "
        "Poor (-2): Rogier falls unconscious",
    ]


def test_a_pickup_a_run_and_a_standing_defence_speak_of_the_fighter_neutrally():
    from combat.systems.deryni.results import PickedUp, Ran
    from combat.systems.deryni.tools import DefenceSet

    assert RENDERER.result(PickedUp("foe", "greatsword", "greatsword"), NAMES) == [
        "Rogier picks up their greatsword"]
    assert RENDERER.result(Ran("morgan", "foe", "Rogier"), NAMES) == [
        "Morgan runs over to Rogier: in place to fight them next round"]
    assert RENDERER.result(DefenceSet("foe", None), NAMES) == ["Rogier's standing defence: their best"]


def test_health_in_full_or_as_a_word():
    hurt = man("morgan", "heroes", wounds=(1, 0))
    assert RENDERER.health(hurt, detailed=True) == ["Wounds: Hurt, Scratch (1 wound point)", "FUDGE points 3"]
    assert RENDERER.health(hurt, detailed=False) == ["Wounded"]
    down = replace(hurt, health=replace(hurt.health, unconscious=True))
    assert RENDERER.health(down, detailed=False) == ["Down"]
    assert RENDERER.health(man("foe", "foes"), detailed=True) == ["Wounds: none", "FUDGE points 0"]


def test_what_is_coming_and_names_made_safe():
    intent = Intent("morgan", "attack", ("foe",), {"disarm": "weapon"})
    assert RENDERER.intent(intent, "Rogier", NAMES) == "Morgan attacks Rogier — a disarm, for their weapon"
    # Declared before the defence is chosen, each special attack says where, how or for what [seed].
    called = Intent("morgan", "attack", ("foe",), {"called": "leg", "weapon": "dagger"})
    said = RENDERER.intent(called, "Rogier", NAMES)
    assert said == "Morgan attacks Rogier with their dagger — a called shot at the leg"
    fists = Intent("morgan", "attack", ("foe",), {"weapon": "unarmed combat"})
    assert RENDERER.intent(fists, "Rogier", NAMES) == "Morgan attacks Rogier with their bare hands"
    knock = Intent("morgan", "attack", ("foe",), {"knockout": "the pommel"})
    assert RENDERER.intent(knock, "Rogier", NAMES) == "Morgan attacks Rogier — a knock-out blow (the pommel)"
    enc = fight(man("at", "heroes", agility=1, broadsword=2), man("foe", "foes"), man("slow", "x", agility=-3))
    lines = strike(enc, "at", "foe", [-1, -1, 1, 1], defence="parry")
    assert lines[0].startswith("@\u200beveryone attacks Rogier")
    assert not any("**" in line or "`" in line for line in lines)


def test_a_death_test_settled_after_the_question_tells_only_the_answer():
    from combat.systems.deryni.health import MORTAL, VERY_HURT
    from combat.systems.deryni.results import DeathSettled, DeathTest

    roll = Rolled("damage capacity", 0, (), (1, -1, 0, 0))
    bought = DeathSettled(DeathTest("foe", VERY_HURT, 1, roll, spent=2, passed=True), after=True)
    assert RENDERER.result(bought, NAMES) == [
        "Rogier spends 2 FUDGE points after the failed Death Test for the Very Hurt wound, and lives"]
    accepted = DeathSettled(DeathTest("foe", VERY_HURT, 1, roll), after=True)
    assert RENDERER.result(accepted, NAMES) == [
        "Rogier keeps their FUDGE points",
        "Rogier is dying: fighting on, taking no more tests, and dead as the round ends",
    ]
    mortal = DeathSettled(DeathTest("foe", MORTAL, None, spent=2, passed=True), after=True)
    assert RENDERER.result(mortal, NAMES) == [
        "Rogier spends 2 FUDGE points and survives the Mortal wound, unconscious and Near Death"]
    rolled_now = DeathSettled(DeathTest("foe", VERY_HURT, 1, roll))  # rolled after 'roll': the dice are new
    assert RENDERER.result(rolled_now, NAMES)[0].startswith("Death Test for Rogier's Very Hurt wound: Damage")


def test_a_round_start_leaves_out_the_initiative_of_those_out_of_the_fight():
    down = man("foe", "foes", agility=1, wounds=(3,))  # Critical: incapacitated
    enc = Encounter("deryni", (man("morgan", "heroes", agility=1), down, man("slow", "x", agility=-3)),
                    TurnState(SINGLE_PHASE), state=SYSTEM.new_encounter_state())
    step = engine.begin(SYSTEM, enc, ScriptedDice([]))  # no roll-off: Rogier is out, so nobody ties
    assert step.change.started.out == ("foe",)
    lines = RENDERER.result(step.change.started, NAMES)
    assert lines == ["Initiative, Morgan: Good (+1) (Agility Good (+1))",
                     "Initiative, Slow: Poor (-2) (Agility Terrible (-3), broadsword skill +1)"]


def test_acrobatics_short_of_good_says_it_counts_as_a_dodge():
    enc = fight(man("morgan", "heroes", agility=1, broadsword=2), man("foe", "foes", acrobatics=1),
                man("slow", "x", agility=-3))
    lines = strike(enc, "morgan", "foe", [-1, -1, -1, 0], defence="acrobatics")  # Fair vs Fair: stopped
    assert lines[-1] == ("Rogier's acrobatics fell short of Good: a plain dodge: -1 to their later actions this "
                         "round, -1 Initiative next round")
    good = strike(enc, "morgan", "foe", [-1, -1, 0, 0], defence="acrobatics")
    assert good[-1] == "Rogier's acrobatics reached Good: no penalty for dodging"
