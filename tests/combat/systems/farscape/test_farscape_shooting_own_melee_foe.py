"""Shooting the foe you are fighting hand to hand: he is "currently engaged in an armed or unarmed fight" [seed].

Seed, Ranged Combat, Firing Into A Melee: "If a character fires at another character currently engaged in an armed or
unarmed fight, an attack that fails by one hits another combatant in that melee ... Such attacks are almost always
Unopposed actions, modified by the bonus/penalty value of the target's Agility attribute". The sentence names no one
else in the fight: a target engaged with the shooter alone is engaged in a fight too, so the shot is Unopposed
against the range DL raised by his Agility (Fray's way of applying the modifier, docs/rules/farscape.md §6.8), with
no dodge; a miss by one finds no other combatant in that melee.

Ladder: Fair 0, Good +1, Great +2. Ally track: lethal 1-2 Scratch, 3-4 Hurt. The kit's light pistol: DR 2,
projectile.
"""

from farscape_ranged_kit import TABLES, encounter, fighter, shoot

from combat.frozen import replace
from combat.system import Intent
from combat.systems.farscape.engagement import engagement
from combat.systems.farscape.reaction import reaction_for


def _duel():
    """Hero (Firearms Good) and Foe (Agility Good) fought an exchange: each is engaged with the other alone."""
    hero = fighter("hero", firearms=1).with_conditions(*engagement(["foe"]))
    foe = fighter("foe", agility=1).with_conditions(*engagement(["hero"]))
    return encounter(hero, foe)


def test_a_shot_at_the_foe_you_fight_is_unopposed_against_the_range_dl_raised_by_his_agility():
    # Hero rolls +1: Firearms Good (+1) + 1 = Great (+2). Foe is engaged in a fight (with Hero): Unopposed, DL = short
    # range Fair (0) + Agility Good (+1) = Good (+1); no dodge dice (the script holds only Hero's four). Margin 1: a
    # hit, DR 2 + 1 = 3: Hurt.
    out = shoot(_duel(), "hero", ["foe"], 1)
    attack = out.result.attacks[0]
    assert (attack.defence, attack.dodge, attack.difficulty, attack.margin) == ("melee", None, 1, 1)
    assert (attack.hit, attack.struck, attack.damage.value) == (True, "foe", 3)
    assert out.encounter.get("foe").health.lethal.level_name == "Hurt"


def test_a_miss_by_one_at_the_foe_you_fight_hits_no_one_else():
    # Hero rolls -1: Fair (0) against Good (+1): fails by one. "hits another combatant in that melee": there is no
    # other (the shooter is not one he fires at), so nobody is hit.
    out = shoot(_duel(), "hero", ["foe"], -1)
    attack = out.result.attacks[0]
    assert (attack.defence, attack.margin, attack.hit, attack.struck) == ("melee", -1, False, None)
    assert out.encounter.get("foe").health.lethal.level is None
    assert out.encounter.get("hero").health.lethal.level is None


def test_the_player_of_the_foe_you_fight_is_not_asked_to_dodge():
    # An Unopposed shot uses no dodge, so there is nothing to choose: no "Dodge or take it?".
    enc = _duel()
    enc = enc.put(replace(enc.get("foe"), owner="player"))
    assert reaction_for(enc, Intent("hero", "shoot", ("foe",), {}, 0), TABLES) is None


def test_melee_no_still_makes_it_an_opposed_shot():
    # The GM's melee:no says the two are not fighting: Opposed by Foe's dodge. Hero +1 = Great (+2); Foe's free dodge
    # 0 = Good (+1): margin 1, a hit.
    attack = shoot(_duel(), "hero", ["foe"], 1, 0, melee="no").result.attacks[0]
    assert (attack.defence, attack.dodge.value, attack.margin, attack.hit) == ("dodge", 1, 1, True)
