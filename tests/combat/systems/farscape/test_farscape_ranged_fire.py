"""Farscape rates of fire: semi-automatic recoil, bursts, fire arcs, two weapons, firing into a melee, ammunition."""

import pytest
from farscape_ranged_kit import encounter, fighter, mods, shoot

from bot.systems.farscape.render import render_result
from combat.errors import CannotAct, InvalidInput, RulesError
from combat.model import Condition
from combat.systems.farscape.engagement import engagement


def armoured_foe(cid="foe", value=0, tier="ally", **traits):
    return fighter(cid, tier=tier, armour="vest", conditions=[Condition("dodge", value=value, elements=1)], **traits)


def test_semi_automatic_shots_roll_one_by_one_with_recoil_and_a_declining_dodge():
    enc = encounter(fighter("pc", firearms=1), armoured_foe(value=0))
    out = shoot(enc, "pc", ["foe"], 0, 1, 1, mode="semi", shots=3)
    attacks = out.result.attacks
    assert [a.shot for a in attacks] == [1, 2, 3]
    assert [mods(a.modifiers) for a in attacks] == [{}, {"recoil": -1}, {"recoil": -1}]
    assert [a.roll.result for a in attacks] == [1, 1, 1]
    assert [a.dodge.value for a in attacks] == [0, -1, -2]
    assert [a.margin for a in attacks] == [1, 2, 3]
    assert all(a.hit for a in attacks)
    assert dict(out.result.ammo) == {"pistol": 9}


def test_semi_automatic_against_a_protagonist_keeps_the_full_dodge():
    enc = encounter(fighter("pc", firearms=1), armoured_foe(value=0, tier="protagonist"))
    attacks = shoot(enc, "pc", ["foe"], 0, 0, mode="semi", shots=2).result.attacks
    assert [a.dodge.value for a in attacks] == [0, 0]
    assert [a.hit for a in attacks] == [True, False]


def test_semi_automatic_fires_the_whole_rate_by_default_and_no_more():
    enc = encounter(fighter("pc", firearms=1), armoured_foe(value=3))
    assert shoot(enc, "pc", ["foe"], 0, 0, 0, mode="semi").result.plan.shots == 3
    with pytest.raises(InvalidInput, match="shots"):
        shoot(enc, "pc", ["foe"], shots=4)


def test_semi_automatic_shots_go_round_several_targets():
    enc = encounter(fighter("pc", firearms=1), armoured_foe("foe", 3), armoured_foe("foe2", 3))
    attacks = shoot(enc, "pc", ["foe", "foe2"], 0, 0, 0, shots=3).result.attacks
    assert [a.target for a in attacks] == ["foe", "foe2", "foe"]
    with pytest.raises(RulesError, match="cannot reach"):
        shoot(enc, "pc", ["foe", "foe2"])


def test_automatic_fire_gives_plus_one_per_burst_up_to_the_rate_of_fire():
    enc = encounter(fighter("pc", weapons=("rifle",), energy_weapons=0), armoured_foe(value=5))
    full = shoot(enc, "pc", ["foe"], 0, mode="auto")
    assert full.result.plan.rounds == (10,) and full.result.plan.burst == 3
    assert mods(full.result.attacks[0].modifiers) == {"accuracy": 1, "burst": 3}
    assert dict(full.result.ammo) == {"rifle": 50}
    seven = shoot(enc, "pc", ["foe"], 0, rounds=7)
    assert seven.result.plan.mode == "auto" and seven.result.plan.burst == 2
    two = shoot(enc, "pc", ["foe"], 0, rounds=2)
    assert two.result.plan.burst == 0
    with pytest.raises(InvalidInput, match="rounds"):
        shoot(enc, "pc", ["foe"], rounds=11)


def test_a_semi_automatic_weapon_cannot_fire_on_automatic():
    enc = encounter(fighter("pc"), fighter("foe"))
    with pytest.raises(RulesError, match="automatic"):
        shoot(enc, "pc", ["foe"], mode="auto")


