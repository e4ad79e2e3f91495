"""A martial artist whose defence stops a foe's blow may catch him in a lock, on the foe's turn too [seed].

Seed, Martial Arts, Grapple: "a martial artist may also attempt to catch them in a lock if they successfully defend
themselves against attack. In such cases, the martial artist must win an Opposed contest between their Grapple skill
and the opponent's Speed to get them in a lock."

Fighters (ally tier): Hero, Martial Arts Good (+1), Grapple Good (+1), Speed Fair; Foe, Brawling Good (+1),
Speed Good (+1) and quicker, so the element opens on Foe's turn. Ladder: Fair 0, Good +1, Great +2, Superb +3.
"""

import farscape_melee_kit as mk
import pytest

from bot.systems.farscape.render import render_result
from combat import engine
from combat.dice import ScriptedDice
from combat.errors import RulesError
from combat.system import Intent
from combat.systems.farscape.counter import counter_name
from combat.systems.farscape.system import FarscapeSystem

SYSTEM = FarscapeSystem(mk.TABLES)
NAMES = {"hero": "Hero", "foe": "Foe", "foe2": "Foe2"}


def _begun(*extra):
    hero = mk.fighter("hero", martial_arts=1, grapple=1)
    foe = mk.fighter("foe", brawling=1, speed=1)
    enc = engine.begin(SYSTEM, mk.encounter(hero, foe, *extra), ScriptedDice([])).encounter
    assert enc.turns.current.actors == ("foe",)
    return enc


def _act(enc, actor, move, targets, *totals):
    return engine.act(SYSTEM, enc, Intent(actor, move, tuple(targets)), mk.dice(*totals))


def test_a_defence_that_holds_on_the_foes_turn_lets_the_martial_artist_lock_him_out_of_turn():
    # Foe attacks: Brawling Good (+1) + 0 = Good; Hero's Martial Arts defence Good (+1) + 1 = Great (+2): Foe's blow
    # misses. Hero's blow back: Great (+2) against Foe's Brawling defence Good (+1) + 0: it lands (1 stun: Dazed).
    step = _act(_begun(), "foe", "attack", ["hero"], 0, 1)
    window = step.encounter.get("hero").condition(counter_name("foe"))
    assert (window.source, window.elements) == ("foe", 1)
    assert "Hero is now free to counter Foe with a lock this element (/act move:counter target:Foe)" in (
        render_result(step.result, NAMES))
    turn = step.encounter.turns.current.actors
    # Hero counters at once: Grapple Good (+1) + 1 = Great (+2) against Foe's Speed Good (+1) - 1 (Dazed) + 0 = Fair:
    # Hero wins, Foe is pinned. It is no action of Hero's: whoever's turn it was still has it.
    counter = _act(step.encounter, "hero", "counter", ["foe"], 1, 0)
    lock = counter.result.lock
    assert (lock.grappler_roll.result, lock.victim_roll.result, lock.success) == (2, 0, True)
    assert counter.encounter.get("foe").condition("pinned").source == "hero"
    assert counter.encounter.get("hero").condition("grappling").source == "foe"
    assert not counter.encounter.get("hero").has(counter_name("foe"))  # the chance is taken
    assert counter.encounter.turns.current.actors == turn
    lines = render_result(counter.result, NAMES)
    assert lines[0] == "Hero counters Foe's stopped blow with a lock" and lines[-1] == "Hero pins Foe in a lock"


def test_a_lost_contest_pins_nobody_and_the_chance_is_spent():
    step = _act(_begun(), "foe", "attack", ["hero"], 0, 1)
    # Grapple Good (+1) - 1 = Fair (0) against Speed Good (+1) - 1 (Dazed) + 1 = Good: Foe slips it.
    counter = _act(step.encounter, "hero", "counter", ["foe"], -1, 1)
    assert not counter.result.lock.success and not counter.encounter.get("foe").has("pinned")
    with pytest.raises(RulesError, match="can counter only a foe whose blow their Martial Arts defence stopped"):
        _act(counter.encounter, "hero", "counter", ["foe"], 4, -4)


def test_a_blow_that_lands_gives_no_chance_to_counter():
    # Foe + 2 = Superb (+3) against Hero's Great (+2): the blow lands; Hero's defence did not hold.
    step = _act(_begun(), "foe", "attack", ["hero"], 2, 1)
    assert not step.encounter.get("hero").has(counter_name("foe"))
    with pytest.raises(RulesError, match="Foe's was not one"):
        _act(step.encounter, "hero", "counter", ["foe"], 1, 0)


def test_only_a_martial_arts_defence_earns_it():
    # A brawler's block stops the blow just as well, but the seed gives the counter lock to martial artists.
    brawler = mk.fighter("hero", brawling=1, grapple=1)
    foe = mk.fighter("foe", brawling=1, speed=1)
    enc = engine.begin(SYSTEM, mk.encounter(brawler, foe), ScriptedDice([])).encounter
    step = _act(enc, "foe", "attack", ["hero"], 0, 1)
    assert not step.encounter.get("hero").has(counter_name("foe"))


def test_the_chance_ends_with_the_element():
    step = _act(_begun(), "foe", "attack", ["hero"], 0, 1)
    # Hero lets his turn go by: element 2 begins, and the chance went with element 1.
    later = engine.next_turn(SYSTEM, step.encounter, ScriptedDice([]))
    assert later.encounter.turns.round == 2
    assert not later.encounter.get("hero").has(counter_name("foe"))
    with pytest.raises(RulesError, match="can counter only"):
        _act(later.encounter, "hero", "counter", ["foe"], 1, 0)


def test_his_next_exchange_ends_the_chance():
    step = _act(_begun(), "foe", "attack", ["hero"], 0, 1)
    # On his own turn Hero attacks Foe instead: Martial Arts Good (+1) + 0 = Good. Foe rolls + 4, less 1 for being
    # Dazed: Superb+1 (+4) for his offence and his defence alike. Foe's blow back beats Hero's Good and lands: this
    # defence did not hold, and the earlier one is behind him.
    after = _act(step.encounter, "hero", "attack", ["foe"], 0, 4)
    blow = mk.strike(after.result, "foe", "hero")
    assert (blow.offence, blow.defence, blow.lands) == (4, 1, True)
    assert not after.encounter.get("hero").has(counter_name("foe"))


def test_his_own_counter_lock_move_opens_no_second_chance():
    # On his own turn Hero makes the counter lock: his defence holds (Great against Foe's Good) and the lock is
    # tried in that exchange (Grapple Good + 1 = Great against Speed Good + 0); no chance is left over to try again.
    hero = mk.fighter("hero", martial_arts=1, grapple=1, speed=2)
    foe = mk.fighter("foe", brawling=1, speed=1)
    enc = engine.begin(SYSTEM, mk.encounter(hero, foe), ScriptedDice([])).encounter
    assert enc.turns.current.actors == ("hero",)
    own = _act(enc, "hero", "counter lock", ["foe"], 1, 0, 1, 0)
    assert own.result.lock is not None and own.result.lock.success
    assert not own.encounter.get("hero").has(counter_name("foe"))
