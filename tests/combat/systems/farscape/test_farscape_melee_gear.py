"""Farscape melee gear: weapon damage and skill, armour and locations, shields, knuckledusters, unarmed vs armed."""

from dataclasses import replace

import pytest
from farscape_melee_kit import encounter, f4, fighter, hit, melee, mods, strike

from combat.errors import RulesError, UnknownName

ORDER = {"hero": 1, "foe": 0}


def _with_shield_skill(combatant, level):
    """Set the Shield skill (the kit's ``shield`` argument names the shield carried)."""
    return replace(combatant, sheet=replace(combatant.sheet, traits={**combatant.sheet.traits, "shield": level}))


def _swordsman(**traits):
    return fighter("hero", weapons=["sword", "pistol"], **{"melee_weapon": 1, **traits})


def test_a_melee_weapon_uses_its_skill_and_deals_lethal_damage_with_strength():
    foe = fighter("foe", melee_weapon=0, weapons=["knife"])
    outcome = melee(encounter(_swordsman(strength=1), foe), "hero", ["foe"], 0, 0, initiative=ORDER,
                    weapon="sword", extra=f4(0))
    hero = outcome.result.sides[0]
    assert (hero.style, hero.move, hero.weapon, hero.roll.trait) == ("weapon", "strike", "sword", "melee weapon")
    blow = hit(outcome.result, "hero", "foe")
    assert (blow.damage.rating, blow.damage.strength, blow.damage.success, blow.damage.value) == (3, 1, 1, 5)
    assert blow.kind == "lethal"
    # Very Hurt calls for a Good Willpower roll; Fair with 0 on the dice fails, and the foe blacks out.
    assert (blow.harm.willpower.difficulty, blow.harm.willpower.success, blow.harm.out) == (1, False, True)
    assert outcome.encounter.get("foe").health.lethal.level_name == "Very Hurt"
    assert outcome.encounter.get("foe").health.stun.level is None


def test_a_fighter_with_a_weapon_strikes_with_it_by_default_and_keeps_it_in_hand():
    foe = fighter("foe", melee_weapon=0, weapons=["knife"])
    outcome = melee(encounter(_swordsman(), foe), "hero", ["foe"], 0, 0, initiative=ORDER, location="arm")
    assert outcome.result.sides[0].weapon == "sword"
    assert outcome.result.sides[1].weapon == "knife"
    assert outcome.encounter.get("hero").condition("wielding").source == "sword"
    assert outcome.encounter.get("foe").condition("wielding").source == "knife"


def test_weapon_quality_adjusts_the_damage_rating():
    hero = fighter("hero", melee_weapon=1, weapons=["fine sword"])
    foe = fighter("foe", melee_weapon=0, weapons=["knife"])
    outcome = melee(encounter(hero, foe), "hero", ["foe"], 0, 0, initiative=ORDER, extra=f4(1))
    blow = hit(outcome.result, "hero", "foe")
    assert (blow.damage.quality, blow.damage.success, blow.damage.value) == (1, 1, 5)
    assert blow.harm.willpower.success


def test_armour_protects_the_areas_it_covers_against_the_damage_type():
    foe = fighter("foe", melee_weapon=-1, weapons=["knife"], armour="plate")
    outcome = melee(encounter(_swordsman(), foe), "hero", ["foe"], 0, 0, initiative=ORDER)
    blow = hit(outcome.result, "hero", "foe")
    # Heavy armour 3, slash +3 in the heavy column: 6 off a sword's 3 + success 2.
    assert (blow.damage.protection, blow.damage.value) == (6, -1)
    assert outcome.encounter.get("foe").health.lethal.level is None


def test_a_called_location_outside_the_armour_gets_no_protection():
    foe = fighter("foe", melee_weapon=-2, weapons=["knife"], armour="vest")
    outcome = melee(encounter(_swordsman(melee_weapon=2), foe), "hero", ["foe"], 0, 0, initiative=ORDER,
                    location="head", extra=f4(1))
    blow = hit(outcome.result, "hero", "foe")
    assert (blow.location, blow.margin, blow.damage.protection, blow.damage.value) == ("head", 2, 0, 5)
    torso = melee(encounter(_swordsman(melee_weapon=2), foe), "hero", ["foe"], 0, 0, initiative=ORDER,
                  extra=f4(1))
    # A light vest against slash: 1 - 2, floored at 0.
    assert hit(torso.result, "hero", "foe").damage.protection == 0


def test_unarmed_blows_are_impact_against_armour():
    foe = fighter("foe", brawling=0, armour="vest")
    outcome = melee(encounter(fighter("hero", brawling=3), foe), "hero", ["foe"], 0, 0, initiative=ORDER)
    blow = hit(outcome.result, "hero", "foe")
    assert (blow.damage.protection, blow.damage.value) == (2, 0)


def test_a_knuckleduster_makes_a_punch_lethal_with_its_own_rating():
    hero = fighter("hero", brawling=2, weapons=["knuckleduster"])
    outcome = melee(encounter(hero, fighter("foe", brawling=0)), "hero", ["foe"], 0, 0, initiative=ORDER)
    blow = hit(outcome.result, "hero", "foe")
    assert outcome.result.sides[0].weapon == "knuckleduster"
    assert (blow.damage.rating, blow.damage.value, blow.kind) == (1, 3, "lethal")
    assert outcome.encounter.get("foe").health.lethal.level_name == "Hurt"