def test_a_fire_arc_trades_plus_ones_and_rolls_once_per_target():
    enc = encounter(fighter("pc", weapons=("rifle",), energy_weapons=0), armoured_foe("foe", 2),
                    armoured_foe("foe2", 1))
    out = shoot(enc, "pc", ["foe", "foe2"], 0, 1, -2, mode="auto", arc=1)  # the 1 is the first foe's Willpower
    assert out.result.plan.arc == 1 and out.result.plan.arc_width == 2 and out.result.plan.bonus == 2
    first, second = out.result.attacks
    assert mods(first.modifiers) == {"accuracy": 1, "burst": 3, "fire arc": -1}
    assert (first.target, first.roll.result, first.hit) == ("foe", 3, True)
    assert first.damage.value == 6 and first.harm.willpower.success  # Very Hurt: a Good Willpower roll
    assert (second.target, second.roll.result, second.hit) == ("foe2", 1, False)


def test_fire_arc_limits():
    enc = encounter(fighter("pc", weapons=("rifle", "pistol")), armoured_foe("foe"), armoured_foe("foe2"))
    with pytest.raises(RulesError, match="fire arc"):
        shoot(enc, "pc", ["foe", "foe2"], mode="auto")
    with pytest.raises(RulesError, match="only \\+3"):
        shoot(enc, "pc", ["foe"], mode="auto", arc=4)
    with pytest.raises(RulesError, match="Only automatic"):
        shoot(enc, "pc", ["foe"], weapon="pistol", arc=1)


def test_two_of_the_same_weapon_get_the_bonus_of_their_total_shots():
    enc = encounter(fighter("pc", firearms=0), armoured_foe(value=0))
    out = shoot(enc, "pc", ["foe"], 0, second="pistol")
    plan = out.result.plan
    assert plan.weapons == ("pistol", "pistol") and plan.rounds == (1, 1) and plan.burst == 1
    attack = out.result.attacks[0]
    assert mods(attack.modifiers) == {"burst": 1} and attack.hit
    assert attack.damage.rating == 2 and attack.damage.bonus == 0
    assert dict(out.result.ammo) == {"pistol": 10}


def test_two_different_weapons_use_the_better_damage_plus_each_weapons_bonus():
    enc = encounter(fighter("pc", weapons=("pistol", "rifle"), firearms=1, energy_weapons=0), armoured_foe(value=2))
    out = shoot(enc, "pc", ["foe"], -1, mode="auto", rounds=6, second="rifle")
    plan = out.result.plan
    assert plan.rounds == (3, 6)  # the pistol fires no more than its three
    assert plan.burst == 3  # nine rounds, burst number three
    assert plan.damage_bonus == 3  # pistol 3 // 2 = 1, rifle 6 // 3 = 2
    attack = out.result.attacks[0]
    assert attack.roll.trait == "energy weapons"  # the weaker skill of the two
    assert mods(attack.modifiers) == {"burst": 3}  # the lower accuracy of the two (0)
    assert attack.roll.result == 2 and attack.margin == 0 and not attack.hit
    hit = shoot(enc, "pc", ["foe"], 0, mode="auto", rounds=6, second="rifle").result.attacks[0]
    assert (hit.damage.rating, hit.damage.success, hit.damage.bonus) == (5, 1, 3)
    assert hit.damage.protection == 0 and hit.damage.value == 9  # medium 2 vs energy -2
    assert hit.harm.wound.landed == "Near Death"


def test_two_weapons_cannot_fire_semi_automatic():
    enc = encounter(fighter("pc"), fighter("foe"))
    with pytest.raises(RulesError, match="semi"):
        shoot(enc, "pc", ["foe"], second="pistol", shots=2)


def engaged(cid, foe, agility=0):
    return fighter(cid, agility=agility, conditions=engagement([foe]))


def test_firing_into_a_melee_is_unopposed_with_the_dl_raised_by_agility():
    enc = encounter(fighter("pc", firearms=2), engaged("foe", "pal", agility=2), engaged("pal", "foe"))
    attack = shoot(enc, "pc", ["foe"], 0).result.attacks[0]  # no dodge dice even though the foe is aware
    assert attack.defence == "melee" and attack.dodge is None
    assert (attack.difficulty, attack.margin, attack.hit, attack.struck) == (2, 0, True, "foe")


