"""Farscape grenades: the throw against the range DL, scatter, concussion fall-off and fragments."""

from dataclasses import replace

import pytest
from farscape_ranged_kit import TABLES, encounter, f4, fighter, mods, run

from combat.dice import ScriptedDice
from combat.errors import InvalidInput, UnknownName
from combat.model import Condition
from combat.system import Intent
from combat.systems.farscape.grenades import frag_difficulty, resolve_grenade
from combat.systems.farscape.wounds import Track


def thrower(**traits):
    return fighter("pc", weapons=("pistol",), throwing_weapon=1, **traits)


def throw(enc, targets, *totals, **options):
    return run("grenade", enc, "pc", targets, *totals, **options)


def test_a_good_throw_lands_on_target_and_the_blast_falls_off_by_a_motra():
    enc = encounter(thrower(), fighter("foe", armour="vest"), fighter("foe2"))
    out = throw(enc, ["foe", "foe2"], 0, grenade="bang", distance="Foe=3, Foe2=6")  # 1 against Fair
    boom = out.result
    assert boom.throw.success and boom.scatter.motras == 0 and boom.scatter.direction is None
    near, far = boom.hits
    assert (near.distance, near.concussion.bonus, near.concussion.protection, near.concussion.value) == (3, -3, 2, 3)
    assert (far.distance, far.concussion.value) == (6, 2)
    assert near.fragments is None and far.fragments is None
    assert out.encounter.get("foe").health.lethal.level_name == "Hurt"
    assert out.encounter.get("foe2").health.lethal.level_name == "Scratch"
    assert out.ends_turn and out.encounter.get("pc").has("acted")


def test_a_blast_out_of_reach_does_nothing():
    enc = encounter(thrower(), fighter("foe"))
    hit = throw(enc, ["foe"], 0, grenade="bang", distance=9).result.hits[0]
    assert hit.concussion.value == -1 and hit.concussion_harm is None


def test_each_level_failed_scatters_two_motras_in_a_d8_direction():
    enc = encounter(thrower(), fighter("foe"))
    script = ScriptedDice([*f4(-2), 3])  # 1 - 2 = -1 against Good: two levels short; d8 3 = east
    intent = Intent("pc", "grenade", ("foe",), {"grenade": "bang", "range": "medium"})
    boom = resolve_grenade(enc, intent, TABLES, script).result
    assert script.remaining == 0
    assert boom.throw.margin == -2
    assert (boom.scatter.motras, boom.scatter.die, boom.scatter.direction) == (4, 3, "east")
    assert boom.hits[0].distance == 4 and boom.hits[0].concussion.value == 4  # aimed at the foe's feet: 0 + 4


def test_scatter_is_added_to_every_distance():
    enc = encounter(thrower(), fighter("foe", armour="vest"), fighter("foe2"))
    script = ScriptedDice([*f4(-1), 8])  # 0 against Good: one level short, two motras north-west
    intent = Intent("pc", "grenade", ("foe", "foe2"), {"grenade": "bang", "distance": "Foe2=5", "range": "medium"})
    boom = resolve_grenade(enc, intent, TABLES, script).result
    assert script.remaining == 0
    assert boom.scatter.direction == "north-west"
    assert [h.distance for h in boom.hits] == [2, 7]
    assert [h.concussion.value for h in boom.hits] == [4, 1]  # 8 - 2 - armour 2; 8 - 7


@pytest.mark.parametrize(("distance", "level"), [(0, 3), (2, 3), (3, 2), (5, 2), (6, 1), (9, 0), (12, -1)])
def test_the_fragment_difficulty_falls_one_level_per_three_motras(distance, level):
    assert frag_difficulty(distance) == level


def test_a_good_enough_agility_roll_avoids_the_fragments():
    enc = encounter(thrower(), fighter("foe", agility=1))
    hit = throw(enc, ["foe"], 0, 1, grenade="frag", distance=3).result.hits[0]  # throw, then the foe's dodge
    frags = hit.fragments
    assert frags.rolled and frags.dodge.rolled.free and frags.dodge.value == 2
    assert (frags.difficulty, frags.margin, frags.avoided, frags.damage) == (2, 0, True, None)
    assert hit.concussion.value == 3


