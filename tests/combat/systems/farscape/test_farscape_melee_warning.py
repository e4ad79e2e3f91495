"""Farscape minions in melee: the first blow they land is a warning that harms no one, shared with warning shots."""

import pytest
from farscape_melee_kit import TABLES, dice, encounter, f4, fighter, hit, melee, strike, wounded

from combat.model import Condition
from combat.system import Intent
from combat.systems.farscape.ranged import resolve_shot

ORDER = {"hero": 2, "goon": 1, "pal": 0}
WARNED = Condition("warned")


def goon(**traits):
    return fighter("goon", tier="minion", **traits)


def test_a_minion_first_landed_blow_is_a_warning_that_harms_no_one():
    enc = encounter(goon(brawling=2), fighter("hero", brawling=0))
    outcome = melee(enc, "goon", ["hero"], 0, 0, initiative=ORDER)
    assert strike(outcome.result, "goon", "hero").lands
    blow = hit(outcome.result, "goon", "hero")
    assert (blow.warning, blow.damage, blow.harm, blow.kind) == (True, None, None, None)
    assert outcome.encounter.get("hero").health.stun.level is None
    assert outcome.encounter.get("goon").has("warned")
    assert ("goon", WARNED) in outcome.result.conditions_set


def test_after_the_warning_its_blows_count():
    enc = encounter(goon(brawling=2), fighter("hero", brawling=0))
    first = melee(enc, "goon", ["hero"], 0, 0, initiative=ORDER)
    second = melee(first.encounter, "goon", ["hero"], 0, 0, initiative=ORDER)
    blow = hit(second.result, "goon", "hero")
    assert (blow.warning, blow.kind, blow.damage.value) == (False, "stun", 1)
    assert second.encounter.get("hero").health.stun.level_name == "Dazed"


def test_a_miss_is_no_warning():
    enc = encounter(goon(brawling=0), fighter("hero", brawling=0))
    outcome = melee(enc, "goon", ["hero"], 0, 0, initiative=ORDER)
    # The hero's blow reaches the minion's unrolled defence (a tie hits a minion [seed]); the goon's misses.
    assert [h.attacker for h in outcome.result.hits] == ["hero"]
    assert not outcome.encounter.get("goon").has("warned")


def test_a_non_minion_never_warns():
    enc = encounter(fighter("pal", tier="ally", brawling=2), fighter("hero", brawling=0))
    outcome = melee(enc, "pal", ["hero"], 0, 0, initiative=ORDER)
    assert not hit(outcome.result, "pal", "hero").warning
    assert outcome.encounter.get("hero").health.stun.level_name == "Dazed"
    assert not outcome.encounter.get("pal").has("warned")


def test_a_minion_who_is_attacked_strikes_no_blow_back_so_gives_no_warning():
    enc = encounter(fighter("hero", brawling=0), goon(brawling=2))
    outcome = melee(enc, "hero", ["goon"], 0, initiative=ORDER)  # only the hero rolls [seed]
    assert strike(outcome.result, "goon", "hero").reason == "no strike"
    assert outcome.encounter.get("hero").health.stun.level is None
    assert not outcome.encounter.get("goon").has("warned")


def test_a_minion_taken_out_before_its_blow_lands_gives_no_warning():
    dazed = wounded(goon(brawling=0, strength=1), "stun", (1, 1, 1, 0))
    enc = encounter(fighter("hero", brawling=3), dazed)
    outcome = melee(enc, "goon", ["hero"], 3, 0, initiative=ORDER, stance="+2")  # the goon attacks, the hero is faster
    assert outcome.encounter.get("goon").has("unconscious")
    stopped = hit(outcome.result, "goon", "hero")
    assert (stopped.blocked, stopped.warning) == (True, False)
    assert not outcome.encounter.get("goon").has("warned")


def test_every_blow_of_the_warning_exchange_is_a_warning():
    enc = encounter(goon(brawling=4), fighter("hero", brawling=0), fighter("pal", brawling=0))
    outcome = melee(enc, "goon", ["hero", "pal"], 0, 0, 0, initiative=ORDER, extend="yes")
    assert [(s.reason, s.lands) for s in outcome.result.strikes[:2]] == [("hit", True), ("extended", True)]
    assert [(h.defender, h.warning) for h in outcome.result.hits] == [("hero", True), ("pal", True)]
    assert outcome.encounter.get("hero").health.stun.level is None
    assert outcome.encounter.get("pal").health.stun.level is None


@pytest.mark.parametrize(
    ("move", "effect", "condition"),
    [("sweep", "prone", "prone"), ("grapple", "lock", "pinned"), ("feint", "feint", "feinted")],
)
def test_a_warning_sweep_grapple_or_feint_has_no_effect(move, effect, condition):
    enc = encounter(goon(martial_arts=3, grapple=3), fighter("hero", brawling=0))
    outcome = melee(enc, "goon", ["hero"], 0, 0, act=move, initiative=ORDER)
    blow = hit(outcome.result, "goon", "hero")
    assert (blow.effect, blow.warning, blow.condition) == (effect, True, None)
    assert not outcome.encounter.get("hero").has(condition)
    assert not outcome.encounter.get("goon").has("grappling")


def test_a_minion_won_counter_lock_is_its_warning():
    enc = encounter(goon(martial_arts=2, grapple=1), fighter("hero", brawling=1, speed=0))
    outcome = melee(enc, "goon", ["hero"], 0, 0, act="counter lock", initiative=ORDER, extra=[*f4(1), *f4(0)])
    attempt = outcome.result.lock
    assert (attempt.success, attempt.warning) == (True, True)
    assert not outcome.encounter.get("hero").has("pinned")
    assert outcome.encounter.get("goon").has("warned")


def test_a_warned_minion_counter_lock_pins():
    enc = encounter(goon(martial_arts=2, grapple=1, conditions=(WARNED,)), fighter("hero", brawling=1))
    outcome = melee(enc, "goon", ["hero"], 0, 0, act="counter lock", initiative=ORDER, extra=[*f4(1), *f4(0)])
    assert (outcome.result.lock.success, outcome.result.lock.warning) == (True, False)
    assert outcome.encounter.get("hero").condition("pinned").source == "goon"


def test_a_warning_shot_already_given_makes_the_first_blow_count():
    enc = encounter(goon(brawling=2, energy_weapons=0, weapons=("pistol",)), fighter("hero", brawling=0))
    script = dice(0)
    shot = resolve_shot(enc, Intent("goon", "shoot", ("hero",)), TABLES, script)
    assert shot.result.warning and script.remaining == 0
    blow = hit(melee(shot.encounter, "goon", ["hero"], 0, 0, initiative=ORDER).result, "goon", "hero")
    assert (blow.warning, blow.kind) == (False, "stun")


def test_a_warning_blow_already_given_means_the_first_shot_counts():
    enc = encounter(goon(brawling=2, energy_weapons=0, weapons=("pistol",)), fighter("hero", brawling=0))
    warned = melee(enc, "goon", ["hero"], 0, 0, initiative=ORDER).encounter
    shot = resolve_shot(warned, Intent("goon", "shoot", ("hero",), {"aware": "no"}), TABLES, dice(1))
    assert not shot.result.warning
    assert shot.result.attacks[0].hit
