"""Farscape ranged attacks: opposed against the dodge with the range DL as a minimum, and the unopposed cases."""

from dataclasses import replace

import pytest
from farscape_ranged_kit import encounter, fighter, mods, run, shoot

from combat.errors import CannotAct, InvalidInput, RulesError, UnknownName
from combat.model import Condition
from combat.systems.farscape.wounds import Track


def with_lethal(combatant, filled):
    return replace(combatant, health=replace(combatant.health, lethal=Track("lethal", filled)))


def test_opposed_shot_against_a_free_dodge_hits_by_the_margin():
    enc = encounter(fighter("pc", firearms=2), fighter("foe", agility=1))
    out = shoot(enc, "pc", ["foe"], 1, 0)  # attack 2+1 = 3; the free dodge is rolled after: 1+0 = 1
    attack = out.result.attacks[0]
    assert attack.defence == "dodge"
    assert attack.dodge.rolled.free and attack.dodge.value == 1
    assert (attack.margin, attack.hit, attack.struck) == (2, True, "foe")
    assert attack.damage.value == 4  # DR 2 + success level 2, no armour
    foe = out.encounter.get("foe")
    assert foe.health.lethal.level_name == "Hurt"
    assert foe.condition("dodge") == Condition("dodge", value=1, elements=1, uses=1)
    assert out.ends_turn
    assert out.encounter.get("pc").has("acted")


def test_a_tie_with_the_dodge_misses():
    enc = encounter(fighter("pc", firearms=1), fighter("foe", agility=1))
    attack = shoot(enc, "pc", ["foe"], 0, 0).result.attacks[0]
    assert attack.margin == 0 and not attack.hit and attack.damage is None


def test_the_attack_must_also_reach_the_range_difficulty():
    enc = encounter(fighter("pc", firearms=1), fighter("foe", agility=-2))
    attack = shoot(enc, "pc", ["foe"], 0, 0, range="long").result.attacks[0]  # 1 beats the dodge -2, but not Great
    assert attack.margin == 3 and attack.minimum == 2
    assert not attack.hit and attack.struck is None


@pytest.mark.parametrize(("name", "level"), [("point blank", -2), ("short", 0), ("medium", 1), ("long", 2),
                                             ("extreme", 3), ("Point-Blank", -2)])
def test_range_difficulty_levels(name, level):
    enc = encounter(fighter("pc"), fighter("foe"))
    assert shoot(enc, "pc", ["foe"], 0, range=name, aware="no").result.range == level


def test_an_unknown_range_is_refused():
    enc = encounter(fighter("pc"), fighter("foe"))
    with pytest.raises(InvalidInput, match="Range"):
        shoot(enc, "pc", ["foe"], range="miles")


def test_an_unaware_target_is_hit_unopposed_against_the_range_dl():
    enc = encounter(fighter("pc", firearms=1), fighter("foe", agility=3))
    attack = shoot(enc, "pc", ["foe"], 0, range="medium", aware="no").result.attacks[0]  # no dodge dice at all
    assert attack.defence == "unaware" and attack.dodge is None
    assert (attack.difficulty, attack.margin, attack.hit) == (1, 0, True)
    assert attack.damage.value == 2  # success level 0


def test_a_frozen_target_cannot_dodge():
    enc = encounter(fighter("pc", firearms=1), fighter("foe", agility=3, conditions=[Condition("frozen")]))
    attack = shoot(enc, "pc", ["foe"], -2).result.attacks[0]  # -1 against Fair: a miss
    assert attack.defence == "unaware" and not attack.hit and attack.margin == -1


def test_a_thrown_weapon_is_one_level_easier_to_dodge_and_adds_strength():
    thrower = fighter("pc", weapons=("throwing knife",), throwing_weapon=2, strength=2)
    foe = fighter("foe", agility=1, conditions=[Condition("dodge", value=1, elements=1)])
    attack = shoot(encounter(thrower, foe), "pc", ["foe"], 1).result.attacks[0]
    assert attack.dodge.thrown == 1 and attack.dodge.value == 2
    assert attack.margin == 1 and attack.hit
    assert (attack.damage.rating, attack.damage.strength, attack.damage.success, attack.damage.value) == (1, 2, 1, 4)


def test_a_lobbed_throw_gives_plus_two_to_the_dodge():
    thrower = fighter("pc", weapons=("throwing knife",), throwing_weapon=2)
    foe = fighter("foe", conditions=[Condition("dodge", value=1, elements=1)])
    attack = shoot(encounter(thrower, foe), "pc", ["foe"], 1, lobbed="yes").result.attacks[0]
    assert attack.dodge.value == 3 and not attack.hit


