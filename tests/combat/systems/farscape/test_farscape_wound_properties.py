"""Properties of Farscape wound tracks that hold for any sequence of wounds."""

from hypothesis import given
from hypothesis import strategies as st

from combat.dice import RandomDice
from combat.model import Combatant
from combat.systems.farscape.harm import apply_wound, penalty
from combat.systems.farscape.sheet import SPEC, TIERS
from combat.systems.farscape.wounds import LETHAL_LEVELS, STUN_LEVELS, fresh_health, mark, stun_condition, stun_penalty

kinds = st.sampled_from(["lethal", "stun"])
wounds = st.lists(st.tuples(kinds, st.integers(min_value=-3, max_value=15)), max_size=25)
tiers = st.sampled_from(TIERS)


def rank(level):
    return -1 if level is None else level


@given(tiers, wounds)
def test_damage_never_empties_a_box(tier, sequence):
    health = fresh_health(tier)
    for kind, damage in sequence:
        after, _ = mark(health, kind, damage)
        for track in ("lethal", "stun"):
            before_boxes, after_boxes = health.track(track).filled, after.track(track).filled
            assert all(b >= a for a, b in zip(before_boxes, after_boxes, strict=True))
        health = after


@given(tiers, wounds)
def test_each_wound_fills_at_most_one_box_and_only_on_its_track(tier, sequence):
    health = fresh_health(tier)
    for kind, damage in sequence:
        after, wound = mark(health, kind, damage)
        other = "stun" if kind == "lethal" else "lethal"
        assert after.track(other) == health.track(other)
        added = sum(after.track(kind).filled) - sum(health.track(kind).filled)
        assert added == (1 if wound.marked is not None else 0)
        assert added == 0 or damage >= 1
        health = after


@given(tiers, wounds)
def test_damage_never_heals(tier, sequence):
    health = fresh_health(tier)
    for kind, damage in sequence:
        after, _ = mark(health, kind, damage)
        for track in ("lethal", "stun"):
            assert rank(after.track(track).level) >= rank(health.track(track).level)
        assert after.lethal_penalty <= health.lethal_penalty
        health = after


@given(tiers, wounds)
def test_boxes_never_exceed_the_track(tier, sequence):
    health = fresh_health(tier)
    for kind, damage in sequence:
        health, _ = mark(health, kind, damage)
        for track in ("lethal", "stun"):
            boxes = health.spec(track).boxes
            filled = health.track(track).filled
            assert all(0 <= f <= b for f, b in zip(filled, boxes, strict=True))
            assert sum(filled) <= sum(boxes)


@given(tiers, st.integers(min_value=1, max_value=15), st.integers(min_value=1, max_value=15))
def test_a_worse_wound_never_gives_a_smaller_penalty(tier, low, high):
    low, high = sorted((low, high))
    light, _ = mark(fresh_health(tier), "lethal", low)
    heavy, _ = mark(fresh_health(tier), "lethal", high)
    assert heavy.lethal_penalty <= light.lethal_penalty
    light, _ = mark(fresh_health(tier), "stun", low)
    heavy, _ = mark(fresh_health(tier), "stun", high)
    light_stun = stun_condition(light.stun.level_name)
    heavy_stun = stun_condition(heavy.stun.level_name)
    if light_stun is not None and heavy_stun is not None:
        assert stun_penalty(heavy_stun) <= stun_penalty(light_stun)
        assert (heavy_stun.elements or 0) >= (light_stun.elements or 0)


def test_penalties_are_monotone_along_the_named_levels():
    lethal = []
    for index in range(len(LETHAL_LEVELS)):
        health = fresh_health("ally")
        health, _ = mark(health, "lethal", health.spec("lethal").thresholds[index])
        lethal.append(health.lethal_penalty)
    assert lethal == sorted(lethal, reverse=True)
    stun = [stun_penalty(stun_condition(level)) for level in STUN_LEVELS[:-1]]
    assert stun == sorted(stun, reverse=True)


@given(tiers, wounds, st.integers(min_value=0, max_value=2**32))
def test_applying_wounds_never_lowers_the_penalty_or_wakes_anyone(tier, sequence, seed):
    dice = RandomDice(seed)
    sheet = SPEC.build(tier=tier)
    combatant = Combatant("c", "C", "foes", sheet, fresh_health(tier))
    for kind, damage in sequence:
        updated, harm = apply_wound(combatant, kind, damage, dice)
        assert updated.health.lethal_penalty <= combatant.health.lethal_penalty
        assert updated.has("unconscious") or not combatant.has("unconscious")
        assert harm.out or not harm.unconscious
        assert penalty(updated) <= penalty(combatant)
        combatant = updated
