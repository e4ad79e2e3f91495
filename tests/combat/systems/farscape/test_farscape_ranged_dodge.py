"""Farscape dodging: one roll per element, declining for later attacks, protagonists' full dodge, acting and dodging."""

import pytest
from farscape_ranged_kit import encounter, fighter, mods, run, shoot

from combat.errors import CannotAct, InvalidInput, RulesError
from combat.model import Condition


def dodge(enc, actor, *totals, modifier=0, **options):
    return run("dodge", enc, actor, [], *totals, modifier=modifier, **options)


def test_a_declared_dodge_is_stored_for_the_element_and_does_not_end_the_turn():
    enc = encounter(fighter("pc", agility=2), fighter("foe"))
    out = dodge(enc, "pc", 1, modifier=-1)
    assert out.result.value == 2 and not out.result.free
    assert mods(out.result.modifiers) == {"GM": -1}
    assert out.encounter.get("pc").condition("dodge") == Condition("dodge", value=2, elements=1, uses=0)
    assert not out.ends_turn


def test_acrobatics_may_be_used_to_dodge():
    enc = encounter(fighter("pc", agility=0, acrobatics=3), fighter("foe"))
    out = dodge(enc, "pc", 0, skill="Acrobatics")
    assert out.result.roll.trait == "acrobatics" and out.result.value == 3


def test_dodge_refusals():
    enc = encounter(fighter("pc"), fighter("foe", tier="minion"), fighter("ice", conditions=[Condition("frozen")]))
    with pytest.raises(RulesError, match="never dodge"):
        dodge(enc, "foe")
    with pytest.raises(CannotAct):
        dodge(enc, "ice")
    with pytest.raises(InvalidInput, match="Dodge with"):
        dodge(enc, "pc", skill="speed")
    once = dodge(enc, "pc", 0).encounter
    with pytest.raises(RulesError, match="already dodged"):
        dodge(once, "pc")


def declared(tier, value):
    return fighter("foe", tier=tier, armour="vest", conditions=[Condition("dodge", value=value, elements=1)])


def test_the_dodge_declines_one_level_for_each_later_attack():
    enc = encounter(fighter("a", firearms=2), fighter("b", firearms=2), fighter("c", firearms=2), declared("ally", 2))
    one = shoot(enc, "a", ["foe"], 0)  # 2 vs 2: a miss
    two = shoot(one.encounter, "b", ["foe"], 0)  # 2 vs 1: a hit
    three = shoot(two.encounter, "c", ["foe"], -1)  # 1 vs 0: a hit
    first, second, third = (o.result.attacks[0] for o in (one, two, three))
    enc3 = three.encounter
    assert [a.dodge.decline for a in (first, second, third)] == [0, -1, -2]
    assert [a.dodge.value for a in (first, second, third)] == [2, 1, 0]
    assert [a.hit for a in (first, second, third)] == [False, True, True]
    assert enc3.get("foe").condition("dodge").uses == 3


@pytest.mark.parametrize("tier", ["protagonist", "antagonist"])
def test_protagonists_and_antagonists_keep_their_full_dodge(tier):
    enc = encounter(fighter("a", firearms=2), fighter("b", firearms=2), declared(tier, 2))
    enc = shoot(enc, "a", ["foe"], 0).encounter
    later = shoot(enc, "b", ["foe"], 0)
    attack = later.result.attacks[0]
    assert attack.dodge.decline == 0 and attack.dodge.value == 2 and not attack.hit
    assert later.encounter.get("foe").condition("dodge").uses == 2


def test_the_free_dodge_is_stored_and_declines_for_the_next_attack():
    enc = encounter(fighter("a", firearms=2), fighter("b", firearms=2), fighter("foe", agility=1))
    first = shoot(enc, "a", ["foe"], -2, 1)  # 0 against the free dodge 2
    assert first.result.attacks[0].dodge.rolled.free
    second = shoot(first.encounter, "b", ["foe"], 0).result.attacks[0]  # no new dodge: 2 against 2 - 1
    assert second.dodge.rolled is None and second.dodge.value == 1 and second.hit


def test_dodging_while_shooting_costs_the_attack_one_by_default():
    pc = fighter("pc", firearms=2, conditions=[Condition("dodge", value=2, elements=1)])
    out = shoot(encounter(pc, fighter("foe")), "pc", ["foe"], 0, aware="no")
    assert out.result.acting == "attack"
    assert mods(out.result.attacks[0].modifiers) == {"dodging": -1}
    assert out.encounter.get("pc").condition("dodge").value == 2


def test_dodging_while_shooting_can_cost_the_dodge_instead():
    pc = fighter("pc", firearms=2, conditions=[Condition("dodge", value=2, elements=1)])
    out = shoot(encounter(pc, fighter("foe", armour="vest")), "pc", ["foe"], 0, aware="no", dodging="dodge")
    assert out.result.acting == "dodge"
    assert mods(out.result.attacks[0].modifiers) == {}
    shooter = out.encounter.get("pc")
    assert shooter.condition("dodge").value == 1 and shooter.has("dodge split")
    again = shoot(out.encounter, "pc", ["foe"], 0, aware="no", dodging="dodge")  # the -1 is taken only once
    assert again.result.acting is None and again.encounter.get("pc").condition("dodge").value == 1


def test_dodging_after_acting_costs_the_dodge_one():
    enc = encounter(fighter("pc", firearms=2, agility=1), fighter("foe"))
    enc = shoot(enc, "pc", ["foe"], 0, aware="no").encounter
    out = dodge(enc, "pc", 1)
    assert mods(out.result.modifiers) == {"acting": -1} and out.result.value == 1
    assert out.encounter.get("pc").has("dodge split")


def test_a_free_dodge_after_acting_also_costs_one():
    enc = encounter(fighter("a", firearms=2), fighter("foe", firearms=0, agility=1))
    enc = shoot(enc, "foe", ["a"], 0, aware="no").encounter
    attack = shoot(enc, "a", ["foe"], 0, 0).result.attacks[0]
    assert mods(attack.dodge.rolled.modifiers) == {"acting": -1}
    assert attack.dodge.value == 0 and attack.margin == 2


def test_the_dodging_option_must_name_a_roll():
    pc = fighter("pc", conditions=[Condition("dodge", value=2, elements=1)])
    with pytest.raises(InvalidInput, match="dodging"):
        shoot(encounter(pc, fighter("foe")), "pc", ["foe"], dodging="both")