def test_lying_prone_gives_plus_one_against_a_ground_burst():
    enc = encounter(thrower(), fighter("foe", agility=1, armour="vest"))
    frags = throw(enc, ["foe"], 0, 1, grenade="frag", prone="yes").result.hits[0].fragments
    assert (frags.prone, frags.difficulty, frags.margin, frags.avoided) == (1, 3, 0, True)


def test_one_lying_prone_already_gets_the_plus_one_unless_he_runs_for_cover():
    # "if the grenade exploded on the ground there is a +1 bonus for being prone" [seed]: knocked down (a sweep's
    # prone) counts without the option; one who runs for cover gets up, and meets the blast running.
    down = fighter("foe", agility=1, armour="vest", conditions=[Condition("prone", -1, 2, source="pc")])
    enc = encounter(thrower(), down)
    frags = throw(enc, ["foe"], 0, 1, grenade="frag").result.hits[0].fragments
    assert (frags.prone, frags.margin, frags.avoided) == (1, 0, True)
    running = throw(enc, ["foe"], 0, 1, grenade="frag", distance=1, run="yes").result.hits[0]
    assert running.run is not None and (running.fragments.prone, running.fragments.difficulty) == (0, 1)


def test_prone_does_not_help_against_an_airburst():
    enc = encounter(thrower(), fighter("foe", agility=1, armour="vest"))
    out = throw(enc, ["foe"], 0, 1, grenade="frag", prone="yes", airburst="yes")
    hit = out.result.hits[0]
    assert (hit.fragments.prone, hit.fragments.margin, hit.fragments.avoided) == (0, -1, False)
    assert (hit.fragments.damage.bonus, hit.fragments.damage.protection, hit.fragments.damage.value) == (2, 2, 2)
    assert hit.concussion.value == 4  # 6 - medium armour 2
    assert out.encounter.get("foe").health.lethal.filled == (1, 1, 0, 0, 0)


def test_each_level_the_fragment_roll_fails_by_adds_two():
    enc = encounter(thrower(), fighter("foe", armour="vest"))
    hit = throw(enc, ["foe"], 0, -1, grenade="frag", distance=6).result.hits[0]  # -1 against Good: two short
    assert hit.fragments.margin == -2 and hit.fragments.damage.bonus == 4
    assert hit.fragments.damage.value == 4  # 2 + 4 - 2
    assert hit.concussion.value == -2 and hit.concussion_harm is None


def test_standing_firm_takes_the_base_fragment_damage_without_a_roll():
    enc = encounter(thrower(), fighter("foe"), fighter("foe2", agility=3))
    out = throw(enc, ["foe", "foe2"], 0, 0, grenade="frag", distance=6, stand_firm="Foe")  # only foe2 rolls
    firm, dodger = out.result.hits
    assert not firm.fragments.rolled and firm.fragments.margin is None and firm.fragments.dodge is None
    assert firm.fragments.damage.bonus == 0 and firm.fragments.damage.value == 2
    assert dodger.fragments.rolled and dodger.fragments.avoided


@pytest.mark.parametrize(("foe", "options"), [
    (fighter("foe", tier="minion", agility=3), {"aware": "no"}),
    (fighter("foe", tier="minion", agility=3), {"stand firm": "yes"}),
    (fighter("foe", tier="minion", agility=3, conditions=[Condition("frozen")]), {}),
    (fighter("foe", agility=3), {"aware": "no"}),
    (fighter("foe", agility=3, conditions=[Condition("frozen")]), {}),
])
def test_the_unaware_the_helpless_and_those_standing_firm_do_not_try_to_avoid_fragments(foe, options):
    hit = throw(encounter(thrower(), foe), ["foe"], 0, grenade="frag", distance=6, **options).result.hits[0]
    assert not hit.fragments.rolled and hit.fragments.damage.value == 2