def test_a_knuckleduster_does_not_change_a_kick():
    hero = fighter("hero", brawling=3, weapons=["knuckleduster"])
    outcome = melee(encounter(hero, fighter("foe", brawling=0)), "hero", ["foe"], 0, 0, initiative=ORDER,
                    move="kick")
    blow = hit(outcome.result, "hero", "foe")
    assert (outcome.result.sides[0].weapon, blow.damage.rating, blow.kind) == (None, 0, "stun")


def test_a_stun_weapon_deals_stun_damage():
    hero = fighter("hero", melee_weapon=1, weapons=["blackjack"])
    foe = fighter("foe", melee_weapon=0, weapons=["knife"])
    outcome = melee(encounter(hero, foe), "hero", ["foe"], 0, 0, initiative=ORDER)
    blow = hit(outcome.result, "hero", "foe")
    assert (blow.kind, blow.damage.value) == ("stun", 2)
    assert outcome.encounter.get("foe").health.stun.level_name == "Dazed"


def test_a_swordsman_can_still_throw_a_punch():
    outcome = melee(encounter(_swordsman(brawling=1), fighter("foe", brawling=0)), "hero", ["foe"], 0, 0,
                    initiative=ORDER, move="punch")
    hero = outcome.result.sides[0]
    assert (hero.style, hero.weapon, hero.roll.trait) == ("brawling", None, "brawling")


def test_bare_hands_can_be_chosen_over_a_carried_weapon():
    outcome = melee(encounter(_swordsman(), fighter("foe", brawling=0)), "hero", ["foe"], 0, 0,
                    initiative=ORDER, weapon="none")
    assert (outcome.result.sides[0].weapon, outcome.result.sides[0].move) == (None, "punch")


def test_a_named_weapon_and_an_unarmed_move_do_not_mix():
    with pytest.raises(RulesError, match="unarmed move"):
        melee(encounter(_swordsman(), fighter("foe")), "hero", ["foe"], weapon="sword", move="punch")


def test_the_weapon_must_be_carried_known_and_a_melee_weapon():
    enc = encounter(_swordsman(), fighter("foe"))
    with pytest.raises(RulesError, match="does not carry"):
        melee(enc, "hero", ["foe"], weapon="knife")
    with pytest.raises(UnknownName):
        melee(enc, "hero", ["foe"], weapon="bat'leth")
    with pytest.raises(RulesError, match="not a melee weapon"):
        melee(enc, "hero", ["foe"], weapon="pistol")


def test_a_shield_gives_its_defence_to_the_shield_skill_and_its_penalty_to_attacks():
    foe = fighter("foe", melee_weapon=1, weapons=["knife"], shield="medium")
    foe = _with_shield_skill(foe, 1)
    outcome = melee(encounter(_swordsman(melee_weapon=3), foe), "hero", ["foe"], 0, 0, initiative=ORDER)
    side = outcome.result.sides[1]
    assert (side.shield, mods(side.offence_modifiers), mods(side.defence_modifiers)) == (
        "medium", {"shield": -1}, {"shield": 2})
    mine, theirs = strike(outcome.result, "hero", "foe"), strike(outcome.result, "foe", "hero")
    assert (mine.defence_trait, mine.defence) == ("shield", 3)
    assert theirs.offence == 0
    assert outcome.result.hits == ()


@pytest.mark.parametrize(("shield", "defence", "attack"), [("small", 1, 0), ("large", 3, -2)])
def test_each_shield_size(shield, defence, attack):
    foe = _with_shield_skill(fighter("foe", melee_weapon=0, weapons=["knife"], shield=shield), 0)
    outcome = melee(encounter(_swordsman(), foe), "hero", ["foe"], 0, 0, initiative=ORDER)
    assert strike(outcome.result, "hero", "foe").defence == defence
    assert strike(outcome.result, "foe", "hero").offence == attack


def test_a_brawler_facing_a_weapon_can_only_dodge():
    brawler = fighter("foe", brawling=3, speed=1, acrobatics=0)
    outcome = melee(encounter(_swordsman(melee_weapon=2), brawler), "hero", ["foe"], 0, 0, initiative=ORDER)
    mine = strike(outcome.result, "hero", "foe")
    assert (mine.defence_trait, mine.defence, mine.margin) == ("speed", 1, 1)
    assert hit(outcome.result, "hero", "foe").kind == "lethal"
    theirs = strike(outcome.result, "foe", "hero")
    assert (theirs.offence, theirs.defence, theirs.lands) == (3, 2, True)


def test_a_brawler_dodges_with_acrobatics_when_better():
    brawler = fighter("foe", brawling=0, speed=0, acrobatics=2)
    outcome = melee(encounter(_swordsman(), brawler), "hero", ["foe"], 0, 0, initiative=ORDER)
    assert strike(outcome.result, "hero", "foe").defence_trait == "acrobatics"


def test_a_martial_artist_blocks_the_limbs_with_martial_arts():
    artist = fighter("foe", martial_arts=2, speed=0)
    outcome = melee(encounter(_swordsman(), artist), "hero", ["foe"], 0, 0, initiative=ORDER)
    assert strike(outcome.result, "hero", "foe").defence_trait == "martial arts"
    assert strike(outcome.result, "hero", "foe").defence == 2


def test_the_actor_may_dodge_with_speed_or_acrobatics_instead():
    hero = fighter("hero", brawling=0, acrobatics=2, shield="small")
    outcome = melee(encounter(hero, fighter("foe", brawling=1)), "hero", ["foe"], 0, 0, initiative=ORDER,
                    defend="acrobatics")
    theirs = strike(outcome.result, "foe", "hero")
    assert (theirs.defence_trait, theirs.defence) == ("acrobatics", 2)
    assert outcome.result.sides[0].shield is None
