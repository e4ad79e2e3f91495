"""Equal Initiative acts at the same time: a partner wounded or felled by the other still acts as he was.

[seed] "Characters with the same Initiative compare their Agility; again, the highest acts first and so on. A tie
here means they act at the same time." Both fighters below have Speed Fair and Agility Fair: one shared slot.
Ally wound track: 1-2 Scratch, 3-4 Hurt, 5-6 Very Hurt, 7-8 Incapacitated, 9+ Near Death.
"""

import farscape_ranged_kit as rk

from bot.systems.farscape.render import render_result
from combat import engine
from combat.dice import ScriptedDice
from combat.system import Intent
from combat.systems.farscape.system import FarscapeSystem

SYSTEM = FarscapeSystem(rk.TABLES)


def _pair(**foe_traits):
    hero = rk.fighter("hero", weapons=("blaster",), energy_weapons=1, willpower=-2)
    foe = rk.fighter("foe", weapons=("blaster",), energy_weapons=1, willpower=-2, **foe_traits)
    started = engine.begin(SYSTEM, rk.encounter(hero, foe), ScriptedDice([]))
    assert started.encounter.turns.current.actors == ("hero", "foe")
    return started.encounter


def _shoot(enc, actor, target, *totals):
    intent = Intent(actor, "shoot", (target,), {"aware": "no"})
    return engine.act(SYSTEM, enc, intent, rk.dice(*totals))


def test_a_partner_taken_out_at_the_same_initiative_still_fires_his_shot():
    # Hero shoots the unaware Foe: Energy Weapons Good + 4 = Superb+2 against the range DL Fair, success 5; pulse
    # pistol DR 3 + 5 = 8: Incapacitated, and a Great Willpower roll: Poor - 4, out. They act at the same time, so
    # Foe's shot still comes: Good + 2 = Superb against Fair, success 3: 3 + 3 = 6, Hero is Very Hurt (Willpower
    # Poor + 4 = Great against Good: he stays up). Foe's roll has no wound penalty: he acts as he was.
    enc = _pair()
    first = _shoot(enc, "hero", "foe", 4, -4)
    assert first.encounter.get("foe").health.lethal.level_name == "Incapacitated"
    assert first.encounter.get("foe").has("unconscious")
    assert first.result.same_moment == ("foe",)
    assert first.encounter.turns.is_turn_of("foe")
    lines = render_result(first.result, {"hero": "Hero", "foe": "Foe"})
    assert lines[-1] == ("Foe shares this Initiative and acts at the same time: this wound neither stops nor slows "
                         "their action this element")
    second = _shoot(first.encounter, "foe", "hero", 2, 4)
    (attack,) = second.result.attacks
    assert (attack.roll.result, attack.modifiers, attack.margin) == (3, (), 3)
    assert second.encounter.get("hero").health.lethal.level_name == "Very Hurt"
    assert not second.encounter.get("foe").has("same moment")


def test_a_partner_wounded_at_the_same_initiative_fires_without_the_new_penalty_until_he_has_acted():
    # Hero shoots Foe: Good + 0 = Good against Fair, success 1: 3 + 1 = 4, Hurt (-1). Foe fires at the same time, so
    # his roll is Good - 1 = Fair, no -1 for the wound: it reaches the range DL Fair, success 0: 3, Hero is Hurt.
    # (With the -1 it would be Mediocre, a miss.) Once Foe has acted, his Hurt counts again.
    enc = _pair()
    first = _shoot(enc, "hero", "foe", 0)
    assert first.encounter.get("foe").health.lethal.level_name == "Hurt"
    assert first.encounter.get("foe").condition("same moment").value == 1
    second = _shoot(first.encounter, "foe", "hero", -1)
    (attack,) = second.result.attacks
    assert (attack.roll.result, attack.modifiers, attack.hit) == (0, (), True)
    assert second.encounter.get("hero").health.lethal.level_name == "Hurt"
    assert not second.encounter.get("foe").has("same moment")


def test_a_higher_initiative_still_takes_the_slower_fighter_out_before_he_acts():
    # Hero Speed Good acts first: the same shot (8, Incapacitated, out) leaves Foe nothing this element.
    hero = rk.fighter("hero", weapons=("blaster",), energy_weapons=1, speed=1)
    foe = rk.fighter("foe", weapons=("blaster",), energy_weapons=1, willpower=-2)
    enc = engine.begin(SYSTEM, rk.encounter(hero, foe), ScriptedDice([])).encounter
    step = _shoot(enc, "hero", "foe", 4, -4)
    assert step.result.same_moment == ()
    assert not step.encounter.get("foe").has("same moment")
    assert not step.encounter.turns.is_turn_of("foe")


def _melee_pair(tier):
    hero = rk.fighter("hero", weapons=("sword",), melee_weapon=2, strength=1)
    foe = rk.fighter("foe", tier=tier, weapons=("sword",), melee_weapon=0, willpower=-2)
    return engine.begin(SYSTEM, rk.encounter(hero, foe), ScriptedDice([])).encounter


def test_a_minion_felled_by_a_blow_at_the_same_initiative_still_acts_but_a_fighter_who_struck_back_does_not():
    # Hero (Melee Weapon Great, Strength Good, sword DR 3) attacks at the shared Initiative, rolling +2: Superb+1.
    # A minion does not roll and defends at his Melee Weapon Fair: success 4: 3 + 1 + 4 = 8, Near Death (6+): out.
    # He was attacked without rolling, so his own action still comes at the same time.
    enc = _melee_pair("minion")
    step = engine.act(SYSTEM, enc, Intent("hero", "attack", ("foe",)), rk.dice(2))
    assert step.encounter.get("foe").health.lethal.level_name == "Near Death"
    assert step.result.same_moment == ("foe",)
    assert step.encounter.turns.is_turn_of("foe")
    # An ally rolls and strikes back in the exchange itself (0: Fair, short of Hero's Superb+1): that was his part.
    # Hero's blow, by 4 over Fair: 8, Incapacitated; Willpower Poor - 4 against Great: out, and nothing is kept.
    enc = _melee_pair("ally")
    step = engine.act(SYSTEM, enc, Intent("hero", "attack", ("foe",)), rk.dice(2, 0, -4))
    assert step.encounter.get("foe").health.lethal.level_name == "Incapacitated"
    assert step.result.same_moment == ()
    assert not step.encounter.turns.is_turn_of("foe")
