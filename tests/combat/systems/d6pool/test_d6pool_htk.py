"""Hits To Kill, objects, psionic combat and healing after the fight."""

from dataclasses import replace

import pytest
from d6_kit import SYSTEM, TABLES, attack, begin, choose, encounter, fighter, htk

from bot.render.guide import guide_lines
from bot.services.replies import Reply
from combat.errors import CannotAct, RulesError
from combat.model import Combatant
from combat.sheet import SheetRequest
from combat.system import Intent
from combat.systems.d6pool.build import htk_of
from combat.systems.d6pool.model import Htk
from combat.systems.d6pool.results import Attack
from combat.systems.d6pool.tools import healed, use

HIT = [6, 6, 6, 1]


def test_hits_to_kill_by_tier_and_an_explicit_value_wins() -> None:
    charts = TABLES.charts
    assert htk_of(fighter("a", stamina=4, level=2).sheet, charts).htk == 10  # Stamina x 2 + level
    assert htk_of(fighter("b", tier="mook", stamina=6).sheet, charts).htk == 3
    assert htk_of(fighter("c", tier="object").sheet, charts).htk == 10
    assert htk_of(fighter("d", htk=25).sheet, charts).htk == 25


def test_zero_htk_is_down_and_minus_htk_is_dead() -> None:
    enc = begin(fighter("hero", weapons=("sword",), swords=3), fighter("foe", tier="mook", agility=1), init=(6, 1))
    down = choose(attack(enc, "hero", "foe", [*HIT, 6, 6, 6]).encounter, "damage")
    assert htk(down.encounter, "foe") == 0 and down.result.down and not down.result.dead
    foe = down.encounter.get("foe")
    assert not SYSTEM.can_act(foe, "action") and SYSTEM.status(foe) == ("unconscious",)
    # A helpless target does not defend: 0 dice.
    dead = choose(attack(down.encounter, "hero", "foe", [1, 1, 1, 6, 6, 6]).encounter, "damage")
    assert dead.result.dead and SYSTEM.status(dead.encounter.get("foe")) == ("dead",)
    # The summary: the first hit took him down; the second killed one already down (not down a second time).
    assert [(b.out, b.note) for b in (*SYSTEM.digest(down.result), *SYSTEM.digest(dead.result))] == [
        (True, None), (False, "dead")]


def test_an_object_defends_with_the_dice_the_gm_set_and_takes_all_damage() -> None:
    truck = SYSTEM.build_sheet(SheetRequest(template="dump truck"))
    hero = fighter("hero", weapons=("power blast",), agility=4, powers=3)
    thing = Combatant("truck", "Truck", "scenery", truck.sheet, SYSTEM.new_health(truck.sheet))
    enc = begin(hero, thing, init=(6,))
    assert [e.combatant for e in enc.turns.order] == ["hero"]  # an object never acts
    enc = use(enc, "difficulty", {"target": "truck", "dice": 3}, TABLES).encounter
    # 4 dice 20 + 3 vs 3 dice [1, 1, 1]; PF 4 [6, 6, 6, 6] against vehicle PF 6 [4, 1, 1, 1, 1, 1]: 3.
    step = attack(enc, "hero", "truck", [5, 5, 5, 5, 1, 1, 1, 6, 6, 6, 6, 4, 1, 1, 1, 1, 1])
    assert isinstance(step.result, Attack) and step.encounter.pending is None
    assert len(step.result.roll.defence.faces) == 3 and step.result.spent.lost == 3
    assert htk(step.encounter, "truck") == 9
    with pytest.raises(RulesError, match="not an object"):
        use(enc, "difficulty", {"target": "hero", "dice": 2}, TABLES)


def test_a_mind_blast_at_an_object_is_refused_and_its_odds_too() -> None:
    # "Psyche counts as the mental equivalent of armor or protection from psionic attacks": a wall has no mind.
    wall = SYSTEM.build_sheet(SheetRequest(template="concrete wall"))
    mind = fighter("mind", weapons=("mind blast",), psi=3, psionics=2, intelligence=5)
    thing = Combatant("wall", "Wall", "scenery", wall.sheet, SYSTEM.new_health(wall.sheet))
    enc = begin(mind, thing, init=(6,))
    with pytest.raises(CannotAct, match="works on minds: Wall is an object"):
        attack(enc, "mind", "wall", [])
    with pytest.raises(CannotAct, match="works on minds"):
        SYSTEM.odds(enc, Intent("mind", "attack", ("wall",), {}))
    assert htk(enc, "wall") == enc.get("wall").health.htk


