"""Farscape multiple opponents: the lone fighter's penalty, beating or matching all, ties, extending the attack."""

import pytest
from farscape_melee_kit import encounter, fighter, hit, melee, mods, strike

from combat.errors import InvalidInput, RulesError

ORDER = {"hero": 3, "foe1": 2, "foe2": 1, "foe3": 0}


def _fight(hero_skill, foe_skills, hero_dice=0, **options):
    foes = [fighter(f"foe{i + 1}", brawling=s) for i, s in enumerate(foe_skills)]
    enc = encounter(fighter("hero", brawling=hero_skill), *foes)
    targets = [f.id for f in foes]
    return melee(enc, "hero", targets, hero_dice, *([0] * len(foes)), initiative=ORDER, **options)


def test_the_lone_fighter_takes_minus_one_per_extra_opponent_to_offence_and_defence():
    outcome = _fight(4, [0, 0, 0])
    hero = outcome.result.sides[0]
    assert mods(hero.offence_modifiers) == {"outnumbered": -2}
    assert mods(hero.defence_modifiers) == {"outnumbered": -2}
    assert strike(outcome.result, "hero", "foe1").offence == 2
    assert strike(outcome.result, "foe2", "hero").defence == 2
    assert all(not mods(s.offence_modifiers) for s in outcome.result.sides[1:])


def test_he_rolls_once_and_each_foe_rolls_after_him_in_target_order():
    outcome = _fight(3, [0, 1])
    assert [s.combatant for s in outcome.result.sides] == ["hero", "foe1", "foe2"]
    assert sum(1 for s in outcome.result.sides if s.roll is not None) == 3


def test_beating_all_hits_only_the_foe_he_chose():
    outcome = _fight(3, [0, 1])
    assert (strike(outcome.result, "hero", "foe1").reason, strike(outcome.result, "hero", "foe2").reason) == (
        "hit", "unchosen")
    assert [(h.attacker, h.defender, h.margin) for h in outcome.result.hits] == [("hero", "foe1", 2)]


def test_the_first_target_is_his_choice():
    foes = [fighter("foe1", brawling=1), fighter("foe2", brawling=0)]
    enc = encounter(fighter("hero", brawling=3), *foes)
    outcome = melee(enc, "hero", ["foe2", "foe1"], 0, 0, 0, initiative=ORDER)
    assert [(h.defender, h.margin) for h in outcome.result.hits] == [("foe2", 2)]


def test_every_foe_who_beats_his_defence_hits_him():
    outcome = _fight(0, [1, 1])
    assert {h.attacker for h in outcome.result.hits} == {"foe1", "foe2"}
    assert all(h.defender == "hero" for h in outcome.result.hits)
    assert outcome.encounter.get("hero").health.stun.level_name == "Dazed"
    assert outcome.encounter.get("hero").health.stun.filled == (2, 0, 0, 0)


def test_failing_to_match_one_foe_lands_nothing_even_on_the_others():
    outcome = _fight(3, [0, 3])
    assert strike(outcome.result, "hero", "foe1").margin == 2
    assert strike(outcome.result, "hero", "foe1").reason == "outmatched"
    assert strike(outcome.result, "hero", "foe2").reason == "miss"
    assert [h.attacker for h in outcome.result.hits] == ["foe2"]


def test_tying_his_best_foe_lets_him_harm_only_a_foe_two_levels_below():
    outcome = _fight(4, [2, 1, 0])
    reasons = [strike(outcome.result, "hero", f).reason for f in ("foe1", "foe2", "foe3")]
    assert reasons == ["miss", "tied", "hit"]
    assert [(h.attacker, h.defender, h.margin) for h in outcome.result.hits] == [("hero", "foe3", 2)]


def test_a_tie_with_nobody_two_below_lands_nothing():
    outcome = _fight(3, [2, 1])
    assert [strike(outcome.result, "hero", f).margin for f in ("foe1", "foe2")] == [0, 1]
    assert outcome.result.hits == ()


def test_matching_every_foe_is_enough_to_avoid_being_outmatched():
    outcome = _fight(4, [2, 2, 0])
    assert [h.defender for h in outcome.result.hits] == ["foe3"]


def test_extending_the_attack_hits_extra_foes_at_minus_one():
    outcome = _fight(3, [0, 0], extend="yes")
    extra = strike(outcome.result, "hero", "foe2")
    assert (extra.reason, extra.offence, extra.margin) == ("extended", 1, 1)
    assert mods(extra.offence_modifiers) == {"extra foe": -1}
    assert [(h.defender, h.margin) for h in outcome.result.hits] == [("foe1", 2), ("foe2", 1)]
    assert hit(outcome.result, "hero", "foe1").damage.value == 1


def test_an_extension_that_no_longer_beats_the_foe_misses_him():
    outcome = _fight(3, [0, 1], extend="yes")
    assert strike(outcome.result, "hero", "foe2").reason == "unchosen"
    assert [h.defender for h in outcome.result.hits] == ["foe1"]


def test_extending_after_a_tie_still_needs_two_levels_after_the_penalty():
    outcome = _fight(4, [3, 0, 0], hero_dice=1, extend="yes")
    # offence 3: foe1 tied (0), foe2 and foe3 three below; foe2 is his blow, foe3 the extension at 3-1 = 2.
    assert [(h.defender, h.margin) for h in outcome.result.hits] == [("foe2", 3), ("foe3", 2)]


def test_only_a_damaging_blow_can_be_extended():
    foes = [fighter("foe1"), fighter("foe2")]
    enc = encounter(fighter("hero", martial_arts=2), *foes)
    with pytest.raises(RulesError, match="extended"):
        melee(enc, "hero", ["foe1", "foe2"], move="sweep", extend="yes")


def test_extend_takes_yes_or_no():
    with pytest.raises(InvalidInput):
        _fight(3, [0, 0], extend="maybe")