def test_armour_protects_the_torso_but_not_an_aimed_arm():
    shooter = fighter("pc", firearms=3)
    foe = fighter("foe", armour="vest", conditions=[Condition("dodge", value=0, elements=1)])
    torso = shoot(encounter(shooter, foe), "pc", ["foe"], 0).result.attacks[0]
    assert torso.damage.protection == 2 and torso.damage.value == 3  # 2 + 3 - medium 2 vs projectile +0
    arm = shoot(encounter(shooter, foe), "pc", ["foe"], 0, location="arm").result.attacks[0]
    assert mods(arm.modifiers) == {"arm": -1}
    assert arm.margin == 2 and arm.damage.protection == 0 and arm.damage.value == 4


@pytest.mark.parametrize(("place", "value"), [("torso", 0), ("legs", -1), ("head", -2), ("hand", -2), ("foot", -2),
                                              ("eye", -3)])
def test_hit_location_modifiers(place, value):
    enc = encounter(fighter("pc", firearms=0), fighter("foe"))
    attack = shoot(enc, "pc", ["foe"], 0, location=place, aware="no", range="point blank").result.attacks[0]
    assert attack.roll.modifier == value
    assert attack.hit == (value >= -2)


def test_a_stun_weapon_marks_the_stun_track():
    enc = encounter(fighter("pc", weapons=("stunner",), energy_weapons=1), fighter("foe"))
    out = shoot(enc, "pc", ["foe"], 0, aware="no")
    assert out.result.attacks[0].harm.wound.kind == "stun"
    foe = out.encounter.get("foe")
    assert foe.health.stun.level_name == "Stunned" and foe.health.lethal.level_name == "Healthy"


def test_wound_penalties_and_the_gm_modifier_apply_to_the_attack():
    shooter = with_lethal(fighter("pc", firearms=2), (0, 1, 0, 0, 0))  # Hurt: -1
    attack = run("shoot", encounter(shooter, fighter("foe")), "pc", ["foe"], 0, modifier=2, aware="no",
                 range="extreme").result
    assert mods(attack.attacks[0].modifiers) == {"wounds": -1, "GM": 2}
    assert attack.attacks[0].roll.result == 3 and attack.attacks[0].hit


def test_the_first_carried_ranged_weapon_is_used_by_default():
    enc = encounter(fighter("pc", weapons=("sword", "blaster"), energy_weapons=1), fighter("foe"))
    out = shoot(enc, "pc", ["foe"], 0, aware="no")
    assert out.result.plan.weapons == ("blaster",)
    assert out.result.attacks[0].damage.rating == 3


def test_weapon_checks():
    enc = encounter(fighter("pc", weapons=("sword", "pistol")), fighter("foe"))
    with pytest.raises(RulesError, match="not a ranged"):
        shoot(enc, "pc", ["foe"], weapon="sword")
    with pytest.raises(CannotAct, match="does not carry"):
        shoot(enc, "pc", ["foe"], weapon="rifle")
    with pytest.raises(UnknownName):
        shoot(enc, "pc", ["foe"], weapon="bazooka")
    bare = encounter(fighter("pc", weapons=("sword",)), fighter("foe"))
    with pytest.raises(CannotAct, match="no ranged"):
        shoot(bare, "pc", ["foe"])


def test_target_checks():
    enc = encounter(fighter("pc"), fighter("foe"))
    with pytest.raises(InvalidInput, match="Name a target"):
        shoot(enc, "pc", [])
    with pytest.raises(InvalidInput, match="themselves"):
        shoot(enc, "pc", ["pc"])
    out = encounter(fighter("pc", conditions=[Condition("unconscious")]), fighter("foe"))
    with pytest.raises(CannotAct):
        shoot(out, "pc", ["foe"])


def test_minions_never_dodge_their_agility_is_the_difficulty():
    enc = encounter(fighter("pc", firearms=1), fighter("foe", tier="minion", agility=1))
    attack = shoot(enc, "pc", ["foe"], 0).result.attacks[0]  # no dodge dice
    assert attack.defence == "minion" and attack.dodge is None
    assert (attack.difficulty, attack.margin, attack.hit) == (1, 0, True)
    assert attack.damage.value == 2


def test_against_a_minion_the_range_dl_is_the_minimum_and_the_success_level_counts_from_his_agility():
    # "All attacks are effectively Unopposed, using the appropriate trait ... as the difficulty"; "the attacker must
    # achieve a minimum result dependant on the range". Agility Mediocre (-1). Firearms Good + 0 = Good (+1) at long
    # range (Great): above his Agility by 2, but short of the range DL: a miss.
    enc = encounter(fighter("pc", firearms=1), fighter("foe", tier="bystander", agility=-1))
    attack = shoot(enc, "pc", ["foe"], 0, range="long").result.attacks[0]
    assert (attack.difficulty, attack.minimum, attack.margin, attack.hit) == (-1, 2, 2, False)
    # At medium range (Good) it reaches the minimum: success level 2 over Mediocre (not 0 over Good). Light pistol
    # DR 2 + 2 = 4: Very Hurt on a minion's track, and his Good Willpower roll (dice 0) follows.
    attack = shoot(enc, "pc", ["foe"], 0, 0, range="medium").result.attacks[0]
    assert (attack.difficulty, attack.margin, attack.hit, attack.damage.value) == (-1, 2, True, 4)


