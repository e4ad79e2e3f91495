"""Seed scenarios for the FUDGE Farscape rules added last (minions in melee, weapon quality, keeping at bay,
stepping back and retreating, running clear of a blast, explosives, surprise difficulties per combatant), worked out
by hand from the seed before running them.

Each test states the sheets, the 4dF totals in the order they are drawn, and the outcome the text gives. Ladder:
Terrible -3, Poor -2, Mediocre -1, Fair 0, Good +1, Great +2, Superb +3; traits not written are Fair (skills Poor
untrained). Ally wound tracks: lethal 1-2 Scratch, 3-4 Hurt, 5-6 Very Hurt, 7-8 Incapacitated, 9+ Near Death; stun
1-2 Dazed, 3-4 Stunned, 5-6 Very Stunned, 7+ Unconscious. Minions: lethal 1-2 Scratch, 3 Hurt, 4 Very Hurt, 5
Incapacitated, 6+ Near Death; stun 1 Dazed, 2 Stunned, 3 Very Stunned, 4+ Unconscious.
"""

import farscape_ranged_kit as rk
from farscape_melee_kit import encounter, f4, fighter, hit, melee, strike

from bot.tables import load_system_tables
from combat import engine
from combat.dice import ScriptedDice
from combat.model import Condition
from combat.system import Intent
from combat.systems.farscape.explosives import resolve_detonate
from combat.systems.farscape.system import FarscapeSystem

WARNED = Condition("warned")  # the minion's warning blow is behind him: his blows count


def goon(**traits):
    return fighter("goon", tier="minion", conditions=(WARNED,), **traits)


# -- Minions never defend with dice, in melee too ----------------------------------------------------------------------


def test_a_punch_at_a_minion_is_unopposed_against_his_brawling_and_he_strikes_nothing_back():
    # "Dodging: Character does not dodge at all. All attacks are effectively Unopposed, using the appropriate trait
    # (attribute or combat skill) as the difficulty." Hero: Brawling Good; Goon: Brawling Fair. Hero rolls +2:
    # offence Superb (+3) against the DL Fair (0): a hit, success level 3. Punch: DR -1 + Strength 0 + 3 = 2 Stun
    # damage ("All damage in unarmed combat is Stun Damage"): the minion's stun track: 2 = Stunned.
    enc = encounter(fighter("hero", brawling=1), goon(brawling=0))
    out = melee(enc, "hero", ["goon"], 2, initiative={"hero": 1, "goon": 0})
    blow = strike(out.result, "hero", "goon")
    assert (blow.offence, blow.defence, blow.unopposed, blow.lands) == (3, 0, True, True)
    assert hit(out.result, "hero", "goon").damage.value == 2
    assert out.encounter.get("goon").health.stun.level_name == "Stunned"
    assert [h.attacker for h in out.result.hits] == ["hero"]


def test_a_blow_that_just_reaches_a_minions_difficulty_hits_at_success_level_zero():
    # Unopposed: the roll meets the difficulty. Hero: Melee Weapon Fair, a knife (DR +1, muscle-powered). Goon: an
    # unarmed brawler facing a weapon "can only dodge": his Speed Fair is the difficulty. Hero rolls 0: Fair against
    # Fair: a hit at success level 0. Knife: DR 1 + Strength 0 + 0 = 1: a Scratch.
    enc = encounter(fighter("hero", weapons=("knife",), melee_weapon=0), goon(brawling=1, speed=0))
    out = melee(enc, "hero", ["goon"], 0, initiative={"hero": 1, "goon": 0})
    blow = hit(out.result, "hero", "goon")
    assert (strike(out.result, "hero", "goon").defence_trait, blow.margin, blow.damage.value) == ("speed", 0, 1)
    assert out.encounter.get("goon").health.lethal.level_name == "Scratch"


