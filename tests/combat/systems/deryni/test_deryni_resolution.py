"""Deryni resolution (4.2 step 5): opposed 2dF rolls, the defender wins ties, at least Poor to hit, Terrible
always misses, and an undefended attack rolls 2dF alone with the margin counted from Poor."""

from deryni_kit import SYSTEM, attack, f2, f4, faces, fight, man

from combat.systems.deryni.results import Strike

# The hero (Agility Good) acts first; the foe's Agility is Fair; a slow bystander keeps the round going (so no
# end-of-round test rolls in these tests). No ties, so no roll-off dice.
HERO = {"agility": 1, "broadsword": 1}
FOE = {"agility": 0, "broadsword": 0}
SLOW = man("slow", side="onlookers", agility=-3)


def strike(step) -> Strike:
    result = step.result
    assert isinstance(result, Strike)
    return result


def test_an_opposed_attack_rolls_two_fudge_dice_a_side_attacker_first():
    enc = fight(man("hero", **HERO), man("foe", **FOE, damage_capacity=3), SLOW)
    # Attack Good+1 = Great; the foe parries Fair-1 = Mediocre: past by 3. Damage 3 + Str 0 + sharp 1 = 4: Critical.
    step = attack(enc, "hero", "foe", faces([1, 0], [-1, 0], f4(0)), defence="parry")
    result = strike(step)
    assert result.attack.faces == (1, 0) and result.parry is not None and result.parry.faces == (-1, 0)
    assert (result.attack.result, result.parry.result) == (2, -1)
    assert (result.outcome, result.margin) == ("hit", 3)


def test_the_defender_wins_ties():
    enc = fight(man("hero", **HERO), man("foe", **FOE))
    result = strike(attack(enc, "hero", "foe", faces(f2(-1), f2(0)), defence="parry"))
    assert (result.attack.result, result.parry.result) == (0, 0)
    assert result.outcome == "defended" and result.harm is None


def test_an_attack_of_terrible_always_misses_even_past_a_worse_defence():
    enc = fight(man("hero", agility=1, broadsword=-1), man("foe", agility=0, broadsword=-2))
    result = strike(attack(enc, "hero", "foe", faces(f2(-2), f2(-2)), defence="parry"))
    assert (result.attack.result, result.parry.result) == (-3, -4)
    assert result.outcome == "fumble"


def test_a_poor_attack_past_a_worse_defence_hits():
    enc = fight(man("hero", agility=1, broadsword=-1), man("foe", agility=0, broadsword=-2, damage_capacity=3))
    result = strike(attack(enc, "hero", "foe", faces(f2(-1), f2(-2), f4(0)), defence="parry"))
    assert (result.attack.result, result.parry.result) == (-2, -4)
    assert (result.outcome, result.margin) == ("hit", 2)


def test_without_a_defence_the_attacker_rolls_2df_and_poor_or_better_hits_counted_from_poor():
    enc = fight(man("hero", **HERO), man("foe", **FOE), SLOW)
    # Good-2 = Mediocre: 1 above Poor; damage 1 + sharp 1 = 2, a Hurt wound, and its Death Test (4dF).
    result = strike(attack(enc, "hero", "foe", faces(f2(-2), f4(0)), defence="none"))
    assert result.parry is None
    assert (result.attack.result, result.outcome, result.margin) == (-1, "hit", 1)
    assert result.harm is not None and result.harm.damage.total == 1 + 0 + 1  # margin + Strength + sharp


def test_without_a_defence_terrible_misses():
    enc = fight(man("hero", agility=1, broadsword=-1), man("foe", **FOE))
    result = strike(attack(enc, "hero", "foe", f2(-2), defence="none"))
    assert (result.attack.result, result.outcome) == (-3, "fumble")


def test_an_undefended_attack_at_poor_hits_for_a_margin_of_zero():
    enc = fight(man("hero", agility=1, broadsword=-2), man("foe", **FOE))
    result = strike(attack(enc, "hero", "foe", f2(0), defence="none"))
    assert (result.attack.result, result.outcome, result.margin) == (-2, "hit", 0)


def test_a_target_who_cannot_defend_is_attacked_undefended():
    enc = fight(man("hero", **HERO), man("foe", **FOE, wounds=(3,)), SLOW)  # Critical: incapacitated
    result = strike(attack(enc, "hero", "foe", faces(f2(0), f4(0))))  # then the new wound's Death Test
    assert result.defence.kind == "unable" and result.parry is None
    assert result.margin == 3  # Good, three above Poor


def test_the_gm_modifier_counts_on_the_attack():
    enc = fight(man("hero", **HERO), man("foe", **FOE), SLOW)
    result = strike(attack(enc, "hero", "foe", faces(f2(1), f2(0), f4(0)), modifier=-1, defence="parry"))
    assert result.attack.result == 1 and [(m.name, m.value) for m in result.attack.modifiers] == [("GM", -1)]
    assert result.outcome == "hit"


def test_the_attack_is_the_attacker_s_turn():
    enc = fight(man("hero", **HERO), man("foe", **FOE), SLOW)
    step = attack(enc, "hero", "foe", faces(f2(0), f2(0), f4(0)), defence="parry")
    assert step.encounter.turns.is_turn_of("foe")
    assert SYSTEM.can_act(step.encounter.get("foe"), "action")
