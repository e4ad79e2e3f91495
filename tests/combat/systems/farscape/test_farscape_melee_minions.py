"""Minions and bystanders never defend with dice, in melee as in ranged combat [seed, Bystanders and Minions].

"Dodging: Character does not dodge at all. All attacks are effectively Unopposed, using the appropriate trait
(attribute or combat skill) as the difficulty." A blow at a minion is Unopposed against his combat skill; the minion
does not roll, so he strikes no blow back; he strikes (rolling for offence only) when he attacks.
"""

from farscape_melee_kit import encounter, fighter, hit, melee, mods, strike

from bot.systems.farscape.render import render_result
from combat.model import Condition

ORDER = {"hero": 2, "goon": 1, "pal": 0}
WARNED = Condition("warned")
NAMES = {"hero": "Hero", "goon": "Goon", "pal": "Pal"}


def goon(conditions=(), **traits):
    return fighter("goon", tier="minion", conditions=(WARNED, *conditions), **traits)


def test_a_minion_who_is_attacked_does_not_roll_and_his_skill_is_the_difficulty():
    enc = encounter(fighter("hero", brawling=1), goon(brawling=2))
    outcome = melee(enc, "hero", ["goon"], 2, initiative=ORDER)  # one roll only: the hero's
    side = outcome.result.sides[1]
    assert (side.combatant, side.roll, side.minion) == ("goon", None, True)
    mine = strike(outcome.result, "hero", "goon")
    assert (mine.offence, mine.defence, mine.defence_trait, mine.unopposed) == (3, 2, "brawling", True)
    assert (mine.margin, mine.lands) == (1, True)


def test_a_minion_who_is_attacked_strikes_no_blow_back():
    enc = encounter(fighter("hero", brawling=-2), goon(brawling=3))
    outcome = melee(enc, "hero", ["goon"], 0, initiative=ORDER)
    theirs = strike(outcome.result, "goon", "hero")
    assert (theirs.reason, theirs.lands) == ("no strike", False)
    assert [h.attacker for h in outcome.result.hits] == []
    assert outcome.encounter.get("hero").health.stun.level is None


def test_reaching_a_minions_defence_hits_at_success_level_zero():
    enc = encounter(fighter("hero", brawling=1), goon(brawling=1))
    outcome = melee(enc, "hero", ["goon"], 0, initiative=ORDER)
    blow = hit(outcome.result, "hero", "goon")
    assert (blow.margin, blow.damage.success, blow.damage.value) == (0, 0, -1)  # punch DR -1 + success 0


def test_one_short_of_a_minions_defence_misses():
    enc = encounter(fighter("hero", brawling=1), goon(brawling=1))
    outcome = melee(enc, "hero", ["goon"], -1, initiative=ORDER)
    assert (strike(outcome.result, "hero", "goon").reason, outcome.result.hits) == ("miss", ())


def test_a_minion_attacking_rolls_for_offence_but_defends_without_dice():
    enc = encounter(fighter("hero", brawling=0), goon(brawling=1))
    outcome = melee(enc, "goon", ["hero"], 2, 1, initiative=ORDER)  # goon +2, hero +1
    assert outcome.result.sides[0].roll.result == 3
    assert strike(outcome.result, "goon", "hero").offence == 3
    theirs = strike(outcome.result, "hero", "goon")
    assert (theirs.offence, theirs.defence, theirs.unopposed, theirs.lands) == (1, 1, True, True)


def test_a_minions_defence_keeps_its_modifiers():
    enc = encounter(fighter("hero", brawling=0), goon(brawling=1, conditions=(Condition("prone", -1, 2),)))
    outcome = melee(enc, "goon", ["hero"], 0, 0, initiative=ORDER, stance="+2")
    theirs = strike(outcome.result, "hero", "goon")
    assert mods(outcome.result.sides[0].defence_modifiers) == {"stance": -2, "prone": -1}
    assert theirs.defence == 1 - 2 - 1


