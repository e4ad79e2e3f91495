"""Farscape wound tracks: thresholds and boxes by tier, roll-up, overflow, level names and penalties."""

import pytest

from combat.systems.farscape.wounds import (
    LETHAL_LEVELS,
    STUN_LEVELS,
    TRACKS,
    category,
    fresh_health,
    mark,
    stun_condition,
    stun_penalty,
)

# The seed's tables (Allies/Henchmen, Bystanders/Minions) and docs/rules/farscape.md's Protagonist default,
# written out as (lowest damage, level) pairs and box counts.
ALLY_LETHAL = [(1, "Scratch"), (3, "Hurt"), (5, "Very Hurt"), (7, "Incapacitated"), (9, "Near Death")]
ALLY_STUN = [(1, "Dazed"), (3, "Stunned"), (5, "Very Stunned"), (7, "Unconscious")]
MINION_LETHAL = [(1, "Scratch"), (3, "Hurt"), (4, "Very Hurt"), (5, "Incapacitated"), (6, "Near Death")]
MINION_STUN = [(1, "Dazed"), (2, "Stunned"), (3, "Very Stunned"), (4, "Unconscious")]

EXPECTED = {
    "protagonist": {"lethal": (ALLY_LETHAL, (3, 2, 1, 1, 1)), "stun": (ALLY_STUN, (3, 2, 1, 1))},
    "antagonist": {"lethal": (ALLY_LETHAL, (3, 2, 1, 1, 1)), "stun": (ALLY_STUN, (3, 2, 1, 1))},
    "ally": {"lethal": (ALLY_LETHAL, (2, 1, 1, 1, 1)), "stun": (ALLY_STUN, (2, 1, 1, 1))},
    "henchman": {"lethal": (ALLY_LETHAL, (2, 1, 1, 1, 1)), "stun": (ALLY_STUN, (2, 1, 1, 1))},
    "bystander": {"lethal": (MINION_LETHAL, (1, 1, 1, 1, 1)), "stun": (MINION_STUN, (1, 1, 1, 1))},
    "minion": {"lethal": (MINION_LETHAL, (1, 1, 1, 1, 1)), "stun": (MINION_STUN, (1, 1, 1, 1))},
}
CASES = [(tier, kind) for tier in EXPECTED for kind in ("lethal", "stun")]


def expected_level(table, damage):
    names = [name for low, name in table if damage >= low]
    return names[-1] if names else None


@pytest.mark.parametrize(("tier", "kind"), CASES)
def test_every_damage_value_lands_on_the_seed_level(tier, kind):
    table, _ = EXPECTED[tier][kind]
    for damage in range(-2, 16):
        _, wound = mark(fresh_health(tier), kind, damage)
        assert wound.landed == expected_level(table, damage), (tier, kind, damage)


@pytest.mark.parametrize(("tier", "kind"), CASES)
def test_each_level_has_the_seed_number_of_boxes(tier, kind):
    table, boxes = EXPECTED[tier][kind]
    assert fresh_health(tier).spec(kind).boxes == boxes
    for index, (low, name) in enumerate(table):
        health = fresh_health(tier)
        for _ in range(boxes[index]):
            health, wound = mark(health, kind, low)
            assert wound.marked == name
            assert not wound.rolled_up
        assert health.track(kind).filled[index] == boxes[index]
        _, extra = mark(health, kind, low)
        assert extra.rolled_up or extra.overflow


def test_tiers_map_to_three_categories():
    assert [category(t) for t in EXPECTED] == ["protagonist", "protagonist", "ally", "ally", "minion", "minion"]
    assert set(TRACKS) == {(c, k) for c in ("protagonist", "ally", "minion") for k in ("lethal", "stun")}


def test_fresh_health_is_unhurt():
    health = fresh_health("ally")
    assert health.lethal.filled == (0, 0, 0, 0, 0)
    assert health.stun.filled == (0, 0, 0, 0)
    assert health.lethal.level_name == "Healthy"
    assert health.stun.level_name == "Healthy"
    assert health.lethal_penalty == 0