def test_a_minion_attacking_rolls_for_his_blow_and_defends_without_dice():
    # Goon (Brawling Good) punches Hero (Brawling Fair). Goon rolls +1: offence Great (+2); Hero rolls 0: Fair.
    # Goon beats Hero's defence by 2: DR -1 + 0 + 2 = 1 Stun: Dazed. Hero's offence Fair against the goon's
    # Brawling Good as the difficulty (no dice): short, no hit.
    enc = encounter(fighter("hero", brawling=0), goon(brawling=1))
    out = melee(enc, "goon", ["hero"], 1, 0, initiative={"hero": 1, "goon": 0})
    assert strike(out.result, "goon", "hero").margin == 2
    assert (strike(out.result, "hero", "goon").defence, strike(out.result, "hero", "goon").lands) == (1, False)
    assert out.encounter.get("hero").health.stun.level_name == "Dazed"
    assert out.encounter.get("goon").health.stun.level is None


# -- Weapon quality ------------------------------------------------------------------------------------------------


def test_a_great_sword_adds_one_to_the_damage_rating_not_to_the_attack():
    # "Add Strength and attack success level to Damage Rating. Weapon Quality: -2 for TERRIBLE, -1 for POOR, +1 for
    # GREAT, +2 for SUPERB." Hero: Melee Weapon Good, a sword (DR 3) of Great quality. Foe: Melee Weapon Fair, a
    # knife. Both roll 0: Hero offence/defence Good, Foe Fair. Hero hits by 1: 3 + 0 + 1 + 1 = 5: Very Hurt, and a
    # Good Willpower roll: Foe rolls +1: Good, stays up. Foe's Fair does not beat Hero's Good.
    enc = encounter(fighter("hero", weapons=("sword",), melee_weapon=1),
                    fighter("foe", weapons=("knife",), melee_weapon=0))
    out = melee(enc, "hero", ["foe"], 0, 0, 1, initiative={"hero": 1, "foe": 0}, quality="great")
    blow = hit(out.result, "hero", "foe")
    assert (strike(out.result, "hero", "foe").offence, blow.damage.quality, blow.damage.value) == (1, 1, 5)
    assert out.encounter.get("foe").health.lethal.level_name == "Very Hurt"
    assert not out.encounter.get("foe").has("unconscious")
    assert not strike(out.result, "foe", "hero").lands


def test_a_poor_pistol_takes_one_from_a_shots_damage():
    # The quality rule names weapons, so a gun's counts too: a Poor light pistol (DR 2, -1). Shooter: Firearms Good;
    # the target is unaware: Unopposed against short range (Fair). Roll 0: Good, success level 1. 2 + 1 - 1 = 2: a
    # Scratch.
    enc = rk.encounter(rk.fighter("pc", firearms=1), rk.fighter("foe"))
    out = rk.shoot(enc, "pc", ["foe"], 0, aware="no", quality="poor")
    attack = out.result.attacks[0]
    assert (attack.damage.quality, attack.damage.value) == (-1, 2)
    assert out.encounter.get("foe").health.lethal.level_name == "Scratch"


# -- Keeping at bay, stepping back, retreating -----------------------------------------------------------------------


def test_a_greatsword_keeps_a_knife_at_bay_while_its_offence_is_higher():
    # "can be held at bay by the longer weapon if that character continues to win the Opposed offensive contests".
    # Hero: greatsword (Poor size, DR 4), Melee Weapon Good, stance +2: rolls 0, offence 3, defence -1. Foe: knife
    # (Good size), Melee Weapon Good: rolls 0, offence 1, defence 1. Offences 3 > 1: the knife cannot reach him, though
    # 1 beats -1. Hero's blow beats 1 by 2: 4 + 0 + 2 = 6: Very Hurt; Willpower +1: Good, stays up.
    enc = encounter(fighter("hero", weapons=("greatsword",), melee_weapon=1), fighter("foe", weapons=("knife",),
                                                                                     melee_weapon=1))
    out = melee(enc, "hero", ["foe"], 0, 0, 1, act="keep at bay", initiative={"hero": 1, "foe": 0}, stance="+2")
    assert (strike(out.result, "foe", "hero").margin, strike(out.result, "foe", "hero").reason) == (2, "at bay")
    assert hit(out.result, "hero", "foe").damage.value == 6
    assert out.encounter.get("hero").health.stun.level is None and out.encounter.get("hero").health.lethal.level is None