def test_a_lone_fighter_reaching_a_minion_is_no_tie_and_lands_on_his_choice():
    enc = encounter(fighter("hero", brawling=2), goon(brawling=1), fighter("pal", brawling=-1))
    outcome = melee(enc, "hero", ["goon", "pal"], 0, 0, initiative=ORDER)  # hero, then pal (the goon does not roll)
    on_goon, on_pal = strike(outcome.result, "hero", "goon"), strike(outcome.result, "hero", "pal")
    assert (on_goon.margin, on_goon.reason) == (0, "hit")  # offence 2 - 1 outnumbered reaches 1
    assert (on_pal.margin, on_pal.reason) == (2, "unchosen")


def test_after_a_tie_with_a_rolling_foe_a_minion_must_be_two_levels_below():
    enc = encounter(fighter("hero", brawling=2), goon(brawling=0), fighter("pal", brawling=1))
    outcome = melee(enc, "hero", ["goon", "pal"], 0, 0, initiative=ORDER)
    on_goon, on_pal = strike(outcome.result, "hero", "goon"), strike(outcome.result, "hero", "pal")
    assert (on_pal.margin, on_pal.reason) == (0, "miss")
    assert (on_goon.margin, on_goon.reason) == (1, "tied")
    assert not any(h.attacker == "hero" for h in outcome.result.hits)


def test_a_frozen_minion_is_still_attacked_against_his_trait():
    # Seed: "All attacks are effectively Unopposed, using the appropriate trait ... as the difficulty". A frozen
    # minion with Brawling Superb: the hero's Good (Fair + 1) falls short; a frozen Poor brawler is hit by a Poor roll.
    frozen = goon(brawling=3, conditions=(Condition("frozen"),))
    outcome = melee(encounter(fighter("hero", brawling=0), frozen), "hero", ["goon"], 1, initiative=ORDER)
    mine = strike(outcome.result, "hero", "goon")
    assert (mine.defence, mine.defence_trait, mine.unopposed, mine.lands) == (3, "brawling", True, False)
    weak = goon(brawling=-2, conditions=(Condition("frozen"),))
    outcome = melee(encounter(fighter("hero", brawling=0), weak), "hero", ["goon"], -2, initiative=ORDER)
    assert (strike(outcome.result, "hero", "goon").margin, strike(outcome.result, "hero", "goon").lands) == (0, True)


def test_the_minion_lines_say_who_rolled_and_what_the_difficulty_was():
    enc = encounter(fighter("hero", brawling=1), goon(brawling=1))
    attacked = render_result(melee(enc, "hero", ["goon"], 0, initiative=ORDER).result, NAMES)
    assert "Goon is a minion: attacked, he does not roll or strike back; his trait is the difficulty" in attacked
    assert ("Hero → Goon: offence Good (+1) against Brawling Good (+1) as the difficulty (a minion, no dice), "
            "margin +0: hits") in attacked
    assert "Goon → Hero: strikes no blow" in attacked
    attacking = render_result(melee(enc, "goon", ["hero"], 0, 0, initiative=ORDER).result, NAMES)
    assert "Goon rolls Brawling Good (+1), dice [▢ ▢ ▢ ▢] +0 → Good (+1)" in attacking
    assert "Goon is a minion: the dice count for his offence only, never his defence" in attacking


def test_a_counter_lock_on_a_minion_is_unopposed_against_his_speed():
    enc = encounter(fighter("hero", martial_arts=2, grapple=1), goon(brawling=0, speed=0))
    outcome = melee(enc, "hero", ["goon"], 0, -1, act="counter lock", initiative=ORDER)  # exchange, then Grapple
    attempt = outcome.result.lock
    assert (attempt.victim_roll, attempt.difficulty, attempt.grappler_roll.result) == (None, 0, 0)
    assert attempt.success and outcome.encounter.get("goon").condition("pinned").source == "hero"
    lines = render_result(outcome.result, NAMES)
    assert "Goon is a minion and does not roll: Speed Fair (0) is the difficulty" in lines