def test_no_wound_below_the_first_threshold():
    health = fresh_health("ally")
    for damage in (0, -3):
        after, wound = mark(health, "lethal", damage)
        assert after == health
        assert wound.landed is None and wound.marked is None and wound.box is None
        assert wound.before == wound.after == "Healthy"


def test_full_level_rolls_up_to_the_next_free_box():
    health = fresh_health("ally")
    health, _ = mark(health, "lethal", 1)
    health, _ = mark(health, "lethal", 2)
    health, wound = mark(health, "lethal", 2)
    assert wound.landed == "Scratch"
    assert wound.marked == "Hurt"
    assert wound.rolled_up
    assert wound.box == 1
    assert health.lethal.filled == (2, 1, 0, 0, 0)
    assert (wound.before, wound.after) == ("Scratch", "Hurt")


def test_roll_up_skips_full_levels_but_not_free_lower_ones():
    health = fresh_health("minion")
    health, _ = mark(health, "lethal", 3)  # Hurt
    health, _ = mark(health, "lethal", 4)  # Very Hurt
    health, wound = mark(health, "lethal", 3)
    assert wound.marked == "Incapacitated"
    assert health.lethal.filled == (0, 1, 1, 1, 0)
    health, wound = mark(health, "lethal", 1)
    assert wound.marked == "Scratch"
    assert not wound.rolled_up
    assert health.lethal.level_name == "Incapacitated"


def test_overflow_when_nothing_at_or_above_is_free():
    health = fresh_health("minion")
    health, _ = mark(health, "lethal", 6)
    after, wound = mark(health, "lethal", 6)
    assert wound.overflow
    assert wound.marked is None
    assert after == health
    health, _ = mark(fresh_health("minion"), "stun", 4)
    after, wound = mark(health, "stun", 1)
    assert not wound.overflow  # the Dazed box below is still free
    assert wound.marked == "Dazed"


def test_level_names_follow_the_worst_filled_box():
    health = fresh_health("protagonist")
    seen = []
    for damage in (1, 3, 5, 7, 9):
        health, _ = mark(health, "lethal", damage)
        seen.append(health.lethal.level_name)
    assert seen == list(LETHAL_LEVELS)
    health = fresh_health("protagonist")
    seen = []
    for damage in (1, 3, 5, 7):
        health, _ = mark(health, "stun", damage)
        seen.append(health.stun.level_name)
    assert seen == list(STUN_LEVELS)


@pytest.mark.parametrize(
    ("damage", "penalty", "incapacitated", "knocked_out"),
    [(1, 0, False, False), (3, -1, False, False), (5, -2, False, False), (7, -3, True, False), (9, -3, True, True)],
)
def test_lethal_penalties_and_states(damage, penalty, incapacitated, knocked_out):
    health, _ = mark(fresh_health("ally"), "lethal", damage)
    assert health.lethal_penalty == penalty
    assert health.incapacitated is incapacitated
    assert health.knocked_out is knocked_out


def test_stun_does_not_give_a_lasting_penalty_but_unconscious_knocks_out():
    health, _ = mark(fresh_health("ally"), "stun", 5)
    assert health.lethal_penalty == 0
    assert not health.knocked_out
    health, _ = mark(health, "stun", 7)
    assert health.knocked_out
    assert health.stun.level_name == "Unconscious"


@pytest.mark.parametrize(
    ("level", "value", "elements"),
    [("Dazed", -1, 2), ("Stunned", -1, 2), ("Very Stunned", -2, 4)],
)
def test_stun_conditions_last_the_rest_of_this_element_plus_the_seed_count(level, value, elements):
    condition = stun_condition(level)
    assert condition is not None
    assert (condition.name, condition.value, condition.elements) == ("stun", value, elements)


def test_unconscious_gives_no_stun_penalty_condition():
    assert stun_condition("Unconscious") is None
    assert stun_penalty(None) == 0
