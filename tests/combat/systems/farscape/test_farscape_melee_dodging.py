"""Farscape: fighting hand to hand while dodging this element costs −1, on the offence or the dodge [seed].

RANGED COMBAT:
"If a character is dodging while trying to do other things (like fire back) they get a -1 penalty to either their
dodge or their attack (or other roll); they pick which one they are concentrating on more."
"""

from fractions import Fraction

import pytest
from farscape_melee_kit import TABLES, encounter, fighter, melee, mods, strike

from combat.dice import ScriptedDice
from combat.errors import InvalidInput
from combat.model import Condition, Encounter
from combat.odds import Odds
from combat.system import ActionOutcome, Intent
from combat.systems.farscape.attack import resolve_attack
from combat.systems.farscape.melee_moves import MELEE_MOVES
from combat.systems.farscape.melee_results import ExchangeResult, Side
from combat.systems.farscape.ranged_dodge import resolve_dodge
from combat.systems.farscape.system import FarscapeSystem

DODGING = Condition("dodge", value=2, elements=1)
EXCHANGES = ("attack", "feint", "grapple", "sweep", "counter lock", "keep at bay", "step back", "retreat")


def side(result: ExchangeResult, cid: str) -> Side:
    return next(s for s in result.sides if s.combatant == cid)


def dodge(enc: Encounter, actor: str, total: int) -> ActionOutcome:
    script = ScriptedDice([1] * total + [0] * (4 - total))
    return resolve_dodge(enc, Intent(actor, "dodge", (), {}), TABLES, script)


def test_an_exchange_started_while_dodging_costs_the_offence_one_by_default() -> None:
    enc = encounter(fighter("pc", brawling=1, conditions=[DODGING]), fighter("foe", brawling=0))
    out = melee(enc, "pc", ["foe"], 0, 0)
    assert out.result.acting == "attack"
    assert mods(side(out.result, "pc").offence_modifiers) == {"dodging": -1}
    assert side(out.result, "pc").defence_modifiers == ()
    mine = strike(out.result, "pc", "foe")
    assert (mine.offence, mine.defence, mine.reason) == (0, 0, "miss")  # Good 1 - 1 only ties Fair: no hit
    assert strike(out.result, "foe", "pc").defence == 1  # his defence keeps its full value
    after = out.encounter.get("pc")
    assert after.has("acted") and after.condition("dodge").value == 2


def test_an_exchange_started_while_dodging_can_cost_the_dodge_instead_and_only_once() -> None:
    enc = encounter(fighter("pc", brawling=1, conditions=[DODGING]), fighter("foe", brawling=0))
    out = melee(enc, "pc", ["foe"], 0, 0, dodging="dodge")
    assert out.result.acting == "dodge"
    assert side(out.result, "pc").offence_modifiers == ()
    assert strike(out.result, "pc", "foe").reason == "hit"
    after = out.encounter.get("pc")
    assert after.condition("dodge").value == 1 and after.has("dodge split")
    again = melee(out.encounter, "pc", ["foe"], 0, 0)  # the dodge has taken the -1: nothing else does
    assert again.result.acting is None and side(again.result, "pc").offence_modifiers == ()
    assert again.encounter.get("pc").condition("dodge").value == 1


def test_an_exchange_marks_the_actor_as_acting_so_a_later_dodge_costs_one() -> None:
    enc = encounter(fighter("pc", brawling=1, agility=1), fighter("foe", brawling=0))
    fought = melee(enc, "pc", ["foe"], 0, 0)
    assert fought.result.acting is None  # not dodging yet: no -1 anywhere
    later = dodge(fought.encounter, "pc", 1)
    assert mods(later.result.modifiers) == {"acting": -1} and later.result.value == 1


def test_the_foe_who_fights_back_while_dodging_takes_the_minus_one_on_his_offence() -> None:
    enc = encounter(fighter("pc", brawling=0), fighter("foe", brawling=1, conditions=[DODGING]))
    out = melee(enc, "pc", ["foe"], 0, 0)
    assert out.result.acting is None
    assert mods(side(out.result, "foe").offence_modifiers) == {"dodging": -1}
    assert side(out.result, "foe").defence_modifiers == ()
    back = strike(out.result, "foe", "pc")
    assert (back.offence, back.reason) == (0, "miss")  # Good 1 - 1 only ties Fair
    assert strike(out.result, "pc", "foe").defence == 1
    after = out.encounter.get("foe")
    assert after.has("acted") and after.condition("dodge").value == 2