def test_beating_the_foes_defence_he_steps_back_and_draws_a_weapon():
    # "they may also choose to retreat and attempt to escape in the next element, or maybe step back and draw a
    # weapon". Hero: Brawling Good, bare-handed, a knife at his belt. Foe: Brawling Fair. Both roll 0: Hero's Good
    # beats Foe's Fair: he breaks away, harming no one, and draws the knife. Foe's Fair does not beat Hero's Good.
    enc = encounter(fighter("hero", brawling=1, weapons=("knife",)), fighter("foe", brawling=0))
    out = melee(enc, "hero", ["foe"], 0, 0, act="step back", weapon="none", draw="knife",
                initiative={"hero": 1, "foe": 0})
    assert hit(out.result, "hero", "foe").effect == "break" and out.result.drawn == "knife"
    assert out.encounter.get("foe").health.stun.level is None
    assert out.encounter.get("hero").condition("wielding").source == "knife"


def test_a_retreat_clear_of_the_foe_lets_him_flee_the_next_element():
    # The same exchange as a retreat: clear of the foe, he is retreating; his next action, flee, takes him out.
    enc = encounter(fighter("hero", brawling=1), fighter("foe", brawling=0))
    out = melee(enc, "hero", ["foe"], 0, 0, act="retreat", initiative={"hero": 1, "foe": 0})
    assert out.encounter.get("hero").has("retreating")
    fled = melee(out.encounter, "hero", [], act="flee")
    assert fled.encounter.get("hero").has("out")


# -- Grenades and explosives ---------------------------------------------------------------------------------------


def test_a_runner_whose_dodge_clears_the_blast_takes_neither_concussion_nor_fragments():
    # "Characters in the radius of the grenade's effect can attempt to escape the blast by running for cover; their
    # dodge result counts". Frag grenade (concussion 6, so 6 motras; fragments 2). Thrower: Throwing Weapon Good,
    # short range (Fair): rolls 0, lands. Foe 2 motras from it, 4 from the edge: Good to clear [ours]. His free dodge:
    # Agility Fair + 1 = Good: clear, at 6 motras: concussion 6 - 6 = 0; fragments: Superb - 6 // 3 = Good, met by
    # the same Good: avoided.
    enc = rk.encounter(rk.fighter("pc", throwing_weapon=1), rk.fighter("foe"))
    hit_ = rk.run("grenade", enc, "pc", ["foe"], 0, 1, grenade="frag", distance=2, run="yes").result.hits[0]
    assert (hit_.run.difficulty, hit_.run.cleared, hit_.distance) == (1, True, 6)
    assert hit_.concussion.value == 0 and hit_.fragments.avoided


def test_fragments_missed_by_two_levels_add_four_to_their_base():
    # "Avoiding the fragments requires a Superb Agility result ... reduced by one for every three motras from the
    # centre ... Each level the roll is failed by gives a +2 to the base fragmentation damage." Foe 3 motras from a
    # frag grenade, aware, not running: concussion 6 - 3 = 3: Hurt. Fragments: Great to avoid; his dodge Agility
    # Fair + 0 = Fair fails by 2: 2 + 4 = 6: Very Hurt, then a Good Willpower roll: +1, Good, he stays up.
    enc = rk.encounter(rk.fighter("pc", throwing_weapon=1), rk.fighter("foe"))
    out = rk.run("grenade", enc, "pc", ["foe"], 0, 0, 1, grenade="frag", distance=3)
    hit_ = out.result.hits[0]
    assert hit_.concussion.value == 3
    assert (hit_.fragments.difficulty, hit_.fragments.margin, hit_.fragments.damage.value) == (2, -2, 6)
    assert out.encounter.get("foe").health.lethal.level_name == "Very Hurt"


