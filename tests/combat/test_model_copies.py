"""The model changes by copies, and only when something changed: an unchanged step keeps the very objects.

Kept objects matter beyond memory: the store reuses a combatant's JSON text for the very object it encoded.
"""

from combat.model import Combatant, Condition, Encounter
from combat.sheet import Sheet


def _fighter(ident: str, *conditions: Condition) -> Combatant:
    return Combatant(ident, ident.upper(), "a", Sheet(), health=1, conditions=conditions)


def test_a_tick_with_no_timed_condition_changes_nothing():
    lasting = _fighter("a", Condition("prone"), Condition("engaged", source="b"))
    assert lasting.tick() == (lasting, ())
    assert lasting.tick()[0] is lasting
    fight = Encounter("farscape", (lasting, _fighter("b")))
    after, expired = fight.tick()
    assert after is fight and expired == []


def test_a_tick_counts_timed_conditions_down_and_lets_the_last_element_run_out():
    timed = _fighter("a", Condition("prone"), Condition("dazed", elements=2), Condition("stunned", elements=1))
    after, expired = timed.tick()
    assert after is not timed and expired == ("stunned",)
    assert after.conditions == (Condition("prone"), Condition("dazed", elements=1))
    fight = Encounter("farscape", (_fighter("b"), timed))
    ticked, gone = fight.tick()
    assert ticked is not fight and gone == [("a", "stunned")]
    assert ticked.combatants[0] is fight.combatants[0] and ticked.get("a") == after


def test_putting_back_the_same_combatants_keeps_the_encounter():
    a, b = _fighter("a"), _fighter("b")
    fight = Encounter("farscape", (a, b))
    assert fight.put(a) is fight and fight.put(b, a) is fight and fight.put() is fight


def test_putting_an_equal_copy_or_a_newcomer_makes_a_new_encounter():
    a, b = _fighter("a"), _fighter("b")
    fight = Encounter("farscape", (a, b))
    twin = _fighter("a")
    assert twin == a and twin is not a
    swapped = fight.put(twin)
    assert swapped is not fight and swapped.get("a") is twin and swapped.combatants == (twin, b)
    grown = fight.put(_fighter("c"))
    assert [c.id for c in grown.combatants] == ["a", "b", "c"]


def test_setting_the_conditions_a_combatant_already_has_last_keeps_the_combatant():
    engaged = (Condition("engaged with b", elements=2, source="b"), Condition("engaged", elements=2, source="b"))
    fighter = _fighter("a", Condition("prone"), *engaged)
    assert fighter.with_conditions(*engaged) is fighter
    assert fighter.with_condition(engaged[-1]) is fighter


def test_setting_conditions_that_differ_or_come_in_another_order_makes_a_copy():
    engaged = (Condition("engaged with b", elements=2, source="b"), Condition("engaged", elements=2, source="b"))
    fighter = _fighter("a", *engaged, Condition("prone"))
    moved = fighter.with_conditions(*engaged)  # the same conditions, now after the others
    assert moved is not fighter and moved.conditions == (Condition("prone"), *engaged)
    fresher = fighter.with_condition(Condition("engaged", elements=1, source="b"))
    assert fresher is not fighter and fresher.condition("engaged") == Condition("engaged", elements=1, source="b")