def test_a_minion_meets_the_fragments_with_his_agility_and_no_dice():
    # Seed: a minion "does not dodge at all ... using the appropriate trait ... as the difficulty". Frag grenade on
    # target (throw: dice 0 against Fair, on the point aimed at). Minion at 0 motras, Agility Fair (0): Superb (3)
    # needed, 0 - 3 = fails by 3: fragments 2 + 3 x 2 = 8, concussion 6. Minion at 6 motras, Agility Good (+1):
    # DL Superb - 2 = Good, reached: no fragments (concussion 6 - 6 = 0). Minion at 3 motras, prone, Agility Fair:
    # DL Great (2), 0 + 1 = 1 fails by 1: fragments 2 + 2 = 4, concussion 3. No dice but the throw's and Foe3's
    # Willpower (Hurt by 3, then 4 = Very Hurt: Good needed, dice +1 = Good, awake); Foe is Near Death at 6.
    foes = (fighter("foe", tier="minion"), fighter("foe2", tier="minion", agility=1),
            fighter("foe3", tier="minion"))
    out = throw(encounter(thrower(), *foes), ["foe", "foe2", "foe3"], 0, 1, grenade="frag",
                distance="Foe=0, Foe2=6, Foe3=3", prone="Foe3")
    near, far, prone = out.result.hits
    assert (near.fragments.rolled, near.fragments.dodge, near.fragments.difficulty, near.fragments.margin) == (
        True, None, 3, -3)
    assert (near.concussion.value, near.fragments.damage.value) == (6, 8)
    assert far.fragments.avoided and far.fragments.damage is None and far.concussion.value == 0
    assert (prone.fragments.prone, prone.fragments.margin, prone.fragments.damage.value) == (1, -1, 4)
    assert prone.concussion.value == 3 and prone.fragments.harm.wound.after == "Very Hurt"
    assert near.concussion_harm.wound.after == "Near Death"


def test_a_hurt_minions_agility_against_fragments_takes_his_wound_penalty():
    # Hurt (-1), Agility Good (+1), 6 motras: DL Good; 1 - 1 = 0 fails by 1: fragments 2 + 2 = 4 (Hurt box full, so
    # Very Hurt: Willpower Good, dice +1, awake); concussion 6 - 6 = 0.
    foe = fighter("foe", tier="minion", agility=1)
    foe = replace(foe, health=replace(foe.health, lethal=Track("lethal", (0, 1, 0, 0, 0))))
    hit = throw(encounter(thrower(), foe), ["foe"], 0, 1, grenade="frag", distance=6).result.hits[0]
    assert (hit.fragments.margin, hit.fragments.damage.value, hit.fragments.harm.wound.after) == (-1, 4, "Very Hurt")


def test_a_declared_dodge_is_used_against_the_fragments_at_its_declining_value():
    foe = fighter("foe", conditions=[Condition("dodge", value=3, elements=1, uses=1)])
    out = throw(encounter(thrower(), foe), ["foe"], 0, grenade="frag", distance=6)  # no dodge dice
    frags = out.result.hits[0].fragments
    assert frags.dodge.rolled is None and frags.dodge.value == 2 and frags.avoided
    assert out.encounter.get("foe").condition("dodge").uses == 2


def test_the_throw_takes_wound_penalties_the_gm_modifier_and_dodging():
    pc = thrower(conditions=[Condition("dodge", value=1, elements=1)])
    out = throw(encounter(pc), [], 1, modifier=-1, grenade="bang", range="point blank")
    assert mods(out.result.modifiers) == {"dodging": -1, "GM": -1}
    assert out.result.throw.roll.result == 0 and out.result.throw.success
    assert out.result.acting == "attack" and out.result.hits == ()


def test_the_grenade_comes_from_the_sheet_or_the_option():
    carrying = encounter(fighter("pc", weapons=("pistol", "frag"), throwing_weapon=1))
    assert throw(carrying, [], 0).result.grenade == "frag"
    with pytest.raises(InvalidInput, match="which grenade"):
        throw(encounter(thrower()), [])
    with pytest.raises(UnknownName):
        throw(encounter(thrower()), [], grenade="nuke")


def test_distance_option_checks():
    enc = encounter(thrower(), fighter("foe"), fighter("pal"))
    with pytest.raises(InvalidInput, match="not a target"):
        throw(enc, ["foe"], grenade="bang", distance="Pal=3")
    with pytest.raises(InvalidInput, match="whole number"):
        throw(enc, ["foe"], grenade="bang", distance="far")
    with pytest.raises(InvalidInput, match="not a target"):
        throw(enc, ["foe"], grenade="frag", stand_firm="Pal")