def test_a_breaching_charge_set_off_with_demolitions():
    # "Explosives are much like grenades ... requires the use of the Demolitions skill." Sapper: Demolitions Good;
    # the GM calls the job Good. Roll 0: Good, it goes off. Foe, unaware, 4 motras from a breaching charge
    # (concussion 10): 10 - 4 = 6: Very Hurt; Good Willpower: -1, Mediocre: unconscious. A roll of -1 (Fair) does not
    # set it off.
    tables = load_system_tables("farscape")
    enc = rk.encounter(rk.fighter("pc", weapons=("breaching charge",), demolitions=1), rk.fighter("foe"))
    options = {"explosive": "breaching charge", "difficulty": "good", "distance": "4"}
    script = rk.dice(0, -1)
    out = resolve_detonate(enc, Intent("pc", "detonate", ("foe",), options), tables, script)
    assert script.remaining == 0 and out.result.went_off
    assert out.result.hits[0].concussion.value == 6 and out.encounter.get("foe").has("unconscious")
    dud = resolve_detonate(enc, Intent("pc", "detonate", ("foe",), options), tables, rk.dice(-1))
    assert not dud.result.went_off and dud.encounter.get("foe").health.lethal.level is None


# -- Surprise: each frozen combatant's own difficulty ----------------------------------------------------------------


def test_each_frozen_combatant_recovers_against_his_own_difficulty():
    # "Every element after the characters must make a Fair Willpower test to regain their wits. This difficulty is
    # modified by the circumstances and the nature of the character". The foes are ambushed: the librarian at
    # Great, the soldier at Poor, the guard at the side's Fair. Element 1: frozen, no roll. Element 2, in Initiative
    # order (Speed Good, Fair, Poor): librarian Fair + 1 = Good, short of Great: frozen; soldier Fair - 1 =
    # Mediocre, at least Poor: free; guard Fair + 0 = Fair: free.
    system = FarscapeSystem(load_system_tables("farscape"))
    people = (fighter("hero", speed=3), fighter("foe1", speed=1), fighter("foe2", speed=0), fighter("foe3", speed=-2))
    frozen, _ = system.surprise(encounter(*people), "foes", difficulties={"foe1": 2, "foe2": -2})
    step = engine.begin(system, frozen, ScriptedDice([]))
    assert step.change.started.recoveries == () and step.encounter.turns.current.waiting == ("hero",)
    dice = ScriptedDice([*f4(1), *f4(-1), *f4(0)])
    while step.encounter.turns.round == 1:
        step = engine.next_turn(system, step.encounter, dice)
    assert dice.remaining == 0
    assert [(r.combatant, r.check.difficulty, r.recovered) for r in step.change.started.recoveries] == [
        ("foe1", 2, False), ("foe2", -2, True), ("foe3", 0, True)]


def test_the_loser_of_a_mutual_surprise_recovers_more_easily_each_element():
    # "the other side is initially frozen as for normal surprise and must also roll to recover in the same way.
    # However, the difficulty of the recovery roll decreases by one level each element after the first." Crichton
    # (Speed Good) leads the crew, the captain (Speed Fair) the foes: Crichton wins, the foes freeze. The captain's
    # own difficulty is Great. Element 1: frozen, no roll. Element 2, the first after the first, one level lower:
    # Willpower Fair + 0 = Fair against Good: frozen. Element 3, two levels lower: Fair against Fair: he recovers.
    system = FarscapeSystem(load_system_tables("farscape"))
    people = (fighter("crichton", speed=1), fighter("foe1", speed=0))
    frozen, contest = system.leaders_contest(encounter(*people), "crichton", "foe1", difficulties={"foe1": 2})
    assert contest.frozen.side == "foes"
    step = engine.begin(system, frozen, ScriptedDice([]))
    dice = ScriptedDice([*f4(0), *f4(0)])
    rolls = []
    while step.encounter.turns.round < 3:
        step = engine.next_turn(system, step.encounter, dice)
        started = step.change.started
        rolls += [(r.check.difficulty, r.recovered) for r in started.recoveries] if started else []
    assert dice.remaining == 0 and rolls == [(1, False), (0, True)]
