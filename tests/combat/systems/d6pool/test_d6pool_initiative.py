"""Initiative: Agility + 1d6 + the ready skill, several actions at Init, Init-6 …, re-rolled every round."""

import pytest
from d6_kit import SYSTEM, begin, encounter, fighter, next_turn, slots

from bot.systems.d6pool.render import D6PoolRenderer
from combat import engine
from combat.dice import ScriptedDice
from combat.errors import RulesError
from combat.systems.d6pool.model import counts
from combat.systems.d6pool.results import Joined, RoundBegins
from combat.systems.d6pool.tools import use


def test_the_seed_examples_and_a_count_of_zero() -> None:
    assert counts(14) == (14, 8, 2)  # [seed] Megaman
    assert counts(11) == (11, 5)  # [seed] Badguy
    assert counts(12) == (12, 6, 0)  # [ours] 0 is "5 or less": it acts
    assert counts(6) == (6, 0)
    assert counts(5) == (5,)
    assert counts(1) == (1,)


def test_agility_plus_a_d6_plus_the_ready_skill_and_interleaved_counts() -> None:
    hero = fighter("hero", weapons=("sword",), agility=5, swords=3)
    foe = fighter("foe", weapons=("club",), agility=4, clubs=2)
    step = engine.begin(SYSTEM, encounter(hero, foe), ScriptedDice([6, 5]))
    started = step.change.started
    assert isinstance(started, RoundBegins)
    assert [(r.combatant, r.base, r.die, r.skill, r.modifier, r.total) for r in started.rolls] == [
        ("hero", 5, 6, "swords", 3, 14), ("foe", 4, 5, "clubs", 2, 11)]
    assert slots(step.encounter) == [(14, ("hero",)), (11, ("foe",)), (8, ("hero",)), (5, ("foe",)), (2, ("hero",))]


def test_without_anything_ready_no_skill_counts() -> None:
    hero = fighter("hero", weapons=("sword",), agility=3, swords=3)
    enc = encounter(hero)
    unready = use(enc, "ready", {"target": "hero", "weapon": "none"}, SYSTEM.tables).encounter
    step = engine.begin(SYSTEM, unready, ScriptedDice([4]))
    assert slots(step.encounter) == [(7, ("hero",)), (1, ("hero",))]


def test_an_unarmed_fighter_has_his_fists_ready_from_the_first_round() -> None:
    # [seed] "Initiative can also be affected by Skill Modifiers if a character is in a position to use that skill":
    # a fighter with no weapon fights with his fists (brawling), ready from the start as the Swordsman's sword is.
    # Agility 3 + [4] + 2 brawling = 9: acts at 9 and 3 (before: 7 and 1 in round 1, 9 and 3 once he had punched).
    brawler = fighter("brawler", agility=3, brawling=2)
    assert slots(begin(brawler, init=(4,))) == [(9, ("brawler",)), (3, ("brawler",))]


def test_a_martial_artist_fights_with_his_own_skill() -> None:
    # [ours] the data carry "martial arts" (PF 1, the martial arts skill), so that skill counts as a weapon's:
    # Agility 3 + [4] + 3 martial arts = 10: acts at 10 and 4 (his brawling 1 would give 8 and 2).
    adept = fighter("adept", weapons=("martial arts",), agility=3, martial_arts=3, brawling=1)
    assert slots(begin(adept, init=(4,))) == [(10, ("adept",)), (4, ("adept",))]


def test_a_psionic_power_ready_rolls_intelligence() -> None:
    mind = fighter("mind", weapons=("mind blast",), agility=2, intelligence=6, psionics=2)
    enc = begin(mind, init=(3,))
    assert slots(enc) == [(11, ("mind",)), (5, ("mind",))]


def test_equal_counts_go_to_the_higher_agility_then_act_together() -> None:
    quick = fighter("quick", agility=4)
    slow = fighter("slow", agility=3)
    twin = fighter("twin", agility=3)
    enc = begin(quick, slow, twin, init=(4, 5, 5))
    assert slots(enc) == [(8, ("quick",)), (8, ("slow", "twin")), (2, ("quick",)), (2, ("slow", "twin"))]


def test_nobody_holds_an_action_everyone_acts_on_his_counts_in_order() -> None:
    # [seed] "Characters then act in the order of their Initiative."
    ace, bob = fighter("ace", agility=4), fighter("bob", agility=4)
    enc = begin(ace, bob, init=(6, 1))  # Ace 10 and 4, Bob 5
    assert slots(enc) == [(10, ("ace",)), (5, ("bob",)), (4, ("ace",))]
    with pytest.raises(RulesError, match="nobody holds an action"):
        engine.hold(SYSTEM, enc, "ace", ScriptedDice([]))


def test_initiative_is_rolled_again_every_round() -> None:
    hero, foe = fighter("hero", agility=3), fighter("foe", agility=3)
    enc = begin(hero, foe, init=(6, 1))
    assert slots(enc)[0] == (9, ("hero",))
    for _ in range(len(enc.turns.queue) - 1):
        enc = next_turn(enc).encounter
    step = next_turn(enc, (1, 6))  # the round ends: round 2 rolls again
    assert step.encounter.turns.round == 2
    assert slots(step.encounter) == [(9, ("foe",)), (4, ("hero",)), (3, ("foe",))]


def test_a_newcomer_rolls_initiative_as_he_joins_and_the_roll_is_shown() -> None:
    # Hero 5 + 6 + 3 = 14 begins the round; Newbie (Agility 4, clubs 2) joins: 4 + d6 [3] + 2 = 9, acts at 9 and 3.
    hero = fighter("hero", weapons=("sword",), agility=5, swords=3)
    step = engine.begin(SYSTEM, encounter(hero), ScriptedDice([6]))
    joined = engine.add(SYSTEM, step.encounter, fighter("newbie", weapons=("club",), agility=4, clubs=2),
                        ScriptedDice([3]))
    assert isinstance(joined.result, Joined)
    assert D6PoolRenderer().result(joined.result, {"newbie": "Newbie"}) == [
        "Newbie's Initiative: Agility 4 + d6 [3] +2 clubs = 9 → acts at 9, 3"]
    assert slots(joined.encounter) == [(14, ("hero",)), (9, ("newbie",)), (8, ("hero",)), (3, ("newbie",)),
                                       (2, ("hero",))]