def test_a_miss_by_exactly_one_strikes_the_first_other_combatant():
    enc = encounter(fighter("pc", firearms=1), engaged("foe", "pal", agility=1), engaged("pal", "foe"))
    out = shoot(enc, "pc", ["foe"], -1, location="head")  # DL 0 + 1; result 1 - 2 (head) - 1 = -2: by three
    assert out.result.attacks[0].struck is None
    out = shoot(enc, "pc", ["foe"], 1, location="head")  # 1 - 2 + 1 = 0: misses DL 1 by one
    attack = out.result.attacks[0]
    assert (attack.margin, attack.hit, attack.struck) == (-1, False, "pal")
    assert attack.damage.success == 0 and attack.damage.value == 2  # no aimed head on the bystander
    assert out.encounter.get("pal").health.lethal.level_name == "Scratch"
    assert out.encounter.get("foe").health.lethal.level_name == "Healthy"


def test_a_target_taken_out_is_in_no_melee_and_a_miss_by_one_hits_no_one_else():
    # "fires at another character currently engaged in an armed or unarmed fight": an unconscious one is not.
    out = fighter("foe", agility=2, conditions=[*engagement(["pal"]), Condition("unconscious")])
    enc = encounter(fighter("pc", firearms=1), out, engaged("pal", "foe"))
    attack = shoot(enc, "pc", ["foe"], -2).result.attacks[0]  # 1 - 2 = -1 against the range DL 0 alone
    assert attack.defence == "unaware" and attack.difficulty == 0
    assert (attack.margin, attack.hit, attack.struck) == (-1, False, None)


def test_the_melee_option_names_the_others_and_can_switch_it_off():
    enc = encounter(fighter("pc", firearms=1), fighter("foe"), fighter("pal"), fighter("other"))
    named = shoot(enc, "pc", ["foe"], -2, melee="Other, Pal").result.attacks[0]
    assert named.defence == "melee" and named.struck == "other"
    yes = shoot(enc, "pc", ["foe"], -2, melee="yes").result.attacks[0]
    assert yes.defence == "melee" and yes.margin == -1 and yes.struck is None  # nobody known to hit instead
    busy = encounter(fighter("pc", firearms=1), engaged("foe", "pal"), engaged("pal", "foe"))
    off = shoot(busy, "pc", ["foe"], 0, 0, melee="no").result.attacks[0]
    assert off.defence == "dodge"


def test_ammunition_runs_out_and_is_refused():
    enc = encounter(fighter("pc", weapons=("derringer",), firearms=0), armoured_foe(value=3))
    out = shoot(enc, "pc", ["foe"], 0)
    assert dict(out.result.ammo) == {"derringer": 1}
    with pytest.raises(CannotAct, match="only 1 rounds"):
        shoot(out.encounter, "pc", ["foe"], shots=2)
    empty = shoot(out.encounter, "pc", ["foe"], 0).encounter
    assert empty.get("pc").condition("ammo:derringer").value == 0
    with pytest.raises(CannotAct, match="empty"):
        shoot(empty, "pc", ["foe"])


def test_weapons_without_a_magazine_are_not_counted():
    enc = encounter(fighter("pc", weapons=("blaster",)), armoured_foe(value=3))
    out = shoot(enc, "pc", ["foe"], 0, 0, 0, shots=3)
    assert out.result.ammo == ()
    assert not any(c.name.startswith("ammo:") for c in out.encounter.get("pc").conditions)


def test_a_burst_over_an_arc_reads_as_one_shot_with_a_roll_at_each_target():
    enc = encounter(fighter("pc", weapons=("rifle",), energy_weapons=0), armoured_foe("foe", 2),
                    armoured_foe("foe2", 1))
    out = shoot(enc, "pc", ["foe", "foe2"], 0, 1, -2, mode="auto", arc=1)
    assert [a.shot for a in out.result.attacks] == [1, 1]
    lines = render_result(out.result, {"pc": "PC", "foe": "Foe", "foe2": "Foe 2"})
    assert [line.split(":")[0] for line in lines if line.startswith("Shot")] == ["Shot at Foe", "Shot at Foe 2"]