def test_a_frozen_or_unaware_minion_is_still_shot_at_against_his_agility():
    # Seed, Bystanders and Minions: "All attacks are effectively Unopposed, using the appropriate trait ... as the
    # difficulty", frozen or not, as in melee. Firearms Good (+1), dice +1: 2 = Great against Agility Great (+2):
    # margin 0, a hit at success level 0: light pistol DR 2 + 0 = 2, a Scratch. Not Fair (the short range DL) + 2.
    for state in ({"conditions": [Condition("frozen")]}, {}):
        foe = fighter("foe", tier="minion", agility=2, **state)
        aware = "no" if not state else "yes"
        attack = shoot(encounter(fighter("pc", firearms=1), foe), "pc", ["foe"], 1, aware=aware).result.attacks[0]
        assert (attack.defence, attack.difficulty, attack.margin, attack.hit) == ("minion", 2, 0, True)
        assert attack.damage.value == 2
    # Once out of the fight (unconscious), he is shot at against the range DL alone: Fair, margin 2.
    down = fighter("foe", tier="minion", agility=2, conditions=[Condition("unconscious")])
    attack = shoot(encounter(fighter("pc", firearms=1), down), "pc", ["foe"], 1).result.attacks[0]
    assert (attack.defence, attack.difficulty, attack.margin) == ("unaware", 0, 2)


def test_a_wounded_minions_agility_is_lowered_by_his_wounds_as_his_melee_defence_is():
    # A Hurt minion (-1) with Agility Great (+2), short range (Fair): DL Great - 1 = Good. Firearms Good + 0 = Good:
    # margin 0, a hit at success level 0 (not a miss against Great). Light pistol DR 2: 2 more, his Hurt box is
    # full, Scratch box free: a Scratch.
    foe = with_lethal(fighter("foe", tier="minion", agility=2), (0, 1, 0, 0, 0))
    attack = shoot(encounter(fighter("pc", firearms=1), foe), "pc", ["foe"], 0).result.attacks[0]
    assert (attack.defence, attack.difficulty, attack.margin, attack.hit) == ("minion", 1, 0, True)
    # At long range (Great) Good + 0 meets his Agility but falls short of the range DL: a miss.
    attack = shoot(encounter(fighter("pc", firearms=1), foe), "pc", ["foe"], 0, range="long").result.attacks[0]
    assert (attack.difficulty, attack.margin, attack.hit) == (1, 0, False)


def test_a_minions_first_shot_is_a_harmless_warning():
    minion = fighter("foe", tier="minion", firearms=2)
    pc = fighter("pc", agility=0)
    first = shoot(encounter(minion, pc), "foe", ["pc"], 2)  # rolled against the range DL only; no dodge is rolled
    warning = first.result.attacks[0]
    assert first.result.warning and warning.defence == "warning"
    assert warning.margin == 4 and not warning.hit and warning.damage is None
    assert first.encounter.get("foe").has("warned")
    assert first.encounter.get("pc").health.lethal.level_name == "Healthy"
    assert not first.encounter.get("pc").has("dodge")
    assert dict(first.result.ammo) == {"pistol": 11}
    second = shoot(first.encounter, "foe", ["pc"], 1, 1)  # now for real: 3 against the free dodge 1
    assert not second.result.warning
    assert second.result.attacks[0].hit and second.result.attacks[0].damage.value == 4


def test_of_a_minions_semi_automatic_volley_only_the_first_shot_is_the_warning():
    # "Character always fires a warning shot or burst before shooting for effect. In other words, the first shot
    # they fire ... draws the attention of other characters to their presence, allowing them to dodge from then on."
    # Three semi-automatic shots: the first warns (against the range DL, no dodge); the second (2 - 4 - 1 recoil)
    # meets the free dodge rolled then (0); the third (2 - 4 - 1) meets it one level lower (-1): both miss.
    minion = fighter("foe", tier="minion", firearms=2)
    pc = fighter("pc", agility=0)
    volley = shoot(encounter(minion, pc), "foe", ["pc"], 2, -4, 0, -4, mode="semi", shots=3)
    assert volley.result.warning
    assert [a.defence for a in volley.result.attacks] == ["warning", "dodge", "dodge"]
    assert [a.margin for a in volley.result.attacks] == [4, -3, -2] and not any(a.hit for a in volley.result.attacks)
    assert volley.encounter.get("pc").has("dodge") and volley.encounter.get("foe").has("warned")


def test_an_incapacitated_target_is_unaware():
    foe = with_lethal(fighter("foe", agility=3), (0, 0, 0, 1, 0))  # Incapacitated
    attack = shoot(encounter(fighter("pc"), foe), "pc", ["foe"], 0, range="point blank").result.attacks[0]
    assert attack.defence == "unaware" and attack.hit