def test_one_who_picked_the_dodge_as_he_dodged_fights_back_at_full_offence() -> None:
    # "they pick which one": picked with /dodge dodging:dodge, it holds for a blow back he gives no command for.
    enc = encounter(fighter("pc", brawling=0), fighter("foe", brawling=1, agility=1))
    dodged = resolve_dodge(enc, Intent("foe", "dodge", (), {"dodging": "dodge"}), TABLES, ScriptedDice([1, 1, 0, 0]))
    assert dodged.result.on_dodge and dodged.result.value == 3
    out = melee(dodged.encounter, "pc", ["foe"], 0, 0)
    assert side(out.result, "foe").offence_modifiers == ()
    assert strike(out.result, "foe", "pc").reason == "hit"  # Good 1 beats Fair 0
    assert out.encounter.get("foe").condition("dodge").value == 2  # the dodge took it, once
    with pytest.raises(InvalidInput, match="attack or dodge"):
        resolve_dodge(enc, Intent("foe", "dodge", (), {"dodging": "both"}), TABLES, ScriptedDice([0] * 4))


def test_a_foe_who_fought_back_has_acted_so_his_later_dodge_costs_one() -> None:
    enc = encounter(fighter("pc", brawling=0), fighter("foe", brawling=1, agility=1))
    fought = melee(enc, "pc", ["foe"], 0, 0)
    later = dodge(fought.encounter, "foe", 1)
    assert mods(later.result.modifiers) == {"acting": -1} and later.result.value == 1


def test_the_dodging_option_is_taken_by_every_exchange_move_and_by_a_melee_attack() -> None:
    for move in MELEE_MOVES:
        assert ("dodging" in move.option_names()) == (move.name in EXCHANGES), move.name
    enc = encounter(fighter("pc", brawling=1, conditions=[DODGING]), fighter("foe", brawling=0))
    intent = Intent("pc", "attack", ("foe",), {"dodging": "dodge"})
    out = resolve_attack(enc, intent, TABLES, ScriptedDice([0] * 8))  # bare hands: an exchange, not a shot
    assert out.result.acting == "dodge"
    with pytest.raises(InvalidInput, match="dodging"):
        melee(enc, "pc", ["foe"], dodging="both")


def effects(odds: Odds) -> dict[str, Fraction]:
    return {e.label: e.chance for e in odds.effects}


def test_the_odds_count_the_actor_s_minus_one_as_the_exchange_does() -> None:
    system = FarscapeSystem(TABLES)
    dodging = encounter(fighter("pc", brawling=1, conditions=[DODGING]), fighter("foe", brawling=1))
    calm = encounter(fighter("pc", brawling=1), fighter("foe", brawling=1))
    odds = system.odds(dodging, Intent("pc", "attack", ("foe",), {}))
    offence = next(r for r in odds.rolls if r.combatant == "pc" and r.purpose.startswith("offence"))
    assert offence.modifiers == (("dodging", -1),)
    lowered = system.odds(calm, Intent("pc", "attack", ("foe",), {}, -1))  # the same -1 on his offence alone
    assert odds.by_key() == lowered.by_key() and effects(odds) == effects(lowered)
    on_dodge = system.odds(dodging, Intent("pc", "attack", ("foe",), {"dodging": "dodge"}))
    assert on_dodge.by_key() == system.odds(calm, Intent("pc", "attack", ("foe",), {})).by_key()


def test_the_odds_count_the_minus_one_of_a_foe_fighting_back_while_dodging() -> None:
    system = FarscapeSystem(TABLES)
    dodging = encounter(fighter("pc", brawling=1), fighter("foe", brawling=1, conditions=[DODGING]))
    calm = encounter(fighter("pc", brawling=1), fighter("foe", brawling=1))
    odds = system.odds(dodging, Intent("pc", "attack", ("foe",), {}))
    back = next(r for r in odds.rolls if r.combatant == "foe" and r.purpose.startswith("offence"))
    assert back.modifiers == (("dodging", -1),)
    label = "Foe's blow lands on Pc"
    assert effects(odds)[label] < effects(system.odds(calm, Intent("pc", "attack", ("foe",), {})))[label]
