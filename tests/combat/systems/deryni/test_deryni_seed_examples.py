"""Worked examples from the Deryni seed not pinned elsewhere: Example 1 of 4.2 step 3, and disarming a dagger and a
quarterstaff. Faces: 2dF for opposed rolls (+ is 1, blank 0, - is -1). Ladder: Mediocre -1, Fair 0, Good +1,
Great +2, Superb +3.
"""

import pytest
from deryni_kit import SYSTEM, attack, f2, faces, fight, man, state, with_state

from combat.engine import Step
from combat.errors import CannotAct
from combat.model import Encounter
from combat.systems.deryni.initiative import scores
from combat.systems.deryni.results import Strike

SLOW = man("slow", side="onlookers", agility=-3)  # keeps the round going; never attacked


def strike(step: Step) -> Strike:
    assert isinstance(step.result, Strike)
    return step.result


def initiative(enc: Encounter) -> dict[str, int]:
    return {s.combatant: s.value for s in scores(enc, SYSTEM.tables)}


def test_example_1_bob_good_strikes_first_and_the_bandit_who_parried_cannot_strike_with_his_sword():
    # "Bob's Initiative is Good, while the bandit's is Fair. Bob chooses to strike at the bandit first, forcing him to
    # defend with his sword." "you cannot defend with your sword and then attack with it". Bob: Agility Fair,
    # Broadsword Great: Good (4.1). Bandit: Agility Fair, Broadsword Fair: Fair. Bob Great + [0 0] = Great; the
    # bandit parries Fair + [+ +] = Great: a tie, the defender wins. Then his sword is spent for the round.
    enc = fight(man("bob", agility=0, broadsword=2), man("bandit", "bandits", agility=0, broadsword=0))
    assert initiative(enc) == {"bob": 1, "bandit": 0}
    assert [slot.actors for slot in enc.turns.queue] == [("bob",), ("bandit",)]
    step = attack(enc, "bob", "bandit", faces(f2(0), f2(2)), defence="parry")
    result = strike(step)
    assert (result.defence.kind, result.defence.item, result.attack.result, result.parry.result) == (
        "parry", "broadsword", 2, 2)
    assert result.outcome == "defended" and step.encounter.turns.is_turn_of("bandit")
    with pytest.raises(CannotAct, match="parried with their broadsword this round, so cannot strike with it too"):
        attack(step.encounter, "bandit", "bob", faces(f2(0), f2(0)))


@pytest.mark.parametrize(("weapon", "modifier", "taken", "kept"), [("dagger", -1, 0, -1), ("quarterstaff", -2, 1, 0)])
def test_a_disarm_is_minus_one_against_a_dagger_and_minus_two_against_a_quarterstaff(weapon: str, modifier: int,
                                                                                     taken: int, kept: int) -> None:
    # "-1: Disarming a one-handed weapon (Broad sword, Dagger)"; "-2: Disarming a two-handed weapon (Great sword,
    # Quarterstaff)"; unresisted, "a Fair or better result succeeding". Bob: Broadsword Good, no defence. Dagger:
    # Good - 1 + [0 0] = Fair: disarmed; [- 0] = Mediocre: kept. Quarterstaff: Good - 2 + [+ 0] = Fair: disarmed;
    # [0 0] = Mediocre: kept.
    enc = fight(man("bob", agility=3, broadsword=1), man("foe", "x", weapons=(weapon,), **{weapon: 0}), SLOW)
    step = attack(enc, "bob", "foe", f2(taken), disarm="weapon", defence="none")
    result = strike(step)
    assert [(m.name, m.value) for m in result.attack.modifiers] == [("disarm", modifier)]
    assert (result.attack.result, result.outcome, state(step.encounter, "foe").dropped) == (0, "disarmed", (weapon,))
    missed = strike(attack(enc, "bob", "foe", f2(kept), disarm="weapon", defence="none"))
    assert (missed.attack.result, missed.outcome) == (-1, "kept")


@pytest.mark.parametrize("named", ["dagger", "Dagger", "weapon", "sword"])
def test_a_disarm_may_name_the_weapon_in_his_hand(named: str) -> None:
    # The seed names the items ("Disarming a one-handed weapon (Broad sword, Dagger)"), so disarm:dagger is the
    # dagger in his hand. Unresisted: Bob Broadsword Good - 1 + [0 0] = Fair: disarmed.
    enc = fight(man("bob", agility=3, broadsword=1), man("foe", "x", weapons=("dagger",), dagger=0), SLOW)
    step = attack(enc, "bob", "foe", f2(0), disarm=named, defence="none")
    assert [(m.name, m.value) for m in strike(step).attack.modifiers] == [("disarm", -1)]
    assert (strike(step).outcome, state(step.encounter, "foe").dropped) == ("disarmed", ("dagger",))


def test_a_disarm_naming_a_weapon_he_does_not_hold_is_refused_naming_the_one_he_does() -> None:
    enc = fight(man("bob", agility=3, broadsword=1), man("foe", "x", weapons=("dagger",), dagger=0), SLOW)
    with pytest.raises(CannotAct, match="Foe holds their dagger, not 'greatsword': disarm:weapon"):
        attack(enc, "bob", "foe", f2(0), disarm="greatsword", defence="none")


def test_a_disarm_may_go_for_the_second_weapon_he_parries_with() -> None:
    # "Using a shield or a second weapon is usually the case here": the foe struck with his short sword this round,
    # so he parries with his dagger, and a disarm may knock either from his hands. Bob: Broadsword Good - 1
    # (one-handed) + [0 0] = Fair against the dagger's Fair parry + [- -] = Poor: he wins the skills; Strength Fair
    # [0 0] against Fair [- -]: the dagger falls, the short sword stays.
    enc = fight(man("bob", agility=3, broadsword=1), man("foe", "x", weapons=("shortsword", "dagger"),
                                                          shortsword=0, dagger=0), SLOW)
    enc = with_state(enc, "foe", attacked_with="shortsword")
    step = attack(enc, "bob", "foe", faces(f2(0), f2(-2), f2(0), f2(-2)), disarm="dagger", defence="parry")
    result = strike(step)
    assert (result.defence.item, result.outcome, state(step.encounter, "foe").dropped) == (
        "dagger", "disarmed", ("dagger",))
    with pytest.raises(CannotAct, match="Foe holds their short sword and their dagger, not 'greatsword'"):
        attack(enc, "bob", "foe", f2(0), disarm="greatsword", defence="parry")