def test_psionic_combat_psi_attacks_and_defends_and_psyche_is_the_armour() -> None:
    mind = fighter("mind", weapons=("mind blast",), psi=3, psionics=2, intelligence=5)
    foe = fighter("foe", psi=2, psionics=1, psyche=2, agility=6)
    enc = begin(mind, foe, init=(1, 1))  # mind: Intelligence 5 + 1 + 2 = 8; foe: Agility 6 + 1 = 7
    assert enc.turns.current.waiting == ("mind",)
    step = attack(enc, "mind", "foe", [4, 4, 4, 2, 2, 6, 6, 6, 5, 1])
    roll = step.result.result
    assert (roll.kind, roll.attack.total, roll.defence.total, roll.defence_kind) == ("psionic", 14, 5, "psi")
    assert (roll.pf, roll.protection, roll.successes) == (3, 2, 2)  # [6, 6, 6] 3 vs Psyche [5, 1] 1


def test_healing_after_the_fight() -> None:
    assert healed(1, 3, False, False) == 1
    assert healed(1, 3, True, True) == 3
    assert healed(3, 2, True, False) == 2 + 2 * 3
    hero = fighter("hero", stamina=4, level=2)
    enc = encounter(hero)
    assert hero.health == Htk(10)
    hurt = enc.put(replace(hero, health=replace(hero.health, lost=6)))
    step = use(hurt, "recover", {"target": "hero", "days": 2, "rest": True}, TABLES)
    assert (step.result.gained, step.result.htk) == (2 + 3, 9)
    assert [(b.actor, b.move, b.note) for b in SYSTEM.digest(step.result)] == [
        ("hero", "recovers", "5 HTK in 2 days: HTK 9/10")]
    full = use(hurt, "recover", {"target": "hero", "days": 9, "treated": True}, TABLES)
    assert full.result.htk == 10  # never above the total


def test_healing_day_by_day_counts_only_the_first_day_as_the_first() -> None:
    # "An injured character recovers 1 HTK after the first day ... He then recovers his level in HTK per day
    # afterwards" (the audit's p6): level 3, 6 lost, one day at a time: +1, +3, then the last 2 (never above the total).
    hero = fighter("hero", stamina=8, level=3)
    enc = encounter(hero)
    enc = enc.put(replace(hero, health=replace(hero.health, lost=6)))
    gains = []
    for _ in range(3):
        step = use(enc, "recover", {"target": "hero", "days": 1}, TABLES)
        gains.append(step.result.gained)
        enc = step.encounter
    assert gains == [1, 3, 2] and enc.get("hero").health.lost == 0
    assert not enc.get("hero").has("recovering")  # healed in full: the next wound starts from a first day again
    # Hurt again after a day of healing: the count starts over.
    enc = enc.put(replace(enc.get("hero"), health=replace(enc.get("hero").health, lost=8)))
    enc = use(enc, "recover", {"target": "hero", "days": 1}, TABLES).encounter
    hurt = enc.get("hero")
    enc = enc.put(replace(hurt, health=replace(hurt.health, lost=hurt.health.lost + 2)))
    assert use(enc, "recover", {"target": "hero", "days": 2}, TABLES).result.gained == 1 + 3


def test_an_object_is_no_fighter_when_the_fight_ends() -> None:
    # The foe goes down: the fight is over, and the wall (scenery, untouched) is not listed among the fallen.
    wall = SYSTEM.build_sheet(SheetRequest(template="concrete wall"))
    thing = Combatant("wall", "Wall", "scenery", wall.sheet, SYSTEM.new_health(wall.sheet))
    enc = begin(fighter("hero", weapons=("sword",), swords=3), fighter("foe", tier="mook", agility=1), thing,
                init=(6, 1))
    assert SYSTEM.is_fighter(enc.get("hero")) and not SYSTEM.is_fighter(enc.get("wall"))
    down = choose(attack(enc, "hero", "foe", [*HIT, 6, 6, 6]).encounter, "damage")
    reply = Reply("attack", SYSTEM, down.encounter, down.result, beats=SYSTEM.digest(down.result))
    [line] = guide_lines(reply)
    assert line.startswith("→ The fight is over — Hero still stands; Foe is down:")


def test_the_gm_marks_lasting_wounds_and_the_days_of_healing_count_from_them() -> None:
    # A character brings 6 lost HTK from yesterday's fight (Stamina 4, level 2: HTK 10): the GM marks them, and a
    # day of rest gives back 1 + 1 (the first day), as the seed counts it.
    enc = encounter(fighter("hero", stamina=4, level=2))
    hurt = use(enc, "wound", {"target": "hero", "htk": 6}, TABLES)
    assert htk(hurt.encounter, "hero") == 4 and hurt.result.value == "4/10 (-6 by the GM)"
    rested = use(hurt.encounter, "recover", {"target": "hero", "days": 1, "rest": True}, TABLES)
    assert rested.result.htk == 6
    with pytest.raises(RulesError, match="its tools are recover, wound, difficulty, ready"):
        use(enc, "harm", {"target": "hero"}, TABLES)
